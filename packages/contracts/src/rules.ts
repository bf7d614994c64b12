/**
 * Account field rules shared by server and apps. The spec gives two (three, with the patient app)
 * special-character sets and two phone rules; each tenant picks one via a setting.
 */
export const PASSWORD_RULES = {
  /** Staff spec, first message: comma and ! @ # $ % ^ & *. Default. */
  standard: { min: 8, max: 32, specials: ',!@#$%^&*' },
  /** Staff spec, second message: ! @ # $ % &. */
  strict: { min: 8, max: 32, specials: '!@#$%&' },
  /** Patient-app spec: - _ , . ! @ # * %. */
  app: { min: 8, max: 32, specials: '-_,.!@#*%' },
} as const;
export type PasswordRuleName = keyof typeof PASSWORD_RULES;
export const PASSWORD_RULE_NAMES = Object.keys(PASSWORD_RULES) as PasswordRuleName[];
export const isPasswordRuleName = (s: string): s is PasswordRuleName => s in PASSWORD_RULES;

export type PasswordProblem = 'min' | 'max' | 'upper' | 'lower' | 'digit' | 'special' | 'forbidden';

/** Returns the first broken rule, or null when the password satisfies the tenant's rule. */
export function checkPassword(pw: string, ruleName: PasswordRuleName = 'standard'): PasswordProblem | null {
  const rule = PASSWORD_RULES[ruleName];
  const chars = [...pw];
  if (chars.length < rule.min) return 'min';
  if (chars.length > rule.max) return 'max';
  const allowed = (c: string) => /[A-Za-z0-9]/.test(c) || rule.specials.includes(c);
  if (chars.some((c) => !allowed(c))) return 'forbidden';
  if (!/[A-Z]/.test(pw)) return 'upper';
  if (!/[a-z]/.test(pw)) return 'lower';
  if (!/[0-9]/.test(pw)) return 'digit';
  if (!chars.some((c) => rule.specials.includes(c))) return 'special';
  return null;
}

export const PHONE_RULES = {
  /** 3 to 16 digits, optional leading +. Default. */
  flexible: /^\+?[0-9]{3,16}$/,
  /** Exactly 10 digits. */
  ten_digits: /^[0-9]{10}$/,
} as const;
export type PhoneRuleName = keyof typeof PHONE_RULES;
export const isPhoneRuleName = (s: string): s is PhoneRuleName => s in PHONE_RULES;
export const isValidPhone = (phone: string, rule: PhoneRuleName = 'flexible') => PHONE_RULES[rule].test(phone);

export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const looksLikeEmail = (s: string) => s.includes('@');

export const SUPPORTED_LANGUAGES = ['en', 'vi'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
/** Spec: 'can' maps to 'en'; anything unsupported is refused (null). */
export function normalizeLanguage(input: string | null | undefined): Language | null {
  if (!input) return null;
  const v = input.trim().toLowerCase();
  if (v === 'can') return 'en';
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(v) ? (v as Language) : null;
}

/** Spec: the timezone helper refuses invalid zones. Uses the runtime's IANA database. */
export function isValidTimezone(tz: string | null | undefined): tz is string {
  if (!tz || tz.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}
