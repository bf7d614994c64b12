import type { TFunction } from 'i18next';
import type { UnitPrefs } from '@carewatch/clinical/units';
import type { TAlertSummary } from '@carewatch/contracts/alerts';
import { dateText, timeSecondsText } from '../../app/format.ts';
import { valueText } from '../metrics/format.ts';

/** "Heart rate: 150 bpm" — the reading an alert is about, in the user's units; null for the SOS button. */
export function alertReadingText(
  t: TFunction,
  a: Pick<TAlertSummary, 'index' | 'metric' | 'value'>,
  prefs: UnitPrefs,
): string | null {
  if (a.value === null || !a.index || !a.metric) return null;
  return t('alerts.prompt.value', {
    metric: t(`alerts.thresholds.indexes.${a.index}`),
    value: valueText(t, a.metric, a.value, null, prefs),
  });
}

/** When the prompt began (its deadline less the delay to answer), as HH:mm:ss dd/MM/yyyy. */
export function promptStartText(deadline: string, confirmSeconds: number): string {
  const at = new Date(Date.parse(deadline) - confirmSeconds * 1000);
  return `${timeSecondsText(at)} ${dateText(at)}`;
}
