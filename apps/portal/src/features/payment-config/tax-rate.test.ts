import { describe, expect, test } from 'vitest';
import { bpToPercent, percentToBp } from './tax-rate.ts';

describe('tax rate in percent ↔ basis points', () => {
  test('parses whole and decimal percents without floating point', () => {
    expect(percentToBp('10')).toBe(1000);
    expect(percentToBp('8.5')).toBe(850);
    expect(percentToBp('8,25')).toBe(825);
    expect(percentToBp('0')).toBe(0);
    expect(percentToBp('100')).toBe(10_000);
    expect(percentToBp(' 7.05 ')).toBe(705);
  });
  test('refuses what is not a rate', () => {
    for (const bad of ['', 'abc', '101', '8.555', '-1', '1e2', '8.']) expect(percentToBp(bad)).toBeNull();
  });
  test('formats basis points', () => {
    expect(bpToPercent(1000)).toBe('10');
    expect(bpToPercent(850)).toBe('8.5');
    expect(bpToPercent(825, 'vi')).toBe('8,25');
    expect(bpToPercent(0)).toBe('0');
  });
});
