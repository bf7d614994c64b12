import type { Db } from '../../platform/db.ts';

export type UserRow = {
  id: string;
  tenant_id: string;
  email: string | null;
  phone: string | null;
  password_hash: string | null;
  first_name: string;
  last_name: string;
  status: string;
  language: string;
  timezone: string;
  unit_system: string;
  thermal_unit: string;
  blood_glucose_unit: string;
  avatar_path: string | null;
  permissions_version: number;
  deactivated_at: Date | null;
  created_at: Date;
};
const COLS =
  'id, tenant_id, email, phone, password_hash, first_name, last_name, status, language, timezone, unit_system, thermal_unit, blood_glucose_unit, avatar_path, permissions_version, deactivated_at, created_at';

export async function findById(db: Db, tenantId: string, id: string): Promise<UserRow | null> {
  const rows = await db.query<UserRow>(`select ${COLS} from users where tenant_id = $1 and id = $2`, [tenantId, id]);
  return rows[0] ?? null;
}
export async function findByEmail(db: Db, tenantId: string, email: string): Promise<UserRow | null> {
  const rows = await db.query<UserRow>(`select ${COLS} from users where tenant_id = $1 and email = $2`, [
    tenantId,
    email.toLowerCase(),
  ]);
  return rows[0] ?? null;
}
export async function findByPhone(db: Db, tenantId: string, phone: string): Promise<UserRow | null> {
  const rows = await db.query<UserRow>(`select ${COLS} from users where tenant_id = $1 and phone = $2`, [
    tenantId,
    phone,
  ]);
  return rows[0] ?? null;
}

export type NewUser = {
  id: string;
  email: string | null;
  phone: string | null;
  passwordHash: string | null;
  firstName: string;
  lastName: string;
  status: string;
  language?: string;
  now: Date;
};
export async function insertUser(db: Db, tenantId: string, u: NewUser) {
  await db.query(
    'insert into users (id, tenant_id, email, phone, password_hash, first_name, last_name, status, language, created_at, updated_at) values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$10)',
    [u.id, tenantId, u.email, u.phone, u.passwordHash, u.firstName, u.lastName, u.status, u.language ?? 'en', u.now],
  );
}
export async function setPassword(db: Db, tenantId: string, id: string, hash: string, now: Date) {
  await db.query('update users set password_hash = $3, updated_at = $4 where tenant_id = $1 and id = $2', [
    tenantId,
    id,
    hash,
    now,
  ]);
}
export async function setStatus(db: Db, tenantId: string, id: string, status: string, now: Date) {
  await db.query('update users set status = $3, updated_at = $4 where tenant_id = $1 and id = $2', [
    tenantId,
    id,
    status,
    now,
  ]);
}
export async function updateProfile(
  db: Db,
  tenantId: string,
  id: string,
  p: { firstName: string; lastName: string; email: string | null; phone: string | null },
  now: Date,
) {
  await db.query(
    'update users set first_name = $3, last_name = $4, email = $5, phone = $6, updated_at = $7 where tenant_id = $1 and id = $2',
    [tenantId, id, p.firstName, p.lastName, p.email, p.phone, now],
  );
}
export async function updatePreferences(
  db: Db,
  tenantId: string,
  id: string,
  p: Partial<{
    language: string;
    timezone: string;
    unit_system: string;
    thermal_unit: string;
    blood_glucose_unit: string;
    avatar_path: string;
  }>,
  now: Date,
) {
  const keys = (Object.keys(p) as Array<keyof typeof p>).filter((k) => p[k] !== undefined);
  if (!keys.length) return;
  const sets = keys.map((k, i) => `${k} = $${i + 3}`).join(', ');
  await db.query(`update users set ${sets}, updated_at = $${keys.length + 3} where tenant_id = $1 and id = $2`, [
    tenantId,
    id,
    ...keys.map((k) => p[k]!),
    now,
  ]);
}
export type LevelRow = {
  id: string;
  role_id: string;
  role_code: string;
  role_name: string;
  scope_id: string | null;
  scope_name: string | null;
  center_id: string | null;
  center_name: string | null;
};
export async function listLevels(db: Db, tenantId: string, userId: string): Promise<LevelRow[]> {
  return db.query<LevelRow>(
    `select ur.id, r.id as role_id, r.code as role_code, r.name as role_name, ur.scope_id, s.name as scope_name, ur.center_id, c.name as center_name
       from user_roles ur join roles r on r.id = ur.role_id and r.tenant_id = ur.tenant_id
       left join scopes s on s.id = ur.scope_id and s.tenant_id = ur.tenant_id
       left join health_centers c on c.id = ur.center_id and c.tenant_id = ur.tenant_id
      where ur.tenant_id = $1 and ur.user_id = $2 order by ur.created_at, ur.id`,
    [tenantId, userId],
  );
}
export async function insertUserRole(
  db: Db,
  tenantId: string,
  r: {
    id: string;
    userId: string;
    roleId: string;
    scopeId?: string | null;
    centerId?: string | null;
    isMain?: boolean;
  },
) {
  await db.query(
    'insert into user_roles (id, tenant_id, user_id, role_id, scope_id, center_id, is_main) values ($1,$2,$3,$4,$5,$6,$7)',
    [r.id, tenantId, r.userId, r.roleId, r.scopeId ?? null, r.centerId ?? null, r.isMain ?? false],
  );
}
export async function listPendingRegistrations(db: Db, tenantId: string) {
  return db.query<UserRow>(
    `select ${COLS} from users where tenant_id = $1 and status = 'pending_approval' order by created_at`,
    [tenantId],
  );
}

// Login failure counting per tenant and key (the service's choice: an account, or an unknown login name).
export async function getLoginFailure(db: Db, tenantId: string, key: string) {
  const rows = await db.query<{ failures: number; locked_until: Date | null }>(
    'select failures, locked_until from login_failures where tenant_id = $1 and username = $2',
    [tenantId, key],
  );
  return rows[0] ?? null;
}
export async function recordLoginFailure(
  db: Db,
  tenantId: string,
  key: string,
  now: Date,
  maxFailures: number,
  lockUntil: Date,
) {
  const rows = await db.query<{ failures: number; locked_until: Date | null }>(
    `insert into login_failures (tenant_id, username, failures, updated_at) values ($1, $2, 1, $3)
     on conflict (tenant_id, username) do update set failures = login_failures.failures + 1, updated_at = $3
     returning failures, locked_until`,
    [tenantId, key, now],
  );
  const r = rows[0]!;
  if (r.failures >= maxFailures) {
    await db.query('update login_failures set locked_until = $3, failures = 0 where tenant_id = $1 and username = $2', [
      tenantId,
      key,
      lockUntil,
    ]);
    return { locked: true };
  }
  return { locked: false };
}
export async function clearLoginFailures(db: Db, tenantId: string, keys: string[]) {
  await db.query('delete from login_failures where tenant_id = $1 and username = any($2::text[])', [tenantId, keys]);
}

/** Gives a user a level of a role at a scope/center: reuses an unattached level of that role, else adds one. */
export async function linkUserLevel(
  db: Db,
  tenantId: string,
  a: { id: string; userId: string; roleCode: string; scopeId: string | null; centerId: string | null; isMain: boolean },
) {
  const role = (
    await db.query<{ id: string }>('select id from roles where tenant_id = $1 and code = $2', [tenantId, a.roleCode])
  )[0];
  if (!role) throw new Error(`role ${a.roleCode} missing in tenant`);
  const free = await db.query<{ id: string }>(
    'select id from user_roles where tenant_id = $1 and user_id = $2 and role_id = $3 and scope_id is null and center_id is null order by created_at limit 1',
    [tenantId, a.userId, role.id],
  );
  if (free[0]) {
    await db.query(
      'update user_roles set scope_id = $3, center_id = $4, is_main = $5 where tenant_id = $1 and id = $2',
      [tenantId, free[0].id, a.scopeId, a.centerId, a.isMain],
    );
    return;
  }
  await db.query(
    'insert into user_roles (id, tenant_id, user_id, role_id, scope_id, center_id, is_main) values ($1,$2,$3,$4,$5,$6,$7)',
    [a.id, tenantId, a.userId, role.id, a.scopeId, a.centerId, a.isMain],
  );
}

/** Display names (first and last) of some users of the tenant, by id (staff who acted on an alert). */
export async function namesOf(
  db: Db,
  tenantId: string,
  ids: readonly string[],
): Promise<Map<string, { first: string; last: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db.query<{ id: string; first_name: string; last_name: string }>(
    'select id, first_name, last_name from users where tenant_id = $1 and id = any($2::uuid[])',
    [tenantId, [...new Set(ids)]],
  );
  return new Map(rows.map((r) => [r.id, { first: r.first_name, last: r.last_name }]));
}

/** Re-enables only if still disabled and the period is over (a job may run late or twice). */
export async function reenableIfDue(db: Db, tenantId: string, id: string, now: Date): Promise<boolean> {
  const rows = await db.query(
    "update users set status = 'active', disabled_until = null, disabled_reason = null, updated_at = $3 where tenant_id = $1 and id = $2 and status = 'disabled' and disabled_until is not null and disabled_until <= $3 returning id",
    [tenantId, id, now],
  );
  return rows.length > 0;
}
