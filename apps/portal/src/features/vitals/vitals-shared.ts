import type { TFunction } from 'i18next';
import { vitalsApi } from '@carewatch/api-client/vitals';
import { patientsApi } from '@carewatch/api-client/patients';
import type { TProfile } from '@carewatch/contracts/account';
import type { TMetric, TVitalsPoint } from '@carewatch/contracts/vitals';
import { displayUnit as clinicalDisplayUnit, fromCanonical } from '@carewatch/clinical/units';
import { api } from '../../app/api.ts';
import {
  addToDay,
  formatDate,
  formatDateTime,
  formatDayMonth,
  formatMonthYear,
  formatTime,
  zonedDay,
  zonedMidnight,
} from '@carewatch/i18n/datetime';

export const vitals = vitalsApi(api.request);
export const patients = patientsApi(api.request);

export const vitalsKeys = {
  all: (patientId: string) => ['vitals', patientId] as const,
  latest: (patientId: string) => ['vitals', patientId, 'latest'] as const,
  series: (patientId: string, q: object) => ['vitals', patientId, 'series', q] as const,
  sleep: (patientId: string, q: object) => ['vitals', patientId, 'sleep', q] as const,
  steps: (patientId: string, q: object) => ['vitals', patientId, 'steps', q] as const,
  ecgList: (patientId: string, q: object) => ['vitals', patientId, 'ecg', q] as const,
  ecgStrip: (patientId: string, measuredAt: string) => ['vitals', patientId, 'ecgStrip', measuredAt] as const,
};

/** The metrics offered by the selector, in display order (sleep, steps and ECG have their own views). */
export const CHART_METRICS = [
  'heart_rate',
  'blood_pressure',
  'spo2',
  'hrv',
  'temperature',
  'blood_glucose',
  'respiratory_rate',
  'weight',
  'bmi',
  'steps',
  'calories',
  'sleep',
  'ecg',
  'qtc',
  'uric_acid',
  'cholesterol',
] as const satisfies readonly TMetric[];
export type ChartMetric = (typeof CHART_METRICS)[number];

// ---------------------------------------------------------------- periods

export const RANGES = ['day', 'week', 'month', 'year'] as const;
export type RangeKind = (typeof RANGES)[number];

/** Midnight at the start of the day of `d`, in the signed-in user's profile time zone (datetime.ts). */
export function startOfDay(d: Date): Date {
  return zonedMidnight(zonedDay(d));
}

/**
 * The period shown: it ends at the end of the anchor's day and spans a day, a week (7 days), a month or a year,
 * so the default (anchor today) always includes today's readings. Days are the profile time zone's.
 */
export function periodOf(kind: RangeKind, anchor: Date): { from: Date; to: Date } {
  const end = addToDay(zonedDay(anchor), { days: 1 });
  const start =
    kind === 'day'
      ? addToDay(end, { days: -1 })
      : kind === 'week'
        ? addToDay(end, { days: -7 })
        : kind === 'month'
          ? addToDay(end, { months: -1 })
          : addToDay(end, { years: -1 });
  return { from: zonedMidnight(start), to: zonedMidnight(end) };
}

/** The anchor one period earlier (-1) or later (+1). */
export function shiftAnchor(kind: RangeKind, anchor: Date, dir: -1 | 1): Date {
  const day = zonedDay(anchor);
  const next =
    kind === 'day'
      ? addToDay(day, { days: dir })
      : kind === 'week'
        ? addToDay(day, { days: 7 * dir })
        : kind === 'month'
          ? addToDay(day, { months: dir })
          : addToDay(day, { years: dir });
  return zonedMidnight(next);
}

/** Buckets asked from the server: enough for a smooth line, few enough to draw fast. */
export const POINTS: Record<RangeKind, number> = { day: 288, week: 336, month: 360, year: 365 };

// Every date and time in the profile time zone, by the one shared formatter (datetime.ts).
export const fmtDate = (d: Date) => formatDate(d);
export const fmtDayMonth = (d: Date) => formatDayMonth(d);
export const fmtTime = (d: Date) => formatTime(d, undefined, { seconds: false });
export const fmtDateTime = (d: Date) => formatDateTime(d);

/** Axis label of a time axis for the period kind. */
export function axisTimeLabel(kind: RangeKind): (value: number) => string {
  return (value) => {
    if (kind === 'day') return formatTime(value, undefined, { seconds: false });
    if (kind === 'year') return formatMonthYear(value);
    return formatDayMonth(value);
  };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
type AxisParam = { axisValue?: number | string; value?: unknown; marker?: string; seriesName?: string };
/**
 * The tooltip of a time chart: the time in the profile zone (ECharts would use the browser's), then each line's value
 * with its unit. Names and values are escaped (the tooltip is HTML).
 */
export function axisTooltip(unit: string): (params: unknown) => string {
  return (params) => {
    const list = (Array.isArray(params) ? params : [params]) as AxisParam[];
    const x = Number(list[0]?.axisValue);
    const rows = list.map((p) => {
      const v = Array.isArray(p.value) ? p.value[1] : p.value;
      return `${p.marker ?? ''}${escapeHtml(String(p.seriesName ?? ''))} <b>${escapeHtml(`${String(v)} ${unit}`)}</b>`;
    });
    return [Number.isFinite(x) ? escapeHtml(formatDateTime(x)) : '', ...rows].join('<br/>');
  };
}

export function periodLabel(kind: RangeKind, period: { from: Date; to: Date }): string {
  const last = new Date(period.to.getTime() - 1);
  return kind === 'day' ? fmtDate(period.from) : `${fmtDate(period.from)} – ${fmtDate(last)}`;
}

// ---------------------------------------------------------------- units

export type UnitPrefs = Pick<TProfile, 'unitSystem' | 'thermalUnit' | 'bloodGlucoseUnit'>;
export const DEFAULT_UNITS: UnitPrefs = { unitSystem: 'metric', thermalUnit: 'C', bloodGlucoseUnit: 'mmol/L' };

/** Display unit of a metric for the user's settings (values are stored in the canonical unit). */
export function displayUnit(metric: TMetric, prefs: UnitPrefs): string {
  return clinicalDisplayUnit(metric, prefs);
}

/** Canonical value → the user's unit (°C→°F, mmol/L→mg/dL, kg→lb...), by `@carewatch/clinical`. */
export function toDisplay(metric: TMetric, value: number, prefs: UnitPrefs): number {
  return fromCanonical(metric, value, prefs).value;
}

const DECIMALS: Partial<Record<TMetric, number>> = {
  temperature: 1,
  blood_glucose: 1,
  weight: 1,
  bmi: 1,
  cholesterol: 2,
  hrv: 0,
  heart_rate: 0,
  spo2: 0,
  uric_acid: 0,
};
export function formatValue(metric: TMetric, value: number, prefs: UnitPrefs): string {
  const { value: v, unit } = fromCanonical(metric, value, prefs);
  const digits =
    unit === 'mg/dL' && metric !== 'uric_acid'
      ? 0
      : unit === 'umol/L' && metric === 'blood_glucose'
        ? 0
        : (DECIMALS[metric] ?? 1);
  const fixed = v.toFixed(digits);
  return metric === 'temperature' ? fixed : String(Number(fixed));
}

const UNIT_SYMBOLS: Record<string, string> = { C: '°C', F: '°F' };
const UNIT_KEYS: Record<string, string> = {
  steps: 'vitals.units.steps',
  'breaths/min': 'vitals.units.breathsPerMin',
  kcal: 'vitals.units.kcal',
  'kg/m2': 'vitals.units.kgPerM2',
};
/** A unit as shown (translated where it is a word: steps, breaths/min). */
export function unitText(t: TFunction, unit: string): string {
  const key = UNIT_KEYS[unit];
  return key ? t(key) : (UNIT_SYMBOLS[unit] ?? unit);
}

export function formatMinutes(t: TFunction, minutes: number): string {
  const m = Math.round(minutes);
  return t('vitals.hoursMinutes', { h: Math.floor(m / 60), m: m % 60 });
}

// ---------------------------------------------------------------- series statistics

export interface SeriesStats {
  min: number;
  avg: number;
  max: number;
  n: number;
}
/** Min / weighted average / max over the buckets (second value for diastolic when `second`). */
export function seriesStats(points: readonly TVitalsPoint[], second = false): SeriesStats | null {
  let min = Infinity;
  let max = -Infinity;
  let sum = 0;
  let n = 0;
  for (const p of points) {
    const avg = second ? p.avg2 : p.avg;
    const lo = second ? p.min2 : p.min;
    const hi = second ? p.max2 : p.max;
    if (avg === null || avg === undefined || p.n === 0) continue;
    min = Math.min(min, lo ?? avg);
    max = Math.max(max, hi ?? avg);
    sum += avg * p.n;
    n += p.n;
  }
  return n === 0 ? null : { min, avg: sum / n, max, n };
}
