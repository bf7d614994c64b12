import { describe, expect, test } from 'vitest';
import { amountNumber, formatMoney } from './money.ts';

describe('money', () => {
  test('VND: 14.000 đ in Vietnamese, 14,000 ₫ in English (no minor unit)', () => {
    expect(formatMoney(14_000, 'VND', 'vi')).toBe('14.000 đ');
    expect(formatMoney(14_000, 'VND', 'en')).toBe('14,000 ₫');
    expect(formatMoney(14_000, 'VND', 'en-CA')).toBe('14,000 ₫');
    expect(formatMoney(0, 'VND', 'vi')).toBe('0 đ');
    expect(formatMoney(999, 'VND', 'en')).toBe('999 ₫');
    expect(formatMoney(1_000, 'VND', 'en')).toBe('1,000 ₫');
    expect(formatMoney(1_234_567_890, 'VND', 'vi')).toBe('1.234.567.890 đ');
  });

  test('USD and CAD: cents from the integer, never a float', () => {
    expect(formatMoney(1_250, 'USD', 'en')).toBe('$12.50');
    expect(formatMoney(5, 'USD', 'en')).toBe('$0.05');
    expect(formatMoney(0, 'USD', 'en')).toBe('$0.00');
    expect(formatMoney(123_456_789, 'CAD', 'en')).toBe('CA$1,234,567.89');
    expect(formatMoney(1_999, 'CAD', 'en-CA')).toBe('$19.99');
    expect(formatMoney(1_999, 'USD', 'en-CA')).toBe('US$19.99');
    expect(formatMoney(123_456, 'USD', 'vi')).toBe('1.234,56 US$');
    expect(formatMoney(-1_250, 'USD', 'en')).toBe('-$12.50');
    // 0.1 + 0.2 style rounding cannot happen: 10 cents + 20 cents stays 30 cents.
    expect(formatMoney(10 + 20, 'USD', 'en')).toBe('$0.30');
  });

  test('the number part alone; only whole minor units are accepted', () => {
    expect(amountNumber(100_000, 'VND', 'en')).toBe('100,000');
    expect(amountNumber(100_000, 'USD', 'vi')).toBe('1.000,00');
    expect(() => amountNumber(12.5, 'USD', 'en')).toThrow(RangeError);
  });
});
