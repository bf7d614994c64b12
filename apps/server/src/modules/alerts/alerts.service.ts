import { personName } from '@carewatch/contracts/names';
import type {
  TAckRequest,
  TAlert,
  TAlertListQuery,
  TAlertPage,
  TAlertTrailEntry,
  TCloseSosCaseRequest,
  THighRiskResponse,
  TLocation,
  TMyAlertPage,
  TSnoozeRequest,
  TSosCase,
  TSosCaseDetail,
  TSosCaseListQuery,
  TSosCasePage,
  TSosMessage,
  TSosRequest,
  TSosResult,
  TSosTimelineItem,
} from '@carewatch/contracts/alerts';
import { step, type RejectReason } from '@carewatch/clinical/escalation';
import type { AuthedCtx } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import type { ErrorCode } from '@carewatch/contracts/errors';
import { ownPatient, patientVisibility, requireVisiblePatient } from '../patients/patient-access.ts';
import { followerCanSee } from '../contacts/contacts.service.ts';
import * as repo from './alerts.repo.ts';
import { requireOwnRecording } from './sos-recording.service.ts';
import { closeTicketForSos } from '../tickets/tickets.service.ts';
import { userNamesOf } from '../users/users.service.ts';
import { buildSosTimeline } from './sos-timeline.ts';
import { withProviderAnswers } from './trail-answers.ts';
import { emitAlertWebhooks } from '../webhooks/webhooks.outbox.ts';
import {
  AlertTx,
  existingRecord,
  feedEvent,
  newAlertRecord,
  patientRef,
  stateOf,
  toSummary,
  withPatientTx,
} from './alerts.engine.ts';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

const REJECTED: Record<RejectReason, ErrorCode> = {
  CLOSED: 'ALERT_CLOSED',
  NO_ALERT: 'ALERT_NOT_FOUND',
  SUB_PROFILE: 'SOS_SUB_PROFILE',
  NO_PENDING_PROMPT: 'ALERT_NO_PENDING_PROMPT',
  ONLY_AT_RISK: 'ALERT_ONLY_AT_RISK',
  STALE_TIMER: 'ALERT_NO_PENDING_PROMPT',
  INVALID_EVENT: 'VALIDATION_ERROR',
};

async function trailOf(ctx: AuthedCtx, alertId: string): Promise<TAlertTrailEntry[]> {
  const [rows, answers] = await Promise.all([
    repo.trailOf(ctx.db, ctx.auth.tenantId, alertId),
    repo.deliveryAnswers(ctx.db, ctx.auth.tenantId, alertId).catch(() => []),
  ]);
  // Provider answers of the outbox (by channel and recipient), shown on the matching notification step.
  return withProviderAnswers(
    rows.map((r) => r.entry as TAlertTrailEntry),
    answers,
  );
}

async function alertView(ctx: AuthedCtx, id: string): Promise<TAlert> {
  const row = await repo.alertWithPatient(ctx.db, ctx.auth.tenantId, id);
  if (!row) throw new AppError('ALERT_NOT_FOUND');
  return { ...summaryOf(row, ctx.auth.language), trail: await trailOf(ctx, id) };
}
const summaryOf = (r: repo.AlertListRow, lang: string) =>
  toSummary(r, {
    name: personName({ firstName: r.first_name, lastName: r.last_name }, lang),
    code: r.patient_code,
    firstName: r.first_name,
    lastName: r.last_name,
  });

/** An alert of a patient the caller may see, or ALERT_NOT_FOUND (another tenant's, an invisible patient's, missing). */
async function visibleAlert(ctx: AuthedCtx, id: string): Promise<repo.AlertRow> {
  const row = await repo.findAlert(ctx.db, ctx.auth.tenantId, id);
  if (!row) throw new AppError('ALERT_NOT_FOUND');
  try {
    await requireVisiblePatient(ctx, row.patient_id);
  } catch {
    throw new AppError('ALERT_NOT_FOUND');
  }
  return row;
}

// ---------------------------------------------------------------- staff

export async function listAlerts(ctx: AuthedCtx, q: TAlertListQuery): Promise<TAlertPage> {
  const { rows, total } = await repo.listAlerts(
    ctx.db,
    ctx.auth.tenantId,
    patientVisibility(ctx.auth),
    q,
    q.page,
    q.size,
  );
  return { items: rows.map((r) => summaryOf(r, ctx.auth.language)), total, page: q.page, size: q.size };
}

/**
 * One patient's alerts, open first then newest first, without a visibility check: for the app, where access to the
 * patient was decided first (self, sub-user or consented follower).
 */
export function patientAlertRows(
  db: Db,
  tenantId: string,
  patientId: string,
  page: number,
  size: number,
): Promise<{ rows: repo.AlertListRow[]; total: number }> {
  return repo.listAlerts(db, tenantId, { kind: 'tenant' }, { patientId }, page, size);
}

export async function getAlert(ctx: AuthedCtx, id: string): Promise<TAlert> {
  const row = await visibleAlert(ctx, id);
  await audit(ctx, { action: 'alert.view', resource: 'patient', resourceId: row.patient_id, details: { alertId: id } });
  return alertView(ctx, id);
}

function rejected(t: { rejected: RejectReason | null }): void {
  if (t.rejected) throw new AppError(REJECTED[t.rejected]);
}

/** A staff acknowledgement: the alert does not re-fire at its level until the acknowledgement times out. */
export async function ackAlert(ctx: AuthedCtx, id: string, input: TAckRequest): Promise<TAlert> {
  const row = await visibleAlert(ctx, id);
  const by = ctx.auth.userId;
  const res = await feedEvent(
    ctx,
    ctx.auth.tenantId,
    id,
    row.patient_id,
    () => ({ type: 'ack', at: ctx.clock.now().getTime(), by }),
    (rec, tx, t) => {
      if (t.state.phase === 'acknowledged' && stateOf(rec.row).phase !== 'acknowledged') {
        rec.row.acknowledged_at = tx.now;
        rec.row.acknowledged_by = by;
        tx.note(rec, { kind: 'acknowledgement', level: t.state.level, actorId: by, detail: input.note ?? null });
      }
    },
  );
  if (!res) throw new AppError('ALERT_NOT_FOUND');
  rejected(res.t);
  await audit(ctx, { action: 'alert.ack', resource: 'patient', resourceId: row.patient_id, details: { alertId: id } });
  return alertView(ctx, id);
}

/** Snoozes an at-risk alert for the caller (a follower or a staff user who may see the patient). */
export async function snoozeAlert(ctx: AuthedCtx, id: string, input: TSnoozeRequest): Promise<TAlert> {
  const row = await repo.findAlert(ctx.db, ctx.auth.tenantId, id);
  if (!row) throw new AppError('ALERT_NOT_FOUND');
  const follower = await followerCanSee(ctx.db, ctx.auth.tenantId, ctx.auth.userId, row.patient_id);
  if (!follower) await visibleAlert(ctx, id);
  const by = ctx.auth.userId;
  const now = ctx.clock.now().getTime();
  const until = now + input.minutes * 60_000;
  const res = await feedEvent(
    ctx,
    ctx.auth.tenantId,
    id,
    row.patient_id,
    () => ({ type: 'snooze', at: now, by, until }),
    (rec, tx) => {
      tx.note(rec, { kind: 'snooze', actorId: by, detail: `until ${new Date(until).toISOString()}` });
    },
  );
  if (!res) throw new AppError('ALERT_NOT_FOUND');
  rejected(res.t);
  await audit(ctx, {
    action: 'alert.snooze',
    resource: 'patient',
    resourceId: row.patient_id,
    details: { alertId: id, minutes: input.minutes },
  });
  return alertView(ctx, id);
}

// ---------------------------------------------------------------- patient app

async function requireOwn(ctx: AuthedCtx) {
  const own = await ownPatient(ctx);
  if (!own) throw new AppError('NOT_A_PATIENT');
  return own;
}

export async function myAlerts(ctx: AuthedCtx, q: { page: number; size: number }): Promise<TMyAlertPage> {
  await requireOwn(ctx);
  const { rows, total } = await repo.listAlerts(
    ctx.db,
    ctx.auth.tenantId,
    patientVisibility(ctx.auth),
    {},
    q.page,
    q.size,
  );
  return {
    items: rows.map((r) => {
      // Only while the answer is awaited: once the followers were texted (escalated), answered or closed, the prompt is
      // history — it never blocks the app again.
      const st = stateOf(r);
      const waiting = st.phase === 'high_risk_waiting' && st.confirmDeadline !== null;
      return {
        ...summaryOf(r, ctx.auth.language),
        pendingPrompt: waiting,
        promptDeadline: waiting ? new Date(st.confirmDeadline!).toISOString() : null,
      };
    }),
    total,
    page: q.page,
    size: q.size,
  };
}

/** "I am fine" (no SMS, high-risk paused until normal) or "Send SOS to followers" (called at once). */
export async function respondToAlert(ctx: AuthedCtx, id: string, response: THighRiskResponse): Promise<TAlert> {
  const own = await requireOwn(ctx);
  const row = await repo.findAlert(ctx.db, ctx.auth.tenantId, id);
  if (!row || row.patient_id !== own.id) throw new AppError('ALERT_NOT_FOUND');
  const at = ctx.clock.now().getTime();
  const res = await feedEvent(
    ctx,
    ctx.auth.tenantId,
    id,
    own.id,
    () => (response === 'i_am_fine' ? { type: 'i_am_fine', at } : { type: 'send_sos', at }),
    (rec, tx) => {
      tx.note(rec, { kind: 'patient_response', actorId: ctx.auth.userId, detail: response });
    },
  );
  if (!res) throw new AppError('ALERT_NOT_FOUND');
  rejected(res.t);
  await audit(ctx, { action: `alert.${response}`, resource: 'patient', resourceId: own.id, details: { alertId: id } });
  return alertView(ctx, id);
}

/** The SOS button (after the app's countdown): main user only; calls followers and opens an SOS case. */
export async function sendSos(ctx: AuthedCtx, input: TSosRequest): Promise<TSosResult> {
  const own = await requireOwn(ctx);
  const isMainUser = input.profileId === undefined || input.profileId === own.id;
  if (!isMainUser) throw new AppError('SOS_SUB_PROFILE', { field: 'profileId' });
  const now = ctx.clock.now();
  const message: TSosMessage = input.message;
  if (message.kind === 'recording') await requireOwnRecording(ctx, own.id, message.recordingId);
  const location: TLocation | null = input.location ?? null;
  const pressedAt = plausiblePressTime(input.pressedAt, now);
  const out = await withPatientTx(ctx, ctx.auth.tenantId, own.id, async (db) => {
    const p = await patientRef(db, ctx.auth.tenantId, own.id);
    if (!p) throw new AppError('NOT_A_PATIENT');
    // A resend of a press already handled (queued offline, or its answer was lost): the same answer, nobody called twice.
    if (input.clientId) {
      const seen = await repo.findSosRequest(db, ctx.auth.tenantId, input.clientId);
      if (seen) {
        if (seen.patient_id !== own.id)
          throw new AppError('VALIDATION_ERROR', { field: 'clientId', rule: 'unique' }, 'clientId: already used');
        return { alertId: seen.alert_id, sosCaseId: seen.sos_case_id, repeated: true };
      }
    }
    // One open SOS-button alert per patient: pressing again calls the followers again (a new round).
    const existing = (await repo.openAlerts(db, ctx.auth.tenantId, own.id)).find((a) => a.metric === null);
    const rec = existing
      ? existingRecord(existing)
      : newAlertRecord(ctx.auth.tenantId, own.id, { metric: null, source: 'sos_button', confirmSeconds: null, now });
    const t = step(stateOf(rec.row), { type: 'sos_button', at: now.getTime(), isMainUser, message, location });
    rejected(t);
    const tx = new AlertTx(db, ctx, ctx.auth.tenantId, p, now);
    // Every press (also a repeated one, which opens no new case) texts this press's message and location.
    tx.withSosDetails(message, location);
    // An SOS queued offline shows on the trail when it was pressed; what it set off shows when it arrived.
    tx.note(rec, {
      kind: 'patient_response',
      level: 'sos',
      actorId: ctx.auth.userId,
      ...(pressedAt ? { at: pressedAt.toISOString() } : {}),
      detail: message.kind === 'choice' ? `sos_button:${message.choice}` : 'sos_button:recording',
    });
    await tx.apply(rec, t);
    await tx.flush();
    if (input.clientId) {
      await repo.insertSosRequest(db, ctx.auth.tenantId, {
        clientId: input.clientId,
        patientId: own.id,
        alertId: rec.row.id,
        sosCaseId: rec.row.sos_case_id,
        pressedAt,
        receivedAt: now,
      });
    }
    return { alertId: rec.row.id, sosCaseId: rec.row.sos_case_id, repeated: false };
  });
  if (!out.repeated) {
    await audit(ctx, {
      action: 'alert.sos_button',
      resource: 'patient',
      resourceId: own.id,
      details: { alertId: out.alertId },
    });
  }
  return { alertId: out.alertId, sosCaseId: out.sosCaseId };
}

/** How far back an SOS queued offline may say it was pressed. */
const SOS_PRESS_MAX_AGE_MS = 24 * 60 * 60_000;

/**
 * The moment an SOS was pressed, as the phone says, when it is believable (not ahead of the server by more than a
 * minute of clock drift, not over a day old). A wrong phone clock never refuses an SOS: the time is then left out.
 */
export function plausiblePressTime(pressedAt: string | undefined, now: Date): Date | null {
  if (!pressedAt) return null;
  const t = Date.parse(pressedAt);
  if (Number.isNaN(t) || t > now.getTime() + 60_000 || t < now.getTime() - SOS_PRESS_MAX_AGE_MS) return null;
  return new Date(Math.min(t, now.getTime()));
}

// ---------------------------------------------------------------- SOS cases

const caseOf = (r: repo.SosCaseRow, lang: string): TSosCase => ({
  id: r.id,
  patientId: r.patient_id,
  patientName: personName({ firstName: r.first_name, lastName: r.last_name }, lang),
  patientCode: r.patient_code,
  patientPhone: r.patient_phone,
  alertId: r.alert_id,
  reason: r.reason as TSosCase['reason'],
  status: r.status as TSosCase['status'],
  level: r.level as TSosCase['level'],
  message: r.message as TSosCase['message'],
  location: r.location as TSosCase['location'],
  ticketId: r.ticket_id,
  openedAt: iso(r.opened_at)!,
  closedAt: iso(r.closed_at),
  closedBy: r.closed_by,
  closeNote: r.close_note,
  outcome: r.outcome as TSosCase['outcome'],
});

export async function listSosCases(ctx: AuthedCtx, q: TSosCaseListQuery): Promise<TSosCasePage> {
  const { rows, total } = await repo.listSosCases(
    ctx.db,
    ctx.auth.tenantId,
    patientVisibility(ctx.auth),
    q,
    q.page,
    q.size,
  );
  return { items: rows.map((r) => caseOf(r, ctx.auth.language)), total, page: q.page, size: q.size };
}

async function visibleCase(ctx: AuthedCtx, id: string): Promise<repo.SosCaseRow> {
  const row = await repo.findSosCase(ctx.db, ctx.auth.tenantId, id);
  if (!row) throw new AppError('SOS_CASE_NOT_FOUND');
  try {
    await requireVisiblePatient(ctx, row.patient_id);
  } catch {
    throw new AppError('SOS_CASE_NOT_FOUND');
  }
  return row;
}

/** An SOS case by id, or null, unchecked: the caller checks it is of a patient it may see. */
export function sosCaseRow(db: Db, tenantId: string, id: string): Promise<repo.SosCaseRow | null> {
  return repo.findSosCase(db, tenantId, id);
}

/** The stored trail of an alert, oldest first. */
export function alertTrailRows(db: Db, tenantId: string, alertId: string): Promise<repo.TrailRow[]> {
  return repo.trailOf(db, tenantId, alertId);
}

/** The readable timeline of a case's trail, with the names of the staff who acted. */
export async function timelineOf(ctx: AuthedCtx, trail: readonly TAlertTrailEntry[]): Promise<TSosTimelineItem[]> {
  const ids = trail.map((e) => e.actorId).filter((x): x is string => typeof x === 'string');
  const names = await userNamesOf(ctx.db, ctx.auth.tenantId, ids);
  return buildSosTimeline(
    trail,
    new Map([...names].map(([id, n]) => [id, personName({ firstName: n.first, lastName: n.last }, ctx.auth.language)])),
  );
}

/** The newest position of a case: the last live location on its trail, else the one sent with the SOS. */
export function lastLocationOf(
  trail: readonly TAlertTrailEntry[],
  row: Pick<repo.SosCaseRow, 'location' | 'opened_at'>,
): TSosCaseDetail['lastLocation'] {
  for (let i = trail.length - 1; i >= 0; i--) {
    const e = trail[i]!;
    if (e.kind === 'location' && e.location) return { ...e.location, at: e.at };
  }
  const loc = row.location as TLocation | null;
  return loc ? { ...loc, at: iso(row.opened_at)! } : null;
}

export async function getSosCase(ctx: AuthedCtx, id: string): Promise<TSosCaseDetail> {
  const row = await visibleCase(ctx, id);
  await audit(ctx, {
    action: 'sos_case.view',
    resource: 'patient',
    resourceId: row.patient_id,
    details: { sosCaseId: id },
  });
  const alert = await alertView(ctx, row.alert_id);
  return {
    ...caseOf(row, ctx.auth.language),
    alert,
    lastLocation: lastLocationOf(alert.trail, row),
    timeline: await timelineOf(ctx, alert.trail),
  };
}

/** Customer care closes the case; its alert closes with it (an SOS is closed by staff, never by values alone). */
export async function closeSosCase(ctx: AuthedCtx, id: string, input: TCloseSosCaseRequest): Promise<TSosCase> {
  const row = await visibleCase(ctx, id);
  if (row.status === 'closed') throw new AppError('SOS_CASE_CLOSED');
  const by = ctx.auth.userId;
  const now = ctx.clock.now();
  const closed = await withPatientTx(ctx, ctx.auth.tenantId, row.patient_id, async (db) => {
    if (!(await repo.closeSosCase(db, ctx.auth.tenantId, id, by, input.outcome, input.note, now))) return false;
    await emitAlertWebhooks(
      db,
      ctx.auth.tenantId,
      now,
      [],
      [],
      [{ sosCaseId: id, alertId: row.alert_id, patientId: row.patient_id, outcome: input.outcome }],
    );
    // The case and its ticket move together (same transaction).
    if (row.ticket_id)
      await closeTicketForSos(db, ctx.auth.tenantId, row.ticket_id, {
        outcome: input.outcome,
        note: input.note,
        actorId: by,
        now,
      });
    const alert = await repo.findAlert(db, ctx.auth.tenantId, row.alert_id, true);
    const p = await patientRef(db, ctx.auth.tenantId, row.patient_id);
    if (alert && p && alert.status !== 'closed') {
      const rec = existingRecord(alert);
      const t = step(stateOf(alert), { type: 'close', at: now.getTime(), by });
      if (!t.rejected) {
        const tx = new AlertTx(db, ctx, ctx.auth.tenantId, p, now);
        tx.note(rec, { kind: 'acknowledgement', actorId: by, detail: `${input.outcome}: ${input.note}` });
        await tx.apply(rec, t);
        await tx.flush();
      }
    }
    return true;
  });
  if (!closed) throw new AppError('SOS_CASE_CLOSED');
  await audit(ctx, {
    action: 'sos_case.close',
    resource: 'patient',
    resourceId: row.patient_id,
    details: { sosCaseId: id },
  });
  return caseOf((await repo.findSosCase(ctx.db, ctx.auth.tenantId, id))!, ctx.auth.language);
}
