import { personName } from '@carewatch/contracts/names';
import {
  PENDING_SCHEDULE_STATUSES,
  SCHEDULE_MAX_HOURS,
  type TDoctorSchedule,
  type TDoctorScheduleList,
  type TDoctorSchedulePage,
  type TScheduleCreateRequest,
  type TScheduleDecisionResult,
  type TScheduleDeleteResult,
  type TScheduleListQuery,
  type TScheduleReport,
  type TScheduleReportQuery,
  type TScheduleRequestQuery,
  type TScheduleStatus,
  type TSlotList,
} from '@carewatch/contracts/schedules';
import { addToDay, zonedDay, zonedInstant, zonedMidnight } from '@carewatch/i18n/datetime';
import type { AuthedCtx } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { loadExcel } from '../../platform/lazy.ts';
import { doctorIdsFollowedBy, reachOf, type Reach } from '../staff/staff.service.ts';
import { userTimeZoneOf } from '../users/users.service.ts';
import * as repo from './schedules.repo.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const name = (first: string | null, last: string | null, lang: string) =>
  personName({ firstName: first, lastName: last }, lang);

function toSchedule(r: repo.ScheduleRow, lang: string): TDoctorSchedule {
  return {
    id: r.id,
    doctorId: r.doctor_id,
    doctorName: name(r.doctor_first, r.doctor_last, lang),
    centerId: r.center_id,
    centerName: r.center_name,
    specialty: r.specialty,
    start: r.start_at.toISOString(),
    end: r.end_at.toISOString(),
    slotMinutes: r.slot_minutes,
    status: r.status as TScheduleStatus,
    submittedAt: r.submitted_at.toISOString(),
    submittedBy: r.submitted_by,
    approverId: r.approver_id,
    approverName: r.approver_id ? name(r.approver_first, r.approver_last, lang) : null,
    actionAt: iso(r.action_at),
    rejectReason: r.reject_reason,
    slotCount: r.slot_count,
    bookedCount: r.booked_count,
  };
}

/**
 * The doctors the caller acts for: a doctor only themself, an assistant the doctors they follow (spec §6), anyone
 * else (admins, operators) every doctor of their level — null.
 */
export async function actingDoctorIds(ctx: AuthedCtx): Promise<string[] | null> {
  if (ctx.auth.roleCode === 'doctor') return [ctx.auth.userId];
  if (ctx.auth.roleCode === 'doctor_assistant') return doctorIdsFollowedBy(ctx.db, ctx.auth.tenantId, ctx.auth.userId);
  return null;
}

/**
 * A slot with its schedule's status and center, for booking. Read with the caller's `db`: a booking locks the slot
 * first and reads it in the same transaction.
 */
export function slotForBooking(db: Db, tenantId: string, slotId: string): Promise<repo.SlotForBooking | null> {
  return repo.findSlot(db, tenantId, slotId);
}

/** A doctor of the caller's level (and one the caller acts for, when `acting`), or DOCTOR_NOT_FOUND like a missing id. */
export async function requireDoctor(
  ctx: AuthedCtx,
  doctorId: string,
  acting: boolean,
  field = 'doctorId',
): Promise<repo.DoctorRow> {
  if (acting) {
    const mine = await actingDoctorIds(ctx);
    if (mine && !mine.includes(doctorId)) throw new AppError('DOCTOR_NOT_FOUND', { field });
  }
  const [d] = await repo.listDoctors(ctx.db, ctx.auth.tenantId, await reachOf(ctx), { ids: [doctorId] });
  if (!d) throw new AppError('DOCTOR_NOT_FOUND', { field });
  return d;
}

const invalidTime = (field: string, rule: string, message: string) =>
  new AppError('INVALID_SCHEDULE_TIME', { field, rule }, `invalid schedule time: ${message}`);

/**
 * The windows a request asks for: the same wall-clock window on `days` consecutive days of the doctor's time zone
 * (so a series keeps 08:00 through a daylight-saving change).
 */
export function seriesWindows(start: Date, end: Date, days: number, tz: string): Array<{ start: Date; end: Date }> {
  const day = zonedDay(start, tz);
  const startSec = Math.round((start.getTime() - zonedMidnight(day, tz).getTime()) / 1000);
  const length = end.getTime() - start.getTime();
  const out: Array<{ start: Date; end: Date }> = [];
  for (let i = 0; i < days; i++) {
    const s = i === 0 ? start : zonedInstant(addToDay(day, { days: i }), startSec, tz);
    out.push({ start: s, end: new Date(s.getTime() + length) });
  }
  return out;
}

export async function createSchedules(ctx: AuthedCtx, b: TScheduleCreateRequest): Promise<TDoctorScheduleList> {
  const doctorId = b.doctorId ?? ctx.auth.userId;
  const doctor = await requireDoctor(ctx, doctorId, true);
  const start = new Date(b.start);
  const end = new Date(b.end);
  const now = ctx.clock.now();
  const minutes = (end.getTime() - start.getTime()) / 60_000;
  if (start.getTime() <= now.getTime()) throw invalidTime('start', 'future', 'the start has passed');
  if (minutes > SCHEDULE_MAX_HOURS * 60) throw invalidTime('end', 'max_hours', `at most ${SCHEDULE_MAX_HOURS} hours`);
  if (!Number.isInteger(minutes) || minutes % b.slotMinutes !== 0)
    throw invalidTime(
      'slotMinutes',
      'whole_slots',
      `the window must be a whole number of ${b.slotMinutes}-minute slots`,
    );
  const windows = seriesWindows(start, end, b.days, doctor.timezone);
  const ids: string[] = [];
  await ctx.db.tx(async (db) => {
    await repo.lockDoctor(db, ctx.auth.tenantId, doctorId);
    if ((await repo.countOverlaps(db, ctx.auth.tenantId, doctorId, windows)) > 0)
      throw new AppError('SCHEDULE_OVERLAP', { field: 'start', rule: 'overlap' });
    for (const w of windows) {
      const id = newId(now.getTime());
      ids.push(id);
      await repo.insertSchedule(db, ctx.auth.tenantId, {
        id,
        doctorId,
        centerId: doctor.center_id,
        start: w.start,
        end: w.end,
        slotMinutes: b.slotMinutes,
        submittedBy: ctx.auth.userId,
        now,
      });
      const slots: Array<{ id: string; start: Date; end: Date }> = [];
      for (let t = w.start.getTime(); t + b.slotMinutes * 60_000 <= w.end.getTime(); t += b.slotMinutes * 60_000) {
        slots.push({ id: newId(now.getTime()), start: new Date(t), end: new Date(t + b.slotMinutes * 60_000) });
      }
      await repo.insertSlots(db, ctx.auth.tenantId, id, doctorId, slots);
    }
  });
  const rows = await repo.listSchedules(ctx.db, ctx.auth.tenantId, {
    reach: { all: true },
    doctorIds: [doctorId],
    from: windows[0]!.start,
    to: windows[windows.length - 1]!.end,
  });
  return { items: rows.filter((r) => ids.includes(r.id)).map((r) => toSchedule(r, ctx.auth.language)) };
}

export async function listSchedules(ctx: AuthedCtx, q: TScheduleListQuery): Promise<TDoctorScheduleList> {
  const from = new Date(q.from);
  const to = new Date(q.to);
  if (to <= from) throw new AppError('VALIDATION_ERROR', { field: 'to', rule: 'after_from' }, 'to: must be after from');
  if (to.getTime() - from.getTime() > 93 * 86_400_000)
    throw new AppError('VALIDATION_ERROR', { field: 'to', rule: 'max_range' }, 'to: at most 93 days after from');
  await repo.disableExpired(ctx.db, ctx.auth.tenantId, ctx.clock.now());
  const doctorIds = q.mine === 'true' ? [ctx.auth.userId] : q.doctorId ? [q.doctorId] : undefined;
  const rows = await repo.listSchedules(ctx.db, ctx.auth.tenantId, {
    reach: await reachOf(ctx),
    doctorIds,
    from,
    to,
    centerId: q.centerId,
    specialty: q.specialty,
    statuses: q.status ? [q.status] : undefined,
  });
  return { items: rows.map((r) => toSchedule(r, ctx.auth.language)) };
}

const HISTORY: TScheduleStatus[] = ['approved', 'rejected', 'disabled'];

export async function listRequests(ctx: AuthedCtx, q: TScheduleRequestQuery): Promise<TDoctorSchedulePage> {
  await repo.disableExpired(ctx.db, ctx.auth.tenantId, ctx.clock.now());
  const statuses = q.status
    ? [q.status]
    : q.view === 'pending'
      ? [...PENDING_SCHEDULE_STATUSES]
      : q.view === 'history'
        ? HISTORY
        : undefined;
  const { rows, total } = await repo.pageSchedules(
    ctx.db,
    ctx.auth.tenantId,
    {
      reach: await reachOf(ctx),
      doctorIds: q.doctorId ? [q.doctorId] : undefined,
      statuses,
    },
    q.view === 'history' ? 'action' : 'submitted',
    q.page,
    q.size,
  );
  return { items: rows.map((r) => toSchedule(r, ctx.auth.language)), total, page: q.page, size: q.size };
}

/** Withdraws a new request, asks for leave on an approved schedule (an admin decides), clears a rejected/expired one. */
export async function deleteSchedule(ctx: AuthedCtx, id: string): Promise<TScheduleDeleteResult> {
  const mine = await actingDoctorIds(ctx);
  const reach = await reachOf(ctx);
  const now = ctx.clock.now();
  return ctx.db.tx(async (db) => {
    const s = await repo.findSchedule(db, ctx.auth.tenantId, reach, id, true);
    if (!s || (mine && !mine.includes(s.doctor_id))) throw new AppError('SCHEDULE_NOT_FOUND');
    switch (s.status as TScheduleStatus) {
      case 'new':
      case 'rejected':
      case 'disabled':
        await repo.deleteSchedule(db, ctx.auth.tenantId, id);
        return { id, status: null };
      case 'approved':
        if ((await repo.countAppointments(db, ctx.auth.tenantId, id)) > 0)
          throw new AppError('SCHEDULE_HAS_APPOINTMENTS');
        await repo.requestLeave(db, ctx.auth.tenantId, id, ctx.auth.userId, now);
        return { id, status: 'requesting_leave' };
      case 'requesting_leave':
        throw new AppError('SCHEDULE_NOT_PENDING');
    }
  });
}

type Outcome = TScheduleDecisionResult['results'][number];

/** Every id must name a schedule the caller reaches: one that does not fails the whole batch (404), as a missing row. */
async function requireAll(ctx: AuthedCtx, reach: Reach, ids: string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  for (const id of unique) {
    if (!(await repo.findSchedule(ctx.db, ctx.auth.tenantId, reach, id)))
      throw new AppError('SCHEDULE_NOT_FOUND', { field: 'ids' });
  }
  return unique;
}

/** Approves each request it can (one transaction each); the others name why not. */
export async function approveRequests(ctx: AuthedCtx, ids: string[]): Promise<TScheduleDecisionResult> {
  const reach = await reachOf(ctx);
  const results: Outcome[] = [];
  for (const id of await requireAll(ctx, reach, ids)) {
    const now = ctx.clock.now();
    try {
      results.push(
        await ctx.db.tx(async (db): Promise<Outcome> => {
          const s = await repo.findSchedule(db, ctx.auth.tenantId, reach, id, true);
          if (!s) return { id, ok: false, status: null, code: 'SCHEDULE_NOT_FOUND' };
          if (s.status === 'new') {
            if (s.start_at.getTime() <= now.getTime()) {
              await repo.decide(db, ctx.auth.tenantId, id, 'new', 'disabled', { approverId: null, reason: null, now });
              return { id, ok: false, status: 'disabled', code: 'INVALID_SCHEDULE_TIME' };
            }
            await repo.decide(db, ctx.auth.tenantId, id, 'new', 'approved', {
              approverId: ctx.auth.userId,
              reason: null,
              now,
            });
            return { id, ok: true, status: 'approved', code: null };
          }
          if (s.status === 'requesting_leave') {
            if ((await repo.countAppointments(db, ctx.auth.tenantId, id)) > 0)
              return { id, ok: false, status: 'requesting_leave', code: 'SCHEDULE_HAS_APPOINTMENTS' };
            await repo.deleteSchedule(db, ctx.auth.tenantId, id);
            return { id, ok: true, status: null, code: null };
          }
          return { id, ok: false, status: s.status as TScheduleStatus, code: 'SCHEDULE_NOT_PENDING' };
        }),
      );
    } catch (e) {
      // A booking that raced the leave approval: the appointment's foreign key stops the delete.
      results.push({ id, ok: false, status: null, code: e instanceof AppError ? e.code : 'SCHEDULE_HAS_APPOINTMENTS' });
    }
  }
  return { results };
}

export async function rejectRequests(ctx: AuthedCtx, ids: string[], reason: string): Promise<TScheduleDecisionResult> {
  const reach = await reachOf(ctx);
  const results: Outcome[] = [];
  for (const id of await requireAll(ctx, reach, ids)) {
    const now = ctx.clock.now();
    results.push(
      await ctx.db.tx(async (db): Promise<Outcome> => {
        const s = await repo.findSchedule(db, ctx.auth.tenantId, reach, id, true);
        if (!s) return { id, ok: false, status: null, code: 'SCHEDULE_NOT_FOUND' };
        if (s.status === 'new') {
          await repo.decide(db, ctx.auth.tenantId, id, 'new', 'rejected', { approverId: ctx.auth.userId, reason, now });
          return { id, ok: true, status: 'rejected', code: null };
        }
        if (s.status === 'requesting_leave') {
          // Leave refused: the schedule stands as approved.
          await repo.decide(db, ctx.auth.tenantId, id, 'requesting_leave', 'approved', {
            approverId: ctx.auth.userId,
            reason,
            now,
          });
          return { id, ok: true, status: 'approved', code: null };
        }
        return { id, ok: false, status: s.status as TScheduleStatus, code: 'SCHEDULE_NOT_PENDING' };
      }),
    );
  }
  return { results };
}

/** A doctor's free and booked slots on a day of the doctor's time zone (future ones only: the past cannot be booked). */
export async function doctorSlots(ctx: AuthedCtx, doctorId: string, date: string): Promise<TSlotList> {
  const d = await requireDoctor(ctx, doctorId, false, 'id');
  const from = zonedMidnight(date, d.timezone);
  const to = zonedMidnight(addToDay(date, { days: 1 }), d.timezone);
  const now = ctx.clock.now();
  const rows = await repo.slotsOf(ctx.db, ctx.auth.tenantId, doctorId, from < now ? now : from, to);
  return {
    items: rows.map((s) => ({
      id: s.id,
      scheduleId: s.schedule_id,
      start: s.start_at.toISOString(),
      end: s.end_at.toISOString(),
      booked: s.booked,
    })),
  };
}

export async function scheduleReport(ctx: AuthedCtx, q: TScheduleReportQuery): Promise<TScheduleReport> {
  if (q.from > q.to)
    throw new AppError('VALIDATION_ERROR', { field: 'to', rule: 'after_from' }, 'to: must be on or after from');
  const tz = (await userTimeZoneOf(ctx.db, ctx.auth.tenantId, ctx.auth.userId)) ?? 'Asia/Ho_Chi_Minh';
  const mine = await actingDoctorIds(ctx);
  const doctorIds = q.doctorId ? (mine && !mine.includes(q.doctorId) ? [] : [q.doctorId]) : (mine ?? undefined);
  const rows = await repo.report(ctx.db, ctx.auth.tenantId, {
    reach: await reachOf(ctx),
    doctorIds,
    centerId: q.centerId,
    from: zonedMidnight(q.from, tz),
    to: zonedMidnight(addToDay(q.to, { days: 1 }), tz),
    now: ctx.clock.now(),
  });
  return {
    from: q.from,
    to: q.to,
    items: rows.map((r) => ({
      doctorId: r.doctor_id,
      doctorName: name(r.first_name, r.last_name, ctx.auth.language),
      offered: r.offered,
      booked: r.booked,
      completed: r.completed,
      canceled: r.canceled,
      noShows: r.no_shows,
      utilisation: r.offered > 0 ? Math.min(1, r.booked / r.offered) : 0,
    })),
  };
}

const REPORT_HEADERS: Record<'en' | 'vi', string[]> = {
  en: ['Doctor', 'Slots offered', 'Booked', 'Completed', 'Cancelled', 'No-shows', 'Utilisation (%)'],
  vi: ['Bác sĩ', 'Số khung giờ', 'Đã đặt', 'Hoàn thành', 'Đã hủy', 'Không đến', 'Tỷ lệ sử dụng (%)'],
};

/** The report as .xlsx (headers in the caller's language). */
export async function exportScheduleReport(
  ctx: AuthedCtx,
  q: TScheduleReportQuery,
): Promise<{ body: Buffer; name: string }> {
  const report = await scheduleReport(ctx, q);
  const Excel = await loadExcel();
  const wb = new Excel.Workbook();
  const ws = wb.addWorksheet('Report');
  ws.addRow(REPORT_HEADERS[ctx.auth.language.startsWith('vi') ? 'vi' : 'en']);
  for (const r of report.items)
    ws.addRow([
      r.doctorName,
      r.offered,
      r.booked,
      r.completed,
      r.canceled,
      r.noShows,
      Math.round(r.utilisation * 1000) / 10,
    ]);
  return { body: Buffer.from(await wb.xlsx.writeBuffer()), name: `schedule-report-${q.from}_${q.to}.xlsx` };
}
