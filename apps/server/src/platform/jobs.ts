import type { Deps } from './context.ts';
import { newId } from './ids.ts';
import * as repo from './jobs.repo.ts';

export type JobHandler = (deps: Deps, job: repo.JobRow) => Promise<void>;
export type JobHandlers = Record<string, JobHandler>;

export const MAX_JOB_ATTEMPTS = 10;

export async function scheduleJob(
  deps: Pick<Deps, 'db'>,
  j: { kind: string; runAt: Date; payload: Record<string, unknown>; tenantId?: string | null; dedupeKey?: string },
) {
  await repo.insertJob(deps.db, {
    id: newId(),
    tenantId: j.tenantId ?? null,
    kind: j.kind,
    runAt: j.runAt,
    payload: j.payload,
    dedupeKey: j.dedupeKey,
  });
}
export const cancelJob = (deps: Pick<Deps, 'db'>, dedupeKey: string) => repo.cancelByDedupe(deps.db, dedupeKey);

/**
 * Runs every job due at `now` (the injected clock), at least once: a job is marked done only after
 * its handler returns; a failure retries with backoff. Claims are leases (JOB_LEASE_SECONDS, default 30) renewed while
 * this process works through them, so a crashed worker's jobs are claimed again by another process within one lease
 * (and at once by the next start on the embedded database), not minutes later.
 */
export async function runDueJobs(deps: Deps, handlers: JobHandlers, limit = 50): Promise<number> {
  const lease = deps.config.jobLeaseMs;
  const now = deps.clock.now();
  const jobs = await repo.claimDue(deps.db, now, new Date(now.getTime() + lease), limit);
  if (jobs.length === 0) return 0;
  const held = new Set(jobs.map((j) => j.id));
  const renew = setInterval(
    () => {
      void repo.extendLease(deps.db, [...held], new Date(deps.clock.now().getTime() + lease)).catch(() => undefined);
    },
    Math.max(500, Math.floor(lease / 3)),
  );
  renew.unref();
  try {
    for (const job of jobs) {
      const handler = handlers[job.kind];
      try {
        if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
        await handler(deps, job);
        await repo.markDone(deps.db, job.id, deps.clock.now());
      } catch (e) {
        const backoff = Math.min(60 * 60 * 1000, 1000 * 2 ** job.attempts);
        await repo.markRetry(
          deps.db,
          job.id,
          new Date(deps.clock.now().getTime() + backoff),
          (e as Error).message.slice(0, 500),
          job.attempts >= MAX_JOB_ATTEMPTS,
        );
      } finally {
        held.delete(job.id);
      }
    }
  } finally {
    clearInterval(renew);
  }
  return jobs.length;
}

/** Polls for due jobs until stopped. */
export function startJobWorker(deps: Deps, handlers: JobHandlers, intervalMs = 1000): () => Promise<void> {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    if (stopped) return;
    running = runDueJobs(deps, handlers)
      .catch(() => 0)
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  let timer = setTimeout(tick, intervalMs);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
