import { z } from 'zod';
import { ZId, ZIsoDateTime, ZIsoDay, ZPageQuery, page } from './common.ts';

/**
 * A doctor's schedule (staff-portal spec §3, §4): one working window on one day, cut into slots of `slotMinutes`.
 * It is its own request: `new` until an admin of the level approves (slots become bookable) or rejects it (reason
 * required); `disabled` when a `new` request's start passes unapproved (expired); `requesting_leave` while the
 * doctor's request to delete it (take leave) awaits approval — approved, the schedule and its slots are deleted
 * (refused while it has appointments); rejected, it is `approved` again.
 */
export const SCHEDULE_STATUSES = ['new', 'approved', 'rejected', 'disabled', 'requesting_leave'] as const;
export const ZScheduleStatus = z.enum(SCHEDULE_STATUSES, 'Invalid schedule status');
export type TScheduleStatus = z.infer<typeof ZScheduleStatus>;
/** Statuses that await an admin's decision (the approval list's pending tab). */
export const PENDING_SCHEDULE_STATUSES: readonly TScheduleStatus[] = ['new', 'requesting_leave'];

export const SLOT_MINUTES_MIN = 10;
export const SLOT_MINUTES_MAX = 240;
/** The longest window one schedule may cover (a working day). */
export const SCHEDULE_MAX_HOURS = 16;
/** The longest series one request may create (consecutive days). */
export const SCHEDULE_SERIES_MAX_DAYS = 31;

export const ZDoctorSchedule = z.object({
  id: ZId,
  doctorId: ZId,
  doctorName: z.string(),
  centerId: ZId.nullable(),
  centerName: z.string().nullable(),
  specialty: z.string().nullable(),
  start: z.string(),
  end: z.string(),
  slotMinutes: z.number().int(),
  status: ZScheduleStatus,
  /** submittedTime of the spec. */
  submittedAt: z.string(),
  submittedBy: ZId.nullable(),
  approverId: ZId.nullable(),
  approverName: z.string().nullable(),
  /** takeActionAt of the spec: when the approver decided. */
  actionAt: z.string().nullable(),
  rejectReason: z.string().nullable(),
  slotCount: z.number().int(),
  bookedCount: z.number().int(),
});
export type TDoctorSchedule = z.infer<typeof ZDoctorSchedule>;
export const ZDoctorScheduleList = z.object({ items: z.array(ZDoctorSchedule) });
export type TDoctorScheduleList = z.infer<typeof ZDoctorScheduleList>;
export const ZDoctorSchedulePage = page(ZDoctorSchedule);
export type TDoctorSchedulePage = z.infer<typeof ZDoctorSchedulePage>;

/**
 * GET /api/account/doctor-schedules: the calendar over [from, to) (instants). A doctor sees their own ("my calendar");
 * an admin of the level, an operator or an assistant sees every doctor of their level ("work calendar"), narrowed by
 * doctor, center or specialty.
 */
export const ZScheduleListQuery = z.object({
  from: ZIsoDateTime,
  to: ZIsoDateTime,
  doctorId: ZId.optional(),
  centerId: ZId.optional(),
  specialty: z.string().trim().max(100, 'Max length is 100').optional(),
  status: ZScheduleStatus.optional(),
  mine: z.enum(['true', 'false'], 'Invalid value').optional(),
});
export type TScheduleListQuery = z.infer<typeof ZScheduleListQuery>;

/**
 * POST /api/account/doctor-schedules: a schedule request, or a series of them (the same window on `days`
 * consecutive days, as dragged on the calendar). `doctorId` defaults to the caller; an assistant names a doctor they
 * follow. Refused whole when any day overlaps the doctor's schedule ("existing schedule for doctor") or the window is
 * not a whole number of slots, ends before it starts or starts in the past ("invalid schedule time").
 */
export const ZScheduleCreateRequest = z
  .object({
    doctorId: ZId.optional(),
    start: ZIsoDateTime,
    end: ZIsoDateTime,
    slotMinutes: z
      .number('Required')
      .int('Must be a whole number')
      .min(SLOT_MINUTES_MIN, `Min value is ${SLOT_MINUTES_MIN}`)
      .max(SLOT_MINUTES_MAX, `Max value is ${SLOT_MINUTES_MAX}`)
      .default(30),
    days: z
      .number()
      .int('Must be a whole number')
      .min(1, 'Min value is 1')
      .max(SCHEDULE_SERIES_MAX_DAYS, `Max value is ${SCHEDULE_SERIES_MAX_DAYS}`)
      .default(1),
  })
  .superRefine((b, ctx) => {
    if (Date.parse(b.end) <= Date.parse(b.start))
      ctx.addIssue({ code: 'custom', path: ['end'], message: "Start time can't after end time" });
  });
export type TScheduleCreateRequest = z.infer<typeof ZScheduleCreateRequest>;

/** GET /api/account/doctor-schedules/requests: the approval list (pending by default; `history` for decided ones). */
export const ZScheduleRequestQuery = ZPageQuery.extend({
  view: z.enum(['pending', 'history', 'all'], 'Invalid value').default('pending'),
  status: ZScheduleStatus.optional(),
  doctorId: ZId.optional(),
});
export type TScheduleRequestQuery = z.infer<typeof ZScheduleRequestQuery>;

/** POST /api/account/doctor-schedules/requests/approve: one or many. */
export const ZScheduleApproveRequest = z.object({
  ids: z.array(ZId).min(1, 'Select at least one request').max(200, 'Max 200 at once'),
});
export type TScheduleApproveRequest = z.infer<typeof ZScheduleApproveRequest>;
/** POST /api/account/doctor-schedules/requests/reject: one or many, one reason. */
export const ZScheduleRejectRequest = ZScheduleApproveRequest.extend({
  reason: z.string('Required').trim().min(1, 'A reason is required to reject').max(500, 'Max length is 500'),
});
export type TScheduleRejectRequest = z.infer<typeof ZScheduleRejectRequest>;
/** Each request's outcome: a batch decides what it can and names the code of what it could not. */
export const ZScheduleDecisionResult = z.object({
  results: z.array(
    z.object({ id: ZId, ok: z.boolean(), status: ZScheduleStatus.nullable(), code: z.string().nullable() }),
  ),
});
export type TScheduleDecisionResult = z.infer<typeof ZScheduleDecisionResult>;

/** GET /api/account/doctors/{id}/slots?date= ({id}: the doctor's user id; date: a day in the tenant's time zone). */
export const ZSlotQuery = z.object({ date: ZIsoDay });
export const ZSlot = z.object({ id: ZId, scheduleId: ZId, start: z.string(), end: z.string(), booked: z.boolean() });
export type TSlot = z.infer<typeof ZSlot>;
export const ZSlotList = z.object({ items: z.array(ZSlot) });
export type TSlotList = z.infer<typeof ZSlotList>;

/** GET /api/account/doctor-schedules/report (and /report/export, .xlsx): per doctor over [from, to] (days, tenant zone). */
export const ZScheduleReportQuery = z.object({
  from: ZIsoDay,
  to: ZIsoDay,
  doctorId: ZId.optional(),
  centerId: ZId.optional(),
});
export type TScheduleReportQuery = z.infer<typeof ZScheduleReportQuery>;
export const ZScheduleReportRow = z.object({
  doctorId: ZId,
  doctorName: z.string(),
  offered: z.number().int(),
  booked: z.number().int(),
  completed: z.number().int(),
  canceled: z.number().int(),
  noShows: z.number().int(),
  /** booked ÷ offered, 0..1 (0 when nothing was offered). */
  utilisation: z.number(),
});
export const ZScheduleReport = z.object({ from: z.string(), to: z.string(), items: z.array(ZScheduleReportRow) });
export type TScheduleReport = z.infer<typeof ZScheduleReport>;

/** GET /api/account/doctors: the doctor list of the caller's level (for pickers and the work calendar's filters). */
export const ZDoctorListQuery = z.object({
  centerId: ZId.optional(),
  specialty: z.string().trim().max(100, 'Max length is 100').optional(),
  q: z.string().trim().max(100, 'Max length is 100').optional(),
});
export const ZDoctorSummary = z.object({
  id: ZId,
  fullName: z.string(),
  centerId: ZId.nullable(),
  centerName: z.string().nullable(),
  specialty: z.string().nullable(),
});
export type TDoctorSummary = z.infer<typeof ZDoctorSummary>;
export const ZDoctorList = z.object({ items: z.array(ZDoctorSummary) });
export type TDoctorList = z.infer<typeof ZDoctorList>;

/**
 * DELETE /api/account/doctor-schedules/{id}: a new request is withdrawn (status null: gone); an approved schedule
 * becomes a leave request (`requesting_leave`) awaiting an admin; one with appointments is refused (409).
 */
export const ZScheduleDeleteResult = z.object({ id: ZId, status: ZScheduleStatus.nullable() });
export type TScheduleDeleteResult = z.infer<typeof ZScheduleDeleteResult>;
