import i18n, { type TFunction } from 'i18next';
import { isApiError, type FieldFailure } from '@carewatch/api-client/client';
import { fieldRule, type FieldRuleKey } from '@carewatch/contracts/field-rules';
import { PASSWORD_RULES, isPasswordRuleName } from '@carewatch/contracts/rules';

/**
 * API errors and field rules → the screen's language, for both web apps. Server errors are translated by their
 * **code** (`errors.<CODE>`); field failures by the rule key the server sends (`fieldRules.<key>`), or, for a Zod
 * error raised in the browser by a contract schema, by the rule the contract names for its own message
 * (contracts/field-rules.ts, where the messages are written). Never by matching English text on screen.
 *
 * Both apps' catalogues hold `errors.*`, `fieldRules.*` and `errorFallback.{generic,unavailable,invalid}` (a test checks it).
 */

type Issue = { path: ReadonlyArray<PropertyKey>; message: string };
type Translate = TFunction | ((key: string, options?: Record<string, unknown>) => string);
type Exists = (key: string) => boolean;

const ruleText = (t: Translate, key: FieldRuleKey, n?: string) => t(`fieldRules.${key}`, { n });
const invalidText = (t: Translate) => t('errorFallback.invalid');
/** The shared i18next instance's lookup (both apps use it); tests pass their own. */
const defaultExists: Exists = (key) => i18n.exists(key);

/** Translates a contract validation message ('Required', 'Max length is 64', 'Invalid Mac address format', ...). */
export function translateValidation(t: Translate, message: string): string {
  const rule = fieldRule(message);
  return rule ? ruleText(t, rule.key, rule.n) : invalidText(t);
}

/** Field → translated message, from a Zod error of a contract schema (the first issue of each field). */
export function zodFieldErrors(t: Translate, error: { issues: ReadonlyArray<Issue> }): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '_');
    out[field] ??= translateValidation(t, issue.message);
  }
  return out;
}

/** A server error code the catalogue translates (codes are UPPER_SNAKE_CASE; the other keys under errors. are not codes). */
const isCode = (code: string) => /^[A-Z][A-Z0-9_]*$/.test(code);

/**
 * The translated text of any error: `errors.<CODE>` when the catalogue has the code; a weak password with the broken
 * rule; else the catalogue's fallback for an unavailable server (502/503/429) or the generic one.
 */
export function errorText(t: Translate, error: unknown, exists: Exists = defaultExists): string {
  if (isApiError(error)) {
    if (error.code === 'WEAK_PASSWORD' && typeof error.details?.rule === 'string') {
      const named = error.details.passwordRule;
      const specials = PASSWORD_RULES[
        typeof named === 'string' && isPasswordRuleName(named) ? named : 'standard'
      ].specials
        .split('')
        .join(' ');
      return `${t('errors.WEAK_PASSWORD')}: ${t(`password.rules.${error.details.rule}`, { specials })}`;
    }
    if (isCode(error.code) && exists(`errors.${error.code}`)) return t(`errors.${error.code}`);
    if (error.status === 502 || error.status === 503 || error.status === 429) return t('errorFallback.unavailable');
  }
  return t('errorFallback.generic');
}

/**
 * Field → translated message from a server 400/409 (details.fields or details.field): the field rule the server named,
 * else the error code's own text (a wrong code on `otp`, a weak password on `password`, a taken e-mail...).
 */
export function serverFieldErrors(
  t: Translate,
  error: unknown,
  exists: Exists = defaultExists,
): Record<string, string> {
  if (!isApiError(error)) return {};
  const out: Record<string, string> = {};
  for (const [field, info] of Object.entries(error.fieldErrors()))
    out[field] = fieldFailureText(t, info, error, exists);
  return out;
}

function fieldFailureText(t: Translate, info: FieldFailure, error: unknown, exists: Exists): string {
  if (info.key) return ruleText(t, info.key, info.n);
  // A server older than the rule keys, or a rule written by hand: the contract's message names it.
  const rule = info.code === 'VALIDATION_ERROR' ? fieldRule(info.message) : null;
  if (rule) return ruleText(t, rule.key, rule.n);
  return info.code === 'VALIDATION_ERROR' ? invalidText(t) : errorText(t, error, exists);
}
