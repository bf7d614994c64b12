import {
  decodeSportCursor,
  encodeSportCursor,
  SPORT_LIMITS,
  type TSportMode,
  type TSportSession,
  type TSportSessionInput,
  type TSportSessionPage,
  type TSportSessionQuery,
  type TSportSummaryQuery,
  type TSportTotals,
  type TSportWeekSummary,
} from '@carewatch/contracts/sport';
import { addDays, isTimeZone, localDay, localMidnight } from '@carewatch/clinical/reports';
import type { AuthedCtx } from '../../platform/context.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { newId } from '../../platform/ids.ts';
import { requireAppSubject, requireVisiblePatient } from '../patients/patient-access.ts';
import * as repo from './sport.repo.ts';

/** Modes measured by distance: a session that moved less than this was "too short" (spec §8). */
const DISTANCE_MODES: ReadonlySet<TSportMode> = new Set(['walking', 'running', 'cycling', 'hiking', 'swimming']);
const MIN_DISTANCE_M = 10;

function toSession(r: repo.SportSessionRow): TSportSession {
  return {
    id: r.id,
    patientId: r.patient_id,
    mode: r.mode as TSportMode,
    startedAt: r.started_at.toISOString(),
    endedAt: r.ended_at.toISOString(),
    durationSec: r.duration_sec,
    steps: r.steps,
    distanceM: r.distance_m,
    strideCm: r.stride_cm,
    calories: r.calories,
    avgSpeedKmh: r.avg_speed_kmh,
    paceSecPerKm: r.pace_sec_per_km,
    elevationGainM: r.elevation_gain_m,
    heartRateAvg: r.heart_rate_avg,
    heartRateMax: r.heart_rate_max,
    source: r.source as TSportSession['source'],
    deviceId: r.device_id,
    createdAt: r.created_at.toISOString(),
  };
}

/** Who a session is read for: the app's rule (`me`, a sub-user, a followed patient) or staff visibility (a coach's players). */
export type SportReader = 'app' | 'staff';

async function readablePatient(ctx: AuthedCtx, id: string, by: SportReader): Promise<string> {
  return by === 'app' ? (await requireAppSubject(ctx, id)).id : (await requireVisiblePatient(ctx, id)).id;
}

/**
 * Stores a session of the caller's own record (`me`) or of a sub-user they manage; followers only read. Idempotent on
 * (patient, start, mode): a repeat answers the stored session with `created: false`, whatever else it carries.
 */
export async function createSportSession(
  ctx: AuthedCtx,
  subject: string,
  input: TSportSessionInput,
): Promise<{ session: TSportSession; created: boolean }> {
  const p = await requireAppSubject(ctx, subject);
  if (p.relation !== 'self' && p.relation !== 'sub_user') throw new AppError('PERMISSION_DENIED');
  if (input.durationSec < SPORT_LIMITS.minDurationSec)
    throw new AppError('SPORT_SESSION_TOO_SHORT', { field: 'durationSec', min: SPORT_LIMITS.minDurationSec });
  if (input.distanceM !== undefined && input.distanceM < MIN_DISTANCE_M && DISTANCE_MODES.has(input.mode)) {
    throw new AppError('SPORT_SESSION_TOO_SHORT', { field: 'distanceM', min: MIN_DISTANCE_M });
  }
  const T = ctx.auth.tenantId;
  const startedAt = new Date(input.startedAt);
  const inserted = await repo.insertIfAbsent(ctx.db, T, {
    id: newId(),
    patientId: p.id,
    mode: input.mode,
    startedAt,
    endedAt: new Date(input.endedAt),
    durationSec: input.durationSec,
    steps: input.steps ?? null,
    distanceM: input.distanceM ?? null,
    strideCm: input.strideCm ?? null,
    calories: input.calories ?? null,
    avgSpeedKmh: input.avgSpeedKmh ?? null,
    paceSecPerKm: input.paceSecPerKm ?? null,
    elevationGainM: input.elevationGainM ?? null,
    heartRateAvg: input.heartRateAvg ?? null,
    heartRateMax: input.heartRateMax ?? null,
    source: input.source,
    deviceId: input.deviceId || null,
    createdBy: ctx.auth.userId,
    now: ctx.clock.now(),
  });
  if (inserted) {
    await audit(ctx, {
      action: 'sport.create',
      resource: 'patient',
      resourceId: p.id,
      details: { sessionId: inserted.id, mode: input.mode, source: input.source },
    });
    return { session: toSession(inserted), created: true };
  }
  const existing = await repo.findByKey(ctx.db, T, p.id, startedAt, input.mode);
  // Only a concurrent delete of the patient could lose it between the two statements.
  if (!existing) throw new AppError('PATIENT_NOT_FOUND');
  return { session: toSession(existing), created: false };
}

/** A patient's sessions, newest first, keyset-paged. */
export async function listSportSessions(
  ctx: AuthedCtx,
  id: string,
  q: TSportSessionQuery,
  by: SportReader,
): Promise<TSportSessionPage> {
  const patientId = await readablePatient(ctx, id, by);
  let after: { startedAt: Date; id: string } | null = null;
  if (q.cursor) {
    const c = decodeSportCursor(q.cursor);
    if (!c) throw fieldError('VALIDATION_ERROR', 'cursor', 'invalid');
    after = { startedAt: new Date(c.startedAt), id: c.id };
  }
  const rows = await repo.listPage(ctx.db, ctx.auth.tenantId, patientId, {
    from: q.from ? new Date(q.from) : null,
    to: q.to ? new Date(q.to) : null,
    mode: q.mode ?? null,
    after,
    limit: q.limit + 1,
  });
  const items = rows.slice(0, q.limit).map(toSession);
  const last = items[items.length - 1];
  return { items, nextCursor: rows.length > q.limit && last ? encodeSportCursor(last.startedAt, last.id) : null };
}

/** Monday of the week holding `day` (YYYY-MM-DD). */
export function mondayOf(day: string): string {
  const dow = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((dow + 6) % 7));
}

/**
 * Totals of a week (Monday to Sunday) per mode. The week is cut in the reader's profile time zone (as the app's
 * reports): the person reading sees "Monday" as theirs; UTC when the zone is unknown.
 */
export async function sportWeekSummary(
  ctx: AuthedCtx,
  id: string,
  q: TSportSummaryQuery,
  by: SportReader,
): Promise<TSportWeekSummary> {
  const patientId = await readablePatient(ctx, id, by);
  const stored = await repo.userTimeZone(ctx.db, ctx.auth.tenantId, ctx.auth.userId);
  const timeZone = stored && isTimeZone(stored) ? stored : 'UTC';
  const monday = mondayOf(q.weekOf ?? localDay(ctx.clock.now(), timeZone));
  const from = localMidnight(monday, timeZone);
  const to = localMidnight(addDays(monday, 7), timeZone);
  const rows = await repo.totalsByMode(ctx.db, ctx.auth.tenantId, patientId, from, to);
  const total: TSportTotals = { sessions: 0, durationSec: 0, distanceM: 0, steps: 0, calories: 0 };
  const modes = rows.map((r) => {
    const t = {
      mode: r.mode as TSportMode,
      sessions: r.sessions,
      durationSec: Math.round(r.duration_sec),
      distanceM: r.distance_m,
      steps: Math.round(r.steps),
      calories: r.calories,
    };
    total.sessions += t.sessions;
    total.durationSec += t.durationSec;
    total.distanceM += t.distanceM;
    total.steps += t.steps;
    total.calories += t.calories;
    return t;
  });
  return {
    timeZone,
    startDate: monday,
    endDate: addDays(monday, 6),
    from: from.toISOString(),
    to: to.toISOString(),
    total,
    modes,
  };
}
