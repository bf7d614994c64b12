import type { AnyRoute } from '../../platform/route.ts';

/** The "lifecycle" module's routes; the server's route table includes them. */
export const LIFECYCLE_ROUTES: AnyRoute[] = [];
