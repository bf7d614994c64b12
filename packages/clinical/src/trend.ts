import type { TThresholdIndex } from '@carewatch/contracts/alerts';

export type Trend = 'up' | 'down' | 'flat';

/**
 * Change of a vital sign below which two readings count as the same (measurement noise of a wrist device or a home
 * meter, canonical units): a trend arrow should not flicker on a 1 bpm difference.
 */
export const TREND_FLAT_BAND: Record<TThresholdIndex, number> = {
  heart_rate: 3,
  hrv: 3,
  systolic: 3,
  diastolic: 3,
  spo2: 1,
  temperature: 0.2,
  blood_glucose: 0.3,
  respiratory_rate: 1,
  qtc: 10,
  weight: 0.3,
};

/** How many readings the trend looks at (the newest one and up to three before it). */
export const TREND_READINGS = 4;

/**
 * Trend of the last readings of one index, oldest first: the newest value against the mean of the (up to three)
 * readings before it. Within the index's flat band it is `flat`; above `up`, below `down`. Fewer than two readings: null.
 */
export function trendOf(index: TThresholdIndex, values: readonly number[]): Trend | null {
  const usable = values.filter((v) => Number.isFinite(v)).slice(-TREND_READINGS);
  if (usable.length < 2) return null;
  const newest = usable[usable.length - 1]!;
  const before = usable.slice(0, -1);
  const mean = before.reduce((s, v) => s + v, 0) / before.length;
  const delta = newest - mean;
  const band = TREND_FLAT_BAND[index];
  // A small epsilon so that a difference exactly equal to the band (after float rounding) stays flat.
  if (Math.abs(delta) <= band + 1e-9) return 'flat';
  return delta > 0 ? 'up' : 'down';
}
