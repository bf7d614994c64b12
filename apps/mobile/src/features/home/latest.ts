import { evaluate } from '@carewatch/clinical/thresholds';
import { fromCanonical, type UnitPrefs } from '@carewatch/clinical/units';
import type { TAlertLevel, TThreshold } from '@carewatch/contracts/alerts';
import type { TLatestVitals, TMetric } from '@carewatch/contracts/vitals';

/** Order of the dashboard cards: the vital signs that alert first, then activity, sleep and the rest. */
export const METRIC_ORDER: readonly TMetric[] = [
  'heart_rate',
  'blood_pressure',
  'spo2',
  'temperature',
  'blood_glucose',
  'hrv',
  'respiratory_rate',
  'ecg',
  'qtc',
  'weight',
  'bmi',
  'body_composition',
  'steps',
  'calories',
  'sleep',
  'uric_acid',
  'cholesterol',
];

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
  temperature: 1,
  weight: 1,
  bmi: 1,
  body_composition: 1,
  blood_glucose: 1,
  cholesterol: 2,
};

export type DashboardItem = {
  metric: TMetric;
  measuredAt: string;
  /** The number(s) as shown in the user's units ("120/80" for blood pressure); null for an ECG strip without a rate. */
  text: string | null;
  /** Display unit (canonical symbol: 'C', 'F', 'kg', 'lb', 'mmHg', 'steps', 'min'…). */
  unit: string;
  /** Alert level against the patient's thresholds; null for metrics that raise no alert. */
  level: TAlertLevel | null;
};

function format(metric: TMetric, canonical: number, prefs: UnitPrefs): { text: string; unit: string } {
  const { value, unit } = fromCanonical(metric, canonical, prefs);
  // mg/dL glucose and µmol/L are whole numbers in practice; mmol/L keeps a decimal.
  const digits = (unit === 'mg/dL' && metric !== 'uric_acid') || unit === 'umol/L' ? 0 : (DECIMALS[metric] ?? 1);
  const fixed = value.toFixed(digits);
  return { text: metric === 'temperature' ? fixed : String(Number(fixed)), unit };
}

/**
 * The dashboard: the latest reading of every metric, in the user's units, with its level computed by the same rules as
 * the server's alert engine (`@carewatch/clinical/thresholds`). Thresholds come already personalised by the server.
 */
export function dashboardItems(
  latest: TLatestVitals['items'],
  thresholds: readonly TThreshold[],
  prefs: UnitPrefs,
): DashboardItem[] {
  const rank = new Map(METRIC_ORDER.map((m, i) => [m, i]));
  return [...latest]
    .sort((a, b) => (rank.get(a.metric) ?? 99) - (rank.get(b.metric) ?? 99))
    .map((r) => {
      const evaluation = evaluate({ metric: r.metric, value: r.value, value2: r.value2 }, thresholds, {
        age: null,
        sex: null,
      });
      const level = evaluation?.level ?? null;
      if (r.value === null) return { metric: r.metric, measuredAt: r.measuredAt, text: null, unit: r.unit, level };
      if (r.metric === 'blood_pressure') {
        const text = r.value2 === null ? String(Math.round(r.value)) : `${Math.round(r.value)}/${Math.round(r.value2)}`;
        return { metric: r.metric, measuredAt: r.measuredAt, text, unit: 'mmHg', level };
      }
      // An ECG strip's value is the heart rate measured over the strip (the samples are in mV).
      if (r.metric === 'ecg')
        return { metric: r.metric, measuredAt: r.measuredAt, text: String(Math.round(r.value)), unit: 'bpm', level };
      const f = format(r.metric, r.value, prefs);
      return { metric: r.metric, measuredAt: r.measuredAt, text: f.text, unit: f.unit, level };
    });
}

const STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Infinity],
];

/** "5 minutes ago", "yesterday", "3 days ago"… in the interface language (Intl, so every language is covered). */
export function timeAgo(iso: string, now: Date, lang: string): string {
  let diff = Math.round((new Date(iso).getTime() - now.getTime()) / 1000);
  // A reading a few seconds "in the future" (clock skew) reads as now.
  if (diff > 0) diff = 0;
  const rtf = new Intl.RelativeTimeFormat(lang, { numeric: 'auto' });
  for (const [unit, size] of STEPS) {
    if (Math.abs(diff) < size) return rtf.format(unit === 'second' && diff > -45 ? 0 : diff, unit);
    diff = Math.round(diff / size);
  }
  return rtf.format(diff, 'year');
}
