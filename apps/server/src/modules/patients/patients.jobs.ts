import { MAX_JOB_ATTEMPTS, type JobHandlers } from '../../platform/jobs.ts';
import { IMPORT_JOB_KIND, runPatientImport } from './patients-import.service.ts';
import { runSilentDigestJob, SILENT_DIGEST_JOB } from './silent-digest.service.ts';

/** Durable jobs of the "patients" module (bulk import: resumed by any process after a crash, see runPatientImport). */
export const PATIENTS_JOBS: JobHandlers = {
  [IMPORT_JOB_KIND]: async (deps, job) => {
    const p = job.payload as { importId?: unknown; centerId?: unknown };
    if (typeof p.importId !== 'string') return;
    await runPatientImport(deps, p.importId, typeof p.centerId === 'string' ? p.centerId : null, {
      lastAttempt: job.attempts >= MAX_JOB_ATTEMPTS,
    });
  },
  // Daily digest of silent patients to the doctors following them (issue 20).
  [SILENT_DIGEST_JOB]: async (deps, job) => runSilentDigestJob(deps, job),
};
