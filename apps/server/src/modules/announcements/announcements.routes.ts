import type { AnyRoute } from '../../platform/route.ts';
import { appAnnouncementsRoute, composeAnnouncementRoute, sentAnnouncementsRoute } from './routes/announcements.ts';

/** The "announcements" module's routes: compose and list (portal), the app's list. */
export const ANNOUNCEMENTS_ROUTES: AnyRoute[] = [
  composeAnnouncementRoute,
  sentAnnouncementsRoute,
  appAnnouncementsRoute,
];
