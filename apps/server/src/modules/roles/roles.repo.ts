import type { Db } from '../../platform/db.ts';

export type RoleRow = {
  id: string;
  code: string;
  name: string;
  description: string | null;
  is_default: boolean;
  permissions: number[];
};
const SELECT = `select r.id, r.code, r.name, r.description, r.is_default,
  coalesce((select array_agg(rp.permission_id order by rp.permission_id) from role_permissions rp where rp.tenant_id = r.tenant_id and rp.role_id = r.id), '{}') as permissions
  from roles r`;

export async function list(db: Db, tenantId: string): Promise<RoleRow[]> {
  return db.query<RoleRow>(`${SELECT} where r.tenant_id = $1 order by r.is_default desc, r.created_at, r.name`, [
    tenantId,
  ]);
}
export async function findById(db: Db, tenantId: string, id: string): Promise<RoleRow | null> {
  const rows = await db.query<RoleRow>(`${SELECT} where r.tenant_id = $1 and r.id = $2`, [tenantId, id]);
  return rows[0] ?? null;
}
export async function findByCode(db: Db, tenantId: string, code: string): Promise<RoleRow | null> {
  const rows = await db.query<RoleRow>(`${SELECT} where r.tenant_id = $1 and r.code = $2`, [tenantId, code]);
  return rows[0] ?? null;
}
export async function nameTaken(db: Db, tenantId: string, name: string): Promise<boolean> {
  const rows = await db.query('select 1 from roles where tenant_id = $1 and lower(name) = lower($2)', [tenantId, name]);
  return rows.length > 0;
}
export async function insert(
  db: Db,
  tenantId: string,
  r: { id: string; code: string; name: string; description: string | null; isDefault: boolean; permissions: number[] },
) {
  await db.query('insert into roles (id, tenant_id, code, name, description, is_default) values ($1,$2,$3,$4,$5,$6)', [
    r.id,
    tenantId,
    r.code,
    r.name,
    r.description,
    r.isDefault,
  ]);
  if (r.permissions.length) {
    await db.query(
      'insert into role_permissions (tenant_id, role_id, permission_id) select $1, $2, unnest($3::int[]) on conflict do nothing',
      [tenantId, r.id, r.permissions],
    );
  }
}
export async function setPermission(
  db: Db,
  tenantId: string,
  roleId: string,
  permissionId: number,
  enabled: boolean,
): Promise<boolean> {
  const rows = enabled
    ? await db.query(
        'insert into role_permissions (tenant_id, role_id, permission_id) values ($1,$2,$3) on conflict do nothing returning 1',
        [tenantId, roleId, permissionId],
      )
    : await db.query(
        'delete from role_permissions where tenant_id = $1 and role_id = $2 and permission_id = $3 returning 1',
        [tenantId, roleId, permissionId],
      );
  return rows.length > 0;
}

/** Every holder of the role signs in again with its new permissions (their sessions answer PERMISSIONS_CHANGED). */
export async function bumpPermissionsVersionForRole(db: Db, tenantId: string, roleId: string) {
  await db.query(
    'update users set permissions_version = permissions_version + 1 where tenant_id = $1 and id in (select user_id from user_roles where tenant_id = $1 and role_id = $2)',
    [tenantId, roleId],
  );
}
