import { PERMISSION_GROUPS } from '@carewatch/contracts/permissions';
import { isTopRole, roleChangeProblem, roleRank, type TRole } from '@carewatch/contracts/roles';

/**
 * The roles screen's pure rules: the permission catalogue in groups, the labels of permissions the catalogue may not
 * know, why a role is read-only, and which switches may be flipped (the server's rule, shown).
 */

export type CatalogueItem = { id: number; key: string; group: string };

/** The catalogue by group: the known groups in their order, then any new ones as met; empty groups left out. */
export function groupedCatalogue(items: readonly CatalogueItem[]): Array<[string, CatalogueItem[]]> {
  const order: string[] = [
    ...PERMISSION_GROUPS,
    ...items.map((i) => i.group).filter((g) => !(PERMISSION_GROUPS as readonly string[]).includes(g)),
  ];
  return [...new Set(order)]
    .map((g) => [g, items.filter((i) => i.group === g)] as [string, CatalogueItem[]])
    .filter(([, list]) => list.length > 0);
}

/** A label's catalogue key when the catalogue has one (`prefix.key`), else the raw key (a permission newer than the portal). */
export const labelOf = (prefix: string, key: string, known: ReadonlySet<string>): { key: string } | { raw: string } =>
  known.has(key) ? { key: `${prefix}.${key}` } : { raw: key };

export type Caller = { roleCode: string; permissions: readonly number[] };

/** Why the permissions of a role cannot all be changed (the note above them), or null. */
export function roleNote(
  canToggle: boolean,
  caller: Caller,
  role: Pick<TRole, 'code'>,
): 'roles.readOnly' | 'security.roles.notBelow' | 'security.roles.topRole' | null {
  if (!canToggle) return 'roles.readOnly';
  if (roleRank(role.code) >= roleRank(caller.roleCode)) return 'security.roles.notBelow';
  if (isTopRole(role.code)) return 'security.roles.topRole';
  return null;
}

/** Whether a permission's switch is off-limits: no right to toggle, or the server would refuse the change. */
export function switchDisabled(
  canToggle: boolean,
  caller: Caller,
  role: Pick<TRole, 'code' | 'permissions'>,
  permissionId: number,
): boolean {
  return !canToggle || roleChangeProblem(caller, role, permissionId, !role.permissions.includes(permissionId)) !== null;
}

/** The new role's permissions after a box is ticked or cleared (each once). */
export const togglePermission = (ids: readonly number[], id: number, on: boolean): number[] =>
  on ? (ids.includes(id) ? [...ids] : [...ids, id]) : ids.filter((p) => p !== id);
