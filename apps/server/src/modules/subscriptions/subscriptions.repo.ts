import type { Db } from '../../platform/db.ts';

export type SubRow = {
  id: string;
  tenant_id: string;
  user_id: string;
  package_id: string;
  status: string;
  months: number;
  price_minor: number;
  currency: string;
  starts_at: Date;
  ends_at: Date;
  receipt_id: string | null;
  notified_7d_at: Date | null;
  notified_1d_at: Date | null;
  package_code: string;
  package_name: string;
  package_tier: string;
  features: string[];
};

const SUB_COLS = `s.id, s.tenant_id, s.user_id, s.package_id, s.status, s.months, s.price_minor::float8 as price_minor, s.currency, s.starts_at, s.ends_at,
  s.receipt_id, s.notified_7d_at, s.notified_1d_at, p.code as package_code, p.name as package_name, p.tier as package_tier, p.features`;

/** The user's active subscription row (whatever its end), locked for update inside a transaction when asked. */
export async function activeSub(db: Db, tenantId: string, userId: string, lock = false): Promise<SubRow | null> {
  const rows = await db.query<SubRow>(
    `select ${SUB_COLS} from subscriptions s join packages p on p.id = s.package_id
      where s.tenant_id = $1 and s.user_id = $2::uuid and s.status = 'active' ${lock ? 'for update of s' : ''}`,
    [tenantId, userId],
  );
  return rows[0] ?? null;
}

/** The user's latest subscription that is no longer active (to tell "expired" from "free"). */
export async function lastEnded(db: Db, tenantId: string, userId: string): Promise<{ status: string } | null> {
  const rows = await db.query<{ status: string }>(
    `select status from subscriptions where tenant_id = $1 and user_id = $2::uuid and status <> 'active' order by created_at desc, id desc limit 1`,
    [tenantId, userId],
  );
  return rows[0] ?? null;
}

export async function insertSub(
  db: Db,
  tenantId: string,
  s: {
    id: string;
    userId: string;
    packageId: string;
    months: number;
    priceMinor: number;
    currency: string;
    startsAt: Date;
    endsAt: Date;
    source: string;
    sourceId: string | null;
    receiptId: string | null;
    now: Date;
  },
): Promise<void> {
  await db.query(
    `insert into subscriptions (id, tenant_id, user_id, package_id, status, months, price_minor, currency, starts_at, ends_at, source, source_id, receipt_id, created_at, updated_at)
     values ($1,$2,$3,$4,'active',$5,$6,$7,$8,$9,$10,$11,$12,$13,$13)`,
    [
      s.id,
      tenantId,
      s.userId,
      s.packageId,
      s.months,
      s.priceMinor,
      s.currency,
      s.startsAt,
      s.endsAt,
      s.source,
      s.sourceId,
      s.receiptId,
      s.now,
    ],
  );
}

/** The same plan bought again: the end moves on, the notices for the new end are sent again. */
export async function extendSub(
  db: Db,
  tenantId: string,
  id: string,
  e: { months: number; endsAt: Date; priceMinor: number; receiptId: string | null; now: Date },
): Promise<void> {
  await db.query(
    `update subscriptions set months = months + $3, ends_at = $4, price_minor = $5, receipt_id = coalesce($6, receipt_id), notified_7d_at = null, notified_1d_at = null, updated_at = $7
      where tenant_id = $1 and id = $2`,
    [tenantId, id, e.months, e.endsAt, e.priceMinor, e.receiptId, e.now],
  );
}

export async function endSub(
  db: Db,
  tenantId: string,
  id: string,
  status: 'cancelled' | 'expired' | 'superseded',
  now: Date,
): Promise<void> {
  await db.query(
    "update subscriptions set status = $3, ended_at = $4, updated_at = $4 where tenant_id = $1 and id = $2 and status = 'active'",
    [tenantId, id, status, now],
  );
}

/** Last sync times of the devices bound to the user (directly, or through the user's own patient record). */
export async function boundDeviceSyncs(
  db: Db,
  tenantId: string,
  userId: string,
): Promise<Array<{ latest_sync: Date | null }>> {
  return db.query<{ latest_sync: Date | null }>(
    `select d.latest_sync from devices d left join patients p on p.tenant_id = d.tenant_id and p.id = d.patient_id
      where d.tenant_id = $1 and (d.user_id = $2::uuid or p.user_id = $2::uuid)`,
    [tenantId, userId],
  );
}

export async function patientUser(db: Db, tenantId: string, patientId: string): Promise<string | null> {
  const rows = await db.query<{ user_id: string | null }>(
    'select user_id from patients where tenant_id = $1 and id = $2::uuid',
    [tenantId, patientId],
  );
  return rows[0]?.user_id ?? null;
}

/** The portal's "package expiry date" of the user's patient record: the subscription's end as a day in the user's zone (null on Zero). */
export async function setPatientExpiry(db: Db, tenantId: string, userId: string, endsAt: Date | null): Promise<void> {
  await db.query(
    `update patients p set package_expiry = case when $3::timestamptz is null then null else ($3::timestamptz at time zone u.timezone)::date end
       from users u where u.id = p.user_id and p.tenant_id = $1 and p.user_id = $2::uuid`,
    [tenantId, userId, endsAt],
  );
}

export async function orderCodeOf(db: Db, tenantId: string, orderId: string): Promise<string | null> {
  const rows = await db.query<{ code: string }>('select code from orders where tenant_id = $1 and id = $2::uuid', [
    tenantId,
    orderId,
  ]);
  return rows[0]?.code ?? null;
}

export async function addonBalances(
  db: Db,
  tenantId: string,
  userId: string,
): Promise<Array<{ package_id: string; name: string; remaining_uses: number }>> {
  return db.query(
    `select b.package_id, p.name, b.remaining_uses from addon_balances b join packages p on p.id = b.package_id
      where b.tenant_id = $1 and b.user_id = $2::uuid order by p.name`,
    [tenantId, userId],
  );
}

export async function addAddonUses(
  db: Db,
  tenantId: string,
  userId: string,
  packageId: string,
  uses: number,
  now: Date,
): Promise<void> {
  await db.query(
    `insert into addon_balances (tenant_id, user_id, package_id, remaining_uses, updated_at) values ($1,$2,$3,$4,$5)
     on conflict (tenant_id, user_id, package_id) do update set remaining_uses = addon_balances.remaining_uses + excluded.remaining_uses, updated_at = excluded.updated_at`,
    [tenantId, userId, packageId, uses, now],
  );
}

export type DueSub = {
  id: string;
  tenant_id: string;
  user_id: string;
  ends_at: Date;
  notified_7d_at: Date | null;
  notified_1d_at: Date | null;
  package_name: string;
  language: string;
  timezone: string;
};

/**
 * Active subscriptions with something due at `now`: ended (to expire), or a "about to expire" notice (7 days, 1 day
 * before the end) not sent yet. Claimed FOR UPDATE SKIP LOCKED so several server processes share the sweep.
 */
export async function claimDue(db: Db, now: Date, limit: number): Promise<DueSub[]> {
  return db.query<DueSub>(
    `select s.id, s.tenant_id, s.user_id, s.ends_at, s.notified_7d_at, s.notified_1d_at, p.name as package_name, u.language, u.timezone
       from subscriptions s join packages p on p.id = s.package_id join users u on u.id = s.user_id
      where s.status = 'active'
        and (s.ends_at <= $1
          or (s.notified_7d_at is null and s.ends_at - interval '7 days' <= $1)
          or (s.notified_1d_at is null and s.ends_at - interval '1 day' <= $1))
      order by s.ends_at limit $2
      for update of s skip locked`,
    [now, limit],
  );
}

export async function markNotified(db: Db, id: string, which: '7d' | '1d', now: Date): Promise<void> {
  // The 1-day notice also settles the 7-day one (a plan bought with less than a week left gets only the nearer notice).
  await db.query(
    which === '7d'
      ? 'update subscriptions set notified_7d_at = $2, updated_at = $2 where id = $1'
      : 'update subscriptions set notified_1d_at = $2, notified_7d_at = coalesce(notified_7d_at, $2), updated_at = $2 where id = $1',
    [id, now],
  );
}
