import type { Db } from '../../platform/db.ts';

/** Records a provider event; false when this (tenant, provider, event id) was already recorded (a replay). */
export async function recordEvent(
  db: Db,
  tenantId: string,
  e: {
    id: string;
    provider: string;
    eventId: string;
    eventType: string;
    orderCode: string | null;
    outcome: string;
    now: Date;
  },
): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    `insert into payment_events (id, tenant_id, provider, event_id, event_type, order_code, outcome, received_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict (tenant_id, provider, event_id) do nothing returning id`,
    [e.id, tenantId, e.provider, e.eventId, e.eventType, e.orderCode, e.outcome, e.now],
  );
  return rows.length > 0;
}

export async function setEventOutcome(db: Db, tenantId: string, id: string, outcome: string): Promise<void> {
  await db.query('update payment_events set outcome = $3 where tenant_id = $1 and id = $2', [tenantId, id, outcome]);
}

// ---------------------------------------------------------------- scratch-card simulator

export type SimCardRow = {
  id: string;
  provider: string;
  code: string;
  security_hash: string;
  value_minor: number;
  currency: string;
  failed_attempts: number;
  locked_at: Date | null;
  used_at: Date | null;
};

/** The card, locked for this transaction (concurrent tries of one card queue). */
export async function lockCard(db: Db, tenantId: string, provider: string, code: string): Promise<SimCardRow | null> {
  const rows = await db.query<SimCardRow>(
    `select id, provider, code, security_hash, value_minor, currency, failed_attempts, locked_at, used_at
       from sim_cards where tenant_id = $1 and provider = $2 and code = $3 for update`,
    [tenantId, provider, code],
  );
  return rows[0] ?? null;
}

/** One more wrong security code; the card locks at `lockAt` failures. Returns the new count. */
export async function cardFailed(db: Db, tenantId: string, id: string, lockAt: number, now: Date): Promise<number> {
  const rows = await db.query<{ failed_attempts: number }>(
    `update sim_cards set failed_attempts = failed_attempts + 1,
       locked_at = case when failed_attempts + 1 >= $3 then $4::timestamptz else locked_at end
     where tenant_id = $1 and id = $2 returning failed_attempts`,
    [tenantId, id, lockAt, now],
  );
  return Number(rows[0]?.failed_attempts ?? lockAt);
}

export async function useCard(db: Db, tenantId: string, id: string, orderCode: string, now: Date): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    `update sim_cards set used_at = $3, used_order_code = $4, failed_attempts = 0
      where tenant_id = $1 and id = $2 and used_at is null and locked_at is null returning id`,
    [tenantId, id, now, orderCode],
  );
  return rows.length > 0;
}

export async function insertCard(
  db: Db,
  tenantId: string,
  c: {
    id: string;
    provider: string;
    code: string;
    securityHash: string;
    valueMinor: number;
    currency: string;
    now: Date;
  },
): Promise<void> {
  await db.query(
    `insert into sim_cards (id, tenant_id, provider, code, security_hash, value_minor, currency, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict (tenant_id, provider, code) do nothing`,
    [c.id, tenantId, c.provider, c.code, c.securityHash, c.valueMinor, c.currency, c.now],
  );
}
