import { describe, expect, test } from 'vitest';
import { DEFAULT_THRESHOLDS } from '@carewatch/contracts/alerts';
import { evaluate } from '@carewatch/clinical/thresholds';
import { ageAt, effectiveThresholds, patientContext } from './thresholds.service.ts';

describe('thresholds of a patient', () => {
  test('age in whole years, before and after the birthday; unknown or malformed is null', () => {
    const now = new Date('2026-11-22T08:00:00Z');
    expect(ageAt('1966-11-22', now)).toBe(60);
    expect(ageAt('1966-11-23', now)).toBe(59);
    expect(ageAt(null, now)).toBeNull();
    expect(ageAt('nonsense', now)).toBeNull();
    expect(ageAt('2030-01-01', now)).toBeNull();
  });

  test('custom rows override the defaults index by index and are absolute (never personalized)', () => {
    const rows = [
      {
        idx: 'heart_rate',
        low: { atRisk: 45, highRisk: null, sos: null },
        high: { atRisk: 110, highRisk: 130, sos: 150 },
        locked: true,
        patient_may_edit: false,
        updated_at: new Date(),
        updated_by: null,
      },
    ];
    const eff = effectiveThresholds(rows);
    expect(eff.length).toBe(DEFAULT_THRESHOLDS.length);
    const hr = eff.find((t) => t.index === 'heart_rate')!;
    expect(hr).toMatchObject({ personalized: false, locked: true, high: { atRisk: 110, highRisk: 130, sos: 150 } });
    expect(eff.find((t) => t.index === 'spo2')).toEqual(DEFAULT_THRESHOLDS.find((t) => t.index === 'spo2'));
    // A 20-year-old's defaults would put 150 bpm below high risk; the custom threshold makes it SOS.
    const young = patientContext('2006-01-01', 'male', new Date('2026-11-22T00:00:00Z'));
    expect(evaluate({ metric: 'heart_rate', value: 150 }, eff, young)?.level).toBe('sos');
    expect(evaluate({ metric: 'heart_rate', value: 150 }, DEFAULT_THRESHOLDS, young)?.level).toBe('at_risk');
  });

  test("tenant defaults sit between the built-in values and the patient's own, index by index", () => {
    const tenant = [
      {
        idx: 'heart_rate',
        low: { atRisk: 50, highRisk: 40, sos: 35 },
        high: { atRisk: 90, highRisk: 140, sos: 165 },
        personalized: false,
        updated_at: new Date(),
        updated_by: null,
      },
    ];
    const eff = effectiveThresholds([], tenant);
    expect(eff.find((t) => t.index === 'heart_rate')).toMatchObject({
      personalized: false,
      locked: false,
      high: { atRisk: 90 },
    });
    expect(eff.find((t) => t.index === 'spo2')).toEqual(DEFAULT_THRESHOLDS.find((t) => t.index === 'spo2'));
    const ctx = patientContext('1966-01-01', 'male', new Date('2026-11-22T00:00:00Z'));
    expect(evaluate({ metric: 'heart_rate', value: 95 }, eff, ctx)?.level).toBe('at_risk');
    expect(evaluate({ metric: 'heart_rate', value: 95 }, DEFAULT_THRESHOLDS, ctx)?.level).toBe('normal');
    const own = [
      {
        idx: 'heart_rate',
        low: { atRisk: 45, highRisk: null, sos: null },
        high: { atRisk: 110, highRisk: 130, sos: 150 },
        locked: false,
        patient_may_edit: false,
        updated_at: new Date(),
        updated_by: null,
      },
    ];
    expect(evaluate({ metric: 'heart_rate', value: 95 }, effectiveThresholds(own, tenant), ctx)?.level).toBe('normal');
  });
});
