import { personName } from '@carewatch/contracts/names';
import {
  TICKET_STATUSES,
  TICKET_TYPES,
  canTransition,
  isFinalTicketStatus,
  type TCreateTicketRequest,
  type TTicket,
  type TTicketActivityRequest,
  type TTicketDetail,
  type TTicketListQuery,
  type TTicketPage,
  type TTicketStats,
  type TTicketStatsQuery,
  type TTicketStatus,
  type TTicketTransitionRequest,
  type TTicketType,
} from '@carewatch/contracts/tickets';
import type { AuthedCtx } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { newId } from '../../platform/ids.ts';
import { patientVisibility, requireVisiblePatient } from '../patients/patient-access.ts';
import * as repo from './tickets.repo.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const name = (first: string | null, last: string | null, lang: string) =>
  personName({ firstName: first, lastName: last }, lang) || null;
const secondsBetween = (a: Date, b: Date | null) =>
  b ? Math.max(0, Math.round((b.getTime() - a.getTime()) / 1000)) : null;
export const ticketCode = (seq: number | string) => `T-${String(seq).padStart(6, '0')}`;

function toTicket(r: repo.TicketRow, lang: string): TTicket {
  return {
    id: r.id,
    code: ticketCode(r.seq),
    type: r.type as TTicketType,
    status: r.status as TTicketStatus,
    patientId: r.patient_id,
    patientName: r.patient_id ? name(r.patient_first, r.patient_last, lang) : null,
    patientCode: r.patient_code,
    sosCaseId: r.sos_case_id,
    alertId: r.alert_id,
    callerName: r.caller_name,
    callerPhone: r.caller_phone,
    description: r.description,
    cancelReason: r.cancel_reason,
    createdBy: r.created_by,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
    confirmedAt: iso(r.confirmed_at),
    completedAt: iso(r.completed_at),
    closedAt: iso(r.closed_at),
    kpi: {
      secondsToConfirm: secondsBetween(r.created_at, r.confirmed_at),
      secondsToComplete: secondsBetween(r.created_at, r.completed_at),
    },
  };
}

/**
 * Seam for the alerts module: opens the ticket of an SOS case (`sos_call` for the app's SOS button, `sos_indicator`
 * for a reading at SOS level). Idempotent per (SOS case, type): a second call returns the first ticket's id, so an
 * at-least-once caller may retry. Runs inside the caller's transaction when given one.
 */
export async function openTicketForSos(
  db: Db,
  tenantId: string,
  t: { type: 'sos_call' | 'sos_indicator'; patientId: string; sosCaseId: string; alertId: string | null; now: Date },
): Promise<string> {
  const existing = await repo.findBySosCase(db, tenantId, t.sosCaseId, t.type);
  if (existing) return existing;
  const seq = await repo.nextSeq(db, tenantId);
  const id = newId(t.now.getTime());
  const inserted = await repo.insertTicket(db, tenantId, {
    id,
    seq,
    type: t.type,
    patientId: t.patientId,
    sosCaseId: t.sosCaseId,
    alertId: t.alertId,
    callerName: null,
    callerPhone: null,
    description: null,
    createdBy: null,
    now: t.now,
  });
  if (!inserted) return (await repo.findBySosCase(db, tenantId, t.sosCaseId, t.type))!;
  await repo.insertActivity(db, tenantId, {
    id: newId(t.now.getTime()),
    ticketId: id,
    kind: 'created',
    from: null,
    to: 'new',
    note: null,
    actorId: null,
    now: t.now,
  });
  return id;
}

/**
 * Seam for the alerts module: the SOS case of this ticket was closed, so the ticket ends with it, in the caller's
 * transaction — canceled for a false alarm, success otherwise — with the outcome and note on its activity trail.
 * A ticket already final is left as it is.
 */
export async function closeTicketForSos(
  db: Db,
  tenantId: string,
  ticketId: string,
  c: { outcome: string; note: string | null; actorId: string | null; now: Date },
): Promise<void> {
  const from = (await repo.lockStatus(db, tenantId, ticketId)) as TTicketStatus | null;
  if (!from || isFinalTicketStatus(from)) return;
  const to: TTicketStatus = c.outcome === 'false_alarm' ? 'canceled' : 'success';
  // The staff member's note as written; the outcome itself is on the case (translated where it is shown).
  const note = c.note ?? null;
  await repo.updateStatus(db, tenantId, ticketId, from, to, to === 'canceled' ? (note ?? c.outcome) : null, c.now);
  await repo.insertActivity(db, tenantId, {
    id: newId(c.now.getTime()),
    ticketId,
    kind: 'status',
    from,
    to,
    note,
    actorId: c.actorId,
    now: c.now,
  });
}

async function requireTicket(ctx: AuthedCtx, id: string, lock = false): Promise<repo.TicketRow> {
  const row = await repo.findTicket(ctx.db, ctx.auth.tenantId, patientVisibility(ctx.auth), id, lock);
  if (!row) throw new AppError('TICKET_NOT_FOUND');
  return row;
}

const dayStart = (d: string) => new Date(`${d}T00:00:00.000Z`);
const dayAfter = (d: string) => new Date(dayStart(d).getTime() + 86_400_000);
function range(from: string | undefined, to: string | undefined): { from?: Date; to?: Date } {
  if (from && to && from > to)
    throw new AppError('VALIDATION_ERROR', { field: 'to', rule: 'after_from' }, 'to: must be on or after from');
  return { from: from ? dayStart(from) : undefined, to: to ? dayAfter(to) : undefined };
}

export async function listTickets(ctx: AuthedCtx, q: TTicketListQuery): Promise<TTicketPage> {
  const r = range(q.from, q.to);
  const { rows, total } = await repo.listTickets(
    ctx.db,
    ctx.auth.tenantId,
    patientVisibility(ctx.auth),
    {
      type: q.type,
      status: q.status,
      patientId: q.patientId,
      sosCaseId: q.sosCaseId,
      open: q.open === undefined ? undefined : q.open === 'true',
      ...r,
    },
    q.page,
    q.size,
  );
  await audit(ctx, { action: 'ticket.list', resource: 'ticket', details: { count: rows.length } });
  return { items: rows.map((r) => toTicket(r, ctx.auth.language)), total, page: q.page, size: q.size };
}

export async function ticketDetail(ctx: AuthedCtx, id: string): Promise<TTicketDetail> {
  const row = await requireTicket(ctx, id);
  const acts = await repo.listActivities(ctx.db, ctx.auth.tenantId, id);
  await audit(ctx, { action: 'ticket.view', resource: 'ticket', resourceId: id });
  return {
    ...toTicket(row, ctx.auth.language),
    activities: acts.map((a) => ({
      id: a.id,
      kind: a.kind as TTicketDetail['activities'][number]['kind'],
      fromStatus: a.from_status as TTicketStatus | null,
      toStatus: a.to_status as TTicketStatus | null,
      note: a.note,
      actorId: a.actor_id,
      actorName: name(a.actor_first, a.actor_last, ctx.auth.language),
      at: a.created_at.toISOString(),
    })),
  };
}

/** A hotline ticket, created by customer care while on the phone. */
export async function createHotlineTicket(ctx: AuthedCtx, body: TCreateTicketRequest): Promise<TTicketDetail> {
  if (body.patientId) {
    try {
      await requireVisiblePatient(ctx, body.patientId);
    } catch (e) {
      if (e instanceof AppError && e.code === 'PATIENT_NOT_FOUND')
        throw new AppError('PATIENT_NOT_FOUND', { field: 'patientId' });
      throw e;
    }
  }
  const now = ctx.clock.now();
  const id = newId(now.getTime());
  await ctx.db.tx(async (db) => {
    const seq = await repo.nextSeq(db, ctx.auth.tenantId);
    await repo.insertTicket(db, ctx.auth.tenantId, {
      id,
      seq,
      type: 'hotline',
      patientId: body.patientId ?? null,
      sosCaseId: null,
      alertId: null,
      callerName: body.callerName,
      callerPhone: body.callerPhone ?? null,
      description: body.description,
      createdBy: ctx.auth.userId,
      now,
    });
    await repo.insertActivity(db, ctx.auth.tenantId, {
      id: newId(now.getTime()),
      ticketId: id,
      kind: 'created',
      from: null,
      to: 'new',
      note: null,
      actorId: ctx.auth.userId,
      now,
    });
  });
  await audit(ctx, { action: 'ticket.create', resource: 'ticket', resourceId: id, details: { type: 'hotline' } });
  return ticketDetail(ctx, id);
}

/** Moves a ticket along new → confirm → processing → complete → success (or canceled, with a reason). */
export async function transitionTicket(
  ctx: AuthedCtx,
  id: string,
  body: TTicketTransitionRequest,
): Promise<TTicketDetail> {
  const now = ctx.clock.now();
  await ctx.db.tx(async (db) => {
    const row = await repo.findTicket(db, ctx.auth.tenantId, patientVisibility(ctx.auth), id, true);
    if (!row) throw new AppError('TICKET_NOT_FOUND');
    const from = row.status as TTicketStatus;
    if (!canTransition(from, body.to))
      throw new AppError('TICKET_TRANSITION_INVALID', { field: 'to', rule: `${from}->${body.to}` });
    // An SOS ticket ends with its case (closed there, with an outcome and a note), so the two never disagree.
    if (
      row.sos_case_id &&
      isFinalTicketStatus(body.to) &&
      (await repo.sosCaseOpen(db, ctx.auth.tenantId, row.sos_case_id))
    ) {
      throw new AppError(
        'TICKET_TRANSITION_INVALID',
        { field: 'to', rule: 'close_the_sos_case' },
        'to: an SOS ticket is closed by closing its SOS case',
      );
    }
    const ok = await repo.updateStatus(
      db,
      ctx.auth.tenantId,
      id,
      from,
      body.to,
      body.to === 'canceled' ? (body.reason ?? null) : null,
      now,
    );
    if (!ok) throw new AppError('TICKET_TRANSITION_INVALID', { field: 'to', rule: 'concurrent_change' });
    await repo.insertActivity(db, ctx.auth.tenantId, {
      id: newId(now.getTime()),
      ticketId: id,
      kind: 'status',
      from,
      to: body.to,
      note: body.to === 'canceled' ? (body.reason ?? null) : (body.note ?? null),
      actorId: ctx.auth.userId,
      now,
    });
  });
  await audit(ctx, { action: 'ticket.transition', resource: 'ticket', resourceId: id, details: { to: body.to } });
  return ticketDetail(ctx, id);
}

export async function addTicketActivity(
  ctx: AuthedCtx,
  id: string,
  body: TTicketActivityRequest,
): Promise<TTicketDetail> {
  const row = await requireTicket(ctx, id);
  if (row.status === 'success' || row.status === 'canceled')
    throw new AppError('TICKET_TRANSITION_INVALID', { field: 'kind', rule: 'ticket_closed' });
  const now = ctx.clock.now();
  await ctx.db.tx(async (db) => {
    await repo.insertActivity(db, ctx.auth.tenantId, {
      id: newId(now.getTime()),
      ticketId: id,
      kind: body.kind,
      from: null,
      to: null,
      note: body.note,
      actorId: ctx.auth.userId,
      now,
    });
    await repo.touch(db, ctx.auth.tenantId, id, now);
  });
  await audit(ctx, { action: 'ticket.activity', resource: 'ticket', resourceId: id, details: { kind: body.kind } });
  return ticketDetail(ctx, id);
}

export async function ticketStatistics(ctx: AuthedCtx, q: TTicketStatsQuery): Promise<TTicketStats> {
  const r = range(q.from, q.to);
  const rows = await repo.stats(ctx.db, ctx.auth.tenantId, patientVisibility(ctx.auth), r.from, r.to);
  const byType = Object.fromEntries(TICKET_TYPES.map((k) => [k, 0])) as Record<TTicketType, number>;
  const byStatus = Object.fromEntries(TICKET_STATUSES.map((k) => [k, 0])) as Record<TTicketStatus, number>;
  let total = 0;
  let cS = 0;
  let cN = 0;
  let pS = 0;
  let pN = 0;
  for (const x of rows) {
    const n = Number(x.n);
    total += n;
    byType[x.type as TTicketType] += n;
    byStatus[x.status as TTicketStatus] += n;
    cS += x.confirm_s ?? 0;
    cN += Number(x.confirmed);
    pS += x.complete_s ?? 0;
    pN += Number(x.completed);
  }
  return {
    from: q.from ?? null,
    to: q.to ?? null,
    total,
    byType,
    byStatus,
    avgSecondsToConfirm: cN ? Math.round(cS / cN) : null,
    avgSecondsToComplete: pN ? Math.round(pS / pN) : null,
  };
}
