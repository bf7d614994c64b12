import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatMoney } from '@carewatch/i18n/money';
import { minorToInput, parseMajor } from './packages-shared.ts';

describe('package money in the form', () => {
  it('VND has no decimals; USD and CAD have cents', () => {
    expect(parseMajor('14000', 'VND')).toBe(14_000);
    expect(parseMajor('14.000', 'VND')).toBe(14_000);
    expect(parseMajor('14000.5', 'VND')).toBeNull();
    expect(parseMajor('12.34', 'USD')).toBe(1234);
    expect(parseMajor('12,5', 'CAD')).toBe(1250);
    expect(parseMajor('12', 'USD')).toBe(1200);
    expect(parseMajor('-1', 'USD')).toBeNull();
    expect(parseMajor('', 'VND')).toBeNull();
    expect(formatMoney(14_000, 'VND', 'vi')).toBe('14.000 đ');
    expect(formatMoney(1234, 'USD', 'en')).toBe('$12.34');
  });

  it('property: what the form shows reads back as the same minor amount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e12 }),
        fc.constantFrom('VND' as const, 'USD' as const, 'CAD' as const),
        (minor, currency) => {
          expect(parseMajor(minorToInput(minor, currency), currency)).toBe(minor);
        },
      ),
    );
  });
});
