import { describe, expect, test } from 'vitest';
import { DEFAULT_THRESHOLDS } from '@carewatch/contracts/alerts';
import type { TLatestVitals } from '@carewatch/contracts/vitals';
import { dashboardItems, timeAgo } from './latest.ts';

type Item = TLatestVitals['items'][number];
const at = '2026-11-22T08:00:00.000Z';
const reading = (metric: Item['metric'], value: number | null, value2: number | null = null, unit = ''): Item => ({
  metric,
  measuredAt: at,
  value,
  value2,
  unit,
  data: null,
});
const metric = { unitSystem: 'metric', thermalUnit: 'C', bloodGlucoseUnit: 'mmol/L' } as const;
const imperial = { unitSystem: 'imperial', thermalUnit: 'F', bloodGlucoseUnit: 'mg/dL' } as const;

describe('dashboard items', () => {
  test('values in the user units, vital signs first', () => {
    const latest = [
      reading('steps', 4200),
      reading('weight', 70),
      reading('temperature', 37),
      reading('heart_rate', 72),
      reading('blood_glucose', 5.5),
    ];
    expect(dashboardItems(latest, DEFAULT_THRESHOLDS, metric).map((i) => [i.metric, i.text, i.unit])).toEqual([
      ['heart_rate', '72', 'bpm'],
      ['temperature', '37.0', 'C'],
      ['blood_glucose', '5.5', 'mmol/L'],
      ['weight', '70', 'kg'],
      ['steps', '4200', 'steps'],
    ]);
    expect(dashboardItems(latest, DEFAULT_THRESHOLDS, imperial).map((i) => [i.metric, i.text, i.unit])).toEqual([
      ['heart_rate', '72', 'bpm'],
      ['temperature', '98.6', 'F'],
      ['blood_glucose', '99', 'mg/dL'],
      ['weight', '154.3', 'lb'],
      ['steps', '4200', 'steps'],
    ]);
  });

  test('levels follow the thresholds; metrics without thresholds have none', () => {
    const items = dashboardItems(
      [reading('heart_rate', 72), reading('spo2', 85), reading('blood_pressure', 185, 125), reading('steps', 10)],
      DEFAULT_THRESHOLDS,
      metric,
    );
    const level = Object.fromEntries(items.map((i) => [i.metric, i.level]));
    expect(level.heart_rate).toBe('normal');
    expect(level.spo2).not.toBe('normal');
    expect(level.blood_pressure).not.toBe('normal');
    expect(level.steps).toBeNull();
    expect(items.find((i) => i.metric === 'blood_pressure')?.text).toBe('185/125');
  });

  test('an ECG strip shows the heart rate measured over it', () => {
    const [ecg] = dashboardItems([reading('ecg', 64.4, null, 'mV')], DEFAULT_THRESHOLDS, metric);
    expect([ecg?.text, ecg?.unit, ecg?.level]).toEqual(['64', 'bpm', null]);
  });

  test('a custom threshold changes the level', () => {
    const strict = DEFAULT_THRESHOLDS.map((t) =>
      t.index === 'heart_rate' ? { ...t, high: { atRisk: 70, highRisk: null, sos: null }, personalized: false } : t,
    );
    expect(dashboardItems([reading('heart_rate', 72)], strict, metric)[0]?.level).toBe('at_risk');
  });
});

describe('time since measured', () => {
  const now = new Date('2026-11-22T10:00:00.000Z');
  test('in English and Vietnamese', () => {
    expect(timeAgo('2026-11-22T09:59:50.000Z', now, 'en')).toBe('now');
    expect(timeAgo('2026-11-22T09:55:00.000Z', now, 'en')).toBe('5 minutes ago');
    expect(timeAgo('2026-11-22T08:00:00.000Z', now, 'en')).toBe('2 hours ago');
    expect(timeAgo('2026-11-21T10:00:00.000Z', now, 'en')).toBe('yesterday');
    expect(timeAgo('2026-11-22T09:55:00.000Z', now, 'vi')).toBe('5 phút trước');
  });
});
