import type { AnyRoute } from '../../../platform/route.ts';

/** The patient app's profile, medical profile, sub-users, notification settings, feedback and account deletion. */
export const APP_PROFILE_ROUTES: AnyRoute[] = [];
