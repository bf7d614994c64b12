import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '@carewatch/contracts/rules';
import { saveLanguage, storedLanguage } from '@carewatch/i18n/language';

/**
 * Each language's catalogue is a chunk of its own, loaded when that language is shown: a page in English never
 * downloads the Vietnamese texts (and the reverse). Both have the same keys (the catalogue test checks it).
 */
const CATALOGUES: Record<Language, () => Promise<Record<string, unknown>>> = {
  en: async () => (await import('@carewatch/i18n/portal-en')).portalEn,
  vi: async () => (await import('@carewatch/i18n/portal-vi')).portalVi,
};

async function ensureCatalogue(lng: Language): Promise<void> {
  if (!i18n.hasResourceBundle(lng, 'translation')) i18n.addResourceBundle(lng, 'translation', await CATALOGUES[lng]());
}

/** Loads the stored language's catalogue and starts i18next; render after it resolves (no untranslated flash). */
export async function initI18n(): Promise<void> {
  const lng = storedLanguage();
  document.documentElement.lang = lng;
  const resources: Record<string, { translation: Record<string, unknown> }> = {};
  try {
    resources[lng] = { translation: await CATALOGUES[lng]() };
  } catch {
    // Its download failed: English (another file) rather than raw keys; if that fails too the screen still renders
    // (with the keys) rather than staying blank, and a reload retries.
    resources[lng] = { translation: {} };
    if (lng !== 'en') resources.en = { translation: await CATALOGUES.en().catch(() => ({})) };
  }
  await i18n.use(initReactI18next).init({
    resources,
    lng,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
  });
}

/** Switches the interface language (its catalogue loads first, if not yet here); refuses unsupported ones. */
export function switchLanguage(lang: string): boolean {
  if (!saveLanguage(lang)) return false;
  const stored = storedLanguage();
  document.documentElement.lang = stored;
  void ensureCatalogue(stored).then(() => i18n.changeLanguage(stored));
  return true;
}
