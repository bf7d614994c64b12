/** The parts of an i18next instance and a TanStack QueryClient this needs (structural: no dependency on either). */
export type LanguageSource = {
  language: string;
  on(event: 'languageChanged', listener: (lng: string) => void): void;
  off(event: 'languageChanged', listener: (lng: string) => void): void;
};
export type Refetchable = { invalidateQueries(): Promise<unknown> };

/**
 * Names written by the server follow the screen's language (sent as Accept-Language): when the language changes,
 * every cached answer is marked stale and the ones on screen are fetched again, so no list keeps the old name order
 * beside a popup already in the new one. Returns the unsubscribe.
 */
export function refetchOnLanguageChange(i18n: LanguageSource, client: Refetchable): () => void {
  // Registered before i18next starts (module scope): its first language is the start, not a switch.
  let current: string | null = i18n.language || null;
  const listener = (lng: string) => {
    if (lng === current) return;
    const switched = current !== null;
    current = lng;
    if (switched) void client.invalidateQueries();
  };
  i18n.on('languageChanged', listener);
  return () => i18n.off('languageChanged', listener);
}
