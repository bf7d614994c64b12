import { describe, expect, test } from 'vitest';
import { hasKey, portalT } from '../../test-support/portal-t.ts';
import {
  MAX_AVATAR_BYTES,
  avatarProblem,
  initials,
  passwordErrorField,
  passwordProblems,
  profileBody,
} from './account-rules.ts';

describe('the profile', () => {
  test('an avatar is a PNG or JPEG of at most 1 MB', () => {
    expect(avatarProblem({ type: 'image/png', size: MAX_AVATAR_BYTES })).toBeNull();
    expect(avatarProblem({ type: 'image/jpeg', size: 1 })).toBeNull();
    expect(avatarProblem({ type: 'image/png', size: MAX_AVATAR_BYTES + 1 })).toBe('validation.imageSize');
    expect(avatarProblem({ type: 'image/webp', size: 1 })).toBe('validation.imageType');
    expect(MAX_AVATAR_BYTES).toBe(1_048_576);
  });

  test('initials of the first and last name, upper case; missing names give fewer letters', () => {
    expect(initials('an', 'nguyen')).toBe('AN');
    expect(initials('Éva', 'Łukasz')).toBe('ÉŁ');
    expect(initials('', 'Tran')).toBe('T');
  });

  test('an empty e-mail is sent as none', () => {
    expect(profileBody({ firstName: 'A', email: '' })).toEqual({ firstName: 'A', email: undefined });
    expect(profileBody({ firstName: 'A', email: 'a@b.co' })).toEqual({ firstName: 'A', email: 'a@b.co' });
  });
});

describe('changing the password', () => {
  const v = (newPassword: string, confirmPassword = newPassword, password = 'Current1!') => ({
    password,
    newPassword,
    confirmPassword,
  });

  test('a good new password, confirmed, has no problem', () => {
    expect(passwordProblems(v('Better12!'), 'standard', false)).toEqual({});
  });

  test('the tenant’s rule: its first broken part, with the allowed specials spelled out', () => {
    expect(passwordProblems(v('short'), 'standard', false)).toEqual({
      newPassword: { kind: 'weak', ruleKey: 'password.rules.min', specials: ', ! @ # $ % ^ & *' },
    });
    expect(passwordProblems(v('Abcdefg1^'), 'strict', false).newPassword).toMatchObject({
      kind: 'weak',
      ruleKey: 'password.rules.forbidden',
      specials: '! @ # $ % &',
    });
    expect(passwordProblems(v('Abcdefg1^'), 'standard', false)).toEqual({});
  });

  test('the same password again is refused; the rule speaks first', () => {
    expect(passwordProblems(v('Current1!'), 'standard', false)).toEqual({ newPassword: { kind: 'same' } });
    expect(passwordProblems(v('x', 'x', 'x'), 'standard', false).newPassword).toMatchObject({ kind: 'weak' });
  });

  test('the contract’s message on the new password stays; the confirmation is still checked', () => {
    expect(passwordProblems(v('short', 'other'), 'standard', true)).toEqual({
      confirmPassword: 'fieldRules.passwordMismatch',
    });
    expect(passwordProblems(v('Better12!', ''), 'standard', false)).toEqual({});
  });

  test('the rule’s texts exist in both languages, with the specials filled in', () => {
    const p = passwordProblems(v('Abcdefg1^'), 'strict', false).newPassword;
    if (p?.kind !== 'weak') throw new Error('expected a weak password');
    for (const lng of ['en', 'vi'] as const) {
      expect(hasKey(p.ruleKey, lng)).toBe(true);
      expect(portalT(lng)(p.ruleKey, { specials: p.specials })).toContain('! @ # $ % &');
    }
    expect(hasKey('fieldRules.passwordMismatch', 'vi')).toBe(true);
  });

  test('server codes land on their field; other errors on none', () => {
    expect(passwordErrorField('WRONG_CURRENT_PASSWORD')).toBe('password');
    expect(passwordErrorField('SAME_PASSWORD')).toBe('newPassword');
    expect(passwordErrorField('WEAK_PASSWORD')).toBe('newPassword');
    expect(passwordErrorField('PASSWORD_MISMATCH')).toBe('confirmPassword');
    expect(passwordErrorField('RATE_LIMITED')).toBeUndefined();
  });
});
