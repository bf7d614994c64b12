import type { Deps } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { scheduleJob, type JobHandlers } from '../../platform/jobs.ts';
import { enqueueDeliveries, type OutboxItem } from '../../platform/outbox.ts';
import * as repo from './announcements.repo.ts';

/*
 * Fan-out of an announcement to every active patient-app user of its tenant: one job per announcement, which takes
 * the users by id in batches; each batch, in one transaction, locks the announcement row (FOR UPDATE SKIP LOCKED, so
 * two workers never fan out the same batch), writes an in-app and a push delivery per user through the outbox
 * (dedupe key per announcement, user and channel: a retried batch adds nothing) and moves the cursor on.
 * The delivery worker then writes the in-app notifications and sends the pushes.
 */
export const FANOUT_JOB = 'announcements.fanout';
export const FANOUT_BATCH = 1000;
/** One run stops taking new batches after this long; a continuation job goes on at once. */
const FANOUT_BUDGET_MS = 10_000;

/** Fans out one batch; answers whether the announcement is fully fanned out (or not ours to fan out now). */
export async function fanOutBatch(
  db: Db,
  tenantId: string,
  announcementId: string,
  now: Date,
  batch = FANOUT_BATCH,
): Promise<{ done: boolean; added: number }> {
  return db.tx(async (tx) => {
    const a = await repo.claimForFanout(tx, tenantId, announcementId);
    if (!a) return { done: true, added: 0 };
    const users = await repo.nextAppUsers(tx, tenantId, a.cursor_user_id, batch);
    const payload = { type: 'announcement', title: a.title, body: a.message, announcementId: a.id };
    const items: OutboxItem[] = users.flatMap((u) =>
      (['in_app', 'push'] as const).map((channel) => ({
        dedupeKey: `announcement:${a.id}:${u.id}:${channel}`,
        channel,
        alertId: null,
        recipientUserId: u.id,
        recipientPhone: null,
        recipientEmail: null,
        template: 'announcement',
        payload,
      })),
    );
    await enqueueDeliveries(tx, tenantId, items, now);
    const done = users.length < batch;
    await repo.advance(tx, tenantId, a.id, {
      cursor: users[users.length - 1]?.id ?? null,
      added: users.length,
      done,
      now,
    });
    return { done, added: users.length };
  });
}

export async function scheduleFanout(
  deps: Pick<Deps, 'db'>,
  tenantId: string,
  announcementId: string,
  at: Date,
): Promise<void> {
  await scheduleJob(deps, { kind: FANOUT_JOB, runAt: at, tenantId, payload: { tenantId, announcementId } });
}

export const ANNOUNCEMENT_JOBS: JobHandlers = {
  [FANOUT_JOB]: async (deps, job) => {
    const tenantId = String(job.payload.tenantId);
    const announcementId = String(job.payload.announcementId);
    // Date.now() bounds the wall time of one run (not a rule of the domain).
    const budgetEnd = Date.now() + FANOUT_BUDGET_MS;
    for (;;) {
      const r = await fanOutBatch(deps.db, tenantId, announcementId, deps.clock.now());
      if (r.done) return;
      if (Date.now() > budgetEnd) {
        await scheduleFanout(deps, tenantId, announcementId, deps.clock.now());
        return;
      }
    }
  },
};
