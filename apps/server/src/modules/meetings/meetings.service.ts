import { personName } from '@carewatch/contracts/names';
import {
  canMoveAppointment,
  isFinalAppointmentStatus,
  type TAppointmentStatus,
} from '@carewatch/contracts/appointments';
import type { TMeeting, TMeetingRole, TMeetingState, TSignalList, TSignalRequest } from '@carewatch/contracts/meetings';
import type { AuthedCtx } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { publishEvent } from '../../platform/realtime.ts';
import { requireAppSubject } from '../patients/patient-access.ts';
import { doctorIdsFollowedBy } from '../staff/staff.service.ts';
import {
  appointmentForApp,
  moveBySystem,
  visibleAppointment,
  type AppointmentRow,
} from '../appointments/appointments.service.ts';
import * as repo from './meetings.repo.ts';

/**
 * Who the caller is in the video visit of this appointment: its doctor, an assistant following that doctor, or the
 * patient (the manager of a sub-user counts as the patient). Anyone else who may see the appointment is refused
 * (MEETING_NOT_ALLOWED); anyone who may not see it gets 404 like a missing one. The visit must be ONLINE and open.
 */
async function roleIn(ctx: AuthedCtx, appointmentId: string): Promise<{ a: AppointmentRow; role: TMeetingRole }> {
  const a = await appointmentForApp(ctx.db, ctx.auth.tenantId, appointmentId);
  if (!a) throw new AppError('APPOINTMENT_NOT_FOUND');
  const me = ctx.auth.userId;
  let role: TMeetingRole | null = null;
  if (a.doctor_id === me) role = 'doctor';
  else if (a.patient_user_id === me || (a.patient_user_id === null && a.patient_manager_id === me)) role = 'patient';
  else if (
    ctx.auth.roleCode === 'doctor_assistant' &&
    (await doctorIdsFollowedBy(ctx.db, ctx.auth.tenantId, me)).includes(a.doctor_id)
  )
    role = 'assistant';
  if (!role) {
    const sees =
      ctx.auth.roleCode === 'patient'
        ? await requireAppSubject(ctx, a.patient_id).then(
            () => true,
            () => false,
          )
        : (await visibleAppointment(ctx, appointmentId)) !== null;
    throw new AppError(sees ? 'MEETING_NOT_ALLOWED' : 'APPOINTMENT_NOT_FOUND');
  }
  if (a.location !== 'ONLINE' || isFinalAppointmentStatus(a.status as TAppointmentStatus))
    throw new AppError('MEETING_NOT_ALLOWED');
  return { a, role };
}

const audience = (a: AppointmentRow, rows: repo.ParticipantRow[]) => [
  ...new Set([
    a.doctor_id,
    ...(a.patient_user_id ? [a.patient_user_id] : a.patient_manager_id ? [a.patient_manager_id] : []),
    ...rows.map((r) => r.user_id),
  ]),
];

async function announce(db: Db, tenantId: string, a: AppointmentRow, now: Date): Promise<void> {
  const rows = await repo.participants(db, tenantId, a.id);
  await publishEvent(
    db,
    { tenantId, patientId: null, userIds: audience(a, rows) },
    { type: 'meeting.presence', at: now.toISOString(), appointmentId: a.id },
  );
}

async function view(ctx: AuthedCtx, a: AppointmentRow, role: TMeetingRole): Promise<TMeeting> {
  const lang = ctx.auth.language;
  const fresh = (await appointmentForApp(ctx.db, ctx.auth.tenantId, a.id)) ?? a;
  const rows = await repo.participants(ctx.db, ctx.auth.tenantId, a.id);
  const people = rows.map((r) => ({
    userId: r.user_id,
    name: personName({ firstName: r.first_name, lastName: r.last_name }, lang),
    role: r.role as TMeetingRole,
    state: r.state as TMeetingState,
  }));
  const me = people.find((p) => p.userId === ctx.auth.userId) ?? {
    userId: ctx.auth.userId,
    name: '',
    role,
    state: 'left' as const,
  };
  return {
    appointmentId: a.id,
    patientId: fresh.patient_id,
    code: `A-${String(fresh.seq).padStart(6, '0')}`,
    status: fresh.status as TAppointmentStatus,
    start: fresh.start_at.toISOString(),
    end: fresh.end_at.toISOString(),
    doctorName: personName({ firstName: fresh.doctor_first, lastName: fresh.doctor_last }, lang),
    patientName: personName({ firstName: fresh.patient_first, lastName: fresh.patient_last }, lang),
    me,
    participants: people,
    iceServers: ctx.config.iceServers,
  };
}

export async function getMeeting(ctx: AuthedCtx, appointmentId: string): Promise<TMeeting> {
  const { a, role } = await roleIn(ctx, appointmentId);
  return view(ctx, a, role);
}

/** Enters the room: staff are in at once; the patient waits to be admitted (unless admitted before a dropped connection). */
export async function joinMeeting(ctx: AuthedCtx, appointmentId: string): Promise<TMeeting> {
  const { a, role } = await roleIn(ctx, appointmentId);
  const now = ctx.clock.now();
  await ctx.db.tx(async (db) => {
    const before = (await repo.participants(db, ctx.auth.tenantId, a.id)).find((p) => p.user_id === ctx.auth.userId);
    const state: TMeetingState = role !== 'patient' || before?.state === 'admitted' ? 'admitted' : 'waiting';
    await repo.upsertParticipant(db, ctx.auth.tenantId, {
      id: newId(now.getTime()),
      appointmentId: a.id,
      userId: ctx.auth.userId,
      role,
      state,
      now,
    });
    // The patient in the waiting room: the appointment waits for the doctor.
    if (role === 'patient' && a.status === 'UPCOMING')
      await moveBySystem(db, ctx.auth.tenantId, a, 'WAITING_FOR_DOCTOR', ctx.auth.userId, now);
    await announce(db, ctx.auth.tenantId, a, now);
  });
  return view(ctx, a, role);
}

/** The doctor (or their assistant) admits a waiting participant: the call starts and the visit is PROCESSING. */
export async function admit(ctx: AuthedCtx, appointmentId: string, userId: string): Promise<TMeeting> {
  const { a, role } = await roleIn(ctx, appointmentId);
  if (role === 'patient') throw new AppError('PERMISSION_DENIED');
  const now = ctx.clock.now();
  await ctx.db.tx(async (db) => {
    if (!(await repo.setState(db, ctx.auth.tenantId, a.id, userId, 'admitted', now)))
      throw new AppError('MEETING_NOT_ALLOWED', { field: 'userId' });
    const status = a.status as TAppointmentStatus;
    if (status !== 'PROCESSING' && canMoveAppointment(status, 'PROCESSING'))
      await moveBySystem(db, ctx.auth.tenantId, a, 'PROCESSING', ctx.auth.userId, now);
    await announce(db, ctx.auth.tenantId, a, now);
  });
  return view(ctx, a, role);
}

export async function leaveMeeting(ctx: AuthedCtx, appointmentId: string): Promise<TMeeting> {
  const a = await appointmentForApp(ctx.db, ctx.auth.tenantId, appointmentId);
  if (!a) throw new AppError('APPOINTMENT_NOT_FOUND');
  const now = ctx.clock.now();
  const found = await ctx.db.tx(async (db) => {
    const ok = await repo.setState(db, ctx.auth.tenantId, a.id, ctx.auth.userId, 'left', now);
    if (ok) await announce(db, ctx.auth.tenantId, a, now);
    return ok;
  });
  if (!found) throw new AppError('APPOINTMENT_NOT_FOUND');
  const rows = await repo.participants(ctx.db, ctx.auth.tenantId, a.id);
  const role = (rows.find((r) => r.user_id === ctx.auth.userId)?.role ?? 'patient') as TMeetingRole;
  return view(ctx, a, role);
}

/** One WebRTC signal to another admitted participant; both must be in the call (no media before admission). */
export async function sendSignal(ctx: AuthedCtx, appointmentId: string, b: TSignalRequest): Promise<{ seq: number }> {
  const { a } = await roleIn(ctx, appointmentId);
  const now = ctx.clock.now();
  return ctx.db.tx(async (db) => {
    const rows = await repo.participants(db, ctx.auth.tenantId, a.id);
    const from = rows.find((r) => r.user_id === ctx.auth.userId);
    const to = rows.find((r) => r.user_id === b.to);
    if (!from || from.state !== 'admitted') throw new AppError('MEETING_NOT_ALLOWED');
    if (!to || (to.state !== 'admitted' && b.kind !== 'bye'))
      throw new AppError('MEETING_NOT_ALLOWED', { field: 'to' });
    const seq = await repo.insertSignal(db, ctx.auth.tenantId, {
      id: newId(now.getTime()),
      appointmentId: a.id,
      from: ctx.auth.userId,
      to: b.to,
      kind: b.kind,
      data: b.data,
      now,
    });
    await publishEvent(
      db,
      { tenantId: ctx.auth.tenantId, patientId: null, userIds: [b.to] },
      { type: 'meeting.signal', at: now.toISOString(), appointmentId: a.id, seq },
    );
    return { seq };
  });
}

export async function signals(ctx: AuthedCtx, appointmentId: string, after: number): Promise<TSignalList> {
  const { a } = await roleIn(ctx, appointmentId);
  const rows = await repo.signalsFor(ctx.db, ctx.auth.tenantId, a.id, ctx.auth.userId, after);
  return {
    items: rows.map((r) => ({
      seq: Number(r.seq),
      from: r.from_user_id,
      kind: r.kind as TSignalList['items'][number]['kind'],
      data: r.data,
      at: r.created_at.toISOString(),
    })),
  };
}
