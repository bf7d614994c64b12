import { personName } from '@carewatch/contracts/names';
import {
  APPOINTMENT_REMINDER_OFFSETS_MINUTES,
  APPOINTMENT_TABS,
  canMoveAppointment,
  type TAppointment,
  type TAppointmentCreateRequest,
  type TAppointmentDetail,
  type TAppointmentListQuery,
  type TAppointmentLocation,
  type TAppointmentPage,
  type TAppointmentRescheduleRequest,
  type TAppointmentStatus,
  type TAppointmentStatusRequest,
} from '@carewatch/contracts/appointments';
import type { AuthedCtx } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { newId, randomToken } from '../../platform/ids.ts';
import { cancelJob, scheduleJob, type JobHandlers } from '../../platform/jobs.ts';
import { enqueueDeliveries, type OutboxItem } from '../../platform/outbox.ts';
import { publishEvent } from '../../platform/realtime.ts';
import { patientVisibility, requireVisiblePatient } from '../patients/patient-access.ts';
import { actingDoctorIds, requireDoctor, slotForBooking } from '../schedules/schedules.service.ts';
import { appointmentText, type AppointmentMessage } from './appointments.texts.ts';
import * as repo from './appointments.repo.ts';

/** The row other modules get an appointment as (the video visit reads its doctor and patient). */
export type { AppointmentRow } from './appointments.repo.ts';

export const appointmentCode = (seq: number | string) => `A-${String(seq).padStart(6, '0')}`;
const name = (first: string | null, last: string | null, lang: string) =>
  personName({ firstName: first, lastName: last }, lang);

export function toAppointment(r: repo.AppointmentRow, lang: string, now: Date): TAppointment {
  return {
    id: r.id,
    code: appointmentCode(r.seq),
    patientId: r.patient_id,
    patientName: name(r.patient_first, r.patient_last, lang),
    patientCode: r.patient_code,
    doctorId: r.doctor_id,
    doctorName: name(r.doctor_first, r.doctor_last, lang),
    slotId: r.slot_id,
    start: r.start_at.toISOString(),
    end: r.end_at.toISOString(),
    location: r.location as TAppointmentLocation,
    address: r.address,
    reason: r.reason,
    note: r.note,
    diagnosis: r.diagnosis,
    advice: r.advice,
    status: r.status as TAppointmentStatus,
    cancelReason: r.cancel_reason,
    paid: r.paid,
    meetingRoom: r.meeting_room,
    overdue: r.end_at.getTime() < now.getTime() && repo.OVERDUE_STATUSES.includes(r.status),
    createdAt: r.created_at.toISOString(),
    createdBy: r.created_by,
    createdByName: r.created_by ? name(r.creator_first, r.creator_last, lang) : null,
  };
}

export async function appointmentDetailOf(
  db: Db,
  tenantId: string,
  r: repo.AppointmentRow,
  lang: string,
  now: Date,
): Promise<TAppointmentDetail> {
  const changes = await repo.listChanges(db, tenantId, r.id);
  return {
    ...toAppointment(r, lang, now),
    history: changes.map((c) => ({
      from: c.from_status as TAppointmentStatus | null,
      to: c.to_status as TAppointmentStatus,
      actorId: c.actor_id,
      actorName: c.actor_id ? name(c.actor_first, c.actor_last, lang) : null,
      at: c.at.toISOString(),
      note: c.note,
      rescheduledTo: c.rescheduled_to ? c.rescheduled_to.toISOString() : null,
    })),
  };
}

/** Who the caller acts for as doctor (themself, followed doctors), [] for other roles. */
const doctorSide = async (ctx: AuthedCtx) => (await actingDoctorIds(ctx)) ?? [];

/** `mine`: the caller's doctor side, read before any transaction (the embedded database has one connection). */
async function requireAppointment(
  ctx: AuthedCtx,
  id: string,
  o: { lock?: boolean; db?: Db; mine?: string[] } = {},
): Promise<repo.AppointmentRow> {
  const mine = o.mine ?? (await doctorSide(ctx));
  const row = await repo.findAppointment(
    o.db ?? ctx.db,
    ctx.auth.tenantId,
    patientVisibility(ctx.auth),
    mine,
    id,
    o.lock ?? false,
  );
  if (!row) throw new AppError('APPOINTMENT_NOT_FOUND');
  return row;
}

// ---------------------------------------------------------------- notifications and reminders

const REMINDER_KIND = 'appointment.reminder';
const reminderKey = (id: string, offset: number) => `appointment:${id}:reminder:${offset}`;

/** In-app and push to the patient's account (and SMS to the patient's phone when `sms`), in-app and push to the doctor. */
async function notify(
  db: Db,
  tenantId: string,
  a: repo.AppointmentRow,
  kind: AppointmentMessage,
  now: Date,
  o: { sms: boolean; doctor: boolean; key: string },
): Promise<void> {
  const ids = [a.doctor_id, ...(a.patient_user_id ? [a.patient_user_id] : [])];
  const people = new Map((await repo.usersById(db, tenantId, ids)).map((u) => [u.id, u]));
  const code = appointmentCode(a.seq);
  const online = a.location === 'ONLINE';
  const items: OutboxItem[] = [];
  const add = (
    userId: string | null,
    phone: string | null,
    r: { language: string; timezone: string },
    otherName: string,
    channels: Array<'in_app' | 'push' | 'sms'>,
  ) => {
    const t = appointmentText(kind, r, { code, start: a.start_at, online, otherName });
    for (const channel of channels) {
      items.push({
        dedupeKey: `${o.key}:${channel}:${userId ?? phone}`,
        channel,
        alertId: null,
        recipientUserId: userId,
        recipientPhone: channel === 'sms' ? phone : null,
        recipientEmail: null,
        template: `appointment.${kind}`,
        payload: {
          type: 'appointment',
          title: t.title,
          body: t.body,
          text: `CareWatch: ${t.body}`,
          patientId: a.patient_id,
          appointmentId: a.id,
        },
      });
    }
  };
  const doctor = people.get(a.doctor_id);
  const patientUser = a.patient_user_id ? people.get(a.patient_user_id) : undefined;
  const phone = o.sms ? await repo.patientPhone(db, tenantId, a.patient_id) : null;
  const patientLang = patientUser ?? { language: 'vi', timezone: 'Asia/Ho_Chi_Minh' };
  const doctorForPatient = doctor ? name(doctor.first_name, doctor.last_name, patientLang.language) : '';
  if (patientUser)
    add(
      patientUser.id,
      phone,
      patientUser,
      doctorForPatient,
      o.sms && phone ? ['in_app', 'push', 'sms'] : ['in_app', 'push'],
    );
  else if (phone) add(null, phone, patientLang, doctorForPatient, ['sms']);
  if (o.doctor && doctor)
    add(doctor.id, null, doctor, name(a.patient_first, a.patient_last, doctor.language), ['in_app', 'push']);
  await enqueueDeliveries(db, tenantId, items, now);
}

/** The 24 h and 15 min reminders as durable jobs (replaced on reschedule, cancelled with the appointment). */
export async function scheduleAppointmentReminders(
  db: Db,
  tenantId: string,
  appointmentId: string,
  start: Date,
  now: Date,
): Promise<void> {
  for (const offset of APPOINTMENT_REMINDER_OFFSETS_MINUTES) {
    const runAt = new Date(start.getTime() - offset * 60_000);
    if (runAt.getTime() <= now.getTime()) continue;
    await scheduleJob(
      { db },
      {
        kind: REMINDER_KIND,
        runAt,
        tenantId,
        dedupeKey: reminderKey(appointmentId, offset),
        payload: { appointmentId, offset, start: start.toISOString() },
      },
    );
  }
}
async function cancelReminders(db: Db, appointmentId: string): Promise<void> {
  for (const offset of APPOINTMENT_REMINDER_OFFSETS_MINUTES)
    await cancelJob({ db }, reminderKey(appointmentId, offset));
}

export const APPOINTMENT_JOBS: JobHandlers = {
  [REMINDER_KIND]: async (deps, job) => {
    const p = job.payload as { appointmentId: string; offset: number; start: string };
    if (!job.tenant_id) return;
    const a = await repo.findById(deps.db, job.tenant_id, p.appointmentId);
    // Gone, finished, or moved since this reminder was planned (the new time has its own): nothing to say.
    if (!a || !['UPCOMING', 'WAITING_FOR_DOCTOR'].includes(a.status) || a.start_at.toISOString() !== p.start) return;
    await notify(deps.db, job.tenant_id, a, p.offset === 15 ? 'reminder_15' : 'reminder_1440', deps.clock.now(), {
      sms: true,
      doctor: true,
      key: reminderKey(a.id, p.offset),
    });
  },
};

// ---------------------------------------------------------------- staff

export async function listAppointments(ctx: AuthedCtx, q: TAppointmentListQuery): Promise<TAppointmentPage> {
  const now = ctx.clock.now();
  const statuses = q.status ? [q.status] : q.tab ? APPOINTMENT_TABS[q.tab] : undefined;
  const { rows, total } = await repo.listAppointments(
    ctx.db,
    ctx.auth.tenantId,
    patientVisibility(ctx.auth),
    await doctorSide(ctx),
    {
      statuses,
      from: q.from ? new Date(q.from) : undefined,
      to: q.to ? new Date(q.to) : undefined,
      doctorId: q.doctorId,
      patientId: q.patientId,
      overdue: q.overdue === undefined ? undefined : q.overdue === 'true',
      q: q.q,
      now,
    },
    q.tab === 'history' ? 'desc' : 'asc',
    q.page,
    q.size,
  );
  return { items: rows.map((r) => toAppointment(r, ctx.auth.language, now)), total, page: q.page, size: q.size };
}

export async function appointmentDetail(ctx: AuthedCtx, id: string): Promise<TAppointmentDetail> {
  return appointmentDetailOf(
    ctx.db,
    ctx.auth.tenantId,
    await requireAppointment(ctx, id),
    ctx.auth.language,
    ctx.clock.now(),
  );
}

/** Books a slot: the slot must be the doctor's, approved and in the future, and free — one slot, one appointment. */
export async function createAppointment(ctx: AuthedCtx, b: TAppointmentCreateRequest): Promise<TAppointmentDetail> {
  try {
    await requireVisiblePatient(ctx, b.patientId);
  } catch (e) {
    if (e instanceof AppError && e.code === 'PATIENT_NOT_FOUND')
      throw new AppError('PATIENT_NOT_FOUND', { field: 'patientId' });
    throw e;
  }
  const doctor = await requireDoctor(ctx, b.doctorId, true);
  const now = ctx.clock.now();
  const id = newId(now.getTime());
  try {
    await ctx.db.tx(async (db) => {
      const lock = await repo.lockSlot(db, ctx.auth.tenantId, b.slotId);
      const slot = lock ? await slotForBooking(db, ctx.auth.tenantId, b.slotId) : null;
      if (
        !lock ||
        !slot ||
        slot.doctor_id !== b.doctorId ||
        slot.status !== 'approved' ||
        slot.start_at.getTime() <= now.getTime()
      ) {
        throw new AppError('SLOT_NOT_FOUND', { field: 'slotId' });
      }
      if (lock.taken) throw new AppError('SLOT_TAKEN', { field: 'slotId' });
      const address =
        b.location === 'ONLINE'
          ? null
          : b.location === 'PATIENT_ADDRESS'
            ? (b.address ?? null)
            : (b.address ??
              (await repo.clinicAddress(db, ctx.auth.tenantId, b.doctorId, slot.center_id ?? doctor.center_id)));
      await repo.insertAppointment(db, ctx.auth.tenantId, {
        id,
        seq: await repo.nextSeq(db, ctx.auth.tenantId),
        patientId: b.patientId,
        doctorId: b.doctorId,
        slotId: b.slotId,
        start: slot.start_at,
        end: slot.end_at,
        location: b.location,
        address,
        reason: b.reason,
        note: b.note || null,
        paid: b.paid,
        meetingRoom: b.location === 'ONLINE' ? randomToken(18) : null,
        createdBy: ctx.auth.userId,
        now,
      });
      await repo.insertChange(db, ctx.auth.tenantId, {
        id: newId(now.getTime()),
        appointmentId: id,
        from: null,
        to: 'UPCOMING',
        actorId: ctx.auth.userId,
        note: null,
        now,
      });
      await scheduleAppointmentReminders(db, ctx.auth.tenantId, id, slot.start_at, now);
      const row = (await repo.findById(db, ctx.auth.tenantId, id))!;
      await notify(db, ctx.auth.tenantId, row, 'invited', now, {
        sms: false,
        doctor: ctx.auth.userId !== b.doctorId,
        key: `appointment:${id}:invited`,
      });
    });
  } catch (e) {
    // The unique index is the last word when two bookings race past the lock (a slot locked then freed by a cancel).
    if ((e as { code?: string }).code === '23505') throw new AppError('SLOT_TAKEN', { field: 'slotId' });
    throw e;
  }
  return appointmentDetail(ctx, id);
}

const DOCTOR_ONLY: readonly TAppointmentStatus[] = ['PROCESSING', 'COMPLETED'];
const DOCTOR_SIDE_ROLES: readonly string[] = ['doctor', 'doctor_assistant'];

/**
 * One move with its history row, in one transaction. Starting and completing a visit are the doctor's (or an
 * assistant's acting for them); the other moves are anyone's with the route's permission who sees the appointment.
 */
async function transition(
  ctx: AuthedCtx,
  id: string,
  to: TAppointmentStatus,
  extra: { note?: string | null; cancelReason?: string; diagnosis?: string; advice?: string | null },
): Promise<TAppointmentDetail> {
  const now = ctx.clock.now();
  const mine = await doctorSide(ctx);
  await ctx.db.tx(async (db) => {
    const a = await requireAppointment(ctx, id, { lock: true, db, mine });
    const actsAsDoctor = mine.includes(a.doctor_id);
    // Doctors and assistants act on their (followed) doctors' appointments only; starting and completing are theirs.
    if (!actsAsDoctor && (DOCTOR_SIDE_ROLES.includes(ctx.auth.roleCode) || DOCTOR_ONLY.includes(to)))
      throw new AppError('PERMISSION_DENIED');
    const from = a.status as TAppointmentStatus;
    if (!canMoveAppointment(from, to))
      throw new AppError('APPOINTMENT_TRANSITION_INVALID', { field: 'status', rule: `${from}->${to}` });
    if (!(await repo.move(db, ctx.auth.tenantId, id, from, to, { ...extra, now })))
      throw new AppError('APPOINTMENT_TRANSITION_INVALID', { field: 'status', rule: `${from}->${to}` });
    await repo.insertChange(db, ctx.auth.tenantId, {
      id: newId(now.getTime()),
      appointmentId: id,
      from,
      to,
      actorId: ctx.auth.userId,
      note: extra.cancelReason ?? extra.note ?? null,
      now,
    });
    if (to === 'CANCELED' || to === 'COMPLETED') await cancelReminders(db, id);
    await announceAppointment(db, ctx.auth.tenantId, a, to, now);
    if (to === 'CANCELED')
      await notify(db, ctx.auth.tenantId, a, 'canceled', now, {
        sms: true,
        doctor: !actsAsDoctor,
        key: `appointment:${id}:canceled`,
      });
    if (to === 'COMPLETED')
      await notify(db, ctx.auth.tenantId, a, 'completed', now, {
        sms: false,
        doctor: false,
        key: `appointment:${id}:completed`,
      });
  });
  return appointmentDetail(ctx, id);
}

/** Moves an appointment to another free slot of its doctor; the old slot is freed and the reminders follow. */
export async function rescheduleAppointment(
  ctx: AuthedCtx,
  id: string,
  b: TAppointmentRescheduleRequest,
): Promise<TAppointmentDetail> {
  const now = ctx.clock.now();
  const mine = await doctorSide(ctx);
  try {
    await ctx.db.tx(async (db) => {
      const a = await requireAppointment(ctx, id, { lock: true, db, mine });
      if (!mine.includes(a.doctor_id) && DOCTOR_SIDE_ROLES.includes(ctx.auth.roleCode))
        throw new AppError('PERMISSION_DENIED');
      if (a.status !== 'UPCOMING' && a.status !== 'WAITING_FOR_DOCTOR')
        throw new AppError('APPOINTMENT_TRANSITION_INVALID', { field: 'status', rule: `${a.status}->reschedule` });
      const lock = await repo.lockSlot(db, ctx.auth.tenantId, b.slotId);
      const slot = lock ? await slotForBooking(db, ctx.auth.tenantId, b.slotId) : null;
      if (
        !lock ||
        !slot ||
        slot.doctor_id !== a.doctor_id ||
        slot.status !== 'approved' ||
        slot.start_at.getTime() <= now.getTime()
      )
        throw new AppError('SLOT_NOT_FOUND', { field: 'slotId' });
      if (lock.taken) throw new AppError('SLOT_TAKEN', { field: 'slotId' });
      if (
        !(await repo.moveToSlot(
          db,
          ctx.auth.tenantId,
          id,
          a.status,
          { id: slot.id, start: slot.start_at, end: slot.end_at },
          now,
        ))
      )
        throw new AppError('APPOINTMENT_TRANSITION_INVALID', { field: 'status' });
      await repo.insertChange(db, ctx.auth.tenantId, {
        id: newId(now.getTime()),
        appointmentId: id,
        from: a.status,
        to: a.status,
        actorId: ctx.auth.userId,
        note: b.note || null,
        now,
        rescheduledTo: slot.start_at,
      });
      await cancelReminders(db, id);
      await scheduleAppointmentReminders(db, ctx.auth.tenantId, id, slot.start_at, now);
      const moved = (await repo.findById(db, ctx.auth.tenantId, id))!;
      await announceAppointment(db, ctx.auth.tenantId, moved, moved.status as TAppointmentStatus, now);
      await notify(db, ctx.auth.tenantId, moved, 'updated', now, {
        sms: true,
        doctor: !mine.includes(a.doctor_id),
        key: `appointment:${id}:updated:${slot.start_at.toISOString()}`,
      });
    });
  } catch (e) {
    if ((e as { code?: string }).code === '23505') throw new AppError('SLOT_TAKEN', { field: 'slotId' });
    throw e;
  }
  return appointmentDetail(ctx, id);
}

export const cancelAppointment = (ctx: AuthedCtx, id: string, reason: string) =>
  transition(ctx, id, 'CANCELED', { cancelReason: reason });
export const completeAppointment = (ctx: AuthedCtx, id: string, b: { diagnosis: string; advice?: string }) =>
  transition(ctx, id, 'COMPLETED', { diagnosis: b.diagnosis, advice: b.advice || null });
export const moveAppointment = (ctx: AuthedCtx, id: string, b: TAppointmentStatusRequest) =>
  transition(ctx, id, b.status, { note: b.note || null });

// ---------------------------------------------------------------- seams for the patient app and video visits

export async function appointmentForApp(db: Db, tenantId: string, id: string): Promise<repo.AppointmentRow | null> {
  return repo.findById(db, tenantId, id);
}

/** The patient (or the manager of a sub-user) cancels from the app, with a reason. */
export async function cancelByPatient(ctx: AuthedCtx, a: repo.AppointmentRow, reason: string): Promise<void> {
  const now = ctx.clock.now();
  const from = a.status as TAppointmentStatus;
  if (!canMoveAppointment(from, 'CANCELED') || from !== 'UPCOMING')
    throw new AppError('APPOINTMENT_TRANSITION_INVALID', { field: 'status', rule: `${from}->CANCELED` });
  await ctx.db.tx(async (db) => {
    if (!(await repo.move(db, ctx.auth.tenantId, a.id, from, 'CANCELED', { cancelReason: reason, now })))
      throw new AppError('APPOINTMENT_TRANSITION_INVALID', { field: 'status' });
    await repo.insertChange(db, ctx.auth.tenantId, {
      id: newId(now.getTime()),
      appointmentId: a.id,
      from,
      to: 'CANCELED',
      actorId: ctx.auth.userId,
      note: reason,
      now,
    });
    await cancelReminders(db, a.id);
    await announceAppointment(db, ctx.auth.tenantId, a, 'CANCELED', now);
    await notify(db, ctx.auth.tenantId, a, 'canceled', now, {
      sms: false,
      doctor: true,
      key: `appointment:${a.id}:canceled`,
    });
  });
}

/** The appointment if the caller may see it as staff (null otherwise): for the video visit's access answer. */
export async function visibleAppointment(ctx: AuthedCtx, id: string): Promise<repo.AppointmentRow | null> {
  return repo.findAppointment(ctx.db, ctx.auth.tenantId, patientVisibility(ctx.auth), await doctorSide(ctx), id);
}

/** A move made by the video visit (the patient entered the waiting room, the doctor started the call), in the caller's transaction. */
export async function moveBySystem(
  db: Db,
  tenantId: string,
  a: repo.AppointmentRow,
  to: TAppointmentStatus,
  actorId: string,
  now: Date,
): Promise<void> {
  const from = a.status as TAppointmentStatus;
  if (!canMoveAppointment(from, to) || !(await repo.move(db, tenantId, a.id, from, to, { now }))) return;
  await repo.insertChange(db, tenantId, {
    id: newId(now.getTime()),
    appointmentId: a.id,
    from,
    to,
    actorId,
    note: null,
    now,
  });
  await announceAppointment(db, tenantId, a, to, now);
}

/** Tells the doctor and the patient's account that the appointment changed (their screens refresh). */
async function announceAppointment(
  db: Db,
  tenantId: string,
  a: repo.AppointmentRow,
  status: TAppointmentStatus,
  now: Date,
): Promise<void> {
  const userIds = [a.doctor_id, a.patient_user_id ?? a.patient_manager_id].filter((x): x is string => !!x);
  await publishEvent(
    db,
    { tenantId, patientId: null, userIds },
    { type: 'appointment.updated', at: now.toISOString(), appointmentId: a.id, status },
  );
}

export async function patientAppointments(db: Db, tenantId: string, patientId: string): Promise<repo.AppointmentRow[]> {
  return repo.ofPatient(db, tenantId, patientId);
}
