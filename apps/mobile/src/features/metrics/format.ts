import type { TFunction } from 'i18next';
import { fromCanonical, type UnitPrefs } from '@carewatch/clinical/units';
import { METRICS, type TMetric } from '@carewatch/contracts/vitals';
import { isTimeZone, localDay, localMidnight } from '@carewatch/clinical/reports';
import { METRIC_ORDER } from '../home/latest.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** Metrics with a page: every index Home can show (its cards link here). */
export const PAGE_METRICS: ReadonlySet<TMetric> = new Set(METRIC_ORDER);

export function pageMetric(param: string | undefined): TMetric | null {
  const m = (METRICS as readonly string[]).includes(param ?? '') ? (param as TMetric) : null;
  return m && PAGE_METRICS.has(m) ? m : null;
}

const DECIMALS: Partial<Record<TMetric, number>> = {
  heart_rate: 0,
  hrv: 0,
  spo2: 0,
  respiratory_rate: 0,
  qtc: 0,
  steps: 0,
  calories: 0,
  blood_pressure: 0,
  uric_acid: 0,
  sleep: 0,
  ecg: 0,
  temperature: 1,
  weight: 1,
  bmi: 1,
  body_composition: 1,
  blood_glucose: 1,
  cholesterol: 2,
};

/** A canonical value as shown in the user's units (number and unit), rounded like Home's cards. */
export function display(
  metric: TMetric,
  canonical: number,
  prefs: UnitPrefs,
): { value: number; unit: string; text: string } {
  const { value, unit } = fromCanonical(metric, canonical, prefs);
  // mg/dL glucose and µmol/L are whole numbers in practice; mmol/L keeps a decimal.
  const digits = (unit === 'mg/dL' && metric !== 'uric_acid') || unit === 'umol/L' ? 0 : (DECIMALS[metric] ?? 1);
  const rounded = Number(value.toFixed(digits));
  return { value: rounded, unit, text: rounded.toFixed(digits) };
}

const UNIT_SYMBOLS: Record<string, string> = { C: '°C', F: '°F', 'kg/m2': 'kg/m²', 'umol/L': 'µmol/L' };
const UNIT_KEYS: Record<string, string> = {
  steps: 'units.steps',
  'breaths/min': 'units.breathsPerMin',
  kcal: 'units.kcal',
};

export function unitText(t: TFunction, unit: string): string {
  const key = UNIT_KEYS[unit];
  return key ? t(key) : (UNIT_SYMBOLS[unit] ?? unit);
}

/** Minutes as "7 h 05 min" (sleep). */
export function minutesText(t: TFunction, minutes: number): string {
  const m = Math.round(minutes);
  return t('metricPages.sleep.asleep', { h: Math.floor(m / 60), m: String(m % 60).padStart(2, '0') });
}

/** One value with its unit, for any metric (blood pressure: "120/80 mmHg"; sleep: hours and minutes). */
export function valueText(
  t: TFunction,
  metric: TMetric,
  value: number | null,
  value2: number | null | undefined,
  prefs: UnitPrefs,
): string {
  if (value === null) return '—';
  if (metric === 'blood_pressure') return `${Math.round(value)}${value2 == null ? '' : `/${Math.round(value2)}`} mmHg`;
  if (metric === 'sleep') return minutesText(t, value);
  if (metric === 'ecg') return t('metricPages.ecg.bpm', { bpm: Math.round(value) });
  const d = display(metric, value, prefs);
  return `${d.text} ${unitText(t, d.unit)}`;
}

/** A YYYY-MM-DD (report day) as dd/MM/yyyy, a YYYY-MM (report month) as MM/yyyy. */
export function dayKeyText(key: string): string {
  const [y, m, d] = key.split('-');
  return d ? `${d}/${m}/${y}` : `${m}/${y}`;
}
/**
 * Today as YYYY-MM-DD in the profile's time zone (the one the server cuts report days in), or on the phone's calendar
 * when there is none.
 */
export function todayKey(timeZone?: string | null, now = new Date()): string {
  if (timeZone && isTimeZone(timeZone)) return localDay(now, timeZone);
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
/** Midnight starting today (same calendar as `todayKey`). */
export function startOfToday(timeZone?: string | null, now = new Date()): Date {
  if (timeZone && isTimeZone(timeZone)) return localMidnight(localDay(now, timeZone), timeZone);
  return new Date(now.getFullYear(), now.getMonth(), now.getDate());
}

/** What the metric pages need from the profile: unit settings and the time zone report days are cut in. */
export type PagePrefs = UnitPrefs & { timezone: string };
