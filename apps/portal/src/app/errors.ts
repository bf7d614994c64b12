import type { TFunction } from 'i18next';
import { isApiError, type ApiError } from '@carewatch/api-client/client';
import { notifications } from '@mantine/notifications';
import i18n from 'i18next';
import { fieldRule } from '@carewatch/contracts/field-rules';

type Issue = { path: ReadonlyArray<PropertyKey>; message: string };

/** Translates a contract validation message ('Required', 'Max length is 64', 'Invalid Mac address format', ...). */
export function translateValidation(t: TFunction, message: string): string {
  const rule = fieldRule(message);
  return rule ? t(`fieldRules.${rule.key}`, { n: rule.n }) : t('validation.invalid');
}

/** Field → translated message, from a Zod error of a contract schema. */
export function zodFieldErrors(t: TFunction, error: { issues: ReadonlyArray<Issue> }): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '_');
    out[field] ??= translateValidation(t, issue.message);
  }
  return out;
}

/** A server error code the catalogue translates (the catalogue is loaded by now; codes are UPPER_SNAKE_CASE). */
const knownCode = (code: string) => /^[A-Z][A-Z0-9_]*$/.test(code) && i18n.exists(`errors.${code}`);

/** The translated text of an error: errors.<CODE> when known, else the generic message. */
export function errorText(t: TFunction, error: unknown): string {
  if (isApiError(error)) {
    if (error.code === 'WEAK_PASSWORD' && error.details?.rule) return `${t('errors.WEAK_PASSWORD')}: ${t(`password.rules.${error.details.rule}`, { specials: ',!@#$%^&*' })}`;
    if (knownCode(error.code)) return t(`errors.${error.code}`);
    if (error.status === 502) return t('toast.maintenance');
  }
  return t('toast.generic');
}

/** Field → translated message, from the server's error details (details.fields or details.field). */
export function serverFieldErrors(t: TFunction, error: unknown): Record<string, string> {
  if (!isApiError(error)) return {};
  const out: Record<string, string> = {};
  for (const [field, info] of Object.entries(error.fieldErrors())) {
    const translated = translateValidation(t, info.message);
    out[field] = translated === t('validation.invalid') && error.code !== 'VALIDATION_ERROR' ? errorText(t, error) : translated;
  }
  return out;
}

export function notifySuccess(message: string): void {
  notifications.show({ color: 'green', title: i18n.t('toast.successTitle'), message, autoClose: 4000 });
}

/** Global handling of errors that the page does not show inline (spec §8 toasts). */
export function notifyError(error: unknown): void {
  const t = i18n.t.bind(i18n);
  if (isApiError(error)) {
    if (error.status === 401 || error.code === 'LOGGED_IN_ELSEWHERE' || error.code === 'PERMISSIONS_CHANGED') return; // session-end handler
    if (error.status === 502) {
      notifications.show({ id: 'maintenance', color: 'orange', title: t('toast.errorTitle'), message: t('toast.maintenance') });
      return;
    }
  }
  notifications.show({ color: 'red', title: t('toast.errorTitle'), message: t('toast.generic') });
}

export type { ApiError };
