import type {
  TAppMedication,
  TIntake,
  TIntakeConfirmRequest,
  TIntakeSnoozeRequest,
} from '@carewatch/contracts/prescriptions';
import { INTAKE_WINDOWS, canConfirmAt, localDayRange } from '@carewatch/clinical/medication';
import type { AuthedCtx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { requireAppSubject } from '../patients/patient-access.ts';
import { checkMissedRun } from './medication.jobs.ts';
import * as repo from './prescriptions.repo.ts';
import {
  adherenceOf,
  displayState,
  listIntakesOf,
  patientClock,
  remindersOf,
  toIntake,
  toPrescription,
} from './prescriptions.service.ts';

const MINUTE_MS = 60_000;
/** A confirmation's own time may be this far ahead of the server's clock (phone clocks drift). */
const CLOCK_SKEW_MS = 2 * MINUTE_MS;

/**
 * The Medication tab of a subject (me, a sub-user I manage, or a followed patient read-only): prescriptions in use,
 * today's doses in the patient's zone, the reminders, and the week's adherence.
 */
export async function appMedication(ctx: AuthedCtx, subjectId: string): Promise<TAppMedication> {
  const s = await requireAppSubject(ctx, subjectId);
  const now = ctx.clock.now();
  const { tenantId } = ctx.auth;
  const { tz, today } = await patientClock(ctx.db, tenantId, s.id, now);
  const rx = (await repo.activePrescriptions(ctx.db, tenantId, s.id)).filter(
    (r) => displayState(r, today) === 'IN_USE',
  );
  const meds = await repo.medicinesOf(
    ctx.db,
    tenantId,
    rx.map((r) => r.id),
  );
  const day = localDayRange(today, tz);
  return {
    patientId: s.id,
    timeZone: tz,
    canConfirm: s.relation === 'self' || s.relation === 'sub_user',
    prescriptions: rx.map((r) => toPrescription(r, meds, today, ctx.auth.language)),
    today: await listIntakesOf(ctx.db, tenantId, s.id, day.fromUtc, day.toUtc, now),
    reminders: (await remindersOf(ctx.db, tenantId, s.id, now)).items,
    adherence: await adherenceOf(ctx.db, tenantId, s.id, now),
  };
}

/** A dose the caller may answer: the patient's own, or a sub-user's they manage (followers read only; staff never). */
async function ownIntake(ctx: AuthedCtx, id: string): Promise<repo.IntakeRow> {
  const row = await repo.findIntake(ctx.db, ctx.auth.tenantId, id);
  if (!row) throw new AppError('INTAKE_NOT_FOUND');
  let relation: string;
  try {
    relation = (await requireAppSubject(ctx, row.patient_id)).relation;
  } catch {
    throw new AppError('INTAKE_NOT_FOUND');
  }
  if (relation !== 'self' && relation !== 'sub_user') throw new AppError('PERMISSION_DENIED');
  return row;
}

/**
 * Taken (at a time, default now) or skipped. A dose cannot be answered earlier than due − 120 min
 * (INTAKE_WINDOWS.earlyLimitMinutes) nor twice. A skip of a scheduled dose may complete a missed-dose run.
 */
export async function confirmIntake(ctx: AuthedCtx, id: string, b: TIntakeConfirmRequest): Promise<TIntake> {
  const row = await ownIntake(ctx, id);
  const now = ctx.clock.now();
  const at = b.action === 'taken' && b.at ? new Date(b.at) : now;
  if (at.getTime() > now.getTime() + CLOCK_SKEW_MS) {
    throw new AppError('VALIDATION_ERROR', {
      field: 'at',
      rule: 'not_future',
      fields: [{ field: 'at', rule: 'not_future', message: 'Date can not be in the future' }],
    });
  }
  if (!canConfirmAt(row.due_at, at))
    throw new AppError('INTAKE_TOO_EARLY', {
      field: 'at',
      rule: `not_before_due_minus_${INTAKE_WINDOWS.earlyLimitMinutes}m`,
    });
  await ctx.db.tx(async (db) => {
    const locked = await repo.findIntake(db, ctx.auth.tenantId, id, true);
    if (!locked) throw new AppError('INTAKE_NOT_FOUND');
    if (locked.action) throw new AppError('INTAKE_ANSWERED');
    await repo.answerIntake(db, ctx.auth.tenantId, id, { action: b.action, at, by: ctx.auth.userId, now });
    if (b.action === 'skipped') {
      const upTo = row.due_at > now ? row.due_at : now;
      await checkMissedRun(db, ctx.auth.tenantId, row.patient_id, row.med_key, now, upTo);
    }
  });
  return toIntake((await repo.findIntake(ctx.db, ctx.auth.tenantId, id))!, now);
}

/** Remind again in 5, 10 or 15 minutes (the sweeper sends the dose notification again then). */
export async function snoozeIntake(ctx: AuthedCtx, id: string, b: TIntakeSnoozeRequest): Promise<TIntake> {
  const row = await ownIntake(ctx, id);
  if (row.action || row.settled_at) throw new AppError('INTAKE_ANSWERED');
  const now = ctx.clock.now();
  await repo.snoozeIntake(ctx.db, ctx.auth.tenantId, id, new Date(now.getTime() + b.minutes * MINUTE_MS));
  return toIntake((await repo.findIntake(ctx.db, ctx.auth.tenantId, id))!, now);
}

/** A medicine's picture, for a viewer of one of the patients whose medicines show it. */
export async function appMedicineImage(ctx: AuthedCtx, id: string): Promise<{ data: Buffer; type: string }> {
  const img = await repo.findImage(ctx.db, ctx.auth.tenantId, id);
  if (!img) throw new AppError('NOT_FOUND');
  let allowed = false;
  for (const patientId of await repo.patientsUsingImage(ctx.db, ctx.auth.tenantId, id)) {
    try {
      await requireAppSubject(ctx, patientId);
      allowed = true;
      break;
    } catch {
      /* not this one */
    }
  }
  const data = allowed ? await ctx.files.readAll(img.path) : null;
  if (!data) throw new AppError('NOT_FOUND');
  return { data, type: img.mime };
}
