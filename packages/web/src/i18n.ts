import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

type Catalogue = Record<string, unknown>;

declare global {
  interface Window {
    /** Set by the build's catalogue script (scripts/vite-catalogue-preload.ts): the stored language's catalogue, whose
     * download started beside the entry's. */
    cwCatalogue?: { lang: string; json: Promise<Catalogue> };
  }
}

/**
 * The catalogue of `lng` as the page started downloading it, when it did (a built page) and for this language; taken
 * once. A failed download falls back to the language's chunk, like a page that started none.
 */
function prefetched(lng: string, load: () => Promise<Catalogue>): Promise<Catalogue> {
  const early = typeof window === 'undefined' ? undefined : window.cwCatalogue;
  if (!early || early.lang !== lng) return load();
  window.cwCatalogue = undefined;
  return early.json.catch(load);
}

/**
 * i18next over catalogues loaded on demand: each language's catalogue is a chunk of its own, loaded when that language
 * is shown (a page in English never downloads the Vietnamese texts). English is every app's fallback.
 */
export function createCatalogues<L extends string>(
  catalogues: Record<L, () => Promise<Catalogue>> & Record<'en', () => Promise<Catalogue>>,
) {
  async function ensureCatalogue(lng: L): Promise<void> {
    if (!i18n.hasResourceBundle(lng, 'translation'))
      i18n.addResourceBundle(lng, 'translation', await catalogues[lng]());
  }

  /** Loads `lng`'s catalogue and starts i18next; render after it resolves (no flash of untranslated keys). */
  async function initI18n(lng: L): Promise<void> {
    document.documentElement.lang = lng;
    const resources: Record<string, { translation: Catalogue }> = {};
    try {
      resources[lng] = { translation: await prefetched(lng, catalogues[lng]) };
    } catch {
      // Its download failed (a first visit on a bad network): English, another file, rather than raw keys; if that
      // fails too the screen still renders (with the keys) rather than staying blank, and a reload retries.
      resources[lng] = { translation: {} };
      if (lng !== 'en') resources.en = { translation: await catalogues.en().catch(() => ({})) };
    }
    // No support notice: i18next otherwise prints an advertisement in every user's console.
    await i18n.use(initReactI18next).init({
      resources,
      lng,
      fallbackLng: 'en',
      interpolation: { escapeValue: false },
      showSupportNotice: false,
    });
    // The page's language follows every switch, whoever makes it (the profile's language too): screen readers and
    // hyphenation read <html lang> (WCAG 3.1.1).
    i18n.on('languageChanged', (l) => {
      document.documentElement.lang = l;
    });
  }

  /** Shows `lng`: the page's language at once, the texts when its catalogue is here (at once if already loaded). */
  function showLanguage(lng: L): void {
    document.documentElement.lang = lng;
    void ensureCatalogue(lng).then(() => i18n.changeLanguage(lng));
  }

  return { initI18n, showLanguage };
}
