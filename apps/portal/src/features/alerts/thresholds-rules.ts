import type {
  TAlertSettings,
  TPatientAlertSettings,
  TPatientThresholds,
  TThresholdIndex,
  TThresholdSide,
  TThresholdTier,
} from '@carewatch/contracts/alerts';

/**
 * The threshold and alert-settings screens' pure rules: a level as typed, the contract's messages as catalogue keys,
 * which rows a save sends (and where their errors go back), and the alert settings form.
 */

export const SIDES = ['low', 'high'] as const;
export type Side = (typeof SIDES)[number];

/** A level input's value: a number, or null when blank or not a number (the tier is then unused). */
export function levelFromInput(v: string | number): number | null {
  const n = typeof v === 'number' ? v : v.trim() === '' ? null : Number(v);
  return n === null || Number.isNaN(n) ? null : n;
}

/** The catalogue key of a defaults table column (lowAtRisk … highSos). */
export const thresholdColumn = (side: Side, tier: TThresholdTier): string =>
  `${side}${tier[0]!.toUpperCase()}${tier.slice(1)}`;

/** `items.0.low.atRisk` (or the server's field name) → `low.atRisk`, the key of the edit dialog's inputs. */
export const levelField = (path: string): string => path.replace(/^items\.\d+\./, '');

/** The contract's threshold messages as catalogue keys (range, order of the tiers, low below high); null for the common ones. */
export function levelMessage(message: string): { key: string; params?: { min: string; max: string } } | null {
  const between = /^Must be between (\S+) and (\S+)$/.exec(message);
  if (between) return { key: 'alertConfig.defaults.between', params: { min: between[1]!, max: between[2]! } };
  if (/^Low .* level must be at or below/.test(message)) return { key: 'alertConfig.defaults.orderLow' };
  if (/^High .* level must be at or above/.test(message)) return { key: 'alertConfig.defaults.orderHigh' };
  if (message === 'Low levels must be below the high levels') return { key: 'alertConfig.defaults.lowBelowHigh' };
  return null;
}

/** "Reset all" does something only when some index is not on its built-in levels. */
export const canResetAll = (items: ReadonlyArray<{ source: string }>): boolean =>
  !items.every((i) => i.source === 'builtin');

type Item = TPatientThresholds['items'][number];
export type ThresholdRow = {
  index: TThresholdIndex;
  low: TThresholdSide;
  high: TThresholdSide;
  locked: boolean;
  patientMayEdit: boolean;
  personalized: boolean;
  source: Item['source'];
};

/** The patient's thresholds as editable rows (copies: editing never touches the cached answer). */
export const toRows = (d: Pick<TPatientThresholds, 'items'>): ThresholdRow[] =>
  d.items.map((i) => ({
    index: i.index,
    low: { ...i.low },
    high: { ...i.high },
    locked: i.locked,
    patientMayEdit: i.patientMayEdit,
    personalized: i.personalized,
    source: i.source,
  }));

const same = (a: ThresholdRow, b: ThresholdRow) =>
  JSON.stringify([a.low, a.high, a.locked, a.patientMayEdit]) ===
  JSON.stringify([b.low, b.high, b.locked, b.patientMayEdit]);

/**
 * What Save sends: the changed rows and those already custom (a custom row stays the patient's own); when nothing
 * is, every row (saving makes them the patient's). A locked row is never patient-editable. `sent` holds each sent
 * item's row position, to show the contract's `items.<k>` errors on their row.
 */
export function thresholdsBody(
  rows: readonly ThresholdRow[],
  original: readonly ThresholdRow[],
): {
  items: Array<Omit<ThresholdRow, 'source'>>;
  sent: number[];
} {
  const changed = rows
    .map((r, i) => ({ r, i }))
    .filter(({ r, i }) => !original[i] || !same(r, original[i]) || r.source === 'custom');
  const chosen = changed.length ? changed : rows.map((r, i) => ({ r, i }));
  return {
    items: chosen.map(({ r }) => ({
      index: r.index,
      low: r.low,
      high: r.high,
      locked: r.locked,
      patientMayEdit: r.locked ? false : r.patientMayEdit,
      personalized: r.personalized,
    })),
    sent: chosen.map(({ i }) => i),
  };
}

/** Errors keyed `items.<k>.<path>` (position in the sent list) → `rows.<row>.<path>`; other keys as they are. */
export function rowErrors<T>(errors: Readonly<Record<string, T>>, sent: readonly number[]): Record<string, T> {
  const out: Record<string, T> = {};
  for (const [field, msg] of Object.entries(errors)) {
    const m = /^items\.(\d+)\.(.*)$/.exec(field);
    out[m ? `rows.${sent[Number(m[1])] ?? 0}.${m[2]}` : field] = msg;
  }
  return out;
}

export type AlertSettingsForm = Omit<TAlertSettings, 'validFrom' | 'validTo'> & {
  allDay: boolean;
  validFrom: string;
  validTo: string;
};
export const ALERT_SWITCHES = ['push', 'sms', 'automaticCall', 'inApp'] as const;
export const ALERT_SETTINGS_FIELDS: readonly string[] = [...ALERT_SWITCHES, 'validFrom', 'validTo', 'confirmSeconds'];

/** The stored settings as the form shows them: no window is "all day". */
export const toSettingsForm = (s: TPatientAlertSettings): AlertSettingsForm => ({
  push: s.push,
  sms: s.sms,
  automaticCall: s.automaticCall,
  inApp: s.inApp,
  confirmSeconds: s.confirmSeconds,
  allDay: s.validFrom === null,
  validFrom: s.validFrom ?? '',
  validTo: s.validTo ?? '',
});

/** The form as PUT alert-settings reads it. An empty time is a missing one, so one time alone is "give both", not "invalid time". */
export const settingsBody = (f: AlertSettingsForm): TAlertSettings => ({
  push: f.push,
  sms: f.sms,
  automaticCall: f.automaticCall,
  inApp: f.inApp,
  confirmSeconds: f.confirmSeconds,
  validFrom: f.allDay ? null : f.validFrom || null,
  validTo: f.allDay ? null : f.validTo || null,
});

/** The valid-time messages' own catalogue keys; null for the common ones. */
export function settingsMessageKey(message: string): string | null {
  if (message.includes('Give both times or neither')) return 'alertConfig.settings.bothTimes';
  if (message.includes('must differ')) return 'alertConfig.settings.timesDiffer';
  if (message.includes('HH:mm') || message === 'Invalid time') return 'alertConfig.settings.invalidTime';
  return null;
}

/** The seconds field as typed: a number, else 0 (the contract then names the minimum). */
export const confirmSecondsFromInput = (v: string | number): number => (typeof v === 'number' ? v : Number(v) || 0);
