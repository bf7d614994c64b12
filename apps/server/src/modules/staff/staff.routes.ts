import type { AnyRoute } from '../../platform/route.ts';

/** The "staff" module's routes; the server's route table includes them. */
export const STAFF_ROUTES: AnyRoute[] = [];
