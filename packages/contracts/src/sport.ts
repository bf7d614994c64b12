import { z } from 'zod';
import { ZId, ZIsoDateTime, ZIsoDay } from './common.ts';

/**
 * Sport sessions (patient-app spec §1 sport modes, §3 "Sport session": type, practice time, steps, stride, calories,
 * tempo, speed, height; §5 a sport mode must be picked; §8 too short to save). Stored once per patient, start time and
 * mode: a resent session answers the stored one.
 */
export const SPORT_MODES = [
  'walking',
  'running',
  'treadmill',
  'cycling',
  'indoor_cycling',
  'swimming',
  'hiking',
  'climbing',
  'yoga',
  'other',
] as const;
export const ZSportMode = z.enum(SPORT_MODES, 'Required');
export type TSportMode = z.infer<typeof ZSportMode>;
export const SPORT_SOURCES = ['watch', 'phone'] as const;

export const SPORT_LIMITS = {
  /** A session lasts at most 24 hours. */
  maxDurationSec: 86_400,
  /** Shorter than this is "too short to save" (the app asks whether to continue). */
  minDurationSec: 60,
  maxSteps: 200_000,
  /** 1000 km: an ultra-distance ride in a day. */
  maxDistanceM: 1_000_000,
  maxStrideCm: 300,
  maxCalories: 20_000,
  maxSpeedKmh: 150,
  /** Pace (tempo), seconds per km: at most 10 hours per km. */
  maxPaceSecPerKm: 36_000,
  maxElevationGainM: 20_000,
  minHeartRate: 20,
  maxHeartRate: 250,
  /** Sessions per page (default 20). */
  maxPageSize: 100,
} as const;

const num = (min: number, max: number) =>
  z.number('Must be a number').min(min, `Min value is ${min}`).max(max, `Max value is ${max}`);
const int = (min: number, max: number) =>
  z.number('Must be a number').int('Must be a number').min(min, `Min value is ${min}`).max(max, `Max value is ${max}`);
const L = SPORT_LIMITS;

/** A session as the app or the watch sends it (times are instants; `paceSecPerKm` is the tempo). */
export const ZSportSessionInput = z
  .object({
    mode: ZSportMode,
    startedAt: ZIsoDateTime,
    endedAt: ZIsoDateTime,
    /** Practice time (pauses excluded): at most the time between start and end. */
    durationSec: int(1, L.maxDurationSec),
    steps: int(0, L.maxSteps).optional(),
    distanceM: num(0, L.maxDistanceM).optional(),
    strideCm: num(0, L.maxStrideCm).optional(),
    calories: num(0, L.maxCalories).optional(),
    avgSpeedKmh: num(0, L.maxSpeedKmh).optional(),
    paceSecPerKm: num(0, L.maxPaceSecPerKm).optional(),
    elevationGainM: num(0, L.maxElevationGainM).optional(),
    heartRateAvg: int(L.minHeartRate, L.maxHeartRate).optional(),
    heartRateMax: int(L.minHeartRate, L.maxHeartRate).optional(),
    source: z.enum(SPORT_SOURCES, 'Required'),
    deviceId: z.string().trim().max(64, 'Max length is 64').optional(),
  })
  .superRefine((v, c) => {
    const start = Date.parse(v.startedAt);
    const end = Date.parse(v.endedAt);
    if (end <= start) c.addIssue({ code: 'custom', path: ['endedAt'], message: 'End date must be after start date' });
    else if (end - start > L.maxDurationSec * 1000)
      c.addIssue({ code: 'custom', path: ['endedAt'], message: `Max value is ${L.maxDurationSec}` });
    else if (v.durationSec * 1000 > end - start + 1000)
      c.addIssue({
        code: 'custom',
        path: ['durationSec'],
        message: `Max value is ${Math.round((end - start) / 1000)}`,
      });
    if (v.heartRateAvg !== undefined && v.heartRateMax !== undefined && v.heartRateAvg > v.heartRateMax) {
      c.addIssue({ code: 'custom', path: ['heartRateAvg'], message: `Max value is ${v.heartRateMax}` });
    }
  });
export type TSportSessionInput = z.infer<typeof ZSportSessionInput>;

export const ZSportSession = z.object({
  id: ZId,
  patientId: ZId,
  mode: ZSportMode,
  startedAt: z.string(),
  endedAt: z.string(),
  durationSec: z.number().int(),
  steps: z.number().int().nullable(),
  distanceM: z.number().nullable(),
  strideCm: z.number().nullable(),
  calories: z.number().nullable(),
  avgSpeedKmh: z.number().nullable(),
  paceSecPerKm: z.number().nullable(),
  elevationGainM: z.number().nullable(),
  heartRateAvg: z.number().int().nullable(),
  heartRateMax: z.number().int().nullable(),
  source: z.enum(SPORT_SOURCES),
  deviceId: z.string().nullable(),
  createdAt: z.string(),
});
export type TSportSession = z.infer<typeof ZSportSession>;

/** `from`/`to`: instants bounding the start time ([from, to)); newest first; `cursor`: the previous `nextCursor`. */
export const ZSportSessionQuery = z
  .object({
    from: ZIsoDateTime.optional(),
    to: ZIsoDateTime.optional(),
    mode: ZSportMode.optional(),
    limit: z.coerce
      .number('Must be a number')
      .int('Must be a number')
      .min(1, 'Min value is 1')
      .max(L.maxPageSize, `Max value is ${L.maxPageSize}`)
      .default(20),
    cursor: z
      .string()
      .max(200, 'Max length is 200')
      .regex(/^[A-Za-z0-9_-]+$/, 'Invalid cursor')
      .optional(),
  })
  .superRefine((v, c) => {
    if (v.from && v.to && Date.parse(v.from) > Date.parse(v.to))
      c.addIssue({ code: 'custom', path: ['to'], message: 'End must be on or after the start' });
  });
export type TSportSessionQuery = z.infer<typeof ZSportSessionQuery>;

export const ZSportSessionPage = z.object({
  items: z.array(ZSportSession),
  /** Pass as `cursor` for older sessions; null when there are none. */
  nextCursor: z.string().nullable(),
});
export type TSportSessionPage = z.infer<typeof ZSportSessionPage>;

/** `weekOf`: any day of the week wanted (weeks start on Monday, in the reader's time zone); default this week. */
export const ZSportSummaryQuery = z.object({ weekOf: ZIsoDay.optional() });
export type TSportSummaryQuery = z.infer<typeof ZSportSummaryQuery>;

export const ZSportTotals = z.object({
  sessions: z.number().int(),
  durationSec: z.number().int(),
  distanceM: z.number(),
  steps: z.number().int(),
  calories: z.number(),
});
export type TSportTotals = z.infer<typeof ZSportTotals>;

export const ZSportWeekSummary = z.object({
  timeZone: z.string(),
  /** Monday and Sunday of the week (local days). */
  startDate: z.string(),
  endDate: z.string(),
  /** The instants bounding the week, [from, to). */
  from: z.string(),
  to: z.string(),
  total: ZSportTotals,
  /** One row per mode practised in the week, most time first. */
  modes: z.array(ZSportTotals.extend({ mode: ZSportMode })),
});
export type TSportWeekSummary = z.infer<typeof ZSportWeekSummary>;

/** Keyset cursor of the history: the last session's start instant and id. */
export function encodeSportCursor(startedAt: string, id: string): string {
  return btoa(`${startedAt}|${id}`).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
export function decodeSportCursor(cursor: string): { startedAt: string; id: string } | null {
  try {
    const [startedAt, id, ...rest] = atob(cursor.replace(/-/g, '+').replace(/_/g, '/')).split('|');
    if (!startedAt || !id || rest.length || Number.isNaN(Date.parse(startedAt)) || !ZId.safeParse(id).success)
      return null;
    return { startedAt, id };
  } catch {
    return null;
  }
}
