import type { Db } from './db.ts';

export type JobRow = {
  id: string;
  tenant_id: string | null;
  kind: string;
  run_at: Date;
  payload: Record<string, unknown>;
  attempts: number;
};

export async function insertJob(
  db: Db,
  j: {
    id: string;
    tenantId: string | null;
    kind: string;
    runAt: Date;
    payload: Record<string, unknown>;
    dedupeKey?: string;
  },
) {
  // A live job with the same dedupe key is replaced by the new schedule.
  if (j.dedupeKey)
    await db.query(
      "update jobs set status = 'done', done_at = now(), last_error = 'superseded' where dedupe_key = $1 and status = 'pending'",
      [j.dedupeKey],
    );
  await db.query('insert into jobs (id, tenant_id, kind, run_at, payload, dedupe_key) values ($1,$2,$3,$4,$5,$6)', [
    j.id,
    j.tenantId,
    j.kind,
    j.runAt,
    JSON.stringify(j.payload),
    j.dedupeKey ?? null,
  ]);
}

/** Claims due jobs (and ones whose worker died: lock expired). */
export async function claimDue(db: Db, now: Date, lockUntil: Date, limit: number): Promise<JobRow[]> {
  return db.query<JobRow>(
    `update jobs set status = 'running', attempts = attempts + 1, locked_until = $2
      where id in (select id from jobs
                    where (status = 'pending' and run_at <= $1) or (status = 'running' and locked_until < $1)
                    order by run_at limit $3 for update skip locked)
      returning id, tenant_id, kind, run_at, payload, attempts`,
    [now, lockUntil, limit],
  );
}

/** Keeps the claim of jobs still being worked on (a worker that stops renewing it has died). */
export async function extendLease(db: Db, ids: string[], lockUntil: Date) {
  await db.query("update jobs set locked_until = $2 where id = any($1::uuid[]) and status = 'running'", [
    ids,
    lockUntil,
  ]);
}

/**
 * Jobs left 'running' by a process that is gone, made due again. Only for the embedded database: its folder is locked
 * to one process, so at start every running claim is a dead one.
 */
export async function releaseAbandoned(db: Db): Promise<number> {
  return (
    await db.query("update jobs set status = 'pending', locked_until = null where status = 'running' returning 1")
  ).length;
}

export async function markDone(db: Db, id: string, now: Date) {
  await db.query("update jobs set status = 'done', done_at = $2, locked_until = null where id = $1", [id, now]);
}
export async function markRetry(db: Db, id: string, runAt: Date, error: string, failed: boolean) {
  await db.query('update jobs set status = $4, run_at = $2, last_error = $3, locked_until = null where id = $1', [
    id,
    runAt,
    error,
    failed ? 'failed' : 'pending',
  ]);
}
export async function cancelByDedupe(db: Db, dedupeKey: string) {
  await db.query(
    "update jobs set status = 'done', done_at = now(), last_error = 'cancelled' where dedupe_key = $1 and status = 'pending'",
    [dedupeKey],
  );
}
