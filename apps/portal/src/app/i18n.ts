import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { portalEn } from '@carewatch/i18n/portal-en';
import { portalVi } from '@carewatch/i18n/portal-vi';
import { saveLanguage, storedLanguage } from '@carewatch/i18n/language';

export function initI18n(): void {
  const lng = storedLanguage();
  document.documentElement.lang = lng;
  void i18n.use(initReactI18next).init({
    resources: { en: { translation: portalEn }, vi: { translation: portalVi } },
    lng,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
  });
}

/** Switches the interface language; refuses unsupported ones. */
export function switchLanguage(lang: string): boolean {
  if (!saveLanguage(lang)) return false;
  const stored = storedLanguage();
  document.documentElement.lang = stored;
  void i18n.changeLanguage(stored);
  return true;
}
