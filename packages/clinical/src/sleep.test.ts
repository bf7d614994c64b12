import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { compareWithIdeal, sleepSummary, type SleepStageSpan } from './sleep.ts';

const at = (min: number) => new Date(Date.UTC(2026, 10, 21, 22) + min * 60000).toISOString();

describe('sleep', () => {
  test('minutes and percentages per stage', () => {
    const stages: SleepStageSpan[] = [
      { stage: 'light', start: at(0), end: at(240) },
      { stage: 'deep', start: at(240), end: at(320) },
      { stage: 'rem', start: at(320), end: at(420) },
      { stage: 'awake', start: at(420), end: at(440) },
    ];
    const s = sleepSummary(stages);
    expect(s.minutes).toEqual({ awake: 20, light: 240, deep: 80, rem: 100 });
    expect(s.totalMinutes).toBe(420);
    expect(s.start).toBe(at(0));
    expect(s.end).toBe(at(440));
    expect(s.percent.light).toBeCloseTo(54.5, 1);
    const cmp = compareWithIdeal(s.minutes);
    expect(cmp.deep.verdict).toBe('ok');
    expect(cmp.light.verdict).toBe('ok');
    expect(cmp.rem.verdict).toBe('ok');
    expect(compareWithIdeal({ awake: 0, light: 100, deep: 0, rem: 0 })).toMatchObject({
      light: { verdict: 'high' },
      deep: { verdict: 'low' },
    });
  });

  test('percentages add up to 100 (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            stage: fc.constantFrom('awake', 'light', 'deep', 'rem' as const),
            len: fc.integer({ min: 1, max: 120 }),
          }),
          { minLength: 1, maxLength: 30 },
        ),
        (xs) => {
          let t = 0;
          const stages = xs.map((x) => {
            const s = { stage: x.stage, start: at(t), end: at(t + x.len) };
            t += x.len;
            return s;
          });
          const p = sleepSummary(stages).percent;
          expect(Math.abs(p.awake + p.light + p.deep + p.rem - 100)).toBeLessThanOrEqual(0.25);
        },
      ),
    );
  });

  test('empty', () => {
    expect(sleepSummary([])).toMatchObject({ totalMinutes: 0, start: '', percent: { light: 0 } });
  });
});
