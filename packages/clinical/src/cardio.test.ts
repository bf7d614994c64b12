import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { bpClass, maxHeartRate, qtcClass } from './cardio.ts';

describe('blood pressure class', () => {
  test.each([
    [119, 79, 'normal'],
    [120, 79, 'elevated'],
    [129, 79, 'elevated'],
    [130, 70, 'stage1'],
    [110, 80, 'stage1'],
    [139, 89, 'stage1'],
    [140, 70, 'stage2'],
    [120, 90, 'stage2'],
  ] as const)('%i/%i is %s', (s, d, c) => expect(bpClass(s, d)).toBe(c));

  test('the class never drops when either value rises', () => {
    const rank = { normal: 0, elevated: 1, stage1: 2, stage2: 3 };
    fc.assert(
      fc.property(
        fc.integer({ min: 60, max: 250 }),
        fc.integer({ min: 30, max: 150 }),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 40 }),
        (s, d, ds, dd) => {
          expect(rank[bpClass(s + ds, d + dd)]).toBeGreaterThanOrEqual(rank[bpClass(s, d)]);
        },
      ),
    );
  });
});

describe('max heart rate and QTc', () => {
  test('205.8 − 0.685 × age', () => {
    expect(maxHeartRate(0)).toBe(206);
    expect(maxHeartRate(40)).toBe(178);
    expect(() => maxHeartRate(-1)).toThrow();
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 119 }), (age) => {
        expect(maxHeartRate(age + 1)).toBeLessThanOrEqual(maxHeartRate(age));
      }),
    );
  });
  test('QTc thresholds differ by sex', () => {
    expect(qtcClass(450, 'male')).toBe('prolonged');
    expect(qtcClass(450, 'female')).toBe('normal');
    expect(qtcClass(500, 'female')).toBe('risky');
    expect(qtcClass(349, 'male')).toBe('short');
  });
});
