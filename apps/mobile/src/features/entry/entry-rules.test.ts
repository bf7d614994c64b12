import { describe, expect, test } from 'vitest';
import { DEFAULT_THRESHOLDS } from '@carewatch/contracts/alerts';
import {
  buildEntry,
  emptyValues,
  parseVisible,
  rejectionToField,
  thresholdWarnings,
  type EntryValues,
} from './entry-rules.ts';

const now = new Date('2026-11-22T10:00:00.000Z');
const metric = { unitSystem: 'metric', thermalUnit: 'C', bloodGlucoseUnit: 'mmol/L' } as const;
const imperial = { unitSystem: 'imperial', thermalUnit: 'F', bloodGlucoseUnit: 'mg/dL' } as const;
const ALL = ['heart_rate', 'spo2', 'blood_pressure', 'temperature', 'blood_glucose', 'weight'] as const;
const form = (v: Partial<EntryValues>): EntryValues => ({ ...emptyValues(new Date('2026-11-22T09:30:00.000Z')), ...v });

describe('manual entry: building readings', () => {
  test('valid values become canonical readings at the chosen time', () => {
    const r = buildEntry(
      form({ heart_rate: '72', weight: '70,5', systolic: '120', diastolic: '80' }),
      ALL,
      metric,
      now,
    );
    expect(r.errors).toEqual({});
    expect(r.readings).toEqual([
      { metric: 'heart_rate', measuredAt: '2026-11-22T09:30:00.000Z', value: 72 },
      { metric: 'blood_pressure', measuredAt: '2026-11-22T09:30:00.000Z', values: { systolic: 120, diastolic: 80 } },
      { metric: 'weight', measuredAt: '2026-11-22T09:30:00.000Z', value: 70.5 },
    ]);
  });

  test('imperial units (°F, lb, mg/dL) are converted to the canonical ones', () => {
    const r = buildEntry(form({ temperature: '98.6', weight: '154.3', blood_glucose: '99' }), ALL, imperial, now);
    expect(r.errors).toEqual({});
    const byMetric = Object.fromEntries(r.readings.map((x) => [x.metric, x.value]));
    expect(byMetric.temperature).toBeCloseTo(37, 5);
    expect(byMetric.weight).toBeCloseTo(69.99, 2);
    expect(byMetric.blood_glucose).toBeCloseTo(5.49, 2);
  });

  test('the spec limits show on the field, in the user units', () => {
    expect(buildEntry(form({ spo2: '80' }), ALL, metric, now).errors.spo2).toEqual({
      key: 'limits.spo2',
      params: { min: 88, max: 100, unit: '%' },
    });
    expect(buildEntry(form({ heart_rate: '301' }), ALL, metric, now).errors.heart_rate?.key).toBe('limits.heart_rate');
    expect(buildEntry(form({ temperature: '46' }), ALL, metric, now).errors.temperature?.params).toEqual({
      min: 30,
      max: 45,
      unit: '°C',
    });
    expect(buildEntry(form({ temperature: '120' }), ALL, imperial, now).errors.temperature?.params).toEqual({
      min: 86,
      max: 113,
      unit: '°F',
    });
    expect(buildEntry(form({ weight: '1600' }), ALL, imperial, now).errors.weight?.params).toEqual({
      min: 2.2,
      max: 1543.2,
      unit: 'lb',
    });
    expect(buildEntry(form({ blood_glucose: '300' }), ALL, imperial, now).errors.blood_glucose).toEqual({
      key: 'limits.blood_glucose',
      params: { min: 0, max: 300, unit: 'mg/dL' },
    });
    expect(buildEntry(form({ blood_glucose: '299' }), ALL, imperial, now).errors).toEqual({});
  });

  test('blood pressure: systolic ≥ diastolic + 20, both below 300, both required', () => {
    expect(buildEntry(form({ systolic: '110', diastolic: '95' }), ALL, metric, now).errors.systolic).toEqual({
      key: 'limits.bpGap',
    });
    expect(buildEntry(form({ systolic: '115', diastolic: '95' }), ALL, metric, now).errors).toEqual({});
    expect(buildEntry(form({ systolic: '300', diastolic: '95' }), ALL, metric, now).errors.systolic).toEqual({
      key: 'limits.systolicMax',
    });
    expect(buildEntry(form({ systolic: '120' }), ALL, metric, now).errors.diastolic).toEqual({
      key: 'errors.required',
    });
  });

  test('number format: whole numbers for BPM, %, mmHg; decimals elsewhere', () => {
    const r = buildEntry(
      form({ heart_rate: '72.5', spo2: 'abc', weight: '70..1', temperature: '36.6' }),
      ALL,
      metric,
      now,
    );
    expect(r.errors).toEqual({
      heart_rate: { key: 'errors.integer' },
      spo2: { key: 'errors.integer' },
      weight: { key: 'errors.number' },
    });
    expect(r.readings.map((x) => x.metric)).toEqual(['temperature']);
  });

  test('no future dates; a missing date is required', () => {
    expect(
      buildEntry(form({ heart_rate: '72', measuredAt: '2026-11-23T10:00' }), ALL, metric, now).errors.measuredAt,
    ).toEqual({ key: 'errors.future' });
    expect(buildEntry(form({ heart_rate: '72', measuredAt: '' }), ALL, metric, now).errors.measuredAt).toEqual({
      key: 'errors.required',
    });
  });

  test('at least one measurement; hidden indexes are not sent', () => {
    expect(buildEntry(form({}), ALL, metric, now).errors._).toEqual({ key: 'atLeastOne' });
    const r = buildEntry(form({ heart_rate: '72', spo2: '80' }), ['heart_rate'], metric, now);
    expect(r.errors).toEqual({});
    expect(r.readings.map((x) => x.metric)).toEqual(['heart_rate']);
    expect(buildEntry(form({ spo2: '97' }), ['heart_rate'], metric, now).errors._).toEqual({ key: 'atLeastOne' });
  });
});

describe('manual entry: server rejections and thresholds', () => {
  test('a server rejection lands on its field', () => {
    expect(
      rejectionToField(
        'weight',
        { code: 'OUT_OF_RANGE', message: 'Weight must be between 1 and 700 kg', field: 'value' },
        metric,
      )[0],
    ).toBe('weight');
    expect(
      rejectionToField(
        'blood_pressure',
        { code: 'OUT_OF_RANGE', message: 'Diastolic must be below 300 mmHg', field: 'values.diastolic' },
        metric,
      ),
    ).toEqual(['diastolic', { key: 'limits.diastolicMax' }]);
    expect(
      rejectionToField(
        'spo2',
        { code: 'FUTURE_TIME', message: 'Measurement time cannot be in the future', field: 'measuredAt' },
        metric,
      ),
    ).toEqual(['measuredAt', { key: 'errors.future' }]);
  });

  test('values over a threshold give a warning with the level, in the user units', () => {
    const { readings } = buildEntry(
      form({ heart_rate: '72', spo2: '89', temperature: '102.2', weight: '150' }),
      ALL,
      imperial,
      now,
    );
    const w = thresholdWarnings(readings, DEFAULT_THRESHOLDS, imperial);
    expect(w.map((x) => x.metric).sort()).toEqual(['spo2', 'temperature']);
    expect(w.find((x) => x.metric === 'temperature')).toMatchObject({ text: '102.2', unit: 'F' });
    for (const x of w) expect(x.level).not.toBe('normal');
  });

  test('the visible indexes are read back from storage (broken values show all)', () => {
    expect(parseVisible(JSON.stringify(['weight', 'spo2', 'nope']))).toEqual(['spo2', 'weight']);
    expect(parseVisible(null)).toHaveLength(6);
    expect(parseVisible('{bad')).toHaveLength(6);
  });
});

describe('the time of a reading', () => {
  const metric = { unitSystem: 'metric' as const, thermalUnit: 'C' as const, bloodGlucoseUnit: 'mmol/L' as const };
  test('left as shown, it is the moment of saving, seconds and all; changed, it is what was typed', () => {
    const shown = emptyValues(new Date('2026-11-22T09:30:00.000Z'));
    const saved = new Date('2026-11-22T09:31:07.250Z');
    const a = buildEntry({ ...shown, heart_rate: '72' }, ['heart_rate'], metric, saved, {
      shownTime: shown.measuredAt,
    });
    expect(a.readings[0]?.measuredAt).toBe('2026-11-22T09:31:07.250Z');
    const typed = { ...shown, heart_rate: '72', measuredAt: shown.measuredAt.replace(/:\d{2}$/, ':45') };
    const b = buildEntry(typed, ['heart_rate'], metric, saved, { shownTime: shown.measuredAt });
    expect(new Date(b.readings[0]!.measuredAt).getSeconds()).toBe(45);
  });
});
