import { formatTime, parseTimeInput, zonedDay, zonedInstant } from '@carewatch/i18n/datetime';
import { evaluate } from '@carewatch/clinical/thresholds';
import { fromCanonical, displayUnit, toCanonical, type UnitPrefs } from '@carewatch/clinical/units';
import { SCALAR_LIMITS, validateReading, type ValidationResult } from '@carewatch/clinical/vitals';
import type { TAlertLevel, TThreshold } from '@carewatch/contracts/alerts';
import type { TReading } from '@carewatch/contracts/vitals';

/** The indexes a patient can type in, in form order. */
export const ENTRY_METRICS = [
  'heart_rate',
  'spo2',
  'blood_pressure',
  'temperature',
  'blood_glucose',
  'weight',
] as const;
export type EntryMetric = (typeof ENTRY_METRICS)[number];
/** Form fields: one per scalar index, two for blood pressure, and the time. */
export type EntryField = Exclude<EntryMetric, 'blood_pressure'> | 'systolic' | 'diastolic' | 'measuredAt';
export type EntryValues = Record<EntryField, string>;
/** An i18n key (under `entry.`) with its parameters: the form translates it, this file stays language-free. */
export type EntryMessage = { key: string; params?: Record<string, string | number> };
export type EntryErrors = Partial<Record<EntryField | '_', EntryMessage>>;

/** Whole numbers only for these (BPM, %, mmHg); the others take decimals. */
const INTEGER_FIELDS: ReadonlySet<EntryField> = new Set(['heart_rate', 'spo2', 'systolic', 'diastolic']);
const INTEGER = /^\d+$/;
// A comma is accepted as decimal separator (Vietnamese and many phone keyboards type one).
const DECIMAL = /^\d+(?:[.,]\d+)?$/;

export const VISIBLE_KEY = 'cw.app.entry.visible';

/** Visible indexes from localStorage's JSON (unknown or broken values → all indexes). */
export function parseVisible(stored: string | null): EntryMetric[] {
  if (stored === null) return [...ENTRY_METRICS];
  try {
    const list: unknown = JSON.parse(stored);
    if (!Array.isArray(list)) return [...ENTRY_METRICS];
    return ENTRY_METRICS.filter((m) => list.includes(m));
  } catch {
    return [...ENTRY_METRICS];
  }
}

/** `YYYY-MM-DDTHH:mm:ss`: the wall clock of `d` in the profile time zone (the form's date and time fields). */
export function localDateTime(d: Date): string {
  return `${zonedDay(d)}T${formatTime(d)}`;
}

/** The form's date and time (wall clock of the profile zone) → the instant, or NaN when either is not valid. */
export function formTimeToInstant(value: string): number {
  const [day, time] = value.split('T');
  const secs = time === undefined ? null : parseTimeInput(time);
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day) || secs === null) return NaN;
  return zonedInstant(day, secs).getTime();
}

export const emptyValues = (now: Date): EntryValues => ({
  heart_rate: '',
  spo2: '',
  systolic: '',
  diastolic: '',
  temperature: '',
  blood_glucose: '',
  weight: '',
  measuredAt: localDateTime(now),
});

/** Parses one typed number; null when empty, an error message when badly formatted. */
function parseField(field: EntryField, raw: string): { value: number | null } | { error: EntryMessage } {
  const s = raw.trim();
  if (s === '') return { value: null };
  if (INTEGER_FIELDS.has(field)) return INTEGER.test(s) ? { value: Number(s) } : { error: { key: 'errors.integer' } };
  return DECIMAL.test(s) ? { value: Number(s.replace(',', '.')) } : { error: { key: 'errors.number' } };
}

const round = (v: number, digits: number) => Number(v.toFixed(digits));

/** The spec's limit message for a metric, with the limits shown in the user's unit. */
export function limitMessage(metric: EntryMetric, prefs: UnitPrefs): EntryMessage {
  if (metric === 'blood_pressure') return { key: 'limits.bpGap' };
  const limit = SCALAR_LIMITS[metric]!;
  const unit = displayUnit(metric, prefs);
  // mg/dL is typed in whole numbers; converted limits keep one decimal (2.2 lb, 86 °F).
  const digits = unit === 'mg/dL' ? 0 : 1;
  const min = round(fromCanonical(metric, limit.min, prefs).value, digits);
  const max = round(fromCanonical(metric, limit.max, prefs).value, digits);
  return { key: `limits.${metric}`, params: { min, max, unit: unit === 'C' || unit === 'F' ? `°${unit}` : unit } };
}

/**
 * A rejection (from `validateReading` here, or the server's `rejected` list, which uses the same rules) → the form
 * field it belongs to and the message to show there.
 */
export function rejectionToField(
  metric: EntryMetric,
  r: { code: string; message: string; field?: string | undefined },
  prefs: UnitPrefs,
): [EntryField | '_', EntryMessage] {
  const main: EntryField = metric === 'blood_pressure' ? 'systolic' : metric;
  if (r.code === 'FUTURE_TIME') return ['measuredAt', { key: 'errors.future' }];
  if (r.field === 'measuredAt') return ['measuredAt', { key: 'errors.date' }];
  if (metric === 'blood_pressure') {
    if (/at least 20/.test(r.message)) return ['systolic', { key: 'limits.bpGap' }];
    if (r.field === 'values.diastolic')
      return ['diastolic', r.code === 'OUT_OF_RANGE' ? { key: 'limits.diastolicMax' } : { key: 'errors.invalid' }];
    if (r.field === 'values.systolic')
      return ['systolic', r.code === 'OUT_OF_RANGE' ? { key: 'limits.systolicMax' } : { key: 'errors.invalid' }];
    return ['systolic', { key: 'errors.invalid' }];
  }
  if (r.code === 'OUT_OF_RANGE') return [main, limitMessage(metric, prefs)];
  return [main, { key: 'errors.invalid' }];
}

export type BuiltEntry = { readings: TReading[]; metrics: EntryMetric[]; errors: EntryErrors };

/**
 * The typed values of the visible indexes → readings in canonical units, checked with the same rules as the server
 * (`validateReading`, manual limits). Errors are per field; `_` holds the form-level "at least one measurement".
 */
export function buildEntry(
  values: EntryValues,
  visible: readonly EntryMetric[],
  prefs: UnitPrefs,
  now: Date,
  opts: { shownTime?: string } = {},
): BuiltEntry {
  const errors: EntryErrors = {};
  const readings: TReading[] = [];
  const metrics: EntryMetric[] = [];
  // The time field left as the form showed it means "now": the reading keeps the very moment it was saved (seconds
  // and all), so a second reading of the same index a moment later is a reading of its own.
  const untouched = opts.shownTime !== undefined && values.measuredAt === opts.shownTime;
  const at = untouched ? now.getTime() : values.measuredAt.trim() === '' ? NaN : formTimeToInstant(values.measuredAt);
  if (!Number.isFinite(at))
    errors.measuredAt = { key: values.measuredAt.trim() === '' ? 'errors.required' : 'errors.date' };
  const measuredAt = Number.isFinite(at) ? new Date(at).toISOString() : '';

  const num = (field: EntryField): number | null | undefined => {
    const p = parseField(field, values[field]);
    if ('error' in p) {
      errors[field] = p.error;
      return undefined;
    }
    return p.value;
  };

  let typed = 0;
  for (const metric of ENTRY_METRICS) {
    if (!visible.includes(metric)) continue;
    let reading: TReading;
    if (metric === 'blood_pressure') {
      const systolic = num('systolic');
      const diastolic = num('diastolic');
      if (systolic === null && diastolic === null) continue;
      typed++;
      if (systolic === undefined || diastolic === undefined) continue;
      if (systolic === null || diastolic === null) {
        errors[systolic === null ? 'systolic' : 'diastolic'] = { key: 'errors.required' };
        continue;
      }
      reading = { metric, measuredAt, values: { systolic, diastolic } };
    } else {
      const typedValue = num(metric);
      if (typedValue === null) continue;
      typed++;
      if (typedValue === undefined) continue;
      // Typed in the user's unit (°F, lb, mg/dL…), stored and checked in the canonical one.
      const value = toCanonical(metric, typedValue, displayUnit(metric, prefs));
      if (value === null) {
        errors[metric] = { key: 'errors.invalid' };
        continue;
      }
      reading = { metric, measuredAt, value };
    }
    if (!measuredAt) continue;
    const result: ValidationResult = validateReading(reading, now, 'manual');
    if (!result.ok) {
      const [field, message] = rejectionToField(metric, result, prefs);
      errors[field] ??= message;
      continue;
    }
    readings.push(reading);
    metrics.push(metric);
  }
  if (typed === 0 && visible.length > 0) errors._ = { key: 'atLeastOne' };
  if (visible.length === 0) errors._ = { key: 'noneShown' };
  return { readings, metrics, errors };
}

export type ThresholdWarning = {
  metric: EntryMetric;
  level: Exclude<TAlertLevel, 'normal'>;
  text: string;
  unit: string;
};

/** Readings over a threshold (same evaluation as the alert engine), with the value as the user typed it. */
export function thresholdWarnings(
  readings: readonly TReading[],
  thresholds: readonly TThreshold[],
  prefs: UnitPrefs,
): ThresholdWarning[] {
  const out: ThresholdWarning[] = [];
  for (const r of readings) {
    const metric = r.metric as EntryMetric;
    const bp = r.metric === 'blood_pressure' && r.values && 'systolic' in r.values ? r.values : null;
    const value = bp ? bp.systolic : (r.value ?? null);
    const value2 = bp ? bp.diastolic : null;
    const e = evaluate({ metric: r.metric, value, value2 }, thresholds, { age: null, sex: null });
    if (!e || e.level === 'normal') continue;
    if (bp) {
      out.push({ metric, level: e.level, text: `${bp.systolic}/${bp.diastolic}`, unit: 'mmHg' });
    } else if (value !== null) {
      const shown = fromCanonical(r.metric, value, prefs);
      out.push({ metric, level: e.level, text: String(round(shown.value, 1)), unit: shown.unit });
    }
  }
  return out;
}
