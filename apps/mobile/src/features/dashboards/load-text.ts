import type { TFunction } from 'i18next';
import type { TWeekLoad } from '@carewatch/contracts/dashboards';
import { distanceValue, durationParts } from './dashboard-rules.ts';

/** "Sessions: 3 · 2 h 7 min · 15.1 km · 1,050 kcal" in the reader's language and units. */
export function loadText(t: TFunction, load: TWeekLoad, unitSystem: 'metric' | 'imperial', lang: string): string {
  const d = distanceValue(load.distanceM, unitSystem, lang);
  return [
    t('dashboards.load.sessions', { count: load.sessions }),
    t('dashboards.load.duration', durationParts(load.durationSec)),
    t(d.unit === 'mi' ? 'dashboards.load.distanceMi' : 'dashboards.load.distanceKm', { value: d.value }),
    t('dashboards.load.calories', { value: new Intl.NumberFormat(lang).format(Math.round(load.calories)) }),
  ].join(' · ');
}
