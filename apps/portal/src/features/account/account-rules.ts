import { PASSWORD_RULES, checkPassword, type PasswordRuleName } from '@carewatch/contracts/rules';

/**
 * The account screen's pure rules: the avatar file's checks, the profile's body, and the password form's checks
 * beyond the contract (the tenant's password rule, a new password that differs, the confirmation).
 */

export const MAX_AVATAR_BYTES = 1024 * 1024;

/** An avatar's problem (catalogue key): PNG or JPEG, at most 1 MB. */
export function avatarProblem(f: {
  type: string;
  size: number;
}): 'validation.imageType' | 'validation.imageSize' | null {
  if (!['image/png', 'image/jpeg'].includes(f.type)) return 'validation.imageType';
  if (f.size > MAX_AVATAR_BYTES) return 'validation.imageSize';
  return null;
}

/** The avatar's letters when there is no picture. */
export const initials = (firstName: string, lastName: string): string =>
  `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase();

/** The profile as the contract reads it: an empty e-mail is none. */
export const profileBody = <V extends { email: string }>(v: V): Omit<V, 'email'> & { email: string | undefined } => ({
  ...v,
  email: v.email || undefined,
});

/** The password form's field of a server error code (shown under it), if any. */
const PASSWORD_ERROR_FIELD: Record<string, 'password' | 'newPassword' | 'confirmPassword'> = {
  WRONG_CURRENT_PASSWORD: 'password',
  SAME_PASSWORD: 'newPassword',
  WEAK_PASSWORD: 'newPassword',
  PASSWORD_MISMATCH: 'confirmPassword',
};
export const passwordErrorField = (code: string): 'password' | 'newPassword' | 'confirmPassword' | undefined =>
  PASSWORD_ERROR_FIELD[code];

export type PasswordProblems = {
  newPassword?: { kind: 'weak'; ruleKey: string; specials: string } | { kind: 'same' };
  confirmPassword?: 'fieldRules.passwordMismatch';
};

/**
 * The checks after the contract's: the tenant's rule (its first broken part), then a new password equal to the
 * current one; a confirmation that differs. `contractNamedNew`: the contract already named the new password (its
 * message stays).
 */
export function passwordProblems(
  v: { password: string; newPassword: string; confirmPassword: string },
  rule: PasswordRuleName,
  contractNamedNew: boolean,
): PasswordProblems {
  const out: PasswordProblems = {};
  const problem = v.newPassword ? checkPassword(v.newPassword, rule) : null;
  if (problem && !contractNamedNew)
    out.newPassword = {
      kind: 'weak',
      ruleKey: `password.rules.${problem}`,
      specials: PASSWORD_RULES[rule].specials.split('').join(' '),
    };
  else if (v.newPassword && v.newPassword === v.password && !contractNamedNew) out.newPassword = { kind: 'same' };
  if (v.confirmPassword && v.confirmPassword !== v.newPassword) out.confirmPassword = 'fieldRules.passwordMismatch';
  return out;
}
