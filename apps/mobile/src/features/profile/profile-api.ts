import type { TFunction } from 'i18next';
import { appProfileApi } from '@carewatch/api-client/app-profile';
import { notificationsApi } from '@carewatch/api-client/notifications';
import { isApiError } from '@carewatch/api-client/client';
import { appProfileEn } from '@carewatch/i18n/app/profile-en';
import { api } from '../../app/api.ts';
import { errorText } from '@carewatch/web/errors';

/** The signed-in user's profile calls (same client and session as the rest of the app). */
export const myProfileApi = appProfileApi(api.request);
export const myNotificationsApi = notificationsApi(api.request);

export const PROFILE_KEYS = {
  profile: ['me', 'app-profile'] as const,
  medical: ['me', 'medical-profile'] as const,
  subUsers: ['me', 'sub-users'] as const,
  inbox: ['me', 'notifications'] as const,
};

const profileCodes = new Set(Object.keys(appProfileEn.errors));

/** Error text with this feature's codes (not in the app's general errors block) first. */
export function profileErrorText(t: TFunction, error: unknown): string {
  if (isApiError(error) && profileCodes.has(error.code)) return t(`profile.errors.${error.code}`);
  return errorText(t, error);
}
