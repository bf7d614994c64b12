import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { TREND_FLAT_BAND, trendOf } from './trend.ts';

describe('trend of the last readings', () => {
  test('rising, falling and steady heart rates', () => {
    expect(trendOf('heart_rate', [80, 82, 85, 120])).toBe('up');
    expect(trendOf('heart_rate', [120, 118, 121, 90])).toBe('down');
    expect(trendOf('heart_rate', [80, 81, 79, 82])).toBe('flat');
  });

  test('the flat band is per index: 1 % of SpO2 is flat, 0.5 °C of temperature is not', () => {
    expect(trendOf('spo2', [95, 94])).toBe('flat');
    expect(trendOf('spo2', [95, 92])).toBe('down');
    expect(trendOf('temperature', [37, 37.5])).toBe('up');
    expect(trendOf('temperature', [37, 37.1])).toBe('flat');
  });

  test('a difference exactly at the band stays flat', () => {
    expect(trendOf('heart_rate', [100, 103])).toBe('flat');
    expect(trendOf('temperature', [36.9, 37.1])).toBe('flat');
  });

  test('only the newest four readings count; the newest is compared with the mean of the three before', () => {
    // 200 is dropped: the mean of 80, 80, 80 against 90 is a rise.
    expect(trendOf('heart_rate', [200, 80, 80, 80, 90])).toBe('up');
  });

  test('fewer than two usable readings: no trend', () => {
    expect(trendOf('heart_rate', [])).toBeNull();
    expect(trendOf('heart_rate', [80])).toBeNull();
    expect(trendOf('heart_rate', [Number.NaN, 80])).toBeNull();
  });

  test('shifting every reading by the same amount never changes the direction (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 30, max: 250 }), { minLength: 2, maxLength: 6 }),
        fc.integer({ min: -20, max: 20 }),
        (values, shift) => {
          expect(
            trendOf(
              'heart_rate',
              values.map((v) => v + shift),
            ),
          ).toBe(trendOf('heart_rate', values));
        },
      ),
    );
  });

  test('every index has a positive flat band', () => {
    for (const band of Object.values(TREND_FLAT_BAND)) expect(band).toBeGreaterThan(0);
  });
});
