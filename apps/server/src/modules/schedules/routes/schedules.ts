import { z } from 'zod';
import { ZIdParams } from '@carewatch/contracts/common';
import { Permission } from '@carewatch/contracts/permissions';
import {
  ZDoctorScheduleList,
  ZDoctorSchedulePage,
  ZScheduleApproveRequest,
  ZScheduleCreateRequest,
  ZScheduleDecisionResult,
  ZScheduleDeleteResult,
  ZScheduleListQuery,
  ZScheduleRejectRequest,
  ZScheduleReport,
  ZScheduleReportQuery,
  ZScheduleRequestQuery,
  ZSlotList,
  ZSlotQuery,
} from '@carewatch/contracts/schedules';
import { defineRoute } from '../../../platform/route.ts';
import {
  approveRequests,
  createSchedules,
  deleteSchedule,
  doctorSlots,
  exportScheduleReport,
  listRequests,
  listSchedules,
  rejectRequests,
  scheduleReport,
} from '../schedules.service.ts';

const P = '/api/account/doctor-schedules';
const tags = ['schedules'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const listSchedulesRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: P,
  tags,
  permission: Permission.AppointmentScheduleView,
  summary:
    "Doctor schedules over [from, to): my calendar (mine=true) or the work calendar of the caller's level (doctorId, centerId, specialty, status)",
  query: ZScheduleListQuery,
  response: ZDoctorScheduleList,
  handler: async ({ query }, ctx) => listSchedules(ctx, query),
});
export const createScheduleRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'POST',
  url: P,
  tags,
  permission: Permission.AppointmentScheduleRequest,
  status: 201,
  summary: 'Request a schedule (or a series on consecutive days) for myself or a doctor I follow; it awaits approval',
  body: ZScheduleCreateRequest,
  response: ZDoctorScheduleList,
  handler: async ({ body }, ctx) => createSchedules(ctx, body),
});
export const deleteScheduleRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'DELETE',
  url: `${P}/:id`,
  tags,
  permission: Permission.AppointmentScheduleRequest,
  summary:
    'Withdraw a new request, or ask for leave on an approved schedule (awaits approval; refused while it has appointments)',
  params: ZIdParams,
  response: ZScheduleDeleteResult,
  handler: async ({ params }, ctx) => deleteSchedule(ctx, params.id),
});
export const scheduleRequestsRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: `${P}/requests`,
  tags,
  permission: Permission.StaffScheduleApprove,
  summary: 'The approval list: pending requests (new, requesting leave) or decided ones (view=history)',
  query: ZScheduleRequestQuery,
  response: ZDoctorSchedulePage,
  handler: async ({ query }, ctx) => listRequests(ctx, query),
});
export const approveSchedulesRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'POST',
  url: `${P}/requests/approve`,
  tags,
  permission: Permission.StaffScheduleApprove,
  summary: 'Approve one or many requests (a leave request deletes the schedule); each answers its own outcome',
  body: ZScheduleApproveRequest,
  response: ZScheduleDecisionResult,
  handler: async ({ body }, ctx) => approveRequests(ctx, body.ids),
});
export const rejectSchedulesRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'POST',
  url: `${P}/requests/reject`,
  tags,
  permission: Permission.StaffScheduleApprove,
  summary: 'Reject one or many requests with a reason (a refused leave keeps the schedule approved)',
  body: ZScheduleRejectRequest,
  response: ZScheduleDecisionResult,
  handler: async ({ body }, ctx) => rejectRequests(ctx, body.ids, body.reason),
});
export const scheduleReportRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: `${P}/report`,
  tags,
  permission: Permission.AppointmentScheduleView,
  summary: 'Per doctor over the days from..to: slots offered, booked, completed, cancelled, no-shows, utilisation',
  query: ZScheduleReportQuery,
  response: ZScheduleReport,
  handler: async ({ query }, ctx) => scheduleReport(ctx, query),
});
export const exportScheduleReportRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: `${P}/report/export`,
  tags,
  permission: Permission.AppointmentScheduleView,
  summary: 'The statistical report as .xlsx',
  query: ZScheduleReportQuery,
  response: z.unknown(),
  raw: true,
  produces: ['xlsx'],
  handler: async ({ query, reply }, ctx) => {
    const f = await exportScheduleReport(ctx, query);
    await reply.type(XLSX).header('content-disposition', `attachment; filename="${f.name}"`).send(f.body);
  },
});
// GET /api/account/doctors (the doctor list) lives in the doctors module (modules/doctors/routes/directory.ts).
export const doctorSlotsRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: '/api/account/doctors/:id/slots',
  tags,
  permission: Permission.AppointmentScheduleView,
  summary: "A doctor's bookable slots on a day (date, in the doctor's time zone), each with booked true/false",
  params: ZIdParams,
  query: ZSlotQuery,
  response: ZSlotList,
  handler: async ({ params, query }, ctx) => doctorSlots(ctx, params.id, query.date),
});
