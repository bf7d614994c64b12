import { describe, expect, test } from 'vitest';
import { formatMoney } from './money.ts';

describe('formatMoney', () => {
  test('VND has no decimals', () => {
    expect(formatMoney(140_000, 'VND', 'en')).toMatch(/^₫\s?140,000$/);
    expect(formatMoney(140_000, 'VND', 'vi')).toMatch(/^140\.000\s?₫$/);
  });
  test('USD and CAD show their cents exactly', () => {
    expect(formatMoney(1234, 'USD', 'en')).toBe('$12.34');
    expect(formatMoney(5, 'USD', 'en')).toBe('$0.05');
    expect(formatMoney(123_456_789, 'CAD', 'en')).toMatch(/1,234,567\.89$/);
    expect(formatMoney(1234, 'USD', 'vi')).toMatch(/^12,34\s?US\$$/);
  });
  test('negative amounts keep their sign', () => {
    expect(formatMoney(-1234, 'USD', 'en')).toBe('-$12.34');
  });
});
