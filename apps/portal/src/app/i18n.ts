import { createCatalogues } from '@carewatch/web/i18n';
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

const catalogues = createCatalogues(CATALOGUES);

/** Loads the stored language's catalogue and starts i18next; render after it resolves (no untranslated flash). */
export const initI18n = (): Promise<void> => catalogues.initI18n(storedLanguage());

/** Switches the interface language (its catalogue loads first, if not yet here); refuses unsupported ones. */
export function switchLanguage(lang: string): boolean {
  if (!saveLanguage(lang)) return false;
  catalogues.showLanguage(storedLanguage());
  return true;
}
