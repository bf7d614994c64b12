import type { JobHandlers } from '../../platform/jobs.ts';

/** Durable jobs of the "patients" module (bulk import). */
export const PATIENTS_JOBS: JobHandlers = {};
