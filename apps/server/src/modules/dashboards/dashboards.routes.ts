import type { AnyRoute } from '../../platform/route.ts';
import {
  coachDashboardRoute,
  doctorDashboardRoute,
  getMySportProfileRoute,
  putMySportProfileRoute,
} from './routes/dashboards.ts';

/** The "dashboards" module's routes (issue 21): the app's coach and doctor dashboards and the sport profile. */
export const DASHBOARD_ROUTES: AnyRoute[] = [
  getMySportProfileRoute,
  putMySportProfileRoute,
  coachDashboardRoute,
  doctorDashboardRoute,
];
