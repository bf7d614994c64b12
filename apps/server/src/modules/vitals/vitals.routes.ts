import type { AnyRoute } from '../../platform/route.ts';

/** The "vitals" module's routes; the server's route table includes them. */
export const VITALS_ROUTES: AnyRoute[] = [];
