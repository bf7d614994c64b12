import type { Db, SqlValue } from '../../platform/db.ts';
import type {
  TCodeListQuery,
  TCodePackageListQuery,
  TCodeStatus,
  TCodeStatusRequest,
} from '@carewatch/contracts/code-packages';

/** A code package row with its joined names and code counts by status. */
export type PackageRow = {
  id: string;
  number: number;
  name: string;
  type: 'SERVICE_PACKAGE' | 'COUPON';
  total_codes: number;
  available_from: string;
  expires_on: string;
  benefits: string;
  total_vouchers: number;
  recipient_organization: string;
  upgrade_package_id: string;
  upgrade_package_name: string;
  upgrade_months: number;
  created_by: string;
  creator_first: string;
  creator_last: string;
  created_at: Date;
  c_total: number;
  c_not_paid: number;
  c_paid: number;
  c_used: number;
  c_locked: number;
};

const PACKAGE_SELECT = `
  select cp.id, cp.number, cp.name, cp.type, cp.total_codes, to_char(cp.available_from, 'YYYY-MM-DD') as available_from,
         to_char(cp.expires_on, 'YYYY-MM-DD') as expires_on, cp.benefits, cp.total_vouchers, cp.recipient_organization,
         cp.upgrade_package_id, pk.name as upgrade_package_name, cp.upgrade_months, cp.created_by,
         u.first_name as creator_first, u.last_name as creator_last, cp.created_at,
         coalesce(c.total, 0)::int as c_total, coalesce(c.not_paid, 0)::int as c_not_paid, coalesce(c.paid, 0)::int as c_paid,
         coalesce(c.used, 0)::int as c_used, coalesce(c.locked, 0)::int as c_locked
    from code_packages cp
    join packages pk on pk.id = cp.upgrade_package_id
    join users u on u.id = cp.created_by
    left join lateral (
      select count(*) as total, count(*) filter (where x.status = 'not_paid') as not_paid, count(*) filter (where x.status = 'paid') as paid,
             count(*) filter (where x.status = 'used') as used, count(*) filter (where x.status = 'locked') as locked
        from code_package_codes x where x.tenant_id = cp.tenant_id and x.package_id = cp.id
    ) c on true`;

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/** Is `packageId` a plan package of this tenant? Returns its name, or null. */
export async function upgradePackageName(db: Db, tenantId: string, packageId: string): Promise<string | null> {
  const rows = await db.query<{ name: string }>('select name from packages where tenant_id = $1 and id = $2', [
    tenantId,
    packageId,
  ]);
  return rows[0]?.name ?? null;
}

export async function nameTaken(db: Db, tenantId: string, name: string): Promise<boolean> {
  const rows = await db.query('select 1 from code_packages where tenant_id = $1 and lower(name) = lower($2)', [
    tenantId,
    name,
  ]);
  return rows.length > 0;
}

export async function nextNumber(db: Db, tenantId: string): Promise<number> {
  const rows = await db.query<{ n: number }>(
    'select coalesce(max(number), 0)::int + 1 as n from code_packages where tenant_id = $1',
    [tenantId],
  );
  return rows[0]!.n;
}

export type NewPackage = {
  id: string;
  number: number;
  name: string;
  type: string;
  totalCodes: number;
  availableFrom: string;
  expiresOn: string;
  benefits: string;
  totalVouchers: number;
  recipientOrganization: string;
  upgradePackageId: string;
  upgradeMonths: number;
  createdBy: string;
  createdAt: Date;
};
export async function insertPackage(db: Db, tenantId: string, p: NewPackage): Promise<void> {
  await db.query(
    `insert into code_packages (id, tenant_id, number, name, type, total_codes, available_from, expires_on, benefits, total_vouchers,
       recipient_organization, upgrade_package_id, upgrade_months, created_by, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
    [
      p.id,
      tenantId,
      p.number,
      p.name,
      p.type,
      p.totalCodes,
      p.availableFrom,
      p.expiresOn,
      p.benefits,
      p.totalVouchers,
      p.recipientOrganization,
      p.upgradePackageId,
      p.upgradeMonths,
      p.createdBy,
      p.createdAt,
    ],
  );
}

/**
 * Inserts codes in one multi-row statement; a code already used in the tenant is skipped (`on conflict do nothing`).
 * Returns the sequence numbers written, so the caller regenerates the few (if any) that collided.
 */
export async function insertCodes(
  db: Db,
  tenantId: string,
  packageId: string,
  codes: ReadonlyArray<{ id: string; seq: number; code: string }>,
  now: Date,
): Promise<number[]> {
  if (codes.length === 0) return [];
  const params: SqlValue[] = [tenantId, packageId, now];
  const values = codes.map((c) => {
    params.push(c.id, c.seq, c.code);
    const i = params.length;
    return `($${i - 2}, $1, $2, $${i - 1}, $${i}, 'not_paid', $3)`;
  });
  const rows = await db.query<{ seq: number }>(
    `insert into code_package_codes (id, tenant_id, package_id, seq, code, status, updated_at) values ${values.join(', ')}
     on conflict (tenant_id, code) do nothing returning seq`,
    params,
  );
  return rows.map((r) => r.seq);
}

export async function getPackage(db: Db, tenantId: string, id: string): Promise<PackageRow | null> {
  const rows = await db.query<PackageRow>(`${PACKAGE_SELECT} where cp.tenant_id = $1 and cp.id = $2`, [tenantId, id]);
  return rows[0] ?? null;
}

export async function listPackages(
  db: Db,
  tenantId: string,
  q: TCodePackageListQuery,
): Promise<{ rows: PackageRow[]; total: number }> {
  const params: SqlValue[] = [tenantId];
  let where = 'cp.tenant_id = $1';
  if (q.search) {
    params.push(likePattern(q.search));
    where += ` and (cp.name ilike $${params.length} or cp.recipient_organization ilike $${params.length})`;
  }
  if (q.type) {
    params.push(q.type);
    where += ` and cp.type = $${params.length}`;
  }
  const total = (
    await db.query<{ n: number }>(`select count(*)::int as n from code_packages cp where ${where}`, params)
  )[0]!.n;
  params.push(q.size, q.page * q.size);
  const rows = await db.query<PackageRow>(
    `${PACKAGE_SELECT} where ${where} order by cp.created_at desc, cp.id desc limit $${params.length - 1} offset $${params.length}`,
    params,
  );
  return { rows, total };
}

export type CodeRow = {
  id: string;
  seq: number;
  code: string;
  status: TCodeStatus;
  purchased_at: Date | null;
  activated_at: Date | null;
  redeemed_by: string | null;
  redeemer_first: string | null;
  redeemer_last: string | null;
};
const CODE_SELECT = `
  select c.id, c.seq, c.code, c.status, c.purchased_at, c.activated_at, c.redeemed_by, u.first_name as redeemer_first, u.last_name as redeemer_last
    from code_package_codes c left join users u on u.id = c.redeemed_by`;

function codeWhere(
  tenantId: string,
  packageId: string,
  q: Pick<TCodeListQuery, 'status' | 'search'>,
  seriesPrefix: string,
): { where: string; params: SqlValue[] } {
  const params: SqlValue[] = [tenantId, packageId];
  let where = 'c.tenant_id = $1 and c.package_id = $2';
  if (q.status) {
    params.push(q.status);
    where += ` and c.status = $${params.length}`;
  }
  if (q.search) {
    const s = q.search.replace(/[\s-]+/g, '').toUpperCase();
    // A series (CP0001-000042 or 42) names one code; anything else is part of a code.
    const m = new RegExp(`^(?:${seriesPrefix})?0*(\\d{1,6})$`).exec(s);
    params.push(likePattern(s));
    where += m
      ? ` and (c.seq = ${Number(m[1])} or c.code like $${params.length})`
      : ` and c.code like $${params.length}`;
  }
  return { where, params };
}

export async function listCodes(
  db: Db,
  tenantId: string,
  packageId: string,
  q: TCodeListQuery,
  seriesPrefix: string,
): Promise<{ rows: CodeRow[]; total: number }> {
  const { where, params } = codeWhere(tenantId, packageId, q, seriesPrefix);
  const total = (
    await db.query<{ n: number }>(`select count(*)::int as n from code_package_codes c where ${where}`, params)
  )[0]!.n;
  params.push(q.size, q.page * q.size);
  const rows = await db.query<CodeRow>(
    `${CODE_SELECT} where ${where} order by c.seq limit $${params.length - 1} offset $${params.length}`,
    params,
  );
  return { rows, total };
}

/** Every code of a package, in chunks of `chunk` in series order (keyset on seq), for the export. */
export async function* exportCodes(
  db: Db,
  tenantId: string,
  packageId: string,
  chunk = 1000,
): AsyncGenerator<CodeRow[]> {
  let after = 0;
  for (;;) {
    const rows = await db.query<CodeRow>(
      `${CODE_SELECT} where c.tenant_id = $1 and c.package_id = $2 and c.seq > $3 order by c.seq limit $4`,
      [tenantId, packageId, after, chunk],
    );
    if (rows.length) yield rows;
    if (rows.length < chunk) return;
    after = rows[rows.length - 1]!.seq;
  }
}

/**
 * Sets the status of the chosen codes (ids or a seq range) of one package; used codes never change. Paid sets the
 * purchase date (kept if already set); not paid clears it; locked keeps it. Returns how many changed and were skipped.
 */
export async function setStatus(
  db: Db,
  tenantId: string,
  packageId: string,
  req: TCodeStatusRequest,
  now: Date,
  opts: { keepLocked: boolean },
): Promise<{ updated: number; matched: number }> {
  const params: SqlValue[] = [tenantId, packageId];
  let sel: string;
  if (req.codeIds) {
    params.push(req.codeIds);
    sel = `c.id = any($${params.length}::uuid[])`;
  } else {
    params.push(req.seqFrom!, req.seqTo!);
    sel = `c.seq between $${params.length - 1} and $${params.length}`;
  }
  const matched = (
    await db.query<{ n: number }>(
      `select count(*)::int as n from code_package_codes c where c.tenant_id = $1 and c.package_id = $2 and ${sel}`,
      params,
    )
  )[0]!.n;
  params.push(req.status, now);
  const s = params.length - 1;
  const rows = await db.query(
    `update code_package_codes c set status = $${s},
       purchased_at = case when $${s} = 'paid' then coalesce(c.purchased_at, $${s + 1}) when $${s} = 'not_paid' then null else c.purchased_at end,
       updated_at = $${s + 1}
     where c.tenant_id = $1 and c.package_id = $2 and ${sel} and c.status <> 'used'${opts.keepLocked ? " and c.status <> 'locked'" : ''} returning c.id`,
    params,
  );
  return { updated: rows.length, matched };
}

export async function activationMonths(
  db: Db,
  tenantId: string,
  packageId: string,
  timeZone: string,
): Promise<Array<{ month: string; used: number }>> {
  return db.query<{ month: string; used: number }>(
    `select to_char(c.activated_at at time zone $3, 'YYYY-MM') as month, count(*)::int as used
       from code_package_codes c where c.tenant_id = $1 and c.package_id = $2 and c.activated_at is not null
      group by 1 order by 1`,
    [tenantId, packageId, timeZone],
  );
}

export async function userTimeZone(db: Db, tenantId: string, userId: string): Promise<string> {
  const rows = await db.query<{ timezone: string }>('select timezone from users where tenant_id = $1 and id = $2', [
    tenantId,
    userId,
  ]);
  return rows[0]?.timezone ?? 'Asia/Ho_Chi_Minh';
}

/** A code as the redemption sees it: its status, its package's days and plan, and "today" in the redeeming user's zone. */
export type RedeemRow = {
  id: string;
  status: TCodeStatus;
  package_id: string;
  available_from: string;
  expires_on: string;
  today: string;
  upgrade_package_id: string;
  upgrade_package_name: string;
  upgrade_months: number;
  upgrade_currency: string;
};
export async function findForRedeem(
  db: Db,
  tenantId: string,
  code: string,
  userId: string,
  now: Date,
): Promise<RedeemRow | null> {
  const rows = await db.query<RedeemRow>(
    `select c.id, c.status, cp.id as package_id, to_char(cp.available_from, 'YYYY-MM-DD') as available_from,
            to_char(cp.expires_on, 'YYYY-MM-DD') as expires_on,
            to_char(($4::timestamptz) at time zone coalesce((select u.timezone from users u where u.tenant_id = $1 and u.id = $3), 'Asia/Ho_Chi_Minh'), 'YYYY-MM-DD') as today,
            cp.upgrade_package_id, pk.name as upgrade_package_name, cp.upgrade_months, pk.currency as upgrade_currency
       from code_package_codes c
       join code_packages cp on cp.id = c.package_id and cp.tenant_id = c.tenant_id
       join packages pk on pk.id = cp.upgrade_package_id
      where c.tenant_id = $1 and c.code = $2`,
    [tenantId, code, userId, now],
  );
  return rows[0] ?? null;
}

/**
 * Flips a code to used, only if it is still redeemable (paid or not paid): the conditional update is what makes two
 * concurrent redemptions of one code end in one success. Returns false when another redemption (or a lock) won.
 */
export async function claimCode(db: Db, tenantId: string, codeId: string, userId: string, now: Date): Promise<boolean> {
  const rows = await db.query(
    `update code_package_codes set status = 'used', activated_at = $4, redeemed_by = $3, updated_at = $4
      where tenant_id = $1 and id = $2 and status in ('paid', 'not_paid') returning id`,
    [tenantId, codeId, userId, now],
  );
  return rows.length === 1;
}

export async function setOrderOfCode(db: Db, tenantId: string, codeId: string, orderId: string): Promise<void> {
  await db.query('update code_package_codes set order_id = $3 where tenant_id = $1 and id = $2', [
    tenantId,
    codeId,
    orderId,
  ]);
}
