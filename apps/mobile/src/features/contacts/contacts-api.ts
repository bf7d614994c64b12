import type { TFunction } from 'i18next';
import { contactsApi } from '@carewatch/api-client/contacts';
import { isApiError } from '@carewatch/api-client/client';
import { appContactsEn } from '@carewatch/i18n/app/contacts-en';
import { api } from '../../app/api.ts';
import { errorText } from '@carewatch/web/errors';

/** The signed-in user's contact calls (same client and session as the rest of the app). */
export const myContactsApi = contactsApi(api.request);

export const CONTACT_KEYS = {
  overview: ['me', 'contacts', 'overview'] as const,
  requests: ['me', 'contacts', 'requests'] as const,
  qr: ['me', 'contacts', 'qr'] as const,
};

const contactCodes = new Set(Object.keys(appContactsEn.errors));

/** Error text with the contact codes of spec §8 "Contacts" (this feature's catalogue) first. */
export function contactErrorText(t: TFunction, error: unknown): string {
  if (isApiError(error) && contactCodes.has(error.code)) return t(`contacts.errors.${error.code}`);
  return errorText(t, error);
}
