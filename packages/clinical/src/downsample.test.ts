import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { bucketSeconds, bucketStart, downsample } from './downsample.ts';

describe('downsampling', () => {
  test('bucket width: a year in 1,500 points, at least one second', () => {
    const year = 365 * 24 * 3600 * 1000;
    expect(bucketSeconds(0, year, 1500)).toBe(21024);
    expect(bucketSeconds(0, 10_000, 1500)).toBe(1);
    expect(bucketSeconds(0, 0, 10)).toBe(1);
  });

  test('never more buckets than points; counts add up; min ≤ avg ≤ max (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1000, max: 1e9 }),
        fc.integer({ min: 10, max: 500 }),
        fc.array(
          fc.record({
            t: fc.double({ min: 0, max: 1, noNaN: true }),
            value: fc.option(fc.double({ min: -1e3, max: 1e3, noNaN: true }), { nil: null }),
          }),
          { maxLength: 300 },
        ),
        (range, points, raw) => {
          const from = 1_700_000_000_000;
          const to = from + range;
          const pts = raw.map((r) => ({ t: from + Math.floor(r.t * (range - 1)), value: r.value }));
          const b = bucketSeconds(from, to, points);
          expect(Math.ceil(range / 1000 / b)).toBeLessThanOrEqual(points);
          const out = downsample(pts, from, to, b);
          expect(out.reduce((s, x) => s + x.n, 0)).toBe(pts.length);
          for (const x of out) {
            expect(bucketStart(x.t, from, b)).toBe(x.t);
            if (x.avg !== null) {
              expect(x.min!).toBeLessThanOrEqual(x.avg + 1e-9);
              expect(x.avg).toBeLessThanOrEqual(x.max! + 1e-9);
            }
          }
          for (let i = 1; i < out.length; i++) expect(out[i]!.t).toBeGreaterThan(out[i - 1]!.t);
        },
      ),
    );
  });

  test('aggregates value2 and leaves out rows outside the range', () => {
    const out = downsample(
      [
        { t: 0, value: 120, value2: 80 },
        { t: 500, value: 140, value2: 90 },
        { t: 1000, value: 1, value2: 1 },
        { t: -1, value: 1 },
      ],
      0,
      1000,
      1,
    );
    expect(out).toEqual([{ t: 0, n: 2, avg: 130, min: 120, max: 140, avg2: 85, min2: 80, max2: 90 }]);
  });
});
