import type { Deps } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { newId } from '../../platform/ids.ts';
import { scheduleJob, type JobHandlers } from '../../platform/jobs.ts';
import { enqueueDeliveries, type OutboxItem } from '../../platform/outbox.ts';
import * as repo from './subscriptions.repo.ts';
import { expiredText, expiryNoticeText } from './subscriptions.texts.ts';

/*
 * Subscription expiry runs as one periodic sweeper job (like medication.sweep): each sweep claims the active
 * subscriptions with something due (FOR UPDATE SKIP LOCKED, so several server processes share the work) and, in the
 * same transaction, sends the "about to expire" notice 7 days and 1 day before the end (in-app and push, in the
 * user's language, through the notifications outbox; each once per end date — extending moves the end and re-arms
 * them), and ends plans whose end has passed (the account is back on Zero).
 */
export const EXPIRY_JOB = 'subscription.expiry';
export const EXPIRY_SWEEP_SECONDS = 300;
const BATCH = 500;
const DAY_MS = 86_400_000;

function notice(
  s: repo.DueSub,
  key: string,
  template: string,
  t: { title: string; body: string },
  extra: Record<string, unknown>,
): OutboxItem[] {
  return (['in_app', 'push'] as const).map((channel) => ({
    dedupeKey: `subscription:${s.id}:${s.ends_at.toISOString()}:${key}:${channel}`,
    channel,
    alertId: null,
    recipientUserId: s.user_id,
    recipientPhone: null,
    recipientEmail: null,
    template,
    payload: { type: 'subscription', kind: key, title: t.title, body: t.body, subscriptionId: s.id, ...extra },
  }));
}

/** One batch: answers how many subscriptions it handled. */
async function sweepBatch(db: Db, now: Date): Promise<number> {
  return db.tx(async (tx) => {
    const due = await repo.claimDue(tx, now, BATCH);
    for (const s of due) {
      const left = s.ends_at.getTime() - now.getTime();
      if (left <= 0) {
        await repo.endSub(tx, s.tenant_id, s.id, 'expired', now);
        await repo.setPatientExpiry(tx, s.tenant_id, s.user_id, null);
        await enqueueDeliveries(
          tx,
          s.tenant_id,
          notice(s, 'expired', 'subscription.expired', expiredText(s.language, { packageName: s.package_name }), {}),
          now,
        );
      } else if (left <= DAY_MS) {
        const t = expiryNoticeText(s.language, s.timezone, { packageName: s.package_name, endsAt: s.ends_at, days: 1 });
        await enqueueDeliveries(
          tx,
          s.tenant_id,
          notice(s, '1d', 'subscription.expiring', t, { days: 1, endsAt: s.ends_at.toISOString() }),
          now,
        );
        await repo.markNotified(tx, s.id, '1d', now);
      } else {
        const t = expiryNoticeText(s.language, s.timezone, { packageName: s.package_name, endsAt: s.ends_at, days: 7 });
        await enqueueDeliveries(
          tx,
          s.tenant_id,
          notice(s, '7d', 'subscription.expiring', t, { days: 7, endsAt: s.ends_at.toISOString() }),
          now,
        );
        await repo.markNotified(tx, s.id, '7d', now);
      }
    }
    return due.length;
  });
}

/** Runs one sweep at the injected clock's time. */
export async function sweepSubscriptions(deps: Pick<Deps, 'db' | 'clock'>): Promise<number> {
  const now = deps.clock.now();
  let n = 0;
  for (;;) {
    const k = await sweepBatch(deps.db, now);
    n += k;
    if (k < BATCH) return n;
  }
}

/** Starts the sweeper chain when none is pending or running (at server start). */
export async function ensureSubscriptionSweep(deps: Pick<Deps, 'db' | 'clock'>): Promise<void> {
  const live = await deps.db.query("select 1 from jobs where kind = $1 and status in ('pending', 'running') limit 1", [
    EXPIRY_JOB,
  ]);
  if (live.length > 0) return;
  await scheduleJob(deps, {
    kind: EXPIRY_JOB,
    runAt: new Date(deps.clock.now().getTime() + EXPIRY_SWEEP_SECONDS * 1000),
    payload: {},
    dedupeKey: `${EXPIRY_JOB}:${newId()}`,
  });
}

export const SUBSCRIPTION_JOBS: JobHandlers = {
  [EXPIRY_JOB]: async (deps) => {
    await sweepSubscriptions(deps);
    await scheduleJob(deps, {
      kind: EXPIRY_JOB,
      runAt: new Date(deps.clock.now().getTime() + EXPIRY_SWEEP_SECONDS * 1000),
      payload: {},
      dedupeKey: `${EXPIRY_JOB}:${newId()}`,
    });
  },
};
