import { createCatalogues } from '@carewatch/web/i18n';

export const APP_LANGUAGES = ['en', 'en-CA', 'vi'] as const;
export type AppLanguage = (typeof APP_LANGUAGES)[number];
/** Own key: the portal on the same origin keeps its language under `cw.lang`. */
export const APP_LANGUAGE_KEY = 'cw.app.lang';

const isAppLanguage = (s: string | null | undefined): s is AppLanguage =>
  (APP_LANGUAGES as readonly string[]).includes(s ?? '');

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function storedLanguage(): AppLanguage {
  const v = storage()?.getItem(APP_LANGUAGE_KEY);
  return isAppLanguage(v) ? v : 'en';
}

/** The value the server accepts: it knows en and vi; 'can' (Canadian English) is stored as en. */
export function serverLanguage(lang: AppLanguage): string {
  return lang === 'en-CA' ? 'can' : lang;
}

/** The app language for the profile's language: en-CA stays en-CA when the server says en (it cannot store it). */
export function languageFromProfile(profileLanguage: string, current: AppLanguage): AppLanguage {
  if (profileLanguage === 'vi') return 'vi';
  if (profileLanguage === 'en') return current === 'en-CA' ? 'en-CA' : 'en';
  return current;
}

/**
 * Each language's catalogue is a chunk of its own, loaded when that language is shown (the service worker precaches
 * them all, so any language starts offline). All have the same keys (the catalogue test checks it).
 */
const CATALOGUES: Record<AppLanguage, () => Promise<Record<string, unknown>>> = {
  en: async () => (await import('@carewatch/i18n/app/en')).appEn,
  'en-CA': async () => (await import('@carewatch/i18n/app/en-ca')).appEnCa,
  vi: async () => (await import('@carewatch/i18n/app/vi')).appVi,
};

const catalogues = createCatalogues(CATALOGUES);

/** Loads the stored language's catalogue and starts i18next; render after it resolves (no untranslated flash). */
export const initI18n = (): Promise<void> => catalogues.initI18n(storedLanguage());

/** Switches the language at once in storage; the screen follows when its catalogue is here (at once if loaded). */
export function switchLanguage(lang: AppLanguage): void {
  storage()?.setItem(APP_LANGUAGE_KEY, lang);
  catalogues.showLanguage(lang);
}
