import { WEBHOOK_HEADERS } from '@carewatch/contracts/webhooks';
import type { Deps } from '../../platform/context.ts';
import * as repo from './webhooks.repo.ts';
import { signatureHeader } from './webhooks.signing.ts';
import { checkTarget, postTo, type PostAnswer, type TargetConfig } from './webhooks.target.ts';

/** What the worker needs: the database, the clock, the secret box (endpoint secrets are sealed) and the SSRF rules. */
export type WebhookDeps = Pick<Deps, 'db' | 'clock' | 'secrets'> & { config: TargetConfig };

/** One attempt's time limit (connect, send, answer). */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** A claimed delivery whose worker died is claimed again after this (longer than any attempt: no renewal needed). */
export const WEBHOOK_LOCK_MS = 60_000;
/** Wait after failed attempt n (1-based): 1 min, 5 min, 30 min, 2 h, 6 h, 12 h; attempt 7 failing (~21 h in) gives up. */
export const WEBHOOK_BACKOFF_MS: readonly number[] = [
  60_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3600_000,
  6 * 3600_000,
  12 * 3600_000,
];
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_BACKOFF_MS.length + 1;

/** The exact body of a delivery (what the signature covers). */
export const webhookBody = (
  d: Pick<repo.ClaimedDelivery, 'event_id' | 'type' | 'occurred_at' | 'tenant_id' | 'data'>,
) =>
  JSON.stringify({
    id: d.event_id,
    type: d.type,
    occurredAt: new Date(d.occurred_at).toISOString(),
    tenantId: d.tenant_id,
    data: d.data,
  });

async function send(deps: WebhookDeps, d: repo.ClaimedDelivery, now: Date): Promise<PostAnswer> {
  const target = await checkTarget(deps.config, d.url);
  // Checked again at every attempt: a host that now resolves to a private address is refused (and retried later).
  if (!target.ok) return { statusCode: null, error: `address not allowed (${target.rule})`, durationMs: 0 };
  const secrets = [deps.secrets.open(d.secret_sealed)];
  if (d.previous_secret_sealed && d.previous_expires_at && new Date(d.previous_expires_at).getTime() > now.getTime())
    secrets.push(deps.secrets.open(d.previous_secret_sealed));
  const body = webhookBody(d);
  const headers = {
    [WEBHOOK_HEADERS.signature]: signatureHeader(secrets, Math.floor(now.getTime() / 1000), body),
    [WEBHOOK_HEADERS.eventId]: d.event_id,
    [WEBHOOK_HEADERS.eventType]: d.type,
    [WEBHOOK_HEADERS.deliveryId]: d.id,
  };
  return postTo(deps.config, target, body, headers, WEBHOOK_TIMEOUT_MS);
}

/** One claimed delivery: POST, then record the attempt, and delivered / retry at the next backoff step / failed. */
async function attempt(deps: WebhookDeps, d: repo.ClaimedDelivery): Promise<boolean> {
  let answer: PostAnswer;
  try {
    answer = await send(deps, d, deps.clock.now());
  } catch (e) {
    answer = { statusCode: null, error: (e as Error).message, durationMs: 0 };
  }
  const ok = answer.statusCode !== null && answer.statusCode >= 200 && answer.statusCode < 300;
  const at = deps.clock.now();
  const failed = !ok && d.attempts >= WEBHOOK_MAX_ATTEMPTS;
  const wait = WEBHOOK_BACKOFF_MS[Math.min(d.attempts, WEBHOOK_BACKOFF_MS.length) - 1] ?? WEBHOOK_BACKOFF_MS[0]!;
  const error = ok ? null : (answer.error ?? `HTTP ${answer.statusCode}`).slice(0, 500);
  await repo.finishAttempt(
    deps.db,
    { id: d.id, tenantId: d.tenant_id, attempt: d.attempts },
    {
      at,
      statusCode: answer.statusCode,
      durationMs: answer.durationMs,
      error,
      status: ok ? 'delivered' : failed ? 'failed' : 'pending',
      nextAttemptAt: ok || failed ? null : new Date(at.getTime() + wait),
    },
  );
  if (d.previous_expires_at && new Date(d.previous_expires_at).getTime() <= at.getTime())
    await repo.dropExpiredPrevious(deps.db, d.tenant_id, d.endpoint_id, at);
  return ok;
}

/**
 * Delivers every webhook due at `now` (injected clock), at least once: claimed rows are leased for WEBHOOK_LOCK_MS (a
 * crashed process's rows are claimed again), one aggregate key at a time per endpoint (order per alert). Answers how
 * many were attempted. Receivers de-duplicate on CareWatch-Event-Id (a crash after a send but before its record
 * sends it again).
 */
export async function runDueWebhooks(deps: WebhookDeps, limit = 50): Promise<number> {
  const now = deps.clock.now();
  const rows = await repo.claimDue(deps.db, now, new Date(now.getTime() + WEBHOOK_LOCK_MS), limit);
  await Promise.all(rows.map((d) => attempt(deps, d)));
  return rows.length;
}

/** Runs rounds until nothing is due (an alert's next event becomes due once its previous one is done). */
export async function drainWebhooks(deps: WebhookDeps, maxRounds = 50): Promise<number> {
  let total = 0;
  for (let i = 0; i < maxRounds; i++) {
    const n = await runDueWebhooks(deps);
    if (n === 0) break;
    total += n;
  }
  return total;
}

/** The background worker of a server process: polls every `intervalMs`, at once again after a busy round. */
export function startWebhookWorker(deps: WebhookDeps, intervalMs = 1000): () => Promise<void> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();
  const poll = async () => {
    if (stopped) return;
    let busy = false;
    try {
      busy = (await runDueWebhooks(deps)) > 0;
    } catch {
      // The database is unreachable for a moment: try again at the next interval.
    }
    if (!stopped)
      timer = setTimeout(
        () => {
          current = poll();
        },
        busy ? 0 : intervalMs,
      );
  };
  timer = setTimeout(() => {
    current = poll();
  }, intervalMs);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await current;
  };
}
