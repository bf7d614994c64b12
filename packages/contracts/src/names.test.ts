import { describe, expect, test } from 'vitest';
import { personName } from './names.ts';

describe('personName', () => {
  test('family name first in Vietnamese, given name first in English; empty parts left out', () => {
    const p = { firstName: 'Phương', middleName: 'Thị', lastName: 'Hoàng' };
    expect(personName(p, 'vi')).toBe('Hoàng Thị Phương');
    expect(personName(p, 'en')).toBe('Phương Thị Hoàng');
    expect(personName(p, 'en-CA')).toBe('Phương Thị Hoàng');
    expect(personName({ firstName: 'Phuong', lastName: 'Hoang' }, 'vi')).toBe('Hoang Phuong');
    expect(personName({ firstName: ' Phuong ', middleName: null, lastName: '' }, 'en')).toBe('Phuong');
    expect(personName({ firstName: 'Phuong', lastName: 'Hoang' }, null)).toBe('Phuong Hoang');
  });
});
