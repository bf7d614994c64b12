import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  addDays,
  buildBuckets,
  localDay,
  localMidnight,
  periodOf,
  shiftPeriod,
  stepsSummary,
  weightSummary,
  type DayAggregate,
} from './reports.ts';

const day = (d: string, values: number[], values2: number[] = []): DayAggregate => ({
  day: d,
  n: values.length,
  c: values.length,
  s: values.length ? values.reduce((a, b) => a + b, 0) : null,
  mn: values.length ? Math.min(...values) : null,
  mx: values.length ? Math.max(...values) : null,
  c2: values2.length,
  s2: values2.length ? values2.reduce((a, b) => a + b, 0) : null,
  mn2: values2.length ? Math.min(...values2) : null,
  mx2: values2.length ? Math.max(...values2) : null,
});

describe('report periods', () => {
  test('a week runs Monday to Sunday, a month and a year are calendar ones', () => {
    // 2026-11-22 is a Sunday.
    expect(periodOf('week', '2026-11-22')).toMatchObject({
      startDate: '2026-11-16',
      endDate: '2026-11-22',
      next: '2026-11-23',
    });
    expect(periodOf('week', '2026-11-16').keys).toHaveLength(7);
    expect(periodOf('month', '2024-02-10')).toMatchObject({ startDate: '2024-02-01', endDate: '2024-02-29' });
    expect(periodOf('month', '2024-02-10').keys).toHaveLength(29);
    const y = periodOf('year', '2026-06-30');
    expect(y).toMatchObject({ startDate: '2026-01-01', endDate: '2026-12-31', next: '2027-01-01' });
    expect(y.keys).toEqual([
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
      '2026-12',
    ]);
    expect(shiftPeriod('month', '2026-01-15', -1)).toBe('2025-12-31');
    expect(shiftPeriod('year', '2026-01-15', 1)).toBe('2027-01-01');
  });

  test('property: any date lies inside its period, periods tile the calendar', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date(Date.UTC(1990, 0, 1)), max: new Date(Date.UTC(2090, 0, 1)), noInvalidDate: true }),
        fc.constantFrom('week' as const, 'month' as const, 'year' as const),
        (d, period) => {
          const date = d.toISOString().slice(0, 10);
          const p = periodOf(period, date);
          expect(p.startDate <= date && date <= p.endDate).toBe(true);
          expect(addDays(p.endDate, 1)).toBe(p.next);
          expect(periodOf(period, p.next).startDate).toBe(p.next);
          expect(periodOf(period, shiftPeriod(period, date, -1)).next).toBe(p.startDate);
        },
      ),
    );
  });

  test('local midnight in a time zone, across a DST change', () => {
    expect(localMidnight('2026-11-22', 'UTC').toISOString()).toBe('2026-11-22T00:00:00.000Z');
    expect(localMidnight('2026-11-22', 'Asia/Ho_Chi_Minh').toISOString()).toBe('2026-11-21T17:00:00.000Z');
    // Toronto: EDT (−4) until 1 Nov 2026, then EST (−5).
    expect(localMidnight('2026-11-01', 'America/Toronto').toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(localMidnight('2026-11-02', 'America/Toronto').toISOString()).toBe('2026-11-02T05:00:00.000Z');
    expect(localDay(new Date('2026-11-21T17:30:00Z'), 'Asia/Ho_Chi_Minh')).toBe('2026-11-22');
  });
});

describe('buckets and summary', () => {
  test('days go into their month for a year; the summary weights by readings, not by days', () => {
    const keys = periodOf('year', '2026-03-01').keys;
    const { buckets, summary } = buildBuckets(
      'year',
      keys,
      [day('2026-01-05', [60, 80]), day('2026-01-20', [100]), day('2026-03-01', [70])],
      { sum: false, fill: false },
    );
    expect(buckets[0]).toMatchObject({ key: '2026-01', n: 3, avg: 80, min: 60, max: 100, filled: false });
    expect(buckets[1]).toMatchObject({ key: '2026-02', n: 0, avg: null });
    expect(summary).toMatchObject({ n: 4, avg: 77.5, min: 60, max: 100 });
  });

  test('spec §8: an empty or 0 average is replaced by the overall average, marked filled; sums are not', () => {
    const keys = periodOf('week', '2026-11-16').keys;
    const filled = buildBuckets(
      'week',
      keys,
      [day('2026-11-16', [120], [80]), day('2026-11-17', [0], [0]), day('2026-11-18', [130], [90])],
      { sum: false, fill: true },
    );
    expect(filled.buckets[1]).toMatchObject({ avg: 250 / 3, filled: true });
    expect(filled.buckets[3]).toMatchObject({ n: 0, avg: 250 / 3, avg2: 170 / 3, filled: true });
    expect(filled.buckets[0]).toMatchObject({ avg: 120, avg2: 80, filled: false });
    const untilToday = buildBuckets('week', keys, [day('2026-11-16', [120])], {
      sum: false,
      fill: true,
      today: '2026-11-18',
    });
    expect(untilToday.buckets.map((b) => b.filled)).toEqual([false, true, true, false, false, false, false]);
    const steps = buildBuckets('week', keys, [day('2026-11-16', [3000, 2000])], { sum: true, fill: false });
    expect(steps.buckets[0]).toMatchObject({ sum: 5000, filled: false });
    expect(steps.buckets[1]).toMatchObject({ sum: 0, avg: null, filled: false });
  });

  test('property: bucket counts add up to the summary count, min ≤ avg ≤ max', () => {
    const keys = periodOf('month', '2026-02-01').keys;
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            d: fc.integer({ min: 0, max: 27 }),
            v: fc.array(fc.integer({ min: 30, max: 200 }), { minLength: 1, maxLength: 5 }),
          }),
        ),
        (rows) => {
          const { buckets, summary } = buildBuckets(
            'month',
            keys,
            rows.map((r) => day(keys[r.d]!, r.v)),
            { sum: false, fill: false },
          );
          expect(buckets.reduce((a, b) => a + b.n, 0)).toBe(summary.n);
          for (const b of buckets)
            if (b.avg !== null) expect(b.min! <= b.avg + 1e-9 && b.avg <= b.max! + 1e-9).toBe(true);
        },
      ),
    );
  });

  test('steps against the target and weight against the goal', () => {
    expect(stepsSummary([12000, 0, 8000, 10000], 10000)).toEqual({
      total: 30000,
      daysReached: 2,
      days: 3,
      avgPerDay: 10000,
    });
    expect(stepsSummary([], null)).toEqual({ total: 0, daysReached: 0, days: 0, avgPerDay: null });
    expect(weightSummary([80, 79, 78.5], 75)).toEqual({
      first: 80,
      last: 78.5,
      change: -1.5,
      target: 75,
      toTarget: 3.5,
    });
    expect(weightSummary([], 75)).toMatchObject({ first: null, change: null, toTarget: null });
  });
});
