import {
  MAX_EVENT_REMINDERS,
  type TAppEvents,
  type TEventIcon,
  type TEventReminder,
  type TEventReminderRequest,
} from '@carewatch/contracts/app-events';
import { isFinalAppointmentStatus, type TAppointmentDetail } from '@carewatch/contracts/appointments';
import type { AuthedCtx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { cancelJob, scheduleJob, type JobHandlers } from '../../platform/jobs.ts';
import { enqueueDeliveries } from '../../platform/outbox.ts';
import { requireAppSubject } from '../patients/patient-access.ts';
import {
  appointmentDetailOf,
  appointmentForApp,
  cancelByPatient,
  patientAppointments,
  toAppointment,
} from './appointments.service.ts';
import { eventReminderText } from './appointments.texts.ts';
import * as repo from './events.repo.ts';

const EVENT_KIND = 'event.reminder';
const eventKey = (id: string) => `event:${id}:reminder`;

const toEvent = (e: repo.EventRow): TEventReminder => ({
  id: e.id,
  arrivalTime: e.arrival_at.toISOString(),
  label: e.label,
  icon: e.icon as TEventIcon,
  createdAt: e.created_at.toISOString(),
});

/**
 * My Events for a subject: reminders and appointments for myself or a sub-user I manage; a followed patient's
 * upcoming appointments only, read-only (issue 15).
 */
export async function appEvents(ctx: AuthedCtx, subjectId: string): Promise<TAppEvents> {
  const s = await requireAppSubject(ctx, subjectId);
  const now = ctx.clock.now();
  const own = s.relation === 'self' || s.relation === 'sub_user';
  const appts = (await patientAppointments(ctx.db, ctx.auth.tenantId, s.id)).map((a) =>
    toAppointment(a, ctx.auth.language, now),
  );
  const upcoming = appts
    .filter((a) => !isFinalAppointmentStatus(a.status))
    .sort((a, b) => a.start.localeCompare(b.start));
  const history = own ? appts.filter((a) => isFinalAppointmentStatus(a.status)) : [];
  const events = own ? (await repo.listEvents(ctx.db, ctx.auth.tenantId, s.id)).map(toEvent) : [];
  return {
    reminders: {
      upcoming: events.filter((e) => e.arrivalTime >= now.toISOString()),
      other: events.filter((e) => e.arrivalTime < now.toISOString()).reverse(),
    },
    appointments: { upcoming, history },
  };
}

async function ownPatientId(ctx: AuthedCtx): Promise<string> {
  return (await requireAppSubject(ctx, 'me')).id;
}

async function saveEvent(ctx: AuthedCtx, id: string | null, b: TEventReminderRequest): Promise<TEventReminder> {
  const patientId = await ownPatientId(ctx);
  const now = ctx.clock.now();
  const at = new Date(b.arrivalTime);
  const eventId = id ?? newId(now.getTime());
  try {
    await ctx.db.tx(async (db) => {
      await repo.lockPatient(db, ctx.auth.tenantId, patientId);
      if (id && !(await repo.findEvent(db, ctx.auth.tenantId, patientId, id))) throw new AppError('EVENT_NOT_FOUND');
      if (!id && (await repo.countEvents(db, ctx.auth.tenantId, patientId)) >= MAX_EVENT_REMINDERS)
        throw new AppError('MAX_EVENTS');
      if (await repo.timeTaken(db, ctx.auth.tenantId, patientId, at, id))
        throw new AppError('EVENT_DUPLICATE_TIME', { field: 'arrivalTime', rule: 'unique' });
      const e = { id: eventId, patientId, at, label: b.label, icon: b.icon, now };
      if (id) await repo.updateEvent(db, ctx.auth.tenantId, e);
      else await repo.insertEvent(db, ctx.auth.tenantId, e);
      // The reminder at the arrival time (a new time replaces the old job; a past time has none).
      if (at.getTime() > now.getTime())
        await scheduleJob(
          { db },
          {
            kind: EVENT_KIND,
            runAt: at,
            tenantId: ctx.auth.tenantId,
            dedupeKey: eventKey(eventId),
            payload: { eventId, at: at.toISOString() },
          },
        );
      else await cancelJob({ db }, eventKey(eventId));
    });
  } catch (e) {
    if ((e as { code?: string }).code === '23505')
      throw new AppError('EVENT_DUPLICATE_TIME', { field: 'arrivalTime', rule: 'unique' });
    throw e;
  }
  return toEvent((await repo.findEvent(ctx.db, ctx.auth.tenantId, patientId, eventId))!);
}

export const createEvent = (ctx: AuthedCtx, b: TEventReminderRequest) => saveEvent(ctx, null, b);
export const updateEvent = (ctx: AuthedCtx, id: string, b: TEventReminderRequest) => saveEvent(ctx, id, b);

export async function deleteEvent(ctx: AuthedCtx, id: string): Promise<{ ok: true }> {
  const patientId = await ownPatientId(ctx);
  await ctx.db.tx(async (db) => {
    if (!(await repo.deleteEvent(db, ctx.auth.tenantId, patientId, id))) throw new AppError('EVENT_NOT_FOUND');
    await cancelJob({ db }, eventKey(id));
  });
  return { ok: true };
}

export const EVENT_JOBS: JobHandlers = {
  [EVENT_KIND]: async (deps, job) => {
    const p = job.payload as { eventId: string; at: string };
    if (!job.tenant_id) return;
    const e = await repo.eventWithOwner(deps.db, job.tenant_id, p.eventId);
    if (!e || !e.user_id || e.arrival_at.toISOString() !== p.at) return;
    const t = eventReminderText(e.label, e, e.arrival_at);
    await enqueueDeliveries(
      deps.db,
      job.tenant_id,
      (['in_app', 'push'] as const).map((channel) => ({
        dedupeKey: `${eventKey(p.eventId)}:${p.at}:${channel}`,
        channel,
        alertId: null,
        recipientUserId: e.user_id,
        recipientPhone: null,
        recipientEmail: null,
        template: 'event.reminder',
        payload: { type: 'reminder', title: t.title, body: t.body },
      })),
      deps.clock.now(),
    );
  },
};

/** An appointment of a patient I may view in the app (followers read-only), else APPOINTMENT_NOT_FOUND. */
async function appAppointment(ctx: AuthedCtx, id: string) {
  const a = await appointmentForApp(ctx.db, ctx.auth.tenantId, id);
  if (!a) throw new AppError('APPOINTMENT_NOT_FOUND');
  try {
    const s = await requireAppSubject(ctx, a.patient_id);
    return { a, own: s.relation === 'self' || s.relation === 'sub_user' };
  } catch (e) {
    if (e instanceof AppError && e.code === 'PATIENT_NOT_FOUND') throw new AppError('APPOINTMENT_NOT_FOUND');
    throw e;
  }
}

export async function appAppointmentDetail(ctx: AuthedCtx, id: string): Promise<TAppointmentDetail> {
  const { a } = await appAppointment(ctx, id);
  return appointmentDetailOf(ctx.db, ctx.auth.tenantId, a, ctx.auth.language, ctx.clock.now());
}

export async function appCancelAppointment(ctx: AuthedCtx, id: string, reason: string): Promise<TAppointmentDetail> {
  const { a, own } = await appAppointment(ctx, id);
  if (!own) throw new AppError('PERMISSION_DENIED');
  await cancelByPatient(ctx, a, reason);
  return appAppointmentDetail(ctx, id);
}
