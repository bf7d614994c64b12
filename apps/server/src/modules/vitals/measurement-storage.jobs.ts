import type { Deps } from '../../platform/context.ts';
import { newId } from '../../platform/ids.ts';
import { scheduleJob, type JobHandlers } from '../../platform/jobs.ts';
import { compactMeasurements, ensurePartitions } from './measurement-storage.ts';

/*
 * One periodic sweeper job (like subscription.expiry): creates the coming months' partitions of the readings tables
 * (and moves strays out of their DEFAULT partitions), then compacts readings of days past the cold horizon. Both steps
 * are idempotent and safe when several server processes run them at once (advisory locks), so a duplicate chain after
 * a crash does no harm.
 */
export const STORAGE_JOB = 'measurements.storage';
export const STORAGE_SWEEP_SECONDS = 3600;

export async function sweepMeasurementStorage(deps: Pick<Deps, 'db' | 'clock'>) {
  const now = deps.clock.now();
  const created = await ensurePartitions(deps.db, { now });
  const compacted = await compactMeasurements(deps.db, { now });
  return { created, compacted };
}

const next = (deps: Pick<Deps, 'db' | 'clock'>) =>
  scheduleJob(deps, {
    kind: STORAGE_JOB,
    runAt: new Date(deps.clock.now().getTime() + STORAGE_SWEEP_SECONDS * 1000),
    payload: {},
    dedupeKey: `${STORAGE_JOB}:${newId()}`,
  });

/** Starts the sweeper chain when none is pending or running (at server start). */
export async function ensureStorageSweep(deps: Pick<Deps, 'db' | 'clock'>): Promise<void> {
  const live = await deps.db.query("select 1 from jobs where kind = $1 and status in ('pending', 'running') limit 1", [
    STORAGE_JOB,
  ]);
  if (live.length > 0) return;
  await next(deps);
}

export const STORAGE_JOBS: JobHandlers = {
  [STORAGE_JOB]: async (deps) => {
    await sweepMeasurementStorage(deps);
    await next(deps);
  },
};
