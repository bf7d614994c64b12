import type { AnyRoute } from '../../platform/route.ts';

/** The "patients" module's routes; the server's route table includes them. */
export const PATIENTS_ROUTES: AnyRoute[] = [];
