import type { AnyRoute } from '../../platform/route.ts';

/** The "centers" module's routes; the server's route table includes them. */
export const CENTERS_ROUTES: AnyRoute[] = [];
