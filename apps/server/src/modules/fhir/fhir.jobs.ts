import type { Deps } from '../../platform/context.ts';
import { newId } from '../../platform/ids.ts';
import { MAX_JOB_ATTEMPTS, scheduleJob, type JobHandlers } from '../../platform/jobs.ts';
import { expireFhirExports, FHIR_EXPORT_JOB, runFhirExport } from './fhir-export.service.ts';

/** The hourly sweep that removes ended exports past their time to live (a chain of one job, like the storage sweep). */
export const FHIR_EXPORT_SWEEP_JOB = 'fhir.export.sweep';
const SWEEP_MS = 3600_000;

const nextSweep = (deps: Pick<Deps, 'db' | 'clock'>) =>
  scheduleJob(deps, {
    kind: FHIR_EXPORT_SWEEP_JOB,
    runAt: new Date(deps.clock.now().getTime() + SWEEP_MS),
    payload: {},
    dedupeKey: `${FHIR_EXPORT_SWEEP_JOB}:${newId()}`,
  });

/** Starts the sweep chain when none is pending or running (at server start). */
export async function ensureFhirExportSweep(deps: Pick<Deps, 'db' | 'clock'>): Promise<void> {
  const live = await deps.db.query("select 1 from jobs where kind = $1 and status in ('pending', 'running') limit 1", [
    FHIR_EXPORT_SWEEP_JOB,
  ]);
  if (live.length > 0) return;
  await nextSweep(deps);
}

/** Durable jobs of the "fhir" module: Bulk Data exports (claimed by any server process; a crashed one's is run again). */
export const FHIR_JOBS: JobHandlers = {
  [FHIR_EXPORT_JOB]: async (deps, job) => {
    const p = job.payload as { exportId?: unknown };
    if (typeof p.exportId !== 'string') return;
    await runFhirExport(deps, p.exportId, { lastAttempt: job.attempts >= MAX_JOB_ATTEMPTS });
  },
  [FHIR_EXPORT_SWEEP_JOB]: async (deps) => {
    await expireFhirExports(deps);
    await nextSweep(deps);
  },
};
