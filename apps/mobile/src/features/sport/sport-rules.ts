import { SPORT_LIMITS, type TSportMode, type TSportSessionInput, type TSportTotals } from '@carewatch/contracts/sport';

/**
 * Sport rules of the patient app (issue 21; spec §3 sport session, §4 "too short … asks whether to continue", §8):
 * formulas of stride, speed, tempo (pace) and calories, the too-short rule (the server's, so the app asks before the
 * server refuses), unit conversion (§3 Units: metric km / imperial mi), formatting, and the phone's GPS distance.
 */

export type UnitSystem = 'metric' | 'imperial';

/** Modes measured by distance: moving less than this is too short to save (as `sport.service.ts` on the server). */
export const DISTANCE_MODES: ReadonlySet<TSportMode> = new Set(['walking', 'running', 'cycling', 'hiking', 'swimming']);
export const MIN_DISTANCE_M = 10;
export const MIN_DURATION_SEC = SPORT_LIMITS.minDurationSec;

/** Why a session cannot be saved yet: too short in time, or (a distance mode that measured one) in distance. */
export function tooShort(mode: TSportMode, durationSec: number, distanceM: number | null): 'time' | 'distance' | null {
  if (durationSec < MIN_DURATION_SEC) return 'time';
  if (distanceM !== null && DISTANCE_MODES.has(mode) && distanceM < MIN_DISTANCE_M) return 'distance';
  return null;
}

/** Metabolic equivalents used when the phone records (the watch has its own, in packages/devices/src/sport-sim.ts). */
export const MODE_MET: Readonly<Record<TSportMode, number>> = {
  walking: 3.5,
  running: 9.8,
  treadmill: 9,
  cycling: 7.5,
  indoor_cycling: 7,
  swimming: 6,
  hiking: 6,
  climbing: 8,
  yoga: 2.5,
  other: 4,
};
export const DEFAULT_WEIGHT_KG = 70;

/** kcal = MET × kg × hours (the profile's weight, else 70 kg). */
export function metCalories(mode: TSportMode, weightKg: number | null, durationSec: number): number {
  const kg = weightKg !== null && weightKg > 0 ? weightKg : DEFAULT_WEIGHT_KG;
  return (MODE_MET[mode] * kg * Math.max(0, durationSec)) / 3600;
}

/** Average stride in cm; null without steps or distance. */
export function strideCm(distanceM: number | null, steps: number | null): number | null {
  if (distanceM === null || steps === null || steps < 1 || distanceM <= 0) return null;
  return (distanceM / steps) * 100;
}

/** Average speed in km/h; null without distance or time. */
export function avgSpeedKmh(distanceM: number | null, durationSec: number): number | null {
  if (distanceM === null || distanceM <= 0 || durationSec <= 0) return null;
  return (distanceM / durationSec) * 3.6;
}

/** Tempo: seconds per km; null without a distance. */
export function paceSecPerKm(distanceM: number | null, durationSec: number): number | null {
  if (distanceM === null || distanceM <= 0 || durationSec <= 0) return null;
  return durationSec / (distanceM / 1000);
}

// ---- units and formatting

export const M_PER_MI = 1609.344;
export const M_PER_FT = 0.3048;
export const CM_PER_IN = 2.54;

/** Practice time as HH:mm:ss (spec §9 time format), hours beyond 24 kept. */
export function clockText(totalSec: number): string {
  const s = Math.max(0, Math.floor(totalSec));
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(Math.floor(s / 3600))}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
}

const fmt = (n: number, digits: number, lang: string) =>
  new Intl.NumberFormat(lang, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(n);

export type Measure = { value: string; unit: string };

export function distanceMeasure(m: number, units: UnitSystem, lang: string): Measure {
  return units === 'imperial'
    ? { value: fmt(m / M_PER_MI, 2, lang), unit: 'mi' }
    : { value: fmt(m / 1000, 2, lang), unit: 'km' };
}
export function speedMeasure(kmh: number, units: UnitSystem, lang: string): Measure {
  return units === 'imperial'
    ? { value: fmt((kmh * 1000) / M_PER_MI, 1, lang), unit: 'mph' }
    : { value: fmt(kmh, 1, lang), unit: 'km/h' };
}
/** Tempo as m:ss per km or per mile. */
export function paceMeasure(secPerKm: number, units: UnitSystem): Measure {
  const sec = Math.round(units === 'imperial' ? (secPerKm * M_PER_MI) / 1000 : secPerKm);
  return {
    value: `${Math.floor(sec / 60)}:${String(sec % 60).padStart(2, '0')}`,
    unit: units === 'imperial' ? '/mi' : '/km',
  };
}
export function elevationMeasure(m: number, units: UnitSystem, lang: string): Measure {
  return units === 'imperial'
    ? { value: fmt(m / M_PER_FT, 0, lang), unit: 'ft' }
    : { value: fmt(m, 0, lang), unit: 'm' };
}
export function strideMeasure(cm: number, units: UnitSystem, lang: string): Measure {
  return units === 'imperial'
    ? { value: fmt(cm / CM_PER_IN, 0, lang), unit: 'in' }
    : { value: fmt(cm, 0, lang), unit: 'cm' };
}
export function countText(n: number, lang: string): string {
  return fmt(Math.round(n), 0, lang);
}
export const measureText = (m: Measure): string => `${m.value} ${m.unit}`;

// ---- the session sent to the server

/** What the session screen measured when the user stops (cumulative values; null when the source has none). */
export type RecordedSession = {
  mode: TSportMode;
  source: 'watch' | 'phone';
  startedAt: number;
  endedAt: number;
  durationSec: number;
  steps: number | null;
  distanceM: number | null;
  calories: number | null;
  elevationGainM: number | null;
  heartRateAvg: number | null;
  heartRateMax: number | null;
  deviceId: string | null;
};

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;
const within = (n: number | null, max: number): number | null =>
  n === null || !Number.isFinite(n) ? null : Math.min(max, Math.max(0, n));

/**
 * The request body of a recorded session: derived values (stride, speed, tempo) computed here, everything rounded and
 * kept within the contract's limits; values the source does not have are left out. The start time (whole seconds)
 * and the mode are the server's idempotency key: a resend of this same body is stored once.
 */
export function sessionInput(r: RecordedSession): TSportSessionInput {
  const L = SPORT_LIMITS;
  const startedAt = Math.floor(r.startedAt / 1000) * 1000;
  // A session lasts at most 24 h (the contract): a phone left recording for longer is cut there.
  const endedAt = Math.min(
    startedAt + L.maxDurationSec * 1000,
    Math.max(startedAt + 1000, Math.ceil(r.endedAt / 1000) * 1000),
  );
  const durationSec = Math.max(1, Math.min(Math.round(r.durationSec), (endedAt - startedAt) / 1000, L.maxDurationSec));
  const steps = within(r.steps === null ? null : Math.round(r.steps), L.maxSteps);
  const distanceM = within(r.distanceM === null ? null : round(r.distanceM, 1), L.maxDistanceM);
  const body: TSportSessionInput = {
    mode: r.mode,
    startedAt: new Date(startedAt).toISOString(),
    endedAt: new Date(endedAt).toISOString(),
    durationSec,
    source: r.source,
  };
  if (steps !== null && steps > 0) body.steps = steps;
  if (distanceM !== null) body.distanceM = distanceM;
  const stride = within(strideCm(distanceM, steps), L.maxStrideCm);
  if (stride !== null) body.strideCm = round(stride, 1);
  const calories = within(r.calories === null ? null : round(r.calories, 1), L.maxCalories);
  if (calories !== null) body.calories = calories;
  const speed = within(avgSpeedKmh(distanceM, durationSec), L.maxSpeedKmh);
  if (speed !== null) body.avgSpeedKmh = round(speed, 2);
  const pace = within(paceSecPerKm(distanceM, durationSec), L.maxPaceSecPerKm);
  if (pace !== null) body.paceSecPerKm = Math.round(pace);
  const climb = within(r.elevationGainM === null ? null : round(r.elevationGainM, 1), L.maxElevationGainM);
  if (climb !== null) body.elevationGainM = climb;
  const hr = (n: number | null) =>
    n === null || !Number.isFinite(n) ? null : Math.min(L.maxHeartRate, Math.max(L.minHeartRate, Math.round(n)));
  const hrMax = hr(r.heartRateMax);
  const hrAvg = hr(r.heartRateAvg);
  if (hrMax !== null) body.heartRateMax = hrMax;
  if (hrAvg !== null) body.heartRateAvg = hrMax !== null ? Math.min(hrAvg, hrMax) : hrAvg;
  if (r.deviceId) body.deviceId = r.deviceId.slice(0, 64);
  return body;
}

/** Totals of a list of sessions (what the week's summary counts), for a list read offline or before the summary answers. */
export function totalsOf(
  sessions: ReadonlyArray<{
    durationSec: number;
    distanceM: number | null;
    steps: number | null;
    calories: number | null;
  }>,
): TSportTotals {
  return sessions.reduce<TSportTotals>(
    (t, s) => ({
      sessions: t.sessions + 1,
      durationSec: t.durationSec + s.durationSec,
      distanceM: t.distanceM + (s.distanceM ?? 0),
      steps: t.steps + (s.steps ?? 0),
      calories: t.calories + (s.calories ?? 0),
    }),
    { sessions: 0, durationSec: 0, distanceM: 0, steps: 0, calories: 0 },
  );
}

// ---- weeks (Monday to Sunday, as the summary endpoint)

const dayMs = 86_400_000;
const parseDay = (d: string) => Date.parse(`${d}T00:00:00Z`);
const ymd = (t: number) => new Date(t).toISOString().slice(0, 10);

export function addDays(day: string, n: number): string {
  return ymd(parseDay(day) + n * dayMs);
}
export function mondayOf(day: string): string {
  const dow = new Date(parseDay(day)).getUTCDay();
  return addDays(day, -((dow + 6) % 7));
}
/** Whether the week starting `monday` is the current one or later (no "next week" from there). */
export function isCurrentOrLater(monday: string, today: string): boolean {
  return monday >= mondayOf(today);
}

// ---- the phone's own GPS

export type GeoFix = { lat: number; lon: number; accuracy: number; altitude: number | null; at: number };
export type GeoTrack = {
  last: GeoFix | null;
  distanceM: number;
  elevationGainM: number;
  /** The altitude the gain counts from (moves only past the hysteresis, so GPS noise does not add height). */
  altitudeBase: number | null;
  /** Speed between the last two accepted fixes, km/h. */
  speedKmh: number | null;
};
export const EMPTY_TRACK: GeoTrack = {
  last: null,
  distanceM: 0,
  elevationGainM: 0,
  altitudeBase: null,
  speedKmh: null,
};
/** Fixes less precise than this are ignored. */
export const MAX_ACCURACY_M = 50;
/** Movement below this between fixes is GPS jitter, not distance. */
export const MIN_STEP_M = 3;
export const ALTITUDE_HYSTERESIS_M = 3;

const EARTH_M = 6_371_008.8;
const rad = (d: number) => (d * Math.PI) / 180;

/** Great-circle distance in metres. */
export function haversineM(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The track after one more position: imprecise fixes, jitter and impossible jumps (faster than 150 km/h) are dropped. */
export function addFix(track: GeoTrack, fix: GeoFix): GeoTrack {
  if (!Number.isFinite(fix.lat) || !Number.isFinite(fix.lon) || fix.accuracy > MAX_ACCURACY_M) return track;
  let altitudeBase = track.altitudeBase;
  let elevationGainM = track.elevationGainM;
  if (fix.altitude !== null && Number.isFinite(fix.altitude)) {
    if (altitudeBase === null) altitudeBase = fix.altitude;
    else if (fix.altitude - altitudeBase >= ALTITUDE_HYSTERESIS_M) {
      elevationGainM += fix.altitude - altitudeBase;
      altitudeBase = fix.altitude;
    } else if (altitudeBase - fix.altitude >= ALTITUDE_HYSTERESIS_M) altitudeBase = fix.altitude;
  }
  const last = track.last;
  if (!last) return { ...track, last: fix, altitudeBase, elevationGainM };
  const step = haversineM(last, fix);
  const dt = (fix.at - last.at) / 1000;
  if (step < MIN_STEP_M || dt <= 0) return { ...track, altitudeBase, elevationGainM };
  const speedKmh = (step / dt) * 3.6;
  if (speedKmh > SPORT_LIMITS.maxSpeedKmh) return track;
  return { last: fix, distanceM: track.distanceM + step, elevationGainM, altitudeBase, speedKmh };
}
