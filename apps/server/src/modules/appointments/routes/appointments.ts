import { ZIdParams } from '@carewatch/contracts/common';
import { Permission } from '@carewatch/contracts/permissions';
import {
  ZAppointmentCancelRequest,
  ZAppointmentCompleteRequest,
  ZAppointmentCreateRequest,
  ZAppointmentDetail,
  ZAppointmentListQuery,
  ZAppointmentPage,
  ZAppointmentRescheduleRequest,
  ZAppointmentStatusRequest,
} from '@carewatch/contracts/appointments';
import { defineRoute } from '../../../platform/route.ts';
import {
  appointmentDetail,
  cancelAppointment,
  completeAppointment,
  createAppointment,
  listAppointments,
  moveAppointment,
  rescheduleAppointment,
} from '../appointments.service.ts';

const P = '/api/account/appointments';
const tags = ['appointments'];

export const listAppointmentsRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: P,
  tags,
  permission: Permission.AppointmentView,
  summary:
    'Appointments of visible patients and of the doctors I act for (tab, status, from, to, doctorId, patientId, overdue, q)',
  query: ZAppointmentListQuery,
  response: ZAppointmentPage,
  handler: async ({ query }, ctx) => listAppointments(ctx, query),
});
export const appointmentDetailRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: `${P}/:id`,
  tags,
  permission: Permission.AppointmentView,
  summary: 'An appointment with its status history (from → to, who, when)',
  params: ZIdParams,
  response: ZAppointmentDetail,
  handler: async ({ params }, ctx) => appointmentDetail(ctx, params.id),
});
export const createAppointmentRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'POST',
  url: P,
  tags,
  permission: Permission.AppointmentCreate,
  status: 201,
  summary:
    "Book a doctor's free slot for a patient (one slot, one appointment: 409 SLOT_TAKEN); reminders 24 h and 15 min before",
  body: ZAppointmentCreateRequest,
  response: ZAppointmentDetail,
  handler: async ({ body }, ctx) => createAppointment(ctx, body),
});
export const cancelAppointmentRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'POST',
  url: `${P}/:id/cancel`,
  tags,
  permission: Permission.AppointmentCancel,
  summary: 'Cancel with a reason (operators, and the doctor of the appointment)',
  params: ZIdParams,
  body: ZAppointmentCancelRequest,
  response: ZAppointmentDetail,
  handler: async ({ params, body }, ctx) => cancelAppointment(ctx, params.id, body.reason),
});
export const completeAppointmentRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'POST',
  url: `${P}/:id/complete`,
  tags,
  permission: Permission.AppointmentUpdate,
  summary:
    'Complete with a diagnosis (and advice), from PROCESSING or PENDING; the doctor or an assistant acting for them',
  params: ZIdParams,
  body: ZAppointmentCompleteRequest,
  response: ZAppointmentDetail,
  handler: async ({ params, body }, ctx) => completeAppointment(ctx, params.id, body),
});
export const moveAppointmentRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'POST',
  url: `${P}/:id/status`,
  tags,
  permission: Permission.AppointmentUpdate,
  summary: 'Move to WAITING_FOR_DOCTOR, PROCESSING (the doctor starts) or PENDING (awaiting confirmation)',
  params: ZIdParams,
  body: ZAppointmentStatusRequest,
  response: ZAppointmentDetail,
  handler: async ({ params, body }, ctx) => moveAppointment(ctx, params.id, body),
});
export const rescheduleAppointmentRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'POST',
  url: `${P}/:id/reschedule`,
  tags,
  permission: Permission.AppointmentUpdate,
  summary:
    'Move an upcoming appointment to another free slot of its doctor (the reminders follow; the patient is told)',
  params: ZIdParams,
  body: ZAppointmentRescheduleRequest,
  response: ZAppointmentDetail,
  handler: async ({ params, body }, ctx) => rescheduleAppointment(ctx, params.id, body),
});
