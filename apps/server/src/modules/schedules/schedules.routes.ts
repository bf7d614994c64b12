import type { AnyRoute } from '../../platform/route.ts';
import {
  approveSchedulesRoute,
  createScheduleRoute,
  deleteScheduleRoute,
  doctorSlotsRoute,
  exportScheduleReportRoute,
  listSchedulesRoute,
  rejectSchedulesRoute,
  scheduleReportRoute,
  scheduleRequestsRoute,
} from './routes/schedules.ts';

/** The "schedules" module's routes (doctor schedules, their approval, slots, the statistical report). */
export const SCHEDULES_ROUTES: AnyRoute[] = [
  listSchedulesRoute,
  createScheduleRoute,
  scheduleRequestsRoute,
  approveSchedulesRoute,
  rejectSchedulesRoute,
  scheduleReportRoute,
  exportScheduleReportRoute,
  deleteScheduleRoute,
  doctorSlotsRoute,
];
