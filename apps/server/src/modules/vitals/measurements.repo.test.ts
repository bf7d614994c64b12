import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { isoArray } from './measurements.repo.ts';

describe('isoArray', () => {
  test('each element is exactly toISOString(), in order, across hours, days and years', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -62_000_000_000_000, max: 253_000_000_000_000 }), { minLength: 1, maxLength: 50 }),
        (times) => {
          const dates = times.map((t) => new Date(t));
          expect(isoArray(dates.map((measuredAt) => ({ measuredAt })))).toBe(
            `{${dates.map((d) => `"${d.toISOString()}"`).join(',')}}`,
          );
        },
      ),
      { numRuns: 500 },
    );
    const base = Date.UTC(2026, 0, 1) - 5_000;
    const seq = Array.from({ length: 7200 }, (_, i) => new Date(base + i * 997));
    expect(isoArray(seq.map((measuredAt) => ({ measuredAt })))).toBe(
      `{${seq.map((d) => `"${d.toISOString()}"`).join(',')}}`,
    );
  });
  test('an invalid date is refused like toISOString', () => {
    expect(() => isoArray([{ measuredAt: new Date(Number.NaN) }])).toThrow(RangeError);
  });
});
