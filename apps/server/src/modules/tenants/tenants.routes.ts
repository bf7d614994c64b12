import type { AnyRoute } from '../../platform/route.ts';

/** The "tenants" module's routes; the server's route table includes them. */
export const TENANTS_ROUTES: AnyRoute[] = [];
