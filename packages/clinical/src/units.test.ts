import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { METRICS } from '@carewatch/contracts/vitals';
import { displayUnit, fromCanonical, toCanonical, unitsOf, type UnitPrefs } from './units.ts';

const close = (a: number, b: number) => expect(Math.abs(a - b)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(b)));
const num = fc.double({ min: -1e6, max: 1e6, noNaN: true, noDefaultInfinity: true });

describe('unit conversions', () => {
  test.each([
    ['temperature', 98.6, 'F', 37],
    ['temperature', 32, 'F', 0],
    ['temperature', 37, 'C', 37],
    ['blood_glucose', 180.182, 'mg/dL', 10],
    ['blood_glucose', 5500, 'umol/L', 5.5],
    ['weight', 1, 'lb', 0.45359237],
    ['uric_acid', 1, 'mg/dL', 59.48],
    ['cholesterol', 38.67, 'mg/dL', 1],
  ] as const)('%s %d %s → %d canonical', (metric, v, unit, expected) => close(toCanonical(metric, v, unit)!, expected));

  test('no unit, or the canonical unit, keeps the value; an unknown unit is refused', () => {
    expect(toCanonical('heart_rate', 70)).toBe(70);
    expect(toCanonical('heart_rate', 70, 'bpm')).toBe(70);
    expect(toCanonical('heart_rate', 70, 'F')).toBeNull();
    expect(toCanonical('temperature', 37, 'K')).toBeNull();
  });

  test('every accepted unit round-trips (property)', () => {
    for (const metric of METRICS) {
      for (const unit of unitsOf(metric)) {
        fc.assert(
          fc.property(num, (v) => {
            const canonical = toCanonical(metric, v, unit)!;
            const prefs: UnitPrefs = {
              unitSystem: unit === 'lb' ? 'imperial' : 'metric',
              thermalUnit: unit === 'F' ? 'F' : 'C',
              bloodGlucoseUnit: (['mg/dL', 'mmol/L', 'umol/L'] as const).find((u) => u === unit) ?? 'mmol/L',
              acidUricUnit: unit === 'mg/dL' ? 'mg/dL' : 'umol/L',
            };
            if (displayUnit(metric, prefs) === unit) close(fromCanonical(metric, canonical, prefs).value, v);
          }),
          { numRuns: 50 },
        );
      }
    }
  });

  test('display follows the preferences', () => {
    const us: UnitPrefs = {
      unitSystem: 'imperial',
      thermalUnit: 'F',
      bloodGlucoseUnit: 'mg/dL',
      acidUricUnit: 'mg/dL',
    };
    close(fromCanonical('temperature', 37, us).value, 98.6);
    expect(fromCanonical('temperature', 37, us).unit).toBe('F');
    close(fromCanonical('weight', 70, us).value, 154.3235835294143);
    expect(fromCanonical('weight', 70, us).unit).toBe('lb');
    close(fromCanonical('blood_glucose', 5, us).value, 90.091);
    expect(fromCanonical('cholesterol', 5, us).unit).toBe('mg/dL');
    expect(fromCanonical('heart_rate', 70, us)).toEqual({ value: 70, unit: 'bpm' });
    const eu: UnitPrefs = { unitSystem: 'metric', thermalUnit: 'C', bloodGlucoseUnit: 'mmol/L' };
    expect(fromCanonical('uric_acid', 300, eu)).toEqual({ value: 300, unit: 'umol/L' });
  });
});
