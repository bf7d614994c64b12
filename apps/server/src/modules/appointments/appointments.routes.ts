import type { AnyRoute } from '../../platform/route.ts';
import {
  appointmentDetailRoute,
  cancelAppointmentRoute,
  completeAppointmentRoute,
  createAppointmentRoute,
  listAppointmentsRoute,
  moveAppointmentRoute,
  rescheduleAppointmentRoute,
} from './routes/appointments.ts';
import {
  appAppointmentRoute,
  appCancelAppointmentRoute,
  appEventsRoute,
  appSubjectEventsRoute,
  createEventRoute,
  deleteEventRoute,
  updateEventRoute,
} from './routes/app-events.ts';

/** The "appointments" module's routes: staff appointments, and the patient app's events. */
export const APPOINTMENTS_ROUTES: AnyRoute[] = [
  listAppointmentsRoute,
  appointmentDetailRoute,
  createAppointmentRoute,
  cancelAppointmentRoute,
  completeAppointmentRoute,
  moveAppointmentRoute,
  rescheduleAppointmentRoute,
  appEventsRoute,
  appSubjectEventsRoute,
  createEventRoute,
  updateEventRoute,
  deleteEventRoute,
  appAppointmentRoute,
  appCancelAppointmentRoute,
];
