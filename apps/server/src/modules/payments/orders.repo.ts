import type { Db } from '../../platform/db.ts';

export type OrderRow = {
  id: string;
  tenant_id: string;
  code: string;
  user_id: string | null;
  package_id: string;
  package_name: string;
  package_kind: string;
  addon_uses: number | null;
  item_type: string;
  months: number | null;
  quantity: number;
  amount_minor: number;
  tax_minor: number;
  total_minor: number;
  currency: string;
  provider: string | null;
  channel: string;
  status: number;
  provider_ref: string | null;
  merchant: string | null;
  response_code: string | null;
  response_message: string | null;
  created_at: Date;
  paid_at: Date | null;
};

const COLS = `o.id, o.tenant_id, o.code, o.user_id, o.package_id, p.name as package_name, p.kind as package_kind, p.addon_uses, o.item_type, o.months, o.quantity,
  o.amount_minor::float8 as amount_minor, o.tax_minor::float8 as tax_minor, o.total_minor::float8 as total_minor, o.currency, o.provider, o.channel,
  o.status::int as status, o.provider_ref, o.merchant, o.response_code, o.response_message, o.created_at, o.paid_at`;

export async function insert(
  db: Db,
  tenantId: string,
  o: {
    id: string;
    code: string;
    userId: string;
    packageId: string;
    itemType: string;
    months: number | null;
    quantity: number;
    amountMinor: number;
    taxMinor: number;
    totalMinor: number;
    currency: string;
    channel: string;
    now: Date;
    /** Default pending (1); a redeemed code's order is born paid (2). */ status?: 1 | 2;
  },
): Promise<void> {
  const status = o.status ?? 1;
  await db.query(
    `insert into orders (id, tenant_id, code, user_id, package_id, item_type, months, quantity, amount_minor, tax_minor, total_minor, currency, channel, status, created_at, updated_at, paid_at)
     values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$15,$14,$14,$16)`,
    [
      o.id,
      tenantId,
      o.code,
      o.userId,
      o.packageId,
      o.itemType,
      o.months,
      o.quantity,
      o.amountMinor,
      o.taxMinor,
      o.totalMinor,
      o.currency,
      o.channel,
      o.now,
      status,
      status === 2 ? o.now : null,
    ],
  );
}

export async function findByCode(db: Db, tenantId: string, code: string): Promise<OrderRow | null> {
  const rows = await db.query<OrderRow>(
    `select ${COLS} from orders o join packages p on p.id = o.package_id where o.tenant_id = $1 and o.code = $2`,
    [tenantId, code],
  );
  return rows[0] ?? null;
}

export async function listOfUser(db: Db, tenantId: string, userId: string, limit: number): Promise<OrderRow[]> {
  return db.query<OrderRow>(
    `select ${COLS} from orders o join packages p on p.id = o.package_id where o.tenant_id = $1 and o.user_id = $2::uuid order by o.seq desc limit $3`,
    [tenantId, userId, limit],
  );
}

export type Outcome = {
  providerRef: string | null;
  merchant: string | null;
  responseCode: string | null;
  responseMessage: string | null;
};

/**
 * Pending → success, only if still pending and the amount is the order's total (the conditional UPDATE is the
 * idempotency: concurrent callers wait on the row lock and then find it no longer pending). Answers the order id.
 */
export async function markPaid(
  db: Db,
  tenantId: string,
  code: string,
  provider: string,
  totalMinor: number,
  o: Outcome,
  now: Date,
): Promise<string | null> {
  const rows = await db.query<{ id: string }>(
    `update orders set status = 2, paid_at = $4, provider = coalesce(provider, $3), provider_ref = $6, merchant = $7, response_code = $8, response_message = $9, updated_at = $4
      where tenant_id = $1 and code = $2 and status = 1 and total_minor = $5
      returning id`,
    [tenantId, code, provider, now, totalMinor, o.providerRef, o.merchant, o.responseCode, o.responseMessage],
  );
  return rows[0]?.id ?? null;
}

/** Pending → failed with the provider's answer; final orders are left alone. */
export async function markFailed(
  db: Db,
  tenantId: string,
  code: string,
  provider: string,
  o: Outcome,
  now: Date,
): Promise<boolean> {
  const rows = await db.query(
    `update orders set status = 0, provider = coalesce(provider, $3), provider_ref = $5, response_code = $6, response_message = $7, updated_at = $4
      where tenant_id = $1 and code = $2 and status = 1 returning 1`,
    [tenantId, code, provider, now, o.providerRef, o.responseCode, o.responseMessage],
  );
  return rows.length > 0;
}

export async function setProvider(
  db: Db,
  tenantId: string,
  code: string,
  provider: string,
  now: Date,
): Promise<boolean> {
  const rows = await db.query(
    'update orders set provider = $3, updated_at = $4 where tenant_id = $1 and code = $2 and status = 1 returning 1',
    [tenantId, code, provider, now],
  );
  return rows.length > 0;
}
