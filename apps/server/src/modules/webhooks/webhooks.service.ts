import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_EVENT,
  type TWebhookDelivery,
  type TWebhookDeliveryPage,
  type TWebhookDeliveryQuery,
  type TWebhookEndpoint,
  type TWebhookEndpointCreate,
  type TWebhookEndpointList,
  type TWebhookEndpointPatch,
  type TWebhookEndpointWithSecret,
  type TWebhookEventType,
} from '@carewatch/contracts/webhooks';
import type { AuthedCtx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { audit } from '../../platform/audit.ts';
import * as repo from './webhooks.repo.ts';
import { newWebhookSecret } from './webhooks.signing.ts';
import { checkTarget } from './webhooks.target.ts';

/** How long the previous secret keeps signing after a rotation (a second v1 signature). */
export const ROTATION_OVERLAP_MS = 24 * 3600_000;

const iso = (d: Date | null) => (d === null ? null : new Date(d).toISOString());
const KNOWN: ReadonlySet<string> = new Set(WEBHOOK_EVENT_TYPES);

function toEndpoint(r: repo.EndpointRow, now: Date): TWebhookEndpoint {
  const overlap =
    r.previous_expires_at && new Date(r.previous_expires_at).getTime() > now.getTime() ? r.previous_expires_at : null;
  return {
    id: r.id,
    url: r.url,
    description: r.description,
    events: r.events.filter((e): e is TWebhookEventType => KNOWN.has(e)),
    enabled: r.enabled,
    previousSecretExpiresAt: iso(overlap),
    createdAt: iso(r.created_at)!,
    updatedAt: iso(r.updated_at)!,
  };
}

/** The URL passes the SSRF rules (https, public address unless allow-listed), else 400 naming the field `url`. */
async function requireAllowedUrl(ctx: AuthedCtx, url: string): Promise<string> {
  const t = await checkTarget(ctx.config, url);
  if (!t.ok) throw new AppError('WEBHOOK_URL_NOT_ALLOWED', { field: 'url', rule: t.rule });
  return t.url.toString();
}

async function requireEndpoint(ctx: AuthedCtx, id: string): Promise<repo.EndpointRow> {
  const row = await repo.findEndpoint(ctx.db, ctx.auth.tenantId, id);
  if (!row) throw new AppError('WEBHOOK_NOT_FOUND');
  return row;
}

export async function listEndpoints(ctx: AuthedCtx): Promise<TWebhookEndpointList> {
  const now = ctx.clock.now();
  return {
    items: (await repo.listEndpoints(ctx.db, ctx.auth.tenantId)).map((r) => toEndpoint(r, now)),
    eventTypes: [...WEBHOOK_EVENT_TYPES],
  };
}

export async function getEndpoint(ctx: AuthedCtx, id: string): Promise<TWebhookEndpoint> {
  return toEndpoint(await requireEndpoint(ctx, id), ctx.clock.now());
}

/** Registers an endpoint; its secret is generated here, answered once and stored sealed. */
export async function createEndpoint(
  ctx: AuthedCtx,
  input: TWebhookEndpointCreate,
): Promise<TWebhookEndpointWithSecret> {
  const url = await requireAllowedUrl(ctx, input.url);
  const now = ctx.clock.now();
  const id = newId(now.getTime());
  const secret = newWebhookSecret();
  await repo.insertEndpoint(ctx.db, ctx.auth.tenantId, {
    id,
    url,
    description: input.description,
    events: [...new Set(input.events)],
    enabled: input.enabled,
    secretSealed: ctx.secrets.seal(secret),
    createdBy: ctx.auth.userId,
    now,
  });
  await audit(ctx, {
    action: 'webhook.create',
    resource: 'webhook_endpoint',
    resourceId: id,
    details: { events: input.events.length, enabled: input.enabled },
  });
  return { endpoint: await getEndpoint(ctx, id), secret };
}

export async function updateEndpoint(
  ctx: AuthedCtx,
  id: string,
  patch: TWebhookEndpointPatch,
): Promise<TWebhookEndpoint> {
  const row = await requireEndpoint(ctx, id);
  const url = patch.url !== undefined ? await requireAllowedUrl(ctx, patch.url) : row.url;
  await repo.updateEndpoint(ctx.db, ctx.auth.tenantId, id, {
    url,
    description: patch.description ?? row.description,
    events: patch.events ? [...new Set(patch.events)] : row.events,
    enabled: patch.enabled ?? row.enabled,
    now: ctx.clock.now(),
  });
  await audit(ctx, {
    action: 'webhook.update',
    resource: 'webhook_endpoint',
    resourceId: id,
    details: { enabled: patch.enabled ?? row.enabled, urlChanged: url !== row.url },
  });
  return getEndpoint(ctx, id);
}

export async function deleteEndpoint(ctx: AuthedCtx, id: string): Promise<{ ok: true }> {
  if (!(await repo.deleteEndpoint(ctx.db, ctx.auth.tenantId, id))) throw new AppError('WEBHOOK_NOT_FOUND');
  await audit(ctx, { action: 'webhook.delete', resource: 'webhook_endpoint', resourceId: id });
  return { ok: true };
}

/** A new secret signs from now on; the old one adds a second signature for ROTATION_OVERLAP_MS, then is dropped. */
export async function rotateSecret(ctx: AuthedCtx, id: string): Promise<TWebhookEndpointWithSecret> {
  const row = await requireEndpoint(ctx, id);
  const now = ctx.clock.now();
  // A second rotation inside the overlap would end the previous secret at once, under a receiver still using it.
  if (row.previous_expires_at && row.previous_expires_at > now) throw new AppError('WEBHOOK_ROTATION_IN_PROGRESS');
  const secret = newWebhookSecret();
  await repo.rotateSecret(
    ctx.db,
    ctx.auth.tenantId,
    id,
    ctx.secrets.seal(secret),
    new Date(now.getTime() + ROTATION_OVERLAP_MS),
    now,
  );
  await audit(ctx, { action: 'webhook.rotate_secret', resource: 'webhook_endpoint', resourceId: id });
  return { endpoint: await getEndpoint(ctx, id), secret };
}

function toDelivery(r: repo.DeliveryRow, attempts: repo.AttemptRow[]): TWebhookDelivery {
  return {
    id: r.id,
    eventId: r.event_id,
    eventType: r.type,
    occurredAt: iso(r.occurred_at)!,
    status: r.status,
    attempts: r.attempts,
    nextAttemptAt: r.status === 'pending' || r.status === 'sending' ? iso(r.next_attempt_at) : null,
    lastStatusCode: r.last_status_code,
    lastError: r.last_error,
    lastDurationMs: r.last_duration_ms,
    deliveredAt: iso(r.delivered_at),
    replayOf: r.replay_of,
    createdAt: iso(r.created_at)!,
    attemptLog: attempts.map((a) => ({
      attempt: a.attempt,
      at: iso(a.at)!,
      statusCode: a.status_code,
      durationMs: a.duration_ms,
      error: a.error,
    })),
  };
}

async function deliveryOf(ctx: AuthedCtx, id: string): Promise<TWebhookDelivery> {
  const row = (await repo.deliveryById(ctx.db, ctx.auth.tenantId, id))!;
  return toDelivery(row, await repo.attemptsOf(ctx.db, ctx.auth.tenantId, [id]));
}

/** "Send test event": a `webhook.test` event to this endpoint only (whatever it subscribes to). */
export async function sendTestEvent(ctx: AuthedCtx, id: string): Promise<TWebhookDelivery> {
  // A disabled endpoint is sent nothing: a delivery queued for it would wait forever.
  if (!(await requireEndpoint(ctx, id)).enabled) throw new AppError('WEBHOOK_DISABLED');
  const now = ctx.clock.now();
  const eventId = newId(now.getTime());
  const deliveryId = await ctx.db.tx(async (tx) => {
    const seq = await repo.insertEvent(tx, ctx.auth.tenantId, {
      id: eventId,
      type: WEBHOOK_TEST_EVENT,
      aggregateKey: `test:${eventId}`,
      data: { message: 'CareWatch test event', endpointId: id },
      occurredAt: now,
    });
    return (await repo.insertDeliveries(tx, ctx.auth.tenantId, eventId, `test:${eventId}`, seq, [id], now))[0]!;
  });
  await audit(ctx, { action: 'webhook.test', resource: 'webhook_endpoint', resourceId: id });
  return deliveryOf(ctx, deliveryId);
}

export async function listDeliveries(
  ctx: AuthedCtx,
  id: string,
  q: TWebhookDeliveryQuery,
): Promise<TWebhookDeliveryPage> {
  await requireEndpoint(ctx, id);
  const rows = await repo.listDeliveries(ctx.db, ctx.auth.tenantId, id, q);
  const attempts = await repo.attemptsOf(
    ctx.db,
    ctx.auth.tenantId,
    rows.map((r) => r.id),
  );
  const byDelivery = new Map<string, repo.AttemptRow[]>();
  for (const a of attempts) byDelivery.set(a.delivery_id, [...(byDelivery.get(a.delivery_id) ?? []), a]);
  return {
    items: rows.map((r) => toDelivery(r, byDelivery.get(r.id) ?? [])),
    total: Number(rows[0]?.total ?? 0),
    page: q.page,
    size: q.size,
  };
}

/** Re-sends a past event to the endpoint as a new delivery (same event id; it waits for no other delivery). */
export async function replayDelivery(ctx: AuthedCtx, id: string, deliveryId: string): Promise<TWebhookDelivery> {
  const endpoint = await requireEndpoint(ctx, id);
  const d = await repo.findDelivery(ctx.db, ctx.auth.tenantId, id, deliveryId);
  if (!d) throw new AppError('WEBHOOK_NOT_FOUND');
  // After the lookups: a missing (or another tenant's) delivery is a 404 whatever the endpoint's state.
  if (!endpoint.enabled) throw new AppError('WEBHOOK_DISABLED');
  const now = ctx.clock.now();
  const newIdOf = newId(now.getTime());
  const [created] = await repo.insertDeliveries(
    ctx.db,
    ctx.auth.tenantId,
    d.event_id,
    `replay:${newIdOf}`,
    d.seq,
    [id],
    now,
    d.id,
  );
  await audit(ctx, { action: 'webhook.replay', resource: 'webhook_endpoint', resourceId: id, details: { deliveryId } });
  return deliveryOf(ctx, created!);
}
