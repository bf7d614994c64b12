import type { AnyRoute } from '../../platform/route.ts';

/** The "scopes" module's routes; the server's route table includes them. */
export const SCOPES_ROUTES: AnyRoute[] = [];
