import type { AnyRoute } from '../../platform/route.ts';
import {
  appSportSessionsRoute,
  appSportSummaryRoute,
  createAppSportSessionRoute,
  createMySportSessionRoute,
  mySportSessionsRoute,
  mySportSummaryRoute,
  patientSportSessionsRoute,
  patientSportSummaryRoute,
} from './routes/sport.ts';

/** The "sport" module's routes (issue 21): the app's own and "viewing as" sessions, and staff or coach reads of a visible patient. */
export const SPORT_ROUTES: AnyRoute[] = [
  createMySportSessionRoute,
  mySportSessionsRoute,
  mySportSummaryRoute,
  createAppSportSessionRoute,
  appSportSessionsRoute,
  appSportSummaryRoute,
  patientSportSessionsRoute,
  patientSportSummaryRoute,
];
