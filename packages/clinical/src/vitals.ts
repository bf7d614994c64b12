import {
  ZBloodPressureValues,
  ZBodyCompositionValues,
  ZEcgValues,
  ZSleepValues,
  type READING_REJECT_CODES,
  type TMetric,
} from '@carewatch/contracts/vitals';
import { GLUCOSE_MGDL_PER_MMOL } from './units.ts';

/** How far ahead of the server clock a reading may be stamped (device clock skew). */
export const FUTURE_SKEW_MS = 2 * 60 * 1000;
/**
 * The earliest measurement time accepted: 01/01/2000 UTC. Earlier is a device clock never set (year 0001, 1970) or a
 * typing error; the spec sets no other age limit (a watch may sync weeks of stored readings).
 */
export const EARLIEST_READING_MS = Date.UTC(2000, 0, 1);
const DAY_MS = 24 * 3600 * 1000;

/** A reading already shaped by `ZReading` and converted to canonical units; `values` is checked here per metric. */
export type ReadingInput = { metric: TMetric; measuredAt: string; value?: number | undefined; values?: unknown };
/** What is stored: canonical numbers (`value` main, `value2` second e.g. diastolic) and the rest in `data`. */
export type ValidRow = {
  metric: TMetric;
  measuredAt: Date;
  value: number | null;
  value2: number | null;
  data: Record<string, unknown> | null;
};
export type RejectCode = (typeof READING_REJECT_CODES)[number];
export type ValidationResult =
  { ok: true; row: ValidRow } | { ok: false; code: RejectCode; message: string; field: string };

type Range = { min: number; max: number; minInclusive?: boolean; maxInclusive?: boolean; message: string };
const incl = (min: number, max: number, message: string): Range => ({ min, max, message });

/**
 * Limits of scalar metrics, canonical units. Manual-input limits of the patient-app spec §5 (SpO2 88–100, HR 30–300,
 * weight 1–700 kg, temperature 30–45 °C, glucose < 300 mg/dL); plausible ranges for the rest.
 */
export const SCALAR_LIMITS: Partial<Record<TMetric, Range>> = {
  spo2: incl(88, 100, 'SpO2 must be between 88 and 100 %'),
  heart_rate: incl(30, 300, 'Heart rate must be between 30 and 300 BPM'),
  weight: incl(1, 700, 'Weight must be between 1 and 700 kg'),
  temperature: incl(30, 45, 'Temperature must be between 30 and 45 °C'),
  blood_glucose: {
    min: 0,
    max: 300 / GLUCOSE_MGDL_PER_MMOL,
    minInclusive: false,
    maxInclusive: false,
    message: 'Blood glucose must be below 300 mg/dL',
  },
  hrv: incl(1, 500, 'HRV must be between 1 and 500 ms'),
  respiratory_rate: incl(5, 80, 'Respiratory rate must be between 5 and 80 breaths/min'),
  qtc: incl(200, 800, 'QTc must be between 200 and 800 ms'),
  steps: incl(0, 200000, 'Steps must be between 0 and 200,000'),
  calories: incl(0, 20000, 'Calories must be between 0 and 20,000 kcal'),
  bmi: incl(5, 100, 'BMI must be between 5 and 100'),
  // umol/L: about 0.5–34 mg/dL.
  uric_acid: incl(30, 2000, 'Uric acid must be between 30 and 2,000 umol/L'),
  // mmol/L: about 20–770 mg/dL.
  cholesterol: incl(0.5, 20, 'Cholesterol must be between 0.5 and 20 mmol/L'),
};
/**
 * Readings measured by a sensor (a paired watch or a cellular device) may go beyond the manual-entry limits: a real
 * SpO2 of 84 % or a heart rate of 25 must reach the alert engine (an SOS), not be refused as a typing error.
 */
export const SENSOR_LIMITS: Partial<Record<TMetric, Range>> = {
  spo2: incl(50, 100, 'SpO2 must be between 50 and 100 %'),
  heart_rate: incl(20, 300, 'Heart rate must be between 20 and 300 BPM'),
  temperature: incl(25, 45, 'Temperature must be between 25 and 45 °C'),
};
/** Where a reading comes from: typed by a person (the spec's manual-input limits) or measured by a sensor. */
export type ReadingOrigin = 'manual' | 'sensor';
const limitOf = (metric: TMetric, origin: ReadingOrigin): Range | undefined =>
  (origin === 'sensor' ? SENSOR_LIMITS[metric] : undefined) ?? SCALAR_LIMITS[metric];
const BP_MAX = 300;
const BP_GAP = 20;

const inRange = (v: number, r: Range) =>
  (r.minInclusive === false ? v > r.min : v >= r.min) && (r.maxInclusive === false ? v < r.max : v <= r.max);

function bad(code: RejectCode, message: string, field: string): ValidationResult {
  return { ok: false, code, message, field };
}
function okRow(
  metric: TMetric,
  measuredAt: Date,
  value: number | null,
  value2: number | null,
  data: Record<string, unknown> | null,
): ValidationResult {
  return { ok: true, row: { metric, measuredAt, value, value2, data } };
}
const fin = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * Checks one reading (canonical units) against the clinical rules, for ingest and the manual-entry form alike.
 * `now` is the server clock; a reading more than 2 minutes ahead of it is refused.
 */
export function validateReading(reading: ReadingInput, now: Date, origin: ReadingOrigin = 'manual'): ValidationResult {
  const t = Date.parse(reading.measuredAt);
  if (!Number.isFinite(t)) return bad('INVALID_READING', 'Date is not valid', 'measuredAt');
  if (t > now.getTime() + FUTURE_SKEW_MS)
    return bad('FUTURE_TIME', 'Measurement time cannot be in the future', 'measuredAt');
  if (t < EARLIEST_READING_MS)
    return bad('INVALID_READING', 'Measurement time cannot be before 01/01/2000', 'measuredAt');
  const measuredAt = new Date(t);
  const { metric } = reading;

  switch (metric) {
    case 'blood_pressure': {
      const p = ZBloodPressureValues.safeParse(reading.values);
      if (!p.success) return bad('INVALID_READING', 'Systolic and diastolic are required', 'values');
      const { systolic, diastolic, pulse } = p.data;
      if (!fin(systolic) || systolic <= 0 || systolic >= BP_MAX)
        return bad('OUT_OF_RANGE', 'Systolic must be below 300 mmHg', 'values.systolic');
      if (!fin(diastolic) || diastolic <= 0 || diastolic >= BP_MAX)
        return bad('OUT_OF_RANGE', 'Diastolic must be below 300 mmHg', 'values.diastolic');
      if (systolic < diastolic + BP_GAP)
        return bad('OUT_OF_RANGE', 'Systolic must be greater than diastolic by at least 20 mmHg', 'values.systolic');
      if (pulse !== undefined) {
        const hr = limitOf('heart_rate', origin)!;
        if (!fin(pulse) || !inRange(pulse, hr)) return bad('OUT_OF_RANGE', hr.message, 'values.pulse');
      }
      return okRow(metric, measuredAt, systolic, diastolic, pulse === undefined ? null : { pulse });
    }
    case 'sleep': {
      const p = ZSleepValues.safeParse(reading.values);
      if (!p.success) return bad('INVALID_READING', 'Sleep stages are required', 'values.stages');
      const stages = p.data.stages;
      let prevEnd = -Infinity;
      let first = Infinity;
      let last = -Infinity;
      let asleepMs = 0;
      for (let i = 0; i < stages.length; i++) {
        const s = stages[i]!;
        const a = Date.parse(s.start);
        const b = Date.parse(s.end);
        if (!(b > a)) return bad('INVALID_READING', 'A sleep stage must end after it starts', `values.stages.${i}.end`);
        if (a < prevEnd)
          return bad(
            'INVALID_READING',
            'Sleep stages must be in order and must not overlap',
            `values.stages.${i}.start`,
          );
        if (a < EARLIEST_READING_MS)
          return bad('INVALID_READING', 'Measurement time cannot be before 01/01/2000', `values.stages.${i}.start`);
        if (b > now.getTime() + FUTURE_SKEW_MS)
          return bad('FUTURE_TIME', 'Measurement time cannot be in the future', `values.stages.${i}.end`);
        prevEnd = b;
        first = Math.min(first, a);
        last = Math.max(last, b);
        if (s.stage !== 'awake') asleepMs += b - a;
      }
      if (last - first > DAY_MS)
        return bad('OUT_OF_RANGE', 'A sleep session cannot last more than 24 hours', 'values.stages');
      return okRow(metric, measuredAt, Math.round(asleepMs / 60000), Math.round((last - first) / 60000), { stages });
    }
    case 'body_composition': {
      const p = ZBodyCompositionValues.safeParse(reading.values);
      if (!p.success) return bad('INVALID_READING', 'Invalid number', 'values');
      const keys = ['bodyFat', 'water', 'muscleMass', 'boneMass'] as const;
      const data: Record<string, number> = {};
      for (const k of keys) {
        const v = p.data[k];
        if (v === undefined) continue;
        if (!fin(v) || v < 0 || v > 100)
          return bad('OUT_OF_RANGE', 'Body composition values are percentages between 0 and 100', `values.${k}`);
        data[k] = v;
      }
      if (Object.keys(data).length === 0)
        return bad('INVALID_READING', 'At least one measurement must be given', 'values');
      return okRow(metric, measuredAt, data.bodyFat ?? null, null, data);
    }
    case 'ecg': {
      const p = ZEcgValues.safeParse(reading.values);
      if (!p.success) {
        const issue = p.error.issues[0];
        return bad(
          'INVALID_READING',
          issue?.message ?? 'Invalid ECG strip',
          `values.${issue?.path.map(String).join('.') ?? ''}`.replace(/\.$/, ''),
        );
      }
      const { samplingRate, samples } = p.data;
      for (let i = 0; i < samples.length; i++) {
        const v = samples[i]!;
        if (!Number.isFinite(v) || Math.abs(v) > 20)
          return bad('OUT_OF_RANGE', 'ECG samples must be finite values within ±20 mV', `values.samples.${i}`);
      }
      let hr: number | null = null;
      if (reading.value !== undefined) {
        const r = limitOf('heart_rate', origin)!;
        if (!fin(reading.value) || !inRange(reading.value, r)) return bad('OUT_OF_RANGE', r.message, 'value');
        hr = reading.value;
      }
      return okRow(metric, measuredAt, hr, samples.length / samplingRate, { samplingRate, samples });
    }
    default: {
      const r = limitOf(metric, origin);
      const v = reading.value;
      if (v === undefined) return bad('INVALID_READING', 'Value is required', 'value');
      if (!fin(v)) return bad('INVALID_READING', 'Invalid number', 'value');
      if (r && !inRange(v, r)) return bad('OUT_OF_RANGE', r.message, 'value');
      return okRow(metric, measuredAt, v, null, null);
    }
  }
}
