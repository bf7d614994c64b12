import type { Db, SqlValue } from '../../platform/db.ts';
import type { TReconciliationGroup, TTransactionSort } from '@carewatch/contracts/transactions';
import type { MatchItem, OurOrder } from './reconcile-match.ts';

// ---------------------------------------------------------------- transactions (reads of H1's orders)

export type TransactionDbRow = {
  seq: string | number;
  id: string;
  code: string;
  user_id: string;
  package_id: string;
  item_type: string;
  months: number | null;
  quantity: number;
  amount_minor: string | number;
  tax_minor: string | number;
  total_minor: string | number;
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
  updated_at: Date;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  phone: string | null;
  email: string | null;
  package_name: string;
  package_kind: string;
};

const TX_SELECT = `select o.seq, o.id, o.code, o.user_id, o.package_id, o.item_type, o.months, o.quantity, o.amount_minor, o.tax_minor, o.total_minor,
    o.currency, o.provider, o.channel, o.status, o.provider_ref, o.merchant, o.response_code, o.response_message, o.created_at, o.paid_at,
    o.updated_at, u.first_name, u.middle_name, u.last_name, u.phone, u.email, p.name as package_name, p.kind as package_kind
  from orders o
  join users u on u.id = o.user_id and u.tenant_id = o.tenant_id
  join packages p on p.id = o.package_id and p.tenant_id = o.tenant_id`;

export type TransactionFilter = {
  status: number | null;
  provider: string | null;
  channel: string | null;
  fromUtc: Date | null;
  toUtc: Date | null;
  search: string | null;
};

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function where(tenantId: string, f: TransactionFilter): { sql: string; params: SqlValue[] } {
  const params: SqlValue[] = [tenantId];
  const p = (v: SqlValue) => {
    params.push(v);
    return `$${params.length}`;
  };
  const conds = ['o.tenant_id = $1'];
  if (f.status !== null) conds.push(`o.status = ${p(f.status)}`);
  if (f.provider) conds.push(`o.provider = ${p(f.provider)}`);
  if (f.channel) conds.push(`o.channel = ${p(f.channel)}`);
  if (f.fromUtc) conds.push(`o.created_at >= ${p(f.fromUtc)}`);
  if (f.toUtc) conds.push(`o.created_at < ${p(f.toUtc)}`);
  if (f.search) {
    const s = p(`%${escapeLike(f.search.toLowerCase())}%`);
    conds.push(`(lower(o.code) like ${s} or lower(coalesce(u.phone, '')) like ${s}
      or lower(concat_ws(' ', u.first_name, u.middle_name, u.last_name)) like ${s} or lower(concat_ws(' ', u.last_name, u.middle_name, u.first_name)) like ${s})`);
  }
  return { sql: conds.join(' and '), params };
}

const ORDER_BY: Record<TTransactionSort, string> = {
  '-createdAt': 'o.created_at desc, o.seq desc',
  createdAt: 'o.created_at asc, o.seq asc',
  '-total': 'o.total_minor desc, o.seq desc',
  total: 'o.total_minor asc, o.seq asc',
  code: 'o.code asc',
  '-code': 'o.code desc',
  status: 'o.status asc, o.seq desc',
  '-status': 'o.status desc, o.seq desc',
  customer: 'lower(u.last_name) asc, lower(u.first_name) asc, o.seq desc',
  '-customer': 'lower(u.last_name) desc, lower(u.first_name) desc, o.seq desc',
};

export async function listTransactions(
  db: Db,
  tenantId: string,
  f: TransactionFilter,
  sort: TTransactionSort,
  page: number,
  size: number,
): Promise<{ rows: TransactionDbRow[]; total: number }> {
  const w = where(tenantId, f);
  const n = w.params.length;
  const [rows, count] = await Promise.all([
    db.query<TransactionDbRow>(
      `${TX_SELECT} where ${w.sql} order by ${ORDER_BY[sort]} limit $${n + 1} offset $${n + 2}`,
      [...w.params, size, page * size],
    ),
    db.query<{ n: number }>(
      `select count(*)::int as n from orders o join users u on u.id = o.user_id and u.tenant_id = o.tenant_id where ${w.sql}`,
      w.params,
    ),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

/** Every matching row for the export, in keyset chunks (bounded memory whatever the size). */
export async function* exportTransactions(
  db: Db,
  tenantId: string,
  f: TransactionFilter,
  chunk = 1000,
): AsyncGenerator<TransactionDbRow[]> {
  const w = where(tenantId, f);
  const n = w.params.length;
  let after: number | null = null;
  for (;;) {
    const rows: TransactionDbRow[] = await db.query<TransactionDbRow>(
      `${TX_SELECT} where ${w.sql} and ($${n + 1}::bigint is null or o.seq > $${n + 1}::bigint)
       order by o.seq asc limit $${n + 2}`,
      [...w.params, after, chunk],
    );
    if (!rows.length) return;
    yield rows;
    if (rows.length < chunk) return;
    after = Number(rows[rows.length - 1]!.seq);
  }
}

export async function findTransaction(db: Db, tenantId: string, id: string): Promise<TransactionDbRow | null> {
  return (
    (await db.query<TransactionDbRow>(`${TX_SELECT} where o.tenant_id = $1 and o.id = $2::uuid`, [tenantId, id]))[0] ??
    null
  );
}

/** The profile time zone of the reader (day filters and export times are theirs). */
export async function readerTimeZone(db: Db, tenantId: string, userId: string): Promise<string | null> {
  return (
    (
      await db.query<{ timezone: string | null }>('select timezone from users where tenant_id = $1 and id = $2', [
        tenantId,
        userId,
      ])
    )[0]?.timezone ?? null
  );
}

// ---------------------------------------------------------------- orders for a reconciliation

type OurOrderRow = {
  id: string;
  code: string;
  status: number;
  total_minor: string | number;
  provider_ref: string | null;
  paid_day: string | null;
};
const ourOrder = (r: OurOrderRow): OurOrder => ({
  id: r.id,
  code: r.code,
  status: r.status as OurOrder['status'],
  totalMinor: Number(r.total_minor),
  providerRef: r.provider_ref,
  paidDay: r.paid_day,
});

/** Our orders named by these codes (any status), compared case-insensitively. */
/** Our orders of one provider (or not yet paid through any) that the file names by code. */
export async function ordersByCodes(
  db: Db,
  tenantId: string,
  provider: string,
  codes: string[],
  timeZone: string,
): Promise<OurOrder[]> {
  if (!codes.length) return [];
  const rows = await db.query<OurOrderRow>(
    `select id, code, status, total_minor, provider_ref, to_char(coalesce(paid_at, created_at) at time zone $3, 'YYYY-MM-DD') as paid_day
       from orders where tenant_id = $1 and upper(code) = any($2::text[]) and (provider = $4 or provider is null)`,
    [tenantId, codes.map((c) => c.trim().toUpperCase()), timeZone, provider],
  );
  return rows.map(ourOrder);
}

/** Our successful orders of a provider paid in [fromUtc, toUtc). */
export async function successfulOrdersIn(
  db: Db,
  tenantId: string,
  provider: string,
  fromUtc: Date,
  toUtc: Date,
  timeZone: string,
): Promise<OurOrder[]> {
  const rows = await db.query<OurOrderRow>(
    `select id, code, status, total_minor, provider_ref, to_char(coalesce(paid_at, created_at) at time zone $5, 'YYYY-MM-DD') as paid_day
       from orders where tenant_id = $1 and provider = $2 and status = 2 and coalesce(paid_at, created_at) >= $3 and coalesce(paid_at, created_at) < $4`,
    [tenantId, provider, fromUtc, toUtc, timeZone],
  );
  return rows.map(ourOrder);
}

// ---------------------------------------------------------------- reconciliations

export type ReconciliationDbRow = {
  id: string;
  provider: string;
  currency: string;
  file_name: string;
  period_from: string;
  period_to: string;
  lines: number;
  created_by: string | null;
  created_at: Date;
  creator_first: string | null;
  creator_middle: string | null;
  creator_last: string | null;
};
export type GroupCountRow = { reconciliation_id: string; grp: TReconciliationGroup; total: number; unresolved: number };

const REC_SELECT = `select r.id, r.provider, r.currency, r.file_name, to_char(r.period_from, 'YYYY-MM-DD') as period_from,
    to_char(r.period_to, 'YYYY-MM-DD') as period_to, r.lines, r.created_by, r.created_at,
    c.first_name as creator_first, c.middle_name as creator_middle, c.last_name as creator_last
  from reconciliations r left join users c on c.id = r.created_by`;

export type NewReconciliation = {
  id: string;
  provider: string;
  currency: string;
  fileName: string;
  periodFrom: string;
  periodTo: string;
  lines: number;
  createdBy: string;
  now: Date;
};
export async function insertReconciliation(
  db: Db,
  tenantId: string,
  r: NewReconciliation,
  items: Array<MatchItem & { id: string }>,
): Promise<void> {
  await db.query(
    `insert into reconciliations (id, tenant_id, provider, currency, file_name, period_from, period_to, lines, created_by, created_at)
     values ($1,$2,$3,$4,$5,$6::date,$7::date,$8,$9,$10)`,
    [r.id, tenantId, r.provider, r.currency, r.fileName, r.periodFrom, r.periodTo, r.lines, r.createdBy, r.now],
  );
  const COLS = 12;
  for (let start = 0; start < items.length; start += 500) {
    const params: SqlValue[] = [tenantId, r.id];
    const values = items.slice(start, start + 500).map((it, k) => {
      const b = params.length;
      params.push(
        it.id,
        start + k,
        it.group,
        it.line,
        it.orderCode,
        it.orderId,
        it.ourStatus,
        it.fileAmountMinor,
        it.ourAmountMinor,
        it.providerRef,
        it.date,
      );
      const ph = Array.from({ length: COLS - 1 }, (_, i) => `$${b + i + 1}`);
      return `(${ph[0]}, $1, $2, ${ph[1]}, ${ph[2]}, ${ph[3]}, ${ph[4]}, ${ph[5]}::uuid, ${ph[6]}, ${ph[7]}, ${ph[8]}, ${ph[9]}, ${ph[10]}::date)`;
    });
    await db.query(
      `insert into reconciliation_items (id, tenant_id, reconciliation_id, position, grp, line, order_code, order_id, our_status, file_amount_minor,
         our_amount_minor, provider_ref, day) values ${values.join(', ')}`,
      params,
    );
  }
}

export async function listReconciliations(
  db: Db,
  tenantId: string,
  provider: string | null,
  page: number,
  size: number,
): Promise<{ rows: ReconciliationDbRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db.query<ReconciliationDbRow>(
      `${REC_SELECT} where r.tenant_id = $1 and ($2::text is null or r.provider = $2) order by r.seq desc limit $3 offset $4`,
      [tenantId, provider, size, page * size],
    ),
    db.query<{ n: number }>(
      'select count(*)::int as n from reconciliations r where r.tenant_id = $1 and ($2::text is null or r.provider = $2)',
      [tenantId, provider],
    ),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

export async function findReconciliation(db: Db, tenantId: string, id: string): Promise<ReconciliationDbRow | null> {
  return (
    (
      await db.query<ReconciliationDbRow>(`${REC_SELECT} where r.tenant_id = $1 and r.id = $2::uuid`, [tenantId, id])
    )[0] ?? null
  );
}

export async function groupCounts(db: Db, tenantId: string, ids: string[]): Promise<GroupCountRow[]> {
  if (!ids.length) return [];
  return db.query<GroupCountRow>(
    `select reconciliation_id, grp, count(*)::int as total, count(*) filter (where resolved_at is null and grp <> 'matched')::int as unresolved
       from reconciliation_items where tenant_id = $1 and reconciliation_id = any($2::uuid[]) group by reconciliation_id, grp`,
    [tenantId, ids],
  );
}

export type ItemDbRow = {
  id: string;
  grp: TReconciliationGroup;
  line: number | null;
  order_code: string;
  order_id: string | null;
  our_status: number | null;
  file_amount_minor: string | number | null;
  our_amount_minor: string | number | null;
  provider_ref: string | null;
  day: string | null;
  resolved_at: Date | null;
  resolution_note: string | null;
  resolver_first: string | null;
  resolver_middle: string | null;
  resolver_last: string | null;
};
const ITEM_SELECT = `select i.id, i.grp, i.line, i.order_code, i.order_id, i.our_status, i.file_amount_minor, i.our_amount_minor, i.provider_ref,
    to_char(i.day, 'YYYY-MM-DD') as day, i.resolved_at, i.resolution_note,
    u.first_name as resolver_first, u.middle_name as resolver_middle, u.last_name as resolver_last
  from reconciliation_items i left join users u on u.id = i.resolved_by`;

export async function listItems(
  db: Db,
  tenantId: string,
  reconciliationId: string,
  group: TReconciliationGroup,
  unresolvedOnly: boolean,
  page: number,
  size: number,
): Promise<{ rows: ItemDbRow[]; total: number }> {
  const w = `i.tenant_id = $1 and i.reconciliation_id = $2::uuid and i.grp = $3${unresolvedOnly ? ' and i.resolved_at is null' : ''}`;
  const [rows, count] = await Promise.all([
    db.query<ItemDbRow>(`${ITEM_SELECT} where ${w} order by i.position limit $4 offset $5`, [
      tenantId,
      reconciliationId,
      group,
      size,
      page * size,
    ]),
    db.query<{ n: number }>(`select count(*)::int as n from reconciliation_items i where ${w}`, [
      tenantId,
      reconciliationId,
      group,
    ]),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

export async function findItem(
  db: Db,
  tenantId: string,
  reconciliationId: string,
  itemId: string,
): Promise<ItemDbRow | null> {
  return (
    (
      await db.query<ItemDbRow>(
        `${ITEM_SELECT} where i.tenant_id = $1 and i.reconciliation_id = $2::uuid and i.id = $3::uuid`,
        [tenantId, reconciliationId, itemId],
      )
    )[0] ?? null
  );
}

/** Marks an unresolved, unmatched item resolved; false when it was already resolved (or is a match) meanwhile. */
export async function resolveItem(
  db: Db,
  tenantId: string,
  itemId: string,
  userId: string,
  note: string,
  now: Date,
): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    `update reconciliation_items set resolved_at = $5, resolved_by = $3, resolution_note = $4
      where tenant_id = $1 and id = $2::uuid and resolved_at is null and grp <> 'matched' returning id`,
    [tenantId, itemId, userId, note, now],
  );
  return rows.length > 0;
}
