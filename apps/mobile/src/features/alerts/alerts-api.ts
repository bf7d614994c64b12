import type { TFunction } from 'i18next';
import { appAlertsApi } from '@carewatch/api-client/app-alerts';
import { isApiError } from '@carewatch/api-client/client';
import { appAlertsEn } from '@carewatch/i18n/app/alerts-en';
import { api } from '../../app/api.ts';
import { errorText } from '@carewatch/web/errors';

/** The signed-in patient's alert calls (same client and session as the rest of the app). */
export const myAlertsApi = appAlertsApi(api.request);

/** Query keys shared by the page and the prompt, so one poll feeds both. */
export const ALERT_KEYS = {
  list: ['me', 'alerts'] as const,
  thresholds: ['me', 'thresholds'] as const,
  settings: ['me', 'alert-settings'] as const,
};

const alertCodes = new Set(Object.keys(appAlertsEn.errors));

/** Error text with this feature's codes (not in the app's general errors block) first. */
export function alertErrorText(t: TFunction, error: unknown): string {
  if (isApiError(error) && alertCodes.has(error.code)) return t(`alerts.errors.${error.code}`);
  return errorText(t, error);
}
