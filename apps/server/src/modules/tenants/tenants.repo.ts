import type { Db } from '../../platform/db.ts';

export type TenantRow = { id: string; code: string; name: string; official_name: string | null; active: boolean };

export async function findByCode(db: Db, code: string): Promise<TenantRow | null> {
  const rows = await db.query<TenantRow>(
    'select id, code, name, official_name, active from tenants where lower(code) = lower($1)',
    [code],
  );
  return rows[0] ?? null;
}
export async function findById(db: Db, id: string): Promise<TenantRow | null> {
  const rows = await db.query<TenantRow>('select id, code, name, official_name, active from tenants where id = $1', [
    id,
  ]);
  return rows[0] ?? null;
}
/** Whether the tenant's super admin may reveal the one-time codes recorded under Messages (the demo tenants). */
export async function revealsCodes(db: Db, id: string): Promise<boolean> {
  const rows = await db.query<{ reveal_codes: boolean }>('select reveal_codes from tenants where id = $1', [id]);
  return rows[0]?.reveal_codes ?? false;
}
export async function setRevealCodes(db: Db, id: string, on: boolean) {
  await db.query('update tenants set reveal_codes = $2 where id = $1', [id, on]);
}
export async function listAll(db: Db): Promise<TenantRow[]> {
  return db.query<TenantRow>('select id, code, name, official_name, active from tenants order by code');
}
export async function insert(db: Db, t: { id: string; code: string; name: string; officialName?: string | null }) {
  await db.query('insert into tenants (id, code, name, official_name) values ($1,$2,$3,$4)', [
    t.id,
    t.code,
    t.name,
    t.officialName ?? null,
  ]);
}
export async function getSettings(db: Db, tenantId: string): Promise<Record<string, string>> {
  const rows = await db.query<{ key: string; value: string }>(
    'select key, value from tenant_settings where tenant_id = $1',
    [tenantId],
  );
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}
export async function getSetting(db: Db, tenantId: string, key: string): Promise<string | null> {
  const rows = await db.query<{ value: string }>(
    'select value from tenant_settings where tenant_id = $1 and key = $2',
    [tenantId, key],
  );
  return rows[0]?.value ?? null;
}
export async function upsertSetting(db: Db, tenantId: string, key: string, value: string) {
  await db.query(
    'insert into tenant_settings (tenant_id, key, value) values ($1,$2,$3) on conflict (tenant_id, key) do update set value = excluded.value, updated_at = now()',
    [tenantId, key, value],
  );
}

// ---- Tenant management (platform-level: the tenants table is the list of tenants itself) ----

export type TenantFullRow = TenantRow & {
  connection_type: 'shared' | 'dedicated';
  connected: boolean;
  created_at: Date;
  total?: number;
};
const FULL = 'id, code, name, official_name, active, connection_type, connected, created_at';

export async function listPage(
  db: Db,
  q: { search?: string; active?: boolean; page: number; size: number },
): Promise<TenantFullRow[]> {
  return db.query<TenantFullRow>(
    `select ${FULL}, count(*) over () as total from tenants
      where ($1::text is null or name ilike '%' || $1 || '%' or code ilike '%' || $1 || '%' or official_name ilike '%' || $1 || '%')
        and ($2::boolean is null or active = $2)
      order by created_at desc, id desc limit $3 offset $4`,
    [q.search ?? null, q.active ?? null, q.size, q.page * q.size],
  );
}
export async function findFullById(db: Db, id: string): Promise<TenantFullRow | null> {
  const rows = await db.query<TenantFullRow>(`select ${FULL} from tenants where id = $1`, [id]);
  return rows[0] ?? null;
}
export async function nameTaken(db: Db, name: string, exceptId: string | null): Promise<boolean> {
  const rows = await db.query(
    'select 1 from tenants where lower(name) = lower($1) and ($2::uuid is null or id <> $2)',
    [name, exceptId],
  );
  return rows.length > 0;
}
export async function codeTaken(db: Db, code: string): Promise<boolean> {
  return (await db.query('select 1 from tenants where lower(code) = lower($1)', [code])).length > 0;
}
export async function updateGeneral(
  db: Db,
  id: string,
  t: { name: string; officialName: string; connectionType?: string; connected?: boolean },
  now: Date,
) {
  await db.query(
    `update tenants set name = $2, official_name = $3, connection_type = coalesce($4, connection_type), connected = coalesce($5, connected), updated_at = $6 where id = $1`,
    [id, t.name, t.officialName || null, t.connectionType ?? null, t.connected ?? null, now],
  );
}
export async function setActive(db: Db, id: string, active: boolean, now: Date) {
  await db.query('update tenants set active = $2, updated_at = $3 where id = $1', [id, active, now]);
}

export type ConnectionRow = {
  position: number;
  host: string;
  port: number;
  username: string;
  password_enc: string;
  public_url: string;
};
export async function listConnections(db: Db, tenantId: string): Promise<ConnectionRow[]> {
  return db.query<ConnectionRow>(
    'select position, host, port, username, password_enc, public_url from tenant_connections where tenant_id = $1 order by position',
    [tenantId],
  );
}
export async function replaceConnections(
  db: Db,
  tenantId: string,
  rows: Array<Omit<ConnectionRow, 'position'>>,
  now: Date,
) {
  await db.query('delete from tenant_connections where tenant_id = $1', [tenantId]);
  for (const [position, c] of rows.entries()) {
    await db.query(
      'insert into tenant_connections (tenant_id, position, host, port, username, password_enc, public_url, updated_at) values ($1,$2,$3,$4,$5,$6,$7,$8)',
      [tenantId, position, c.host, c.port, c.username, c.password_enc, c.public_url, now],
    );
  }
}

// ---- Trial and branding requests (platform-level; tenant_id is null until a trial is approved) ----

export type RequestRow = {
  id: string;
  type: 'TRIAL_REQUEST' | 'UPDATE_BRANDING';
  status: 'new' | 'approved' | 'rejected';
  tenant_id: string | null;
  tenant_name: string | null;
  requested_by: string | null;
  organization_name: string;
  contact_name: string;
  email: string;
  phone: string;
  tenant_code: string;
  color: string;
  square_logo_url: string;
  horizontal_logo_url: string;
  reason: string | null;
  created_at: Date;
  decided_at: Date | null;
  total?: number;
};
const REQ = `select r.id, r.type, r.status, r.tenant_id, t.name as tenant_name, r.requested_by, r.organization_name, r.contact_name, r.email, r.phone,
  r.tenant_code, r.color, r.square_logo_url, r.horizontal_logo_url, r.reason, r.created_at, r.decided_at
  from tenant_requests r left join tenants t on t.id = r.tenant_id`;

export async function insertRequest(
  db: Db,
  r: {
    id: string;
    type: string;
    tenantId: string | null;
    requestedBy: string | null;
    organizationName: string;
    contactName: string;
    email: string;
    phone: string;
    tenantCode: string;
    color: string;
    squareLogoUrl: string;
    horizontalLogoUrl: string;
    now: Date;
  },
) {
  await db.query(
    `insert into tenant_requests (id, type, tenant_id, requested_by, organization_name, contact_name, email, phone, tenant_code, color, square_logo_url, horizontal_logo_url, created_at)
     values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13)`,
    [
      r.id,
      r.type,
      r.tenantId,
      r.requestedBy,
      r.organizationName,
      r.contactName,
      r.email,
      r.phone,
      r.tenantCode,
      r.color,
      r.squareLogoUrl,
      r.horizontalLogoUrl,
      r.now,
    ],
  );
}
export async function findRequest(db: Db, id: string): Promise<RequestRow | null> {
  const rows = await db.query<RequestRow>(`${REQ} where r.id = $1`, [id]);
  return rows[0] ?? null;
}
export async function listRequests(
  db: Db,
  q: { type?: string; status?: string; search?: string; page: number; size: number },
): Promise<RequestRow[]> {
  return db.query<RequestRow>(
    `select x.*, count(*) over () as total from (${REQ}) x
      where ($1::text is null or x.type = $1) and ($2::text is null or x.status = $2)
        and ($3::text is null or x.organization_name ilike '%' || $3 || '%' or x.email ilike '%' || $3 || '%' or x.tenant_code ilike '%' || $3 || '%' or x.contact_name ilike '%' || $3 || '%')
      order by x.created_at desc, x.id desc limit $4 offset $5`,
    [q.type ?? null, q.status ?? null, q.search ?? null, q.size, q.page * q.size],
  );
}
/** Moves a request out of 'new'; false when it was already decided (two admins at once). */
export async function decideRequest(
  db: Db,
  id: string,
  d: { status: 'approved' | 'rejected'; reason: string | null; decidedBy: string; tenantId: string | null; now: Date },
): Promise<boolean> {
  const rows = await db.query(
    `update tenant_requests set status = $2, reason = $3, decided_by = $4, decided_at = $5, tenant_id = coalesce($6, tenant_id)
      where id = $1 and status = 'new' returning id`,
    [id, d.status, d.reason, d.decidedBy, d.now, d.tenantId],
  );
  return rows.length > 0;
}
