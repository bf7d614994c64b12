import type { AnyRoute } from '../../../platform/route.ts';

/** The patient app's "viewing as" list, follower dashboards, and a followed patient's alerts and SOS cases. */
export const APP_SUBJECT_ROUTES: AnyRoute[] = [];
