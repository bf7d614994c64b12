import { MAX_JOB_ATTEMPTS, type JobHandlers } from '../../platform/jobs.ts';
import { FHIR_EXPORT_JOB, runFhirExport } from './fhir-export.service.ts';

/** Durable jobs of the "fhir" module: Bulk Data exports (claimed by any server process; a crashed one's is run again). */
export const FHIR_JOBS: JobHandlers = {
  [FHIR_EXPORT_JOB]: async (deps, job) => {
    const p = job.payload as { exportId?: unknown };
    if (typeof p.exportId !== 'string') return;
    await runFhirExport(deps, p.exportId, { lastAttempt: job.attempts >= MAX_JOB_ATTEMPTS });
  },
};
