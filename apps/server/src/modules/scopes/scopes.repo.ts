import type { Db, SqlValue } from '../../platform/db.ts';

export type ScopeRow = {
  id: string;
  name: string;
  level: number;
  type: string | null;
  parent_id: string | null;
  parent_name: string | null;
  enabled: boolean;
  child_count: number;
  center_count: number;
  admin_count: number;
  created_at: Date;
};
export type AdminRow = {
  user_id: string;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  is_main: boolean;
  scope_id: string | null;
  scope_name: string | null;
};
export type CandidateRow = {
  user_id: string;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
};

const SCOPE_ADMIN_ROLE = 'scope_admin';

const SELECT = `select s.id, s.name, s.level, s.type, s.parent_id, p.name as parent_name, s.enabled, s.created_at,
  (select count(*)::int from scopes c where c.tenant_id = s.tenant_id and c.parent_id = s.id) as child_count,
  (select count(*)::int from health_centers h where h.tenant_id = s.tenant_id and h.scope_id = s.id) as center_count,
  (select count(*)::int from user_roles ur join roles r on r.id = ur.role_id and r.tenant_id = ur.tenant_id
     where ur.tenant_id = s.tenant_id and ur.scope_id = s.id and ur.center_id is null and r.code = '${SCOPE_ADMIN_ROLE}') as admin_count
  from scopes s left join scopes p on p.id = s.parent_id and p.tenant_id = s.tenant_id`;

/** The ids of a scope and all its descendants (recursive), as SQL over parameter $2 (tenant is $1). */
const SUBTREE_CTE = `with recursive sub as (
    select id from scopes where tenant_id = $1 and id = $2::uuid
    union all
    select c.id from scopes c join sub on c.parent_id = sub.id where c.tenant_id = $1
  )`;

export type ScopeFilter = {
  /** Limit to this scope's subtree (the caller's level); null = whole tenant. */
  rootScopeId: string | null;
  searchValue?: string;
  type?: string;
  parentId?: string;
  level?: number;
  enabled?: boolean;
};

function where(tenantId: string, f: ScopeFilter): { prefix: string; clause: string; params: SqlValue[] } {
  const params: SqlValue[] = [tenantId, f.rootScopeId];
  const conds = ['s.tenant_id = $1', '($2::uuid is null or s.id in (select id from sub))'];
  const add = (cond: (i: number) => string, v: SqlValue) => {
    params.push(v);
    conds.push(cond(params.length));
  };
  if (f.searchValue)
    add(
      (i) => `lower(s.name) like '%' || lower($${i}) || '%'`,
      f.searchValue.replace(/[%_\\]/g, (m) => `\\${m}`),
    );
  if (f.type) add((i) => `s.type = $${i}`, f.type);
  if (f.parentId) add((i) => `s.parent_id = $${i}`, f.parentId);
  if (f.level) add((i) => `s.level = $${i}`, f.level);
  if (f.enabled !== undefined) add((i) => `s.enabled = $${i}`, f.enabled);
  return { prefix: SUBTREE_CTE, clause: conds.join(' and '), params };
}

export async function list(
  db: Db,
  tenantId: string,
  f: ScopeFilter,
  pageNo: number,
  size: number,
): Promise<{ rows: ScopeRow[]; total: number }> {
  const w = where(tenantId, f);
  const total =
    (
      await db.query<{ n: number }>(`${w.prefix} select count(*)::int as n from scopes s where ${w.clause}`, w.params)
    )[0]?.n ?? 0;
  const rows = await db.query<ScopeRow>(
    `${w.prefix} ${SELECT} where ${w.clause} order by s.level, lower(s.name), s.id limit ${Number(size)} offset ${Number(pageNo) * Number(size)}`,
    w.params,
  );
  return { rows, total };
}

export async function listAll(db: Db, tenantId: string, rootScopeId: string | null): Promise<ScopeRow[]> {
  const w = where(tenantId, { rootScopeId });
  return db.query<ScopeRow>(`${w.prefix} ${SELECT} where ${w.clause} order by s.level, lower(s.name), s.id`, w.params);
}

export async function findById(db: Db, tenantId: string, id: string): Promise<ScopeRow | null> {
  const rows = await db.query<ScopeRow>(`${SELECT} where s.tenant_id = $1 and s.id = $2`, [tenantId, id]);
  return rows[0] ?? null;
}

/** Whether `id` lies in the subtree of `rootId` (itself included). */
export async function inSubtree(db: Db, tenantId: string, rootId: string, id: string): Promise<boolean> {
  const rows = await db.query(`${SUBTREE_CTE} select 1 from sub where id = $3`, [tenantId, rootId, id]);
  return rows.length > 0;
}

/** Ancestors of a scope, widest first. */
export async function ancestors(db: Db, tenantId: string, id: string): Promise<ScopeRow[]> {
  const ids = await db.query<{ id: string; depth: number }>(
    `with recursive up as (
       select parent_id as id, 1 as depth from scopes where tenant_id = $1 and id = $2
       union all
       select s.parent_id, up.depth + 1 from scopes s join up on s.id = up.id where s.tenant_id = $1 and up.depth < 10
     ) select id, depth from up where id is not null`,
    [tenantId, id],
  );
  const out: ScopeRow[] = [];
  for (const r of ids.sort((a, b) => b.depth - a.depth)) {
    const row = await findById(db, tenantId, r.id);
    if (row) out.push(row);
  }
  return out;
}

/** All descendants of a scope (not itself), ordered by level then name. */
export async function descendants(db: Db, tenantId: string, id: string): Promise<ScopeRow[]> {
  return db.query<ScopeRow>(
    `${SUBTREE_CTE} ${SELECT} where s.tenant_id = $1 and s.id in (select id from sub) and s.id <> $2 order by s.level, lower(s.name), s.id`,
    [tenantId, id],
  );
}

export async function children(db: Db, tenantId: string, parentId: string): Promise<ScopeRow[]> {
  return db.query<ScopeRow>(`${SELECT} where s.tenant_id = $1 and s.parent_id = $2 order by lower(s.name), s.id`, [
    tenantId,
    parentId,
  ]);
}

export async function centersOf(
  db: Db,
  tenantId: string,
  scopeId: string,
): Promise<Array<{ id: string; name: string; enabled: boolean }>> {
  return db.query(
    'select id, name, enabled from health_centers where tenant_id = $1 and scope_id = $2 order by lower(name), id',
    [tenantId, scopeId],
  );
}

export async function nameTaken(
  db: Db,
  tenantId: string,
  name: string,
  level: number,
  exceptId: string | null,
): Promise<boolean> {
  const rows = await db.query(
    'select 1 from scopes where tenant_id = $1 and level = $2 and lower(name) = lower($3) and ($4::uuid is null or id <> $4::uuid)',
    [tenantId, level, name, exceptId],
  );
  return rows.length > 0;
}

export async function insert(
  db: Db,
  tenantId: string,
  s: { id: string; name: string; level: number; type: string | null; parentId: string | null; now: Date },
) {
  await db.query(
    'insert into scopes (id, tenant_id, name, level, type, parent_id, enabled, created_at, updated_at) values ($1,$2,$3,$4,$5,$6,true,$7,$7)',
    [s.id, tenantId, s.name, s.level, s.type, s.parentId, s.now],
  );
}

export async function update(
  db: Db,
  tenantId: string,
  id: string,
  s: { name: string; level: number; type: string | null; parentId: string | null; now: Date },
) {
  await db.query(
    'update scopes set name = $3, level = $4, type = $5, parent_id = $6, updated_at = $7 where tenant_id = $1 and id = $2',
    [tenantId, id, s.name, s.level, s.type, s.parentId, s.now],
  );
}

export async function setNameAndStatus(
  db: Db,
  tenantId: string,
  id: string,
  name: string,
  enabled: boolean,
  now: Date,
) {
  await db.query('update scopes set name = $3, enabled = $4, updated_at = $5 where tenant_id = $1 and id = $2', [
    tenantId,
    id,
    name,
    enabled,
    now,
  ]);
}

export async function remove(db: Db, tenantId: string, id: string) {
  await db.query('delete from scopes where tenant_id = $1 and id = $2', [tenantId, id]);
}

/** What still points at a scope: child scopes (all / active), health centers, users linked at it. */
export async function usage(
  db: Db,
  tenantId: string,
  id: string,
): Promise<{ children: number; activeChildren: number; centers: number; users: number }> {
  const rows = await db.query<{ children: number; active_children: number; centers: number; users: number }>(
    `select (select count(*)::int from scopes where tenant_id = $1 and parent_id = $2) as children,
            (select count(*)::int from scopes where tenant_id = $1 and parent_id = $2 and enabled) as active_children,
            (select count(*)::int from health_centers where tenant_id = $1 and scope_id = $2) as centers,
            (select count(*)::int from user_roles where tenant_id = $1 and scope_id = $2) as users`,
    [tenantId, id],
  );
  const r = rows[0]!;
  return { children: r.children, activeChildren: r.active_children, centers: r.centers, users: r.users };
}

// --- scope admins: user_roles rows of the scope_admin role at a scope (no center)

const ADMIN_SELECT = `select u.id as user_id, u.first_name, u.last_name, u.email, u.phone, ur.is_main, ur.scope_id, s.name as scope_name
  from user_roles ur
  join roles r on r.id = ur.role_id and r.tenant_id = ur.tenant_id and r.code = '${SCOPE_ADMIN_ROLE}'
  join users u on u.id = ur.user_id and u.tenant_id = ur.tenant_id
  left join scopes s on s.id = ur.scope_id and s.tenant_id = ur.tenant_id`;

export async function scopeAdmins(db: Db, tenantId: string, scopeId: string): Promise<AdminRow[]> {
  return db.query<AdminRow>(
    `${ADMIN_SELECT} where ur.tenant_id = $1 and ur.scope_id = $2 and ur.center_id is null order by ur.is_main desc, u.first_name, u.last_name, u.id`,
    [tenantId, scopeId],
  );
}

/** Scope admins linked at scopes of the caller's subtree (or one scope), paginated. */
export async function adminPage(
  db: Db,
  tenantId: string,
  rootScopeId: string | null,
  scopeId: string | null,
  pageNo: number,
  size: number,
): Promise<{ rows: AdminRow[]; total: number }> {
  const cond = `ur.tenant_id = $1 and ur.center_id is null and ur.scope_id is not null and ($2::uuid is null or ur.scope_id in (select id from sub)) and ($3::uuid is null or ur.scope_id = $3::uuid)`;
  const params: SqlValue[] = [tenantId, rootScopeId, scopeId];
  const total =
    (
      await db.query<{ n: number }>(
        `${SUBTREE_CTE} select count(*)::int as n from (${ADMIN_SELECT} where ${cond}) x`,
        params,
      )
    )[0]?.n ?? 0;
  const rows = await db.query<AdminRow>(
    `${SUBTREE_CTE} ${ADMIN_SELECT} where ${cond} order by s.name, ur.is_main desc, u.first_name, u.id limit ${Number(size)} offset ${Number(pageNo) * Number(size)}`,
    params,
  );
  return { rows, total };
}

export async function candidates(
  db: Db,
  tenantId: string,
  roleCode: string,
  search: string | undefined,
): Promise<CandidateRow[]> {
  return db.query<CandidateRow>(
    `select distinct u.id as user_id, u.first_name, u.last_name, u.email, u.phone
       from users u
       join user_roles ur on ur.user_id = u.id and ur.tenant_id = u.tenant_id
       join roles r on r.id = ur.role_id and r.tenant_id = ur.tenant_id and r.code = $2
      where u.tenant_id = $1 and u.status = 'active'
        and ($3::text is null or lower(u.first_name || ' ' || u.last_name || ' ' || u.last_name || ' ' || u.first_name || ' ' || coalesce(u.email, '')
             || ' ' || coalesce(u.phone, '')) like '%' || lower($3::text) || '%')
      order by u.first_name, u.last_name, u.id limit 50`,
    [tenantId, roleCode, search || null],
  );
}

/** The ids among `userIds` that are active users of the tenant holding the role. */
export async function eligible(db: Db, tenantId: string, roleCode: string, userIds: string[]): Promise<Set<string>> {
  if (!userIds.length) return new Set();
  const rows = await db.query<{ id: string }>(
    `select distinct u.id from users u
       join user_roles ur on ur.user_id = u.id and ur.tenant_id = u.tenant_id
       join roles r on r.id = ur.role_id and r.tenant_id = ur.tenant_id and r.code = $2
      where u.tenant_id = $1 and u.status = 'active' and u.id = any($3::uuid[])`,
    [tenantId, roleCode, userIds],
  );
  return new Set(rows.map((r) => r.id));
}

/**
 * Links a user with a role at a scope/center. An unattached row of the same role (no scope, no center) is reused,
 * so assigning a freshly created admin does not leave a tenant-wide level behind.
 */

export async function setScopeAdminMain(db: Db, tenantId: string, scopeId: string, userId: string, isMain: boolean) {
  await db.query(
    `update user_roles set is_main = $4 where tenant_id = $1 and scope_id = $2 and center_id is null and user_id = $3
       and role_id in (select id from roles where tenant_id = $1 and code = '${SCOPE_ADMIN_ROLE}')`,
    [tenantId, scopeId, userId, isMain],
  );
}

export async function unlinkScopeAdmin(db: Db, tenantId: string, scopeId: string, userId: string) {
  await db.query(
    `delete from user_roles where tenant_id = $1 and scope_id = $2 and center_id is null and user_id = $3
       and role_id in (select id from roles where tenant_id = $1 and code = '${SCOPE_ADMIN_ROLE}')`,
    [tenantId, scopeId, userId],
  );
}
