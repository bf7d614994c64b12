import { describe, expect, test } from 'vitest';
import { normalizeLanguage } from '@carewatch/contracts/rules';
import { APP_LANGUAGES, languageFromProfile, serverLanguage } from './i18n.ts';

describe('app language and the profile language', () => {
  test('every app language is sent in a form the server accepts (Canadian English as "can")', () => {
    expect(APP_LANGUAGES.map(serverLanguage)).toEqual(['en', 'can', 'vi']);
    for (const lang of APP_LANGUAGES) expect(normalizeLanguage(serverLanguage(lang)), lang).not.toBeNull();
  });

  test('the profile language is adopted at sign-in, keeping Canadian English the server stores as en', () => {
    expect(languageFromProfile('vi', 'en')).toBe('vi');
    expect(languageFromProfile('vi', 'en-CA')).toBe('vi');
    expect(languageFromProfile('en', 'vi')).toBe('en');
    expect(languageFromProfile('en', 'en-CA')).toBe('en-CA');
    expect(languageFromProfile('fr', 'en-CA')).toBe('en-CA');
  });
});
