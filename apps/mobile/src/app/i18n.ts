import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { appEn } from '@carewatch/i18n/app/en';
import { appEnCa } from '@carewatch/i18n/app/en-ca';
import { appVi } from '@carewatch/i18n/app/vi';

export const APP_LANGUAGES = ['en', 'en-CA', 'vi'] as const;
export type AppLanguage = (typeof APP_LANGUAGES)[number];
/** Own key: the portal on the same origin keeps its language under `cw.lang`. */
export const APP_LANGUAGE_KEY = 'cw.app.lang';

const isAppLanguage = (s: string | null | undefined): s is AppLanguage => (APP_LANGUAGES as readonly string[]).includes(s ?? '');

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

export function initI18n(): void {
  const lng = storedLanguage();
  document.documentElement.lang = lng;
  void i18n.use(initReactI18next).init({
    resources: { en: { translation: appEn }, 'en-CA': { translation: appEnCa }, vi: { translation: appVi } },
    lng,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
  });
}

export function switchLanguage(lang: AppLanguage): void {
  storage()?.setItem(APP_LANGUAGE_KEY, lang);
  document.documentElement.lang = lang;
  void i18n.changeLanguage(lang);
}
