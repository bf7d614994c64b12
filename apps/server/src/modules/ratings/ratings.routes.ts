import type { AnyRoute } from '../../platform/route.ts';
import { appDoctorRatingsRoute, myRatingsRoute, rateDoctorRoute } from './routes/app-ratings.ts';
import { doctorRatingSummaryRoute, listRatingsRoute, reportRatingRoute, restoreRatingRoute } from './routes/ratings.ts';

/** The "ratings" module's routes: the app's rating of doctors and the staff's review management. */
export const RATINGS_ROUTES: AnyRoute[] = [
  rateDoctorRoute,
  myRatingsRoute,
  appDoctorRatingsRoute,
  listRatingsRoute,
  reportRatingRoute,
  restoreRatingRoute,
  doctorRatingSummaryRoute,
];
