import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { checkPassword, isValidPhone, isValidTimezone, normalizeLanguage } from './rules.ts';

describe('password rule', () => {
  test('the demo password satisfies every rule', () => {
    expect(checkPassword('CareWatch@2026', 'standard')).toBeNull();
    expect(checkPassword('CareWatch@2026', 'strict')).toBeNull();
    expect(checkPassword('CareWatch@2026', 'app')).toBeNull();
  });
  test.each([
    ['Ab1!', 'min'],
    ['Ab1!'.repeat(9), 'max'],
    ['abcdefg1!', 'upper'],
    ['ABCDEFG1!', 'lower'],
    ['Abcdefgh!', 'digit'],
    ['Abcdefgh1', 'special'],
    ['Abcdefg1!~', 'forbidden'],
    ['Abcdefg 1!', 'forbidden'],
  ])('%s breaks %s', (pw, problem) => expect(checkPassword(pw, 'standard')).toBe(problem));
  test('the sets differ between tenants', () => {
    expect(checkPassword('Abcdefg1^', 'standard')).toBeNull();
    expect(checkPassword('Abcdefg1^', 'strict')).toBe('forbidden');
    expect(checkPassword('Abcdefg1-', 'app')).toBeNull();
    expect(checkPassword('Abcdefg1-', 'standard')).toBe('forbidden');
  });
  test('any accepted password has 8 to 32 chars, upper, lower, digit and a special', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (pw) => {
        if (checkPassword(pw) === null) {
          expect(pw.length).toBeGreaterThanOrEqual(8);
          expect(pw.length).toBeLessThanOrEqual(32);
          expect(/[A-Z]/.test(pw) && /[a-z]/.test(pw) && /\d/.test(pw)).toBe(true);
        }
      }),
    );
  });
});

describe('phone, language and timezone helpers', () => {
  test('phone rules', () => {
    expect(isValidPhone('0981234567', 'ten_digits')).toBe(true);
    expect(isValidPhone('+84981234567', 'ten_digits')).toBe(false);
    expect(isValidPhone('+84981234567', 'flexible')).toBe(true);
    expect(isValidPhone('12', 'flexible')).toBe(false);
  });
  test('language: can → en, unsupported refused', () => {
    expect(normalizeLanguage('can')).toBe('en');
    expect(normalizeLanguage('VI')).toBe('vi');
    expect(normalizeLanguage('fr')).toBeNull();
    expect(normalizeLanguage('')).toBeNull();
  });
  test('timezone', () => {
    expect(isValidTimezone('Asia/Ho_Chi_Minh')).toBe(true);
    expect(isValidTimezone('UTC')).toBe(true);
    expect(isValidTimezone('Mars/Olympus')).toBe(false);
    expect(isValidTimezone('')).toBe(false);
  });
});
