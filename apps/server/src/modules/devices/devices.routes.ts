import type { AnyRoute } from '../../platform/route.ts';

/** The "devices" module's routes; the server's route table includes them. */
export const DEVICES_ROUTES: AnyRoute[] = [];
