import { describe, expect, test } from 'vitest';
import { familyNameFirst, personInitials, personName } from './person-name.ts';

const an = { firstName: 'An', middleName: 'Văn', lastName: 'Nguyễn' };

describe('personName', () => {
  test('Vietnamese: family name, middle name, given name', () => {
    expect(personName(an, 'vi')).toBe('Nguyễn Văn An');
    expect(personName({ firstName: 'Phuong', lastName: 'Hoang' }, 'vi')).toBe('Hoang Phuong');
  });

  test('English and Canadian English: given name, middle name, family name', () => {
    expect(personName(an, 'en')).toBe('An Văn Nguyễn');
    expect(personName(an, 'en-CA')).toBe('An Văn Nguyễn');
    expect(personName({ firstName: 'Phuong', lastName: 'Hoang' }, 'en')).toBe('Phuong Hoang');
  });

  test('a missing or blank part leaves no extra space', () => {
    expect(personName({ firstName: 'An', middleName: null, lastName: 'Nguyễn' }, 'vi')).toBe('Nguyễn An');
    expect(personName({ firstName: ' An ', middleName: '  ', lastName: 'Nguyễn  Thị' }, 'en')).toBe('An Nguyễn Thị');
    expect(personName({ firstName: 'An', lastName: '' }, 'vi')).toBe('An');
    expect(personName(null, 'vi')).toBe('');
  });

  test('an unknown or missing language writes the given name first', () => {
    expect(personName(an, null)).toBe('An Văn Nguyễn');
    expect(personName(an, 'fr')).toBe('An Văn Nguyễn');
    expect(familyNameFirst('vi-VN')).toBe(true);
    expect(familyNameFirst('video')).toBe(false);
  });

  test('initials follow the same order', () => {
    expect(personInitials(an, 'vi')).toBe('NA');
    expect(personInitials(an, 'en')).toBe('AN');
  });
});
