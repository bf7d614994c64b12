import { describe, expect, test } from 'vitest';
import type { TFunction } from 'i18next';
import {
  DEFAULT_UNITS,
  displayUnit,
  formatValue,
  periodOf,
  seriesStats,
  shiftAnchor,
  toDisplay,
  unitText,
} from './vitals-shared.ts';

const anchor = new Date(2026, 2, 31, 15, 30); // 31 March 2026, 15:30 local

describe('periods', () => {
  test('each period ends at the end of the anchor day and spans a day, 7 days, a month or a year', () => {
    const end = new Date(2026, 3, 1);
    expect(periodOf('day', anchor)).toEqual({ from: new Date(2026, 2, 31), to: end });
    expect(periodOf('week', anchor)).toEqual({ from: new Date(2026, 2, 25), to: end });
    expect(periodOf('month', anchor)).toEqual({ from: new Date(2026, 2, 1), to: end });
    expect(periodOf('year', anchor)).toEqual({ from: new Date(2025, 3, 1), to: end });
  });

  test('previous and next move the anchor by one period', () => {
    expect(shiftAnchor('day', anchor, -1)).toEqual(new Date(2026, 2, 30));
    expect(shiftAnchor('week', anchor, 1)).toEqual(new Date(2026, 3, 7));
    expect(shiftAnchor('month', new Date(2026, 0, 15), 1)).toEqual(new Date(2026, 1, 15));
    expect(shiftAnchor('year', anchor, -1)).toEqual(new Date(2025, 2, 31));
  });
});

describe('units', () => {
  const imperial = { unitSystem: 'imperial', thermalUnit: 'F', bloodGlucoseUnit: 'mg/dL' } as const;
  test('canonical values are shown in the user unit', () => {
    expect(toDisplay('temperature', 37, imperial)).toBeCloseTo(98.6, 5);
    expect(toDisplay('weight', 70, imperial)).toBeCloseTo(154.32, 1);
    expect(toDisplay('blood_glucose', 5.5, imperial)).toBeCloseTo(99.1, 1);
    expect(toDisplay('heart_rate', 72, imperial)).toBe(72);
    expect(formatValue('blood_glucose', 5.5, imperial)).toBe('99');
    expect(formatValue('blood_glucose', 5.56, DEFAULT_UNITS)).toBe('5.6');
    expect(formatValue('temperature', 36.66, DEFAULT_UNITS)).toBe('36.7');
    expect(formatValue('temperature', 37, DEFAULT_UNITS)).toBe('37.0');
    expect(formatValue('steps', 4092, DEFAULT_UNITS)).toBe('4092');
  });
  test('unit labels', () => {
    const t = ((key: string) => `T:${key}`) as unknown as TFunction;
    expect(unitText(t, displayUnit('temperature', DEFAULT_UNITS))).toBe('°C');
    expect(unitText(t, displayUnit('weight', imperial))).toBe('lb');
    expect(unitText(t, 'steps')).toBe('T:vitals.units.steps');
    expect(unitText(t, 'bpm')).toBe('bpm');
  });
});

describe('series statistics', () => {
  test('weighted average, overall min and max, empty buckets ignored', () => {
    const stats = seriesStats([
      { t: 'a', avg: 60, min: 50, max: 70, n: 1 },
      { t: 'b', avg: null, min: null, max: null, n: 0 },
      { t: 'c', avg: 90, min: 80, max: 120, n: 3 },
    ]);
    expect(stats).toEqual({ min: 50, avg: 82.5, max: 120, n: 4 });
    expect(seriesStats([{ t: 'a', avg: 120, min: 110, max: 130, n: 2, avg2: 80, min2: 70, max2: 85 }], true)).toEqual({
      min: 70,
      avg: 80,
      max: 85,
      n: 2,
    });
    expect(seriesStats([])).toBeNull();
  });
});
