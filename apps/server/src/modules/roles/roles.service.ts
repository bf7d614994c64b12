import { ALL_PERMISSIONS, isPermissionId } from '@carewatch/contracts/permissions';
import {
  CUSTOM_ROLE_RANK,
  roleChangeProblem,
  roleRank,
  type TCreateRoleRequest,
  type TRole,
  type TTogglePermissionRequest,
} from '@carewatch/contracts/roles';
import type { AuthedCtx } from '../../platform/context.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { newId } from '../../platform/ids.ts';
import type { Db } from '../../platform/db.ts';
import * as repo from './roles.repo.ts';

const toRole = (r: repo.RoleRow): TRole => ({
  id: r.id,
  code: r.code,
  name: r.name,
  description: r.description,
  isDefault: r.is_default,
  permissions: r.permissions,
});

/** The tenant's role with this code (`doctor`, `patient`, …), or null. */
export function findRoleByCode(db: Db, tenantId: string, code: string): Promise<repo.RoleRow | null> {
  return repo.findByCode(db, tenantId, code);
}

export type { RoleRow } from './roles.repo.ts';

export function findRoleById(db: Db, tenantId: string, id: string): Promise<repo.RoleRow | null> {
  return repo.findById(db, tenantId, id);
}

/** The tenant's roles as stored (with their permission ids), default roles first. */
export function roleRowsOf(db: Db, tenantId: string): Promise<repo.RoleRow[]> {
  return repo.list(db, tenantId);
}

/**
 * Adds a role with its permissions, unchecked: for provisioning a tenant's default roles inside the caller's
 * transaction (`db`). A role made by a user goes through `createRole`, which checks what the caller may grant.
 */
export function insertRole(db: Db, tenantId: string, r: Parameters<typeof repo.insert>[2]): Promise<void> {
  return repo.insert(db, tenantId, r);
}

export async function listRoles(ctx: AuthedCtx) {
  return { items: (await repo.list(ctx.db, ctx.auth.tenantId)).map(toRole) };
}

export function permissionCatalogue() {
  return { items: ALL_PERMISSIONS.map((p) => ({ id: p.id, key: p.key, group: p.group })) };
}

/** Nobody grants what they do not hold themselves. */
function assertGrantable(ctx: AuthedCtx, ids: number[], field: string) {
  for (const id of ids) {
    if (!isPermissionId(id))
      throw new AppError(
        'VALIDATION_ERROR',
        { field, rule: 'unknown_permission' },
        `${field}: unknown permission ${id}`,
      );
    if (!ctx.auth.permissions.has(id)) throw new AppError('PERMISSION_DENIED', { field, permission: id });
  }
}

export async function createRole(ctx: AuthedCtx, input: TCreateRoleRequest): Promise<TRole> {
  const permissions = [...new Set(input.permissions)];
  assertGrantable(ctx, permissions, 'permissions');
  // A custom role ranks as staff: only a caller above that rank makes one.
  if (roleRank(ctx.auth.roleCode) <= CUSTOM_ROLE_RANK)
    throw new AppError('PERMISSION_DENIED', { field: 'name', rule: 'rank' });
  if (await repo.nameTaken(ctx.db, ctx.auth.tenantId, input.name)) throw fieldError('ROLE_EXISTED', 'name');
  const id = newId();
  await repo.insert(ctx.db, ctx.auth.tenantId, {
    id,
    code: `custom_${id.slice(-12)}`,
    name: input.name,
    description: input.description || null,
    isDefault: false,
    permissions,
  });
  await audit(ctx, {
    action: 'role.create',
    resource: 'role',
    resourceId: id,
    details: { permissions: permissions.length },
  });
  return toRole((await repo.findById(ctx.db, ctx.auth.tenantId, id))!);
}

/**
 * Toggles one permission; everyone holding the role is asked to log in again on their next call. The caller changes
 * only roles strictly below its own, never removes a permission from a top role (root, super admin, system admin:
 * they could lock everyone out for good) and grants only what it holds.
 */
export async function togglePermission(
  ctx: AuthedCtx,
  roleId: string,
  input: TTogglePermissionRequest,
): Promise<TRole> {
  const role = await repo.findById(ctx.db, ctx.auth.tenantId, roleId);
  if (!role) throw new AppError('ROLE_NOT_FOUND');
  if (!isPermissionId(input.permissionId))
    throw new AppError(
      'VALIDATION_ERROR',
      { field: 'permissionId', rule: 'unknown_permission' },
      `permissionId: unknown permission ${input.permissionId}`,
    );
  const problem = roleChangeProblem(ctx.auth, role, input.permissionId, input.enabled);
  if (problem) {
    await audit(ctx, {
      action: input.enabled ? 'role.permission.grant' : 'role.permission.revoke',
      resource: 'role',
      resourceId: role.id,
      outcome: 'denied',
      details: { permissionId: input.permissionId, reason: problem },
    });
    throw new AppError('PERMISSION_DENIED', { field: 'permissionId', rule: problem, permission: input.permissionId });
  }
  const changed = await ctx.db.tx(async (db) => {
    const c = await repo.setPermission(db, ctx.auth.tenantId, role.id, input.permissionId, input.enabled);
    if (c) await repo.bumpPermissionsVersionForRole(db, ctx.auth.tenantId, role.id);
    return c;
  });
  if (changed)
    await audit(ctx, {
      action: input.enabled ? 'role.permission.grant' : 'role.permission.revoke',
      resource: 'role',
      resourceId: role.id,
      details: { permissionId: input.permissionId },
    });
  return toRole((await repo.findById(ctx.db, ctx.auth.tenantId, role.id))!);
}
