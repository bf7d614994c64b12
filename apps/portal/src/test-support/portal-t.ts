import i18next, { type TFunction } from 'i18next';
import { portalEn } from '@carewatch/i18n/portal-en';
import { portalVi } from '@carewatch/i18n/portal-vi';

/** The portal's catalogues in an i18next of their own, for the screens' rules tests (both languages). */
const i18n = i18next.createInstance();
await i18n.init({
  lng: 'en',
  resources: { en: { translation: portalEn }, vi: { translation: portalVi } },
  interpolation: { escapeValue: false },
  showSupportNotice: false,
});

export const portalT = (lng: 'en' | 'vi'): TFunction => i18n.getFixedT(lng);
/** Whether the catalogue of `lng` holds `key` (a rule's key that no catalogue has would show the raw key). */
export const hasKey = (key: string, lng: 'en' | 'vi'): boolean => i18n.exists(key, { lng });
