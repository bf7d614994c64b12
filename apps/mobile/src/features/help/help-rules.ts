/** A searchable entry of the Help screen (a guide, an FAQ answer, the device manual), its texts in the screen's language. */
export type HelpEntry = { id: string; title: string; body: string };

/**
 * Lower case without accents, so that "theo doi" finds "theo dõi" and "colour" typed on any keyboard matches: NFD
 * splits the marks off, and đ (a letter of its own, not d with a mark) becomes d.
 */
export function foldText(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '').replace(/đ/g, 'd').replace(/Đ/g, 'D').toLowerCase();
}

/** The words of a search (every one must be found, in any order). */
export function searchWords(query: string): string[] {
  return foldText(query)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** The entries whose title or body holds every word of the query; title matches first, otherwise in the given order. */
export function filterEntries<T extends HelpEntry>(entries: readonly T[], query: string): T[] {
  const words = searchWords(query);
  if (words.length === 0) return [...entries];
  const scored = entries.flatMap((e, i) => {
    const title = foldText(e.title);
    const all = `${title}\n${foldText(e.body)}`;
    if (!words.every((w) => all.includes(w))) return [];
    return [{ e, i, inTitle: words.every((w) => title.includes(w)) }];
  });
  return scored.sort((a, b) => Number(b.inTitle) - Number(a.inTitle) || a.i - b.i).map((s) => s.e);
}
