import type { Db } from '../../platform/db.ts';
import { newId } from '../../platform/ids.ts';

export type EndpointRow = {
  id: string;
  tenant_id: string;
  url: string;
  description: string;
  events: string[];
  enabled: boolean;
  secret_sealed: string;
  previous_secret_sealed: string | null;
  previous_expires_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

export async function listEndpoints(db: Db, tenantId: string): Promise<EndpointRow[]> {
  return db.query<EndpointRow>('select * from webhook_endpoints where tenant_id = $1 order by created_at, id', [
    tenantId,
  ]);
}
export async function findEndpoint(db: Db, tenantId: string, id: string): Promise<EndpointRow | null> {
  return (
    (
      await db.query<EndpointRow>('select * from webhook_endpoints where tenant_id = $1 and id = $2', [tenantId, id])
    )[0] ?? null
  );
}
export async function insertEndpoint(
  db: Db,
  tenantId: string,
  e: {
    id: string;
    url: string;
    description: string;
    events: string[];
    enabled: boolean;
    secretSealed: string;
    createdBy: string;
    now: Date;
  },
) {
  await db.query(
    `insert into webhook_endpoints (id, tenant_id, url, description, events, enabled, secret_sealed, created_by, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)`,
    [e.id, tenantId, e.url, e.description, e.events, e.enabled, e.secretSealed, e.createdBy, e.now],
  );
}
export async function updateEndpoint(
  db: Db,
  tenantId: string,
  id: string,
  p: { url: string; description: string; events: string[]; enabled: boolean; now: Date },
): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    'update webhook_endpoints set url = $3, description = $4, events = $5, enabled = $6, updated_at = $7 where tenant_id = $1 and id = $2 returning id',
    [tenantId, id, p.url, p.description, p.events, p.enabled, p.now],
  );
  return rows.length > 0;
}
/** The new secret signs from now on; the current one becomes the previous one until `previousExpiresAt`. */
export async function rotateSecret(
  db: Db,
  tenantId: string,
  id: string,
  secretSealed: string,
  previousExpiresAt: Date,
  now: Date,
): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    `update webhook_endpoints set previous_secret_sealed = secret_sealed, previous_expires_at = $4, secret_sealed = $3, updated_at = $5
      where tenant_id = $1 and id = $2 returning id`,
    [tenantId, id, secretSealed, previousExpiresAt, now],
  );
  return rows.length > 0;
}
/** Forgets a previous secret whose overlap has ended. */
export async function dropExpiredPrevious(db: Db, tenantId: string, id: string, now: Date) {
  await db.query(
    'update webhook_endpoints set previous_secret_sealed = null, previous_expires_at = null where tenant_id = $1 and id = $2 and previous_expires_at <= $3',
    [tenantId, id, now],
  );
}
export async function deleteEndpoint(db: Db, tenantId: string, id: string): Promise<boolean> {
  return (
    (
      await db.query<{ id: string }>('delete from webhook_endpoints where tenant_id = $1 and id = $2 returning id', [
        tenantId,
        id,
      ])
    ).length > 0
  );
}

// ---------------------------------------------------------------- the outbox

/** The tenant's enabled endpoints and the events each subscribes to. */
export async function enabledEndpoints(db: Db, tenantId: string): Promise<Array<{ id: string; events: string[] }>> {
  return db.query<{ id: string; events: string[] }>(
    'select id, events from webhook_endpoints where tenant_id = $1 and enabled order by id',
    [tenantId],
  );
}

export type NewEvent = {
  id: string;
  type: string;
  aggregateKey: string;
  data: Record<string, unknown>;
  occurredAt: Date;
};
export async function insertEvent(db: Db, tenantId: string, e: NewEvent): Promise<string> {
  const rows = await db.query<{ seq: string }>(
    'insert into webhook_events (id, tenant_id, type, aggregate_key, data, occurred_at) values ($1, $2, $3, $4, $5::jsonb, $6) returning seq',
    [e.id, tenantId, e.type, e.aggregateKey, JSON.stringify(e.data), e.occurredAt],
  );
  return String(rows[0]!.seq);
}
/** One pending delivery per endpoint (at most one per endpoint and event, replays aside). */
export async function insertDeliveries(
  db: Db,
  tenantId: string,
  eventId: string,
  aggregateKey: string,
  seq: string,
  endpointIds: readonly string[],
  now: Date,
  replayOf: string | null = null,
): Promise<string[]> {
  const ids: string[] = [];
  for (const endpointId of endpointIds) {
    const id = newId(now.getTime());
    const rows = await db.query<{ id: string }>(
      `insert into webhook_deliveries (id, tenant_id, endpoint_id, event_id, aggregate_key, seq, status, next_attempt_at, replay_of, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, 'pending', $7, $8, $7, $7)
       on conflict do nothing returning id`,
      [id, tenantId, endpointId, eventId, aggregateKey, seq, now, replayOf],
    );
    if (rows[0]) ids.push(rows[0].id);
  }
  return ids;
}

// ---------------------------------------------------------------- the worker

export type ClaimedDelivery = {
  id: string;
  tenant_id: string;
  endpoint_id: string;
  event_id: string;
  attempts: number;
  created_at: Date;
  url: string;
  secret_sealed: string;
  previous_secret_sealed: string | null;
  previous_expires_at: Date | null;
  type: string;
  data: Record<string, unknown>;
  occurred_at: Date;
};

/**
 * Claims due deliveries (and those whose worker died: lease expired), FOR UPDATE SKIP LOCKED, of enabled endpoints. A
 * delivery waits while an earlier one (lower seq) of the same endpoint and aggregate key is still pending or being sent:
 * an alert's later event never overtakes an earlier one.
 */
export async function claimDue(db: Db, now: Date, lockUntil: Date, limit: number): Promise<ClaimedDelivery[]> {
  return db.query<ClaimedDelivery>(
    `with claimed as (
       update webhook_deliveries set status = 'sending', attempts = attempts + 1, locked_until = $2, updated_at = $1
        where id in (
          select d.id from webhook_deliveries d
            join webhook_endpoints e on e.id = d.endpoint_id and e.tenant_id = d.tenant_id and e.enabled
           where ((d.status = 'pending' and d.next_attempt_at <= $1) or (d.status = 'sending' and d.locked_until < $1))
             and not exists (select 1 from webhook_deliveries p
                              where p.endpoint_id = d.endpoint_id and p.aggregate_key = d.aggregate_key and p.seq < d.seq
                                and p.status in ('pending', 'sending'))
           order by d.next_attempt_at, d.seq limit $3
           for update of d skip locked)
        returning *)
     select c.id, c.tenant_id, c.endpoint_id, c.event_id, c.attempts, c.created_at,
            e.url, e.secret_sealed, e.previous_secret_sealed, e.previous_expires_at, v.type, v.data, v.occurred_at
       from claimed c
       join webhook_endpoints e on e.id = c.endpoint_id
       join webhook_events v on v.id = c.event_id
      order by c.seq, c.id`,
    [now, lockUntil, limit],
  );
}

/** Records one attempt and its outcome; the attempt count fences a claim another worker took over. */
export async function finishAttempt(
  db: Db,
  d: { id: string; tenantId: string; attempt: number },
  r: {
    at: Date;
    statusCode: number | null;
    durationMs: number;
    error: string | null;
    status: 'delivered' | 'pending' | 'failed';
    nextAttemptAt: Date | null;
  },
): Promise<boolean> {
  return db.tx(async (tx) => {
    const rows = await tx.query<{ id: string }>(
      `update webhook_deliveries set status = $4, next_attempt_at = coalesce($5, next_attempt_at), locked_until = null, updated_at = $3,
              last_status_code = $6, last_error = $7, last_duration_ms = $8, delivered_at = case when $4 = 'delivered' then $3 else delivered_at end
        where id = $1 and attempts = $2 and status = 'sending' returning id`,
      [d.id, d.attempt, r.at, r.status, r.nextAttemptAt, r.statusCode, r.error, r.durationMs],
    );
    if (rows.length === 0) return false;
    await tx.query(
      'insert into webhook_attempts (id, tenant_id, delivery_id, attempt, at, status_code, duration_ms, error) values ($1, $2, $3, $4, $5, $6, $7, $8)',
      [newId(r.at.getTime()), d.tenantId, d.id, d.attempt, r.at, r.statusCode, r.durationMs, r.error],
    );
    return true;
  });
}

// ---------------------------------------------------------------- the log

export type DeliveryRow = {
  id: string;
  event_id: string;
  type: string;
  occurred_at: Date;
  status: 'pending' | 'sending' | 'delivered' | 'failed';
  attempts: number;
  next_attempt_at: Date;
  last_status_code: number | null;
  last_error: string | null;
  last_duration_ms: number | null;
  delivered_at: Date | null;
  replay_of: string | null;
  created_at: Date;
  total: string;
};
export async function listDeliveries(
  db: Db,
  tenantId: string,
  endpointId: string,
  q: { page: number; size: number; status?: string | undefined },
): Promise<DeliveryRow[]> {
  return db.query<DeliveryRow>(
    `select d.id, d.event_id, v.type, v.occurred_at, d.status, d.attempts, d.next_attempt_at, d.last_status_code, d.last_error, d.last_duration_ms,
            d.delivered_at, d.replay_of, d.created_at, count(*) over () as total
       from webhook_deliveries d join webhook_events v on v.id = d.event_id
      where d.tenant_id = $1 and d.endpoint_id = $2 and ($3::text is null or d.status = $3)
      order by d.created_at desc, d.id desc limit $4 offset $5`,
    [tenantId, endpointId, q.status ?? null, q.size, q.page * q.size],
  );
}
export type AttemptRow = {
  delivery_id: string;
  attempt: number;
  at: Date;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
};
export async function attemptsOf(db: Db, tenantId: string, deliveryIds: readonly string[]): Promise<AttemptRow[]> {
  if (deliveryIds.length === 0) return [];
  return db.query<AttemptRow>(
    'select delivery_id, attempt, at, status_code, duration_ms, error from webhook_attempts where tenant_id = $1 and delivery_id = any($2::uuid[]) order by delivery_id, attempt',
    [tenantId, [...deliveryIds]],
  );
}
export async function findDelivery(
  db: Db,
  tenantId: string,
  endpointId: string,
  id: string,
): Promise<{ id: string; event_id: string; seq: string } | null> {
  return (
    (
      await db.query<{ id: string; event_id: string; seq: string }>(
        'select id, event_id, seq from webhook_deliveries where tenant_id = $1 and endpoint_id = $2 and id = $3',
        [tenantId, endpointId, id],
      )
    )[0] ?? null
  );
}
export async function deliveryById(db: Db, tenantId: string, id: string): Promise<DeliveryRow | null> {
  return (
    (
      await db.query<DeliveryRow>(
        `select d.id, d.event_id, v.type, v.occurred_at, d.status, d.attempts, d.next_attempt_at, d.last_status_code, d.last_error, d.last_duration_ms,
            d.delivered_at, d.replay_of, d.created_at, 1 as total
       from webhook_deliveries d join webhook_events v on v.id = d.event_id where d.tenant_id = $1 and d.id = $2`,
        [tenantId, id],
      )
    )[0] ?? null
  );
}
