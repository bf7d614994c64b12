import type { TAlertLevel, TNotifyChannel } from '@carewatch/contracts/alerts';
import type { Deps } from '../../platform/context.ts';
import type { ProviderAnswer } from '../../platform/providers/messaging.ts';
import { publishEvent } from '../../platform/realtime.ts';
import * as repo from './delivery.repo.ts';
import { renderDelivery } from './delivery.templates.ts';

/** What the worker needs: the database, the clock and one provider per channel. */
export type DeliveryDeps = Pick<Deps, 'db' | 'clock' | 'sms' | 'mail' | 'voice' | 'push'>;

export const MAX_DELIVERY_ATTEMPTS = 10;
/**
 * SOS and high-risk notifications do not give up after MAX_DELIVERY_ATTEMPTS: they keep retrying (every 5 min at most)
 * until they are this old — a provider down for an hour must not cost the follower's SOS text.
 */
export const URGENT_RETRY_MS = 24 * 3600_000;
/**
 * A claimed delivery whose worker died is claimed again after this. A live worker renews the claim every
 * DELIVERY_LEASE_RENEW_MS while the provider is slow (an SMTP server may take minutes), so the lease can be short: a
 * follower's SOS text held by a process that died goes out from another process within 15 s, not a minute.
 */
export const DELIVERY_LOCK_MS = 15_000;
export const DELIVERY_LEASE_RENEW_MS = 5_000;
const BACKOFF_BASE_MS = 2_000;
const BACKOFF_MAX_MS = 5 * 60_000;
/** Wait before attempt n + 1 after n failed attempts: 2 s, 4 s, 8 s … capped at 5 min. */
export const backoffMs = (attempts: number) =>
  Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));

/** A failure that no retry can fix (no address for the channel): the delivery fails at once. */
class PermanentError extends Error {}

const answerText = (a: ProviderAnswer) =>
  [String(a.status), a.ref, a.detail].filter((x) => x !== null && x !== undefined && x !== '').join(' ');
const LEVELS: readonly string[] = ['normal', 'at_risk', 'high_risk', 'sos'];

async function send(deps: DeliveryDeps, d: repo.DeliveryRow): Promise<ProviderAnswer> {
  const now = deps.clock.now();
  const r = renderDelivery(d.template, d.payload, d.recipient_language);
  const base = { tenantId: d.tenant_id, idempotencyKey: d.dedupe_key, alertId: d.alert_id, at: now };
  switch (d.channel) {
    case 'sms': {
      if (!d.recipient_phone) throw new PermanentError('no phone number');
      return (await deps.sms.send({ ...base, to: d.recipient_phone, text: r.text })) ?? { status: 200, ref: null };
    }
    case 'call': {
      if (!d.recipient_phone) throw new PermanentError('no phone number');
      return deps.voice.call({ ...base, to: d.recipient_phone, text: r.text });
    }
    case 'email': {
      if (!d.recipient_email) throw new PermanentError('no e-mail address');
      await deps.mail.send({ tenantId: d.tenant_id, to: d.recipient_email, subject: r.title, text: r.body });
      return { status: 200, ref: null };
    }
    case 'in_app': {
      if (!d.recipient_user_id) throw new PermanentError('no recipient account');
      const userId = d.recipient_user_id;
      const patientId = typeof d.payload.patientId === 'string' ? d.payload.patientId : null;
      const senderId = typeof d.payload.senderId === 'string' ? d.payload.senderId : null;
      const intakeId = typeof d.payload.intakeId === 'string' ? d.payload.intakeId : null;
      const id = await deps.db.tx(async (tx) => {
        const nid = await repo.insertNotification(tx, d.tenant_id, {
          userId,
          type: r.type,
          title: r.title,
          body: r.body,
          alertId: d.alert_id,
          patientId,
          senderId,
          deliveryId: d.id,
          now: new Date(d.created_at),
        });
        // Published in the same transaction: the frame is sent at commit, never before the row exists, never twice.
        if (nid) {
          await publishEvent(
            tx,
            { tenantId: d.tenant_id, patientId, userIds: [userId] },
            {
              type: 'notification.created',
              at: now.toISOString(),
              notification: {
                id: nid,
                type: r.type,
                title: r.title,
                body: r.body,
                createdAt: now.toISOString(),
                read: false,
                alertId: d.alert_id,
                patientId,
                intakeId,
              },
            },
          );
        }
        return nid;
      });
      return { status: 200, ref: id, detail: id ? null : 'duplicate' };
    }
    case 'push': {
      if (!d.recipient_user_id) throw new PermanentError('no recipient account');
      const subs = await repo.pushSubscriptionsOf(deps.db, d.tenant_id, d.recipient_user_id);
      if (subs.length === 0) return { status: 200, ref: null, detail: 'no subscription' };
      const urgent = d.payload.level === 'sos' || d.payload.level === 'high_risk' || r.type === 'sos';
      const payload = JSON.stringify({
        type: r.type,
        title: r.title,
        body: r.body,
        alertId: d.alert_id,
        patientId: d.payload.patientId ?? null,
        tag: d.dedupe_key,
      });
      let ok = 0,
        gone = 0;
      const errors: string[] = [];
      for (const s of subs) {
        try {
          const a = await deps.push.send(s, payload, {
            ttlSeconds: urgent ? 3600 : 24 * 3600,
            urgency: urgent ? 'high' : 'normal',
          });
          if (a.statusCode === 404 || a.statusCode === 410) {
            gone++;
            await repo.deletePushSubscription(deps.db, d.tenant_id, s.id);
          } else if (a.statusCode >= 200 && a.statusCode < 300) ok++;
          else errors.push(`push ${a.statusCode}`);
        } catch (e) {
          errors.push((e as Error).message.slice(0, 100));
        }
      }
      // One browser delivered is a delivery; otherwise a retry (gone subscriptions are removed and not retried).
      if (ok === 0 && errors.length > 0) throw new Error(errors.join('; '));
      return {
        status: 200,
        ref: null,
        detail: `${ok} sent${gone ? `, ${gone} gone` : ''}${errors.length ? `, ${errors.length} failed` : ''}`,
      };
    }
  }
}

async function trail(deps: DeliveryDeps, d: repo.DeliveryRow, providerStatus: string, detail: string) {
  if (!d.alert_id) return;
  const level =
    typeof d.payload.level === 'string' && LEVELS.includes(d.payload.level) ? (d.payload.level as TAlertLevel) : null;
  const recipient =
    (typeof d.payload.recipientName === 'string' ? d.payload.recipientName : null) ??
    d.recipient_phone ??
    d.recipient_email ??
    d.recipient_user_id;
  await repo.appendAlertTrail(deps.db, d.tenant_id, d.alert_id, {
    at: deps.clock.now().toISOString(),
    kind: 'notification',
    level,
    channel: d.channel as TNotifyChannel,
    recipient,
    recipientId: d.recipient_user_id,
    phone: d.recipient_phone,
    providerStatus,
    detail,
  });
}

/** Attempts one claimed delivery: send, record the provider's answer, and the alert trail entry. */
async function attempt(deps: DeliveryDeps, d: repo.DeliveryRow): Promise<boolean> {
  const lease = setInterval(() => {
    void repo
      .renewClaim(deps.db, d.id, d.attempts, new Date(deps.clock.now().getTime() + DELIVERY_LOCK_MS))
      .catch(() => undefined);
  }, DELIVERY_LEASE_RENEW_MS);
  lease.unref();
  try {
    return await attemptClaimed(deps, d);
  } finally {
    clearInterval(lease);
  }
}

async function attemptClaimed(deps: DeliveryDeps, d: repo.DeliveryRow): Promise<boolean> {
  try {
    const a = await send(deps, d);
    const text = answerText(a);
    await repo.markSent(deps.db, d.id, deps.clock.now(), text);
    await trail(deps, d, text, `${d.template} · attempt ${d.attempts}`);
    return true;
  } catch (e) {
    const permanent = e instanceof PermanentError;
    const now = deps.clock.now();
    const urgent = d.payload.level === 'sos' || d.payload.level === 'high_risk';
    const failed =
      permanent ||
      (urgent
        ? now.getTime() - new Date(d.created_at).getTime() >= URGENT_RETRY_MS
        : d.attempts >= MAX_DELIVERY_ATTEMPTS);
    const msg = `500 ${(e as Error).message}`.slice(0, 500);
    await repo.markRetry(deps.db, d.id, now, new Date(now.getTime() + backoffMs(d.attempts)), msg, failed);
    await trail(deps, d, msg, `${d.template} · attempt ${d.attempts}${failed ? ' · gave up' : ' · will retry'}`).catch(
      () => undefined,
    );
    return false;
  }
}

/**
 * Delivers every outbox row due at `now` (injected clock), at least once: claimed rows are locked for
 * DELIVERY_LOCK_MS (a crashed worker's rows are claimed again), a failure retries with exponential backoff, and a
 * resend after a send whose answer was lost is stopped by the provider's idempotency key (the dedupe key).
 * Answers how many were claimed.
 */
export async function runDueDeliveries(deps: DeliveryDeps, limit = 100): Promise<number> {
  const now = deps.clock.now();
  const rows = await repo.claimDue(deps.db, now, new Date(now.getTime() + DELIVERY_LOCK_MS), limit);
  const width = deps.db.kind === 'pg' ? 8 : 1;
  let next = 0;
  const lane = async () => {
    while (next < rows.length) {
      const d = rows[next++]!;
      await attempt(deps, d);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, rows.length) }, lane));
  return rows.length;
}

/**
 * Delivers the outbox continuously until stopped, through `width` lanes (8 on PostgreSQL, 1 on the embedded database,
 * which has one connection): whenever a lane is free the worker claims a due row for it. A slow or hanging provider
 * holds only its own lane, so an SOS text that falls due meanwhile goes out on another one at once, instead of
 * waiting for a whole claimed batch to finish.
 */
export function startDeliveryWorker(
  deps: DeliveryDeps,
  intervalMs = 500,
  width = deps.db.kind === 'pg' ? 8 : 1,
): () => Promise<void> {
  let stopped = false;
  let inFlight = 0;
  let polling = false;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  const lanes = new Set<Promise<unknown>>();
  let current: Promise<void> = Promise.resolve();

  const schedule = (ms: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      current = poll();
    }, ms);
  };
  const poll = async (): Promise<void> => {
    if (stopped) return;
    if (polling) {
      again = true;
      return;
    }
    polling = true;
    let full = false;
    try {
      const free = width - inFlight;
      if (free > 0) {
        const now = deps.clock.now();
        const rows = await repo.claimDue(deps.db, now, new Date(now.getTime() + DELIVERY_LOCK_MS), free);
        full = rows.length === free;
        for (const d of rows) {
          inFlight += 1;
          const lane: Promise<unknown> = attempt(deps, d)
            .catch(() => false)
            .finally(() => {
              inFlight -= 1;
              lanes.delete(lane);
              // A lane came free: look for more work now rather than at the next interval.
              schedule(0);
            });
          lanes.add(lane);
        }
      }
    } catch {
      // The database is unreachable for a moment: try again at the next interval.
    } finally {
      polling = false;
    }
    if (again) {
      again = false;
      schedule(0);
    } else schedule(full ? 0 : intervalMs);
  };
  schedule(intervalMs);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await current;
    await Promise.all([...lanes]);
  };
}
