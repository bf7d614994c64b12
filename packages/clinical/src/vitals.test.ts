import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { validateReading, type ReadingInput } from './vitals.ts';

const now = new Date('2026-11-22T08:00:00Z');
const at = '2026-11-22T07:00:00Z';
const v = (r: Partial<ReadingInput> & Pick<ReadingInput, 'metric'>) => validateReading({ measuredAt: at, ...r }, now);

describe('validateReading', () => {
  test.each([
    ['spo2', 88, true],
    ['spo2', 100, true],
    ['spo2', 87.9, false],
    ['spo2', 100.1, false],
    ['heart_rate', 30, true],
    ['heart_rate', 300, true],
    ['heart_rate', 29, false],
    ['heart_rate', 301, false],
    ['weight', 1, true],
    ['weight', 700, true],
    ['weight', 0.5, false],
    ['weight', 701, false],
    ['temperature', 30, true],
    ['temperature', 45, true],
    ['temperature', 29.9, false],
    ['temperature', 45.1, false],
    ['blood_glucose', 16.6, true],
    ['blood_glucose', 16.7, false],
    ['blood_glucose', 0, false],
    ['hrv', 50, true],
    ['hrv', 0, false],
    ['respiratory_rate', 16, true],
    ['respiratory_rate', 100, false],
    ['qtc', 420, true],
    ['qtc', 100, false],
    ['steps', 0, true],
    ['steps', 200001, false],
    ['calories', 250, true],
    ['bmi', 22, true],
    ['bmi', 2, false],
    ['uric_acid', 350, true],
    ['uric_acid', 5000, false],
    ['cholesterol', 5, true],
    ['cholesterol', 50, false],
  ] as const)('%s %d → ok=%s', (metric, value, ok) => {
    const r = v({ metric, value });
    expect(r.ok).toBe(ok);
    if (!r.ok) expect(r).toMatchObject({ code: 'OUT_OF_RANGE', field: 'value' });
  });

  test('sensor readings may go below the manual-entry floor (SpO2 50, heart rate 20, temperature 25), typed ones may not', () => {
    const r = (metric: ReadingInput['metric'], value: number, origin: 'manual' | 'sensor') =>
      validateReading({ metric, measuredAt: at, value }, now, origin).ok;
    expect([r('spo2', 84, 'manual'), r('spo2', 84, 'sensor'), r('spo2', 49, 'sensor')]).toEqual([false, true, false]);
    expect([r('heart_rate', 25, 'manual'), r('heart_rate', 25, 'sensor'), r('heart_rate', 19, 'sensor')]).toEqual([
      false,
      true,
      false,
    ]);
    expect([r('temperature', 28, 'manual'), r('temperature', 28, 'sensor')]).toEqual([false, true]);
    expect([r('weight', 0.5, 'sensor'), r('blood_glucose', 17, 'sensor')]).toEqual([false, false]);
  });

  test('a scalar metric needs a value', () => {
    expect(v({ metric: 'heart_rate' })).toMatchObject({ ok: false, code: 'INVALID_READING', field: 'value' });
  });

  test('no future time beyond 2 minutes of skew', () => {
    expect(validateReading({ metric: 'heart_rate', value: 70, measuredAt: '2026-11-22T08:01:59Z' }, now).ok).toBe(true);
    expect(validateReading({ metric: 'heart_rate', value: 70, measuredAt: '2026-11-22T08:02:01Z' }, now)).toMatchObject(
      { ok: false, code: 'FUTURE_TIME', field: 'measuredAt' },
    );
  });

  test('nothing measured before 01/01/2000 (a clock never set: year 0001, 1970), whatever the metric', () => {
    expect(validateReading({ metric: 'heart_rate', value: 70, measuredAt: '2000-01-01T00:00:00Z' }, now).ok).toBe(true);
    for (const measuredAt of [
      '0001-01-01T00:00:00Z',
      '1970-01-01T00:00:00Z',
      '1999-12-31T23:59:59Z',
      '2000-01-01T00:30:00+01:00',
    ]) {
      expect(validateReading({ metric: 'heart_rate', value: 70, measuredAt }, now), measuredAt).toMatchObject({
        ok: false,
        code: 'INVALID_READING',
        field: 'measuredAt',
      });
    }
    const stages = [{ stage: 'light', start: '1999-12-31T23:00:00Z', end: '2000-01-01T01:00:00Z' }];
    expect(
      validateReading({ metric: 'sleep', measuredAt: '2000-01-01T01:00:00Z', values: { stages } }, now),
    ).toMatchObject({ ok: false, field: 'values.stages.0.start' });
  });

  test('blood pressure: each < 300, systolic ≥ diastolic + 20', () => {
    expect(v({ metric: 'blood_pressure', values: { systolic: 120, diastolic: 80 } })).toMatchObject({
      ok: true,
      row: { value: 120, value2: 80, data: null },
    });
    expect(v({ metric: 'blood_pressure', values: { systolic: 120, diastolic: 100 } })).toMatchObject({ ok: true });
    expect(v({ metric: 'blood_pressure', values: { systolic: 119, diastolic: 100 } })).toMatchObject({
      ok: false,
      code: 'OUT_OF_RANGE',
      field: 'values.systolic',
    });
    expect(v({ metric: 'blood_pressure', values: { systolic: 300, diastolic: 100 } })).toMatchObject({
      ok: false,
      field: 'values.systolic',
    });
    expect(v({ metric: 'blood_pressure', values: { systolic: 120, diastolic: 80, pulse: 70 } })).toMatchObject({
      ok: true,
      row: { data: { pulse: 70 } },
    });
    expect(v({ metric: 'blood_pressure', value: 120 })).toMatchObject({ ok: false, code: 'INVALID_READING' });
  });

  test('the BP rule holds for every pair (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 299 }), fc.integer({ min: 1, max: 299 }), (s, d) => {
        expect(v({ metric: 'blood_pressure', values: { systolic: s, diastolic: d } }).ok).toBe(s >= d + 20);
      }),
    );
  });

  test('heart rate accepted exactly on 30–300 (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: -1000, max: 1000, noNaN: true }), (x) => {
        expect(v({ metric: 'heart_rate', value: x }).ok).toBe(x >= 30 && x <= 300);
      }),
    );
  });

  test('sleep stages: ordered, end after start, ≤ 24 h', () => {
    const ok = v({
      metric: 'sleep',
      values: {
        stages: [
          { stage: 'light', start: '2026-11-21T22:00:00Z', end: '2026-11-22T01:00:00Z' },
          { stage: 'awake', start: '2026-11-22T01:00:00Z', end: '2026-11-22T01:30:00Z' },
          { stage: 'deep', start: '2026-11-22T01:30:00Z', end: '2026-11-22T02:30:00Z' },
        ],
      },
    });
    expect(ok).toMatchObject({ ok: true, row: { value: 240, value2: 270 } });
    expect(
      v({
        metric: 'sleep',
        values: { stages: [{ stage: 'light', start: '2026-11-22T02:00:00Z', end: '2026-11-22T01:00:00Z' }] },
      }),
    ).toMatchObject({ ok: false, field: 'values.stages.0.end' });
    expect(
      v({
        metric: 'sleep',
        values: {
          stages: [
            { stage: 'light', start: '2026-11-22T01:00:00Z', end: '2026-11-22T02:00:00Z' },
            { stage: 'deep', start: '2026-11-22T01:30:00Z', end: '2026-11-22T03:00:00Z' },
          ],
        },
      }),
    ).toMatchObject({ ok: false, field: 'values.stages.1.start' });
    expect(
      v({
        metric: 'sleep',
        values: {
          stages: [
            { stage: 'light', start: '2026-11-20T01:00:00Z', end: '2026-11-20T02:00:00Z' },
            { stage: 'deep', start: '2026-11-21T01:30:00Z', end: '2026-11-21T03:00:00Z' },
          ],
        },
      }),
    ).toMatchObject({ ok: false, code: 'OUT_OF_RANGE' });
    expect(v({ metric: 'sleep', values: { systolic: 1 } })).toMatchObject({ ok: false, code: 'INVALID_READING' });
  });

  test('body composition percentages', () => {
    expect(v({ metric: 'body_composition', values: { bodyFat: 22, water: 55 } })).toMatchObject({
      ok: true,
      row: { value: 22, data: { bodyFat: 22, water: 55 } },
    });
    expect(v({ metric: 'body_composition', values: { water: 120 } })).toMatchObject({
      ok: false,
      field: 'values.water',
    });
    expect(v({ metric: 'body_composition', values: {} })).toMatchObject({ ok: false, code: 'INVALID_READING' });
  });

  test('ECG strips', () => {
    expect(v({ metric: 'ecg', value: 72, values: { samplingRate: 250, samples: [0.1, 0.2, -0.1] } })).toMatchObject({
      ok: true,
      row: { value: 72, value2: 3 / 250, data: { samplingRate: 250 } },
    });
    expect(v({ metric: 'ecg', values: { samplingRate: 10, samples: [0.1] } })).toMatchObject({
      ok: false,
      field: 'values.samplingRate',
    });
    expect(v({ metric: 'ecg', values: { samplingRate: 250, samples: [0.1, 50] } })).toMatchObject({
      ok: false,
      field: 'values.samples.1',
    });
    expect(v({ metric: 'ecg', values: { samplingRate: 250, samples: [] } })).toMatchObject({
      ok: false,
      code: 'INVALID_READING',
    });
  });
});
