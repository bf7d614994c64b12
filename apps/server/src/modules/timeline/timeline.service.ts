import {
  TIMELINE_DEFAULT_DAYS,
  TIMELINE_MAX_DAYS,
  timelineTypesOf,
  type TTimelineEvent,
  type TTimelineEventType,
  type TTimelinePage,
  type TTimelineQuery,
} from '@carewatch/contracts/timeline';
import type { AuthedCtx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { requireVisiblePatient } from '../patients/patient-access.ts';
import { statusHistory } from '../patients/patients.service.ts';
import { patientAlertsWithTrail, patientSosCases } from '../alerts/patient-alert-history.service.ts';
import { deviceAssignmentEvents } from '../devices/device-assignments.service.ts';
import { outOfRangeReadings } from '../vitals/out-of-range.service.ts';
import { notesInPeriod } from './notes.service.ts';

/*
 * The patient timeline (issue 20): each source module answers its events of the period (newest first, at most
 * limit + 1, strictly before the cursor); they are merged on (time, id) descending and cut at `limit`, the last one
 * shown becoming the next cursor. Events of one instant are ordered by id, so a cursor never skips nor repeats one.
 */

const DAY_MS = 86_400_000;
type Key = { at: Date; id: string };

export const encodeCursor = (k: { at: string; id: string }): string =>
  Buffer.from(`${Date.parse(k.at)}|${k.id}`, 'utf8').toString('base64url');
export function decodeCursor(cursor: string | undefined): Key | null {
  if (!cursor) return null;
  const [ms, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const at = Number(ms);
  if (!id || !Number.isFinite(at) || !/^\d{1,15}$/.test(ms ?? ''))
    throw new AppError('VALIDATION_ERROR', { field: 'cursor', rule: 'invalid' }, 'cursor: Invalid cursor');
  return { at: new Date(at), id };
}

/** The period of a query: [from, to] with the defaults (the last 30 days up to now). */
export function periodOf(q: Pick<TTimelineQuery, 'from' | 'to'>, now: Date): { from: Date; to: Date } {
  const to = q.to ? new Date(q.to) : now;
  const from = q.from ? new Date(q.from) : new Date(to.getTime() - TIMELINE_DEFAULT_DAYS * DAY_MS);
  if (from.getTime() > to.getTime())
    throw new AppError(
      'VALIDATION_ERROR',
      { field: q.to ? 'to' : 'from', rule: 'after_start' },
      'to: End must be on or after the start',
    );
  if (to.getTime() - from.getTime() > TIMELINE_MAX_DAYS * DAY_MS) {
    throw new AppError(
      'VALIDATION_ERROR',
      { field: 'to', rule: 'max_days' },
      `to: The period is at most ${TIMELINE_MAX_DAYS} days`,
    );
  }
  return { from, to };
}

const compare = (a: { at: string; id: string }, b: { at: string; id: string }): number =>
  Date.parse(b.at) - Date.parse(a.at) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

type Source = (
  ctx: AuthedCtx,
  patientId: string,
  from: Date,
  to: Date,
  before: Key | null,
  n: number,
) => Promise<TTimelineEvent[]>;

const SOURCES: Record<TTimelineEventType, Source> = {
  reading: async (ctx, id, from, to, before, n) =>
    (await outOfRangeReadings(ctx, id, from, to, before, n)).map((r) => ({
      type: 'reading',
      id: r.id,
      at: r.at.toISOString(),
      metric: r.metric,
      value: r.value,
      value2: r.value2,
      unit: r.unit,
      level: r.level,
    })),
  alert: async (ctx, id, from, to, before, n) =>
    (await patientAlertsWithTrail(ctx, id, from, to, before, n)).map((alert) => ({
      type: 'alert',
      id: alert.id,
      at: alert.openedAt,
      alert,
    })),
  sos: async (ctx, id, from, to, before, n) =>
    (await patientSosCases(ctx, id, from, to, before, n)).map(({ openedAt, ...c }) => ({
      type: 'sos',
      id: c.id,
      at: openedAt,
      sosCase: c,
    })),
  status: async (ctx, id, from, to, before) =>
    (await statusHistory(ctx, id)).items
      .filter((h) => {
        const t = Date.parse(h.changedAt);
        return t >= from.getTime() && t <= to.getTime();
      })
      .map((h) => ({
        type: 'status' as const,
        id: h.id,
        at: h.changedAt,
        fromStatus: h.fromStatus,
        toStatus: h.toStatus,
        changedBy: h.changedBy,
        reason: h.reason,
      }))
      .filter((e) => !before || compare(e, { at: before.at.toISOString(), id: before.id }) > 0),
  note: async (ctx, id, from, to, before, n) =>
    (await notesInPeriod(ctx, id, from, to, before, n)).map((note) => ({
      type: 'note',
      id: note.id,
      at: note.createdAt,
      note,
    })),
  device: async (ctx, id, from, to, before, n) =>
    (await deviceAssignmentEvents(ctx, id, from, to, before, n)).map(({ id: eventId, at, ...d }) => ({
      type: 'device',
      id: eventId,
      at,
      ...d,
    })),
};

/** `GET …/patients/{id}/timeline`: the events of the period, newest first, by type; a page of `limit` and the next cursor. */
export async function patientTimeline(ctx: AuthedCtx, patientId: string, q: TTimelineQuery): Promise<TTimelinePage> {
  const p = await requireVisiblePatient(ctx, patientId);
  const { from, to } = periodOf(q, ctx.clock.now());
  const before = decodeCursor(q.cursor);
  const types = timelineTypesOf(q.types);
  const lists = await Promise.all(types.map((t) => SOURCES[t](ctx, p.id, from, to, before, q.limit + 1)));
  const merged = lists.flat().sort(compare);
  const items = merged.slice(0, q.limit);
  const last = items[items.length - 1];
  await audit(ctx, {
    action: 'patient.timeline.read',
    resource: 'patient',
    resourceId: p.id,
    details: { types: types.join(','), events: items.length },
  });
  return {
    items,
    from: from.toISOString(),
    to: to.toISOString(),
    nextCursor: merged.length > q.limit && last ? encodeCursor(last) : null,
  };
}
