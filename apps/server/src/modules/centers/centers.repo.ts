import type { Db, SqlValue } from '../../platform/db.ts';

export type CenterRow = {
  id: string;
  name: string;
  enabled: boolean;
  logo_path: string | null;
  type: string | null;
  representative: string | null;
  phone_prefix: string | null;
  phone_number: string | null;
  hotline: string | null;
  email: string | null;
  website: string | null;
  lat: number | null;
  lng: number | null;
  address: string | null;
  scope_id: string | null;
  scope_name: string | null;
  level: string | null;
  region: string | null;
  province: string | null;
  city: string | null;
  area: string | null;
  specialties: string[];
  in_use_count: number;
  created_at: Date;
  updated_at: Date;
};
export type CenterAdminRow = {
  center_id: string;
  user_id: string;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  is_main: boolean;
};

/** The role of a health center's admins (their rows are user_roles of this role at the center). */
export const CENTER_ADMIN_ROLE = 'mhsc_admin';

const SELECT = `select c.id, c.name, c.enabled, c.logo_path, c.type, c.representative, c.phone_prefix, c.phone_number, c.hotline, c.email,
  c.website, c.lat, c.lng, c.address, c.scope_id, s.name as scope_name, c.level, c.region, c.province, c.city, c.area, c.specialties,
  c.created_at, c.updated_at,
  (select count(*)::int from user_roles ur where ur.tenant_id = c.tenant_id and ur.center_id = c.id) as in_use_count
  from health_centers c left join scopes s on s.id = c.scope_id and s.tenant_id = c.tenant_id`;

const SUBTREE_CTE = `with recursive sub as (
    select id from scopes where tenant_id = $1 and id = $2::uuid
    union all
    select x.id from scopes x join sub on x.parent_id = sub.id where x.tenant_id = $1
  )`;

export type CenterFilter = {
  /** The caller's level: only this center, or centers in this scope subtree; both null = whole tenant. */
  centerId: string | null;
  rootScopeId: string | null;
  searchValue?: string;
  scopeId?: string;
  enabled?: boolean;
};

function where(tenantId: string, f: CenterFilter) {
  const params: SqlValue[] = [tenantId, f.rootScopeId, f.centerId];
  const conds = [
    'c.tenant_id = $1',
    '($2::uuid is null or c.scope_id in (select id from sub))',
    '($3::uuid is null or c.id = $3::uuid)',
  ];
  const add = (cond: (i: number) => string, v: SqlValue) => {
    params.push(v);
    conds.push(cond(params.length));
  };
  if (f.searchValue) {
    add(
      (i) =>
        `lower(c.name || ' ' || coalesce(c.address, '') || ' ' || coalesce(c.email, '') || ' ' || coalesce(c.phone_number, '')) like '%' || lower($${i}) || '%'`,
      f.searchValue.replace(/[%_\\]/g, (m) => `\\${m}`),
    );
  }
  if (f.scopeId) add((i) => `c.scope_id = $${i}`, f.scopeId);
  if (f.enabled !== undefined) add((i) => `c.enabled = $${i}`, f.enabled);
  return { clause: conds.join(' and '), params };
}

export async function list(
  db: Db,
  tenantId: string,
  f: CenterFilter,
  pageNo: number,
  size: number,
): Promise<{ rows: CenterRow[]; total: number }> {
  const w = where(tenantId, f);
  const total =
    (
      await db.query<{ n: number }>(
        `${SUBTREE_CTE} select count(*)::int as n from health_centers c where ${w.clause}`,
        w.params,
      )
    )[0]?.n ?? 0;
  const rows = await db.query<CenterRow>(
    `${SUBTREE_CTE} ${SELECT} where ${w.clause} order by lower(c.name), c.id limit ${Number(size)} offset ${Number(pageNo) * Number(size)}`,
    w.params,
  );
  return { rows, total };
}

export async function findById(db: Db, tenantId: string, id: string): Promise<CenterRow | null> {
  return (await db.query<CenterRow>(`${SELECT} where c.tenant_id = $1 and c.id = $2`, [tenantId, id]))[0] ?? null;
}
export async function findByName(db: Db, tenantId: string, name: string): Promise<CenterRow | null> {
  return (
    (
      await db.query<CenterRow>(`${SELECT} where c.tenant_id = $1 and lower(c.name) = lower($2)`, [tenantId, name])
    )[0] ?? null
  );
}
export async function nameTaken(db: Db, tenantId: string, name: string, exceptId: string | null): Promise<boolean> {
  return (
    (
      await db.query(
        'select 1 from health_centers where tenant_id = $1 and lower(name) = lower($2) and ($3::uuid is null or id <> $3::uuid)',
        [tenantId, name, exceptId],
      )
    ).length > 0
  );
}

export type CenterFields = {
  name: string;
  type: string | null;
  representative: string | null;
  phonePrefix: string | null;
  phoneNumber: string | null;
  hotline: string | null;
  email: string | null;
  website: string | null;
  lat: number | null;
  lng: number | null;
  address: string | null;
  level: string | null;
  region: string | null;
  province: string | null;
  city: string | null;
  area: string | null;
  specialties: string[];
};
const FIELD_COLS =
  'name, type, representative, phone_prefix, phone_number, hotline, email, website, lat, lng, address, level, region, province, city, area, specialties';
const fieldValues = (f: CenterFields): SqlValue[] => [
  f.name,
  f.type,
  f.representative,
  f.phonePrefix,
  f.phoneNumber,
  f.hotline,
  f.email,
  f.website,
  f.lat,
  f.lng,
  f.address,
  f.level,
  f.region,
  f.province,
  f.city,
  f.area,
  f.specialties,
];

export async function insert(
  db: Db,
  tenantId: string,
  c: CenterFields & { id: string; scopeId: string; enabled: boolean; logoPath: string | null; now: Date },
) {
  await db.query(
    `insert into health_centers (id, tenant_id, scope_id, enabled, logo_path, created_at, updated_at, ${FIELD_COLS})
     values ($1,$2,$3,$4,$5,$6,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22,$23)`,
    [c.id, tenantId, c.scopeId, c.enabled, c.logoPath, c.now, ...fieldValues(c)],
  );
}

export async function update(db: Db, tenantId: string, id: string, c: CenterFields & { now: Date }) {
  const sets = FIELD_COLS.split(', ')
    .map((col, i) => `${col} = $${i + 4}`)
    .join(', ');
  await db.query(`update health_centers set updated_at = $3, ${sets} where tenant_id = $1 and id = $2`, [
    tenantId,
    id,
    c.now,
    ...fieldValues(c),
  ]);
}

/** Moves a center to another scope; the users linked at it follow (their rows carry the center's scope). */
export async function setScope(db: Db, tenantId: string, id: string, scopeId: string, now: Date) {
  await db.query('update health_centers set scope_id = $3, updated_at = $4 where tenant_id = $1 and id = $2', [
    tenantId,
    id,
    scopeId,
    now,
  ]);
  await db.query('update user_roles set scope_id = $3 where tenant_id = $1 and center_id = $2', [
    tenantId,
    id,
    scopeId,
  ]);
}

export async function setEnabled(db: Db, tenantId: string, id: string, enabled: boolean, now: Date) {
  await db.query('update health_centers set enabled = $3, updated_at = $4 where tenant_id = $1 and id = $2', [
    tenantId,
    id,
    enabled,
    now,
  ]);
}
export async function setLogo(db: Db, tenantId: string, id: string, logoPath: string, now: Date) {
  await db.query('update health_centers set logo_path = $3, updated_at = $4 where tenant_id = $1 and id = $2', [
    tenantId,
    id,
    logoPath,
    now,
  ]);
}

// --- health-center admins: user_roles rows of the mhsc_admin role at the center

const ADMIN_SELECT = `select ur.center_id, u.id as user_id, u.first_name, u.last_name, u.email, u.phone, ur.is_main
  from user_roles ur
  join roles r on r.id = ur.role_id and r.tenant_id = ur.tenant_id and r.code = '${CENTER_ADMIN_ROLE}'
  join users u on u.id = ur.user_id and u.tenant_id = ur.tenant_id`;

export async function admins(db: Db, tenantId: string, centerIds: string[]): Promise<CenterAdminRow[]> {
  if (!centerIds.length) return [];
  return db.query<CenterAdminRow>(
    `${ADMIN_SELECT} where ur.tenant_id = $1 and ur.center_id = any($2::uuid[]) order by ur.is_main desc, u.first_name, u.last_name, u.id`,
    [tenantId, centerIds],
  );
}

export async function setAdminMain(db: Db, tenantId: string, centerId: string, userId: string, isMain: boolean) {
  await db.query(
    `update user_roles set is_main = $4 where tenant_id = $1 and center_id = $2 and user_id = $3
       and role_id in (select id from roles where tenant_id = $1 and code = '${CENTER_ADMIN_ROLE}')`,
    [tenantId, centerId, userId, isMain],
  );
}
export async function unlinkAdmin(db: Db, tenantId: string, centerId: string, userId: string) {
  await db.query(
    `delete from user_roles where tenant_id = $1 and center_id = $2 and user_id = $3
       and role_id in (select id from roles where tenant_id = $1 and code = '${CENTER_ADMIN_ROLE}')`,
    [tenantId, centerId, userId],
  );
}

/** The centers a user is linked to (any role). */
export async function centerIdsOfUser(db: Db, tenantId: string, userId: string): Promise<string[]> {
  const rows = await db.query<{ center_id: string }>(
    'select distinct center_id from user_roles where tenant_id = $1 and user_id = $2 and center_id is not null',
    [tenantId, userId],
  );
  return rows.map((r) => r.center_id);
}
export async function findMany(db: Db, tenantId: string, ids: string[]): Promise<CenterRow[]> {
  if (!ids.length) return [];
  return db.query<CenterRow>(
    `${SELECT} where c.tenant_id = $1 and c.id = any($2::uuid[]) order by lower(c.name), c.id`,
    [tenantId, ids],
  );
}
