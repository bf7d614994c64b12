import { describe, expect, it } from 'vitest';
import type { TMetric } from '@carewatch/contracts/vitals';
import { validateReading } from '@carewatch/clinical/vitals';
import type { MeasurementRow } from '../vitals/measurements.repo.ts';
import { generateVitals, type VitalsProfile } from './demo-vitals.ts';

const now = new Date('2026-11-22T08:07:00Z');
const profile = (risk: VitalsProfile['risk'], seed: number): VitalsProfile => ({
  patientId: '0190a000-0000-7000-8000-000000000001',
  seed,
  risk,
  ageYears: 70,
  gender: 'male',
  heightCm: 165,
  weightKg: 70,
  glucose: true,
  ecg: true,
  deviceId: null,
});
const collect = (p: VitalsProfile, days = 30) => {
  const rows: MeasurementRow[] = [];
  generateVitals(p, now, days, (r) => rows.push(r));
  return rows;
};

describe('demo vitals', () => {
  for (const risk of ['normal', 'at_risk', 'high_risk', 'sos'] as const) {
    it(`stays inside the ingest limits and never in the future (${risk})`, () => {
      for (let seed = 1; seed <= 5; seed++) {
        const rows = collect(profile(risk, seed * 7919));
        const bad = rows.filter((r) => {
          const t = r.measuredAt.getTime();
          if (t > now.getTime() || t <= now.getTime() - 30 * 86_400_000 - 15 * 60_000) return true;
          const v = r.value!;
          switch (r.metric) {
            case 'heart_rate':
              return !(v >= 30 && v <= 300);
            case 'spo2':
              return !(v >= 88 && v <= 100);
            case 'blood_pressure':
              return !(v < 300 && v >= r.value2! + 20);
            case 'weight':
              return !(v >= 1 && v <= 700);
            case 'temperature':
              return !(v >= 30 && v <= 45);
            case 'blood_glucose':
              return !(v > 0 && v * 18.016 < 300);
            default:
              return false;
          }
        });
        expect(bad).toEqual([]);
      }
    });
  }

  it('every reading passes the ingest validation and is stored in the same shape', () => {
    for (const risk of ['normal', 'high_risk', 'sos'] as const) {
      const rows = collect(profile(risk, 99), 7);
      const mismatches: unknown[] = [];
      for (const r of rows) {
        const values =
          r.metric === 'blood_pressure'
            ? { systolic: r.value, diastolic: r.value2, ...(r.data ?? {}) }
            : r.metric === 'sleep' || r.metric === 'ecg' || r.metric === 'body_composition'
              ? r.data
              : undefined;
        const input = {
          metric: r.metric as TMetric,
          measuredAt: r.measuredAt.toISOString(),
          value:
            r.metric === 'blood_pressure' || r.metric === 'sleep' || r.metric === 'body_composition'
              ? undefined
              : r.value!,
          values,
        };
        const v = validateReading(input, now);
        if (!v.ok) mismatches.push({ metric: r.metric, at: input.measuredAt, v });
        else if (
          v.row.value !== r.value ||
          v.row.value2 !== r.value2 ||
          JSON.stringify(v.row.data) !== JSON.stringify(r.data)
        )
          mismatches.push({ metric: r.metric, stored: r, ingest: v.row });
      }
      expect(mismatches.slice(0, 3)).toEqual([]);
    }
  });

  it('has the expected frequencies over a month', () => {
    const rows = collect(profile('normal', 42));
    const count = (m: string) => rows.filter((r) => r.metric === m).length;
    expect(count('heart_rate')).toBe(30 * 96);
    expect(count('spo2')).toBe(30 * 48);
    expect(count('respiratory_rate')).toBe(30 * 24);
    expect(count('hrv')).toBe(30 * 24);
    expect(count('blood_pressure')).toBeGreaterThanOrEqual(59);
    expect(count('temperature')).toBeGreaterThanOrEqual(118);
    expect(count('weight')).toBeGreaterThanOrEqual(29);
    expect(count('steps')).toBeGreaterThanOrEqual(30);
    expect(count('sleep')).toBeGreaterThanOrEqual(29);
    expect(count('ecg')).toBe(4);
    // Unique per (metric, time): the seed never relies on conflicts.
    expect(new Set(rows.map((r) => `${r.metric}|${r.measuredAt.toISOString()}`)).size).toBe(rows.length);
  });

  it('is deterministic', () => {
    const a = collect(profile('at_risk', 5), 3).map((r) => [r.metric, r.measuredAt.toISOString(), r.value, r.value2]);
    const b = collect(profile('at_risk', 5), 3).map((r) => [r.metric, r.measuredAt.toISOString(), r.value, r.value2]);
    expect(a).toEqual(b);
  });

  it('gives abnormal episodes to at-risk patients only', () => {
    const max = (rows: MeasurementRow[], m: string) =>
      Math.max(...rows.filter((r) => r.metric === m).map((r) => r.value!));
    const min = (rows: MeasurementRow[], m: string) =>
      Math.min(...rows.filter((r) => r.metric === m).map((r) => r.value!));
    const high = collect(profile('high_risk', 3));
    expect(max(high, 'heart_rate')).toBeGreaterThan(120);
    expect(min(high, 'spo2')).toBeLessThan(93);
    const normal = collect(profile('normal', 3));
    expect(max(normal, 'heart_rate')).toBeLessThan(120);
  });

  it('splits sleep into stages with roughly the spec ratios, and ECG strips are 10 s at 250 Hz', () => {
    const rows = collect(profile('normal', 11));
    const total = { awake: 0, light: 0, deep: 0, rem: 0 };
    for (const r of rows.filter((x) => x.metric === 'sleep')) {
      const stages = (r.data as { stages: Array<{ stage: keyof typeof total; start: string; end: string }> }).stages;
      let prevEnd = stages[0]!.start;
      for (const s of stages) {
        expect(s.start).toBe(prevEnd);
        expect(Date.parse(s.end)).toBeGreaterThan(Date.parse(s.start));
        total[s.stage] += Date.parse(s.end) - Date.parse(s.start);
        prevEnd = s.end;
      }
    }
    const sum = total.awake + total.light + total.deep + total.rem;
    expect(total.light / sum).toBeGreaterThan(0.45);
    expect(total.light / sum).toBeLessThan(0.65);
    expect(total.deep / sum).toBeGreaterThan(0.1);
    expect(total.deep / sum).toBeLessThan(0.25);
    expect(total.rem / sum).toBeGreaterThan(0.15);
    expect(total.rem / sum).toBeLessThan(0.3);
    const ecg = rows.find((r) => r.metric === 'ecg')!.data as { samplingRate: number; samples: number[] };
    expect(ecg.samplingRate).toBe(250);
    expect(ecg.samples).toHaveLength(2500);
  });
});
