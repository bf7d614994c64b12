import type { AnyRoute } from '../../platform/route.ts';
import {
  ecgListRoute,
  ecgStripRoute,
  ingestRoute,
  latestRoute,
  myLatestRoute,
  mySeriesRoute,
  seriesRoute,
  sleepRoute,
  stepsRoute,
} from './routes/vitals.ts';

/** The "vitals" module's routes; the server's route table includes them. */
export const VITALS_ROUTES: AnyRoute[] = [
  ingestRoute,
  seriesRoute,
  latestRoute,
  sleepRoute,
  stepsRoute,
  ecgListRoute,
  ecgStripRoute,
  mySeriesRoute,
  myLatestRoute,
];
