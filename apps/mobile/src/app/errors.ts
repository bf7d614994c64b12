import type { TFunction } from 'i18next';
import { isApiError } from '@carewatch/api-client/client';
import i18n from 'i18next';

type Issue = { path: ReadonlyArray<PropertyKey>; message: string };

/** Contract messages (English, from the Zod schemas and the server's details) → catalogue keys. */
const PATTERNS: Array<[RegExp, string]> = [
  [/^Required$/, 'validation.required'],
  [/^Min length is (\d+)$/, 'validation.minLength'],
  [/^Max length is (\d+)$/, 'validation.maxLength'],
  [/^Email is not valid$/, 'validation.email'],
  [/^Phone number is not valid$/i, 'validation.phone'],
  [/^The code must be 6 digits$/, 'validation.otp'],
  [/^Names must not contain digits$/, 'validation.nameDigits'],
  [/^Date of birth is not valid$/, 'validation.birthdayInvalid'],
  [/(future|later than today|after today)/i, 'validation.birthdayFuture'],
  [/^Invalid gender$/, 'validation.gender'],
  [/^Blood type is required$/, 'validation.bloodType'],
  [/^Skin colou?r is required$/, 'validation.skinColour'],
  [/^Relationship is required$/, 'validation.relationship'],
  [/^Account type is required$/, 'validation.accountType'],
  [/^You must accept the terms/, 'validation.acceptTerms'],
  [/^You must agree to the processing/, 'validation.acceptHealth'],
  [/^Passwords? (do not match|confirmation does not match)$/, 'validation.passwordMismatch'],
];

export function translateValidation(t: TFunction, message: string): string {
  for (const [re, key] of PATTERNS) {
    const m = re.exec(message);
    if (m) return t(key, { n: m[1] });
  }
  return t('validation.invalid');
}

/** Field → translated message, from a contract schema's `safeParse` error (first issue of each field). */
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

/** The translated text of any error: errors.<CODE> when the catalogue has it, else network / busy / generic. */
export function errorText(t: TFunction, error: unknown): string {
  if (isApiError(error)) {
    if (error.code === 'WEAK_PASSWORD' && typeof error.details?.rule === 'string') {
      return `${t('errors.WEAK_PASSWORD')}: ${t(`password.rules.${error.details.rule}`, { specials: '' })}`;
    }
    if (knownCode(error.code)) return t(`errors.${error.code}`);
    if (error.code === 'NETWORK') return t('errors.network');
    if (error.code === 'PERMISSION_DENIED') return t('errors.permissionDenied');
    if (error.status === 502 || error.status === 503 || error.status === 429) return t('errors.busy');
  }
  return t('errors.generic');
}

/**
 * Field → translated message from a server 400/409 (details.fields or details.field): the contract message when it is
 * one we know, else the error code's text (wrong code on `otp`, weak password on `password`...).
 */
export function serverFieldErrors(t: TFunction, error: unknown): Record<string, string> {
  if (!isApiError(error)) return {};
  const out: Record<string, string> = {};
  for (const [field, info] of Object.entries(error.fieldErrors())) {
    const translated = translateValidation(t, info.message);
    out[field] = translated === t('validation.invalid') && error.code !== 'VALIDATION_ERROR' ? errorText(t, error) : translated;
  }
  return out;
}
