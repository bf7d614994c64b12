import type {
  TCreateScopeRequest,
  TOrgAdmin,
  TScope,
  TScopeDetail,
  TScopeHierarchy,
  TScopeHierarchyQuery,
  TScopeListQuery,
  TScopeNameStatusRequest,
  TScopePage,
  TUpdateScopeRequest,
  TAdminCandidate,
  TOrgAdminPage,
  TScopeType,
} from '@carewatch/contracts/scopes';
import { SCOPE_TYPES } from '@carewatch/contracts/scopes';
import type { AuthedCtx } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { newId } from '../../platform/ids.ts';
import * as repo from './scopes.repo.ts';
import { linkUserLevel } from '../users/users.service.ts';
import { personName } from '@carewatch/contracts/names';

/** A root that matches nothing: a level attached to a center without a scope sees no scope. */
const NOTHING = '00000000-0000-0000-0000-000000000000';
const SCOPE_ADMIN = 'scope_admin';

const isScopeType = (v: string | null): v is TScopeType => v !== null && (SCOPE_TYPES as readonly string[]).includes(v);

export const toScope = (r: repo.ScopeRow): TScope => ({
  id: r.id,
  name: r.name,
  level: r.level,
  type: isScopeType(r.type) ? r.type : null,
  parentId: r.parent_id,
  parentName: r.parent_name,
  status: r.enabled ? 'active' : 'inactive',
  childCount: r.child_count,
  centerCount: r.center_count,
  adminCount: r.admin_count,
  createdAt: r.created_at.toISOString(),
});
/** An admin or candidate for a reader: the name in the reader's language convention (contracts/names.ts). */
export const toAdmin = (
  r: {
    user_id: string;
    first_name: string;
    last_name: string;
    email: string | null;
    phone: string | null;
    is_main: boolean;
  },
  language: string,
): TOrgAdmin => ({
  userId: r.user_id,
  name: personName({ firstName: r.first_name, lastName: r.last_name }, language),
  email: r.email,
  phone: r.phone,
  isMain: r.is_main,
});
export const toCandidate = (r: repo.CandidateRow, language: string): TAdminCandidate => ({
  userId: r.user_id,
  name: personName({ firstName: r.first_name, lastName: r.last_name }, language),
  email: r.email,
  phone: r.phone,
});

/**
 * The scope subtree the caller's level can see (spec: lists follow the chosen level): null = the whole tenant.
 * A center-level row carries its center's scope; without one it sees nothing.
 */
export async function visibleRootScope(ctx: AuthedCtx): Promise<string | null> {
  if (ctx.auth.scopeId) return ctx.auth.scopeId;
  if (ctx.auth.centerId) return NOTHING;
  return null;
}

async function isVisible(ctx: AuthedCtx, id: string): Promise<boolean> {
  const root = await visibleRootScope(ctx);
  return root === null || (await repo.inSubtree(ctx.db, ctx.auth.tenantId, root, id));
}

/** A scope of the caller's tenant and level, or SCOPE_NOT_FOUND (same answer for another tenant's id). */
async function visibleScope(ctx: AuthedCtx, id: string): Promise<repo.ScopeRow> {
  const row = await repo.findById(ctx.db, ctx.auth.tenantId, id);
  if (!row || !(await isVisible(ctx, id))) throw new AppError('SCOPE_NOT_FOUND');
  return row;
}

/** For other modules (centers): a visible scope, or a 400 naming `field` when it is missing or deactivated. */
export async function requireUsableScope(ctx: AuthedCtx, id: string, field: string): Promise<TScope> {
  const row = await repo.findById(ctx.db, ctx.auth.tenantId, id);
  if (!row || !(await isVisible(ctx, id)))
    throw new AppError('VALIDATION_ERROR', { field, rule: 'scope_not_found' }, 'Scope not found');
  if (!row.enabled) throw fieldError('SCOPE_INACTIVE', field);
  return toScope(row);
}

/** For other modules: whether a scope id lies in the caller's visible subtree. */
export async function scopeVisible(ctx: AuthedCtx, id: string): Promise<boolean> {
  return isVisible(ctx, id);
}

export async function listScopes(ctx: AuthedCtx, q: TScopeListQuery): Promise<TScopePage> {
  const rootScopeId = await visibleRootScope(ctx);
  const { rows, total } = await repo.list(
    ctx.db,
    ctx.auth.tenantId,
    {
      rootScopeId,
      searchValue: q.searchValue || undefined,
      type: q.type,
      parentId: q.parentId,
      level: q.level,
      enabled: q.status === undefined ? undefined : q.status === 'active',
    },
    q.page,
    q.size,
  );
  return { items: rows.map(toScope), total, page: q.page, size: q.size };
}

export async function allScopes(ctx: AuthedCtx): Promise<{ items: TScope[] }> {
  return { items: (await repo.listAll(ctx.db, ctx.auth.tenantId, await visibleRootScope(ctx))).map(toScope) };
}

async function detail(ctx: AuthedCtx, row: repo.ScopeRow): Promise<TScopeDetail> {
  const [kids, centers, admins] = await Promise.all([
    repo.children(ctx.db, ctx.auth.tenantId, row.id),
    repo.centersOf(ctx.db, ctx.auth.tenantId, row.id),
    repo.scopeAdmins(ctx.db, ctx.auth.tenantId, row.id),
  ]);
  const main = admins.find((a) => a.is_main);
  return {
    ...toScope(row),
    children: kids.map(toScope),
    centers,
    mainAdmin: main ? toAdmin(main, ctx.auth.language) : null,
    supportAdmins: admins.filter((a) => !a.is_main).map((a) => toAdmin(a, ctx.auth.language)),
  };
}

export async function getScope(ctx: AuthedCtx, id: string): Promise<TScopeDetail> {
  return detail(ctx, await visibleScope(ctx, id));
}

export async function scopeChildren(ctx: AuthedCtx, scopeId: string): Promise<{ items: TScope[] }> {
  const parent = await visibleScope(ctx, scopeId);
  return { items: (await repo.children(ctx.db, ctx.auth.tenantId, parent.id)).map(toScope) };
}

/** A scope with its ancestors and descendants; without scopeId, the caller's whole visible tree. */
export async function hierarchy(ctx: AuthedCtx, q: TScopeHierarchyQuery): Promise<TScopeHierarchy> {
  if (!q.scopeId) {
    const root = await visibleRootScope(ctx);
    if (root && root !== NOTHING) return hierarchy(ctx, { ...q, scopeId: root });
    return {
      scope: null,
      parents: [],
      children: q.isFetchChildren ? (await repo.listAll(ctx.db, ctx.auth.tenantId, root)).map(toScope) : [],
    };
  }
  const row = await visibleScope(ctx, q.scopeId);
  // Ancestors are named even above the caller's level: they say where the scope sits.
  const parents = q.isFetchParent ? await repo.ancestors(ctx.db, ctx.auth.tenantId, row.id) : [];
  return {
    scope: toScope(row),
    parents: parents.map(toScope),
    children: q.isFetchChildren ? (await repo.descendants(ctx.db, ctx.auth.tenantId, row.id)).map(toScope) : [],
  };
}

/** smadmin: the scope of the caller's level with its hierarchy (parents included: they name where it sits). */
export async function myScopeHierarchy(ctx: AuthedCtx): Promise<TScopeHierarchy> {
  const root = await visibleRootScope(ctx);
  if (!root || root === NOTHING) return hierarchy(ctx, { isFetchParent: true, isFetchChildren: true });
  const row = await visibleScope(ctx, root);
  return {
    scope: toScope(row),
    parents: (await repo.ancestors(ctx.db, ctx.auth.tenantId, row.id)).map(toScope),
    children: (await repo.descendants(ctx.db, ctx.auth.tenantId, row.id)).map(toScope),
  };
}

export async function myScope(ctx: AuthedCtx): Promise<TScopeDetail> {
  const root = await visibleRootScope(ctx);
  if (!root || root === NOTHING) throw new AppError('SCOPE_NOT_FOUND');
  return getScope(ctx, root);
}

async function checkPlacement(
  ctx: AuthedCtx,
  input: { name: string; level: number; parentId?: string | null },
  selfId: string | null,
) {
  const parentId = input.parentId ?? null;
  if (input.level === 1) {
    if (parentId) throw fieldError('SCOPE_PARENT_INVALID', 'parentId', 'level_1_has_no_parent');
  } else {
    if (!parentId) throw fieldError('SCOPE_PARENT_INVALID', 'parentId', 'required');
    const parent = await repo.findById(ctx.db, ctx.auth.tenantId, parentId);
    if (!parent || !(await isVisible(ctx, parentId)) || parent.id === selfId)
      throw fieldError('SCOPE_PARENT_INVALID', 'parentId', 'not_found');
    if (parent.level !== input.level - 1) throw fieldError('SCOPE_PARENT_INVALID', 'parentId', 'one_level_up');
    if (!parent.enabled) throw fieldError('SCOPE_INACTIVE', 'parentId');
  }
  if (await repo.nameTaken(ctx.db, ctx.auth.tenantId, input.name, input.level, selfId))
    throw fieldError('SCOPE_NAME_DUPLICATED', 'name');
}

async function checkAdmins(ctx: AuthedCtx, mainId: string | null | undefined, supportIds: string[] | undefined) {
  const ids = [...(mainId ? [mainId] : []), ...(supportIds ?? [])];
  const ok = await repo.eligible(ctx.db, ctx.auth.tenantId, SCOPE_ADMIN, ids);
  if (mainId && !ok.has(mainId)) throw fieldError('ADMIN_NOT_ELIGIBLE', 'mainAdminId');
  if ((supportIds ?? []).some((id) => !ok.has(id))) throw fieldError('ADMIN_NOT_ELIGIBLE', 'supportAdminIds');
}

const isUniqueViolation = (e: unknown) =>
  typeof e === 'object' && e !== null && (e as { code?: string }).code === '23505';

/** Scope admins: main + support; the main one is replaced (old main stays as support), never simply removed. */
async function syncAdmins(
  db: Db,
  ctx: AuthedCtx,
  scopeId: string,
  mainId: string | null | undefined,
  supportIds: string[] | undefined,
) {
  const current = await repo.scopeAdmins(db, ctx.auth.tenantId, scopeId);
  const currentMain = current.find((a) => a.is_main)?.user_id ?? null;
  if (mainId === null && currentMain) throw fieldError('MAIN_ADMIN_CANNOT_UNASSIGN', 'mainAdminId');
  const nextMain = mainId === undefined ? currentMain : mainId;
  let nextSupport: string[];
  if (supportIds === undefined) nextSupport = current.filter((a) => !a.is_main).map((a) => a.user_id);
  else nextSupport = [...supportIds];
  if (currentMain && nextMain !== currentMain && !nextSupport.includes(currentMain)) nextSupport.push(currentMain);
  nextSupport = [...new Set(nextSupport.filter((id) => id !== nextMain))];
  const wanted = new Map<string, boolean>([
    ...nextSupport.map((id) => [id, false] as [string, boolean]),
    ...(nextMain ? [[nextMain, true] as [string, boolean]] : []),
  ]);
  for (const a of current) {
    if (!wanted.has(a.user_id)) await repo.unlinkScopeAdmin(db, ctx.auth.tenantId, scopeId, a.user_id);
    else if (wanted.get(a.user_id) !== a.is_main)
      await repo.setScopeAdminMain(db, ctx.auth.tenantId, scopeId, a.user_id, wanted.get(a.user_id)!);
  }
  const have = new Set(current.map((a) => a.user_id));
  for (const [userId, isMain] of wanted) {
    if (!have.has(userId))
      await linkUserLevel(db, ctx.auth.tenantId, {
        id: newId(),
        userId,
        roleCode: SCOPE_ADMIN,
        scopeId,
        centerId: null,
        isMain,
      });
  }
  const before = current
    .map((a) => `${a.user_id}:${a.is_main}`)
    .sort()
    .join(',');
  const after = [...wanted]
    .map(([u, m]) => `${u}:${m}`)
    .sort()
    .join(',');
  return before !== after;
}

export async function createScope(ctx: AuthedCtx, input: TCreateScopeRequest): Promise<TScopeDetail> {
  await checkPlacement(ctx, input, null);
  await checkAdmins(ctx, input.mainAdminId, input.supportAdminIds);
  const id = newId();
  try {
    await ctx.db.tx(async (db) => {
      await repo.insert(db, ctx.auth.tenantId, {
        id,
        name: input.name,
        level: input.level,
        type: input.type ?? null,
        parentId: input.parentId ?? null,
        now: ctx.clock.now(),
      });
      await syncAdmins(db, ctx, id, input.mainAdminId ?? undefined, input.supportAdminIds);
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw fieldError('SCOPE_NAME_DUPLICATED', 'name');
    throw e;
  }
  await audit(ctx, {
    action: 'scope.create',
    resource: 'scope',
    resourceId: id,
    details: { level: input.level, name: input.name },
  });
  return getScope(ctx, id);
}

export async function updateScope(ctx: AuthedCtx, id: string, input: TUpdateScopeRequest): Promise<TScopeDetail> {
  const row = await visibleScope(ctx, id);
  if (input.level !== row.level && row.child_count > 0) throw fieldError('SCOPE_IN_USE', 'level', 'has_children');
  await checkPlacement(ctx, input, row.id);
  await checkAdmins(ctx, input.mainAdminId, input.supportAdminIds);
  let adminsChanged = false;
  try {
    await ctx.db.tx(async (db) => {
      await repo.update(db, ctx.auth.tenantId, row.id, {
        name: input.name,
        level: input.level,
        type: input.type ?? null,
        parentId: input.parentId ?? null,
        now: ctx.clock.now(),
      });
      adminsChanged = await syncAdmins(db, ctx, row.id, input.mainAdminId, input.supportAdminIds);
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw fieldError('SCOPE_NAME_DUPLICATED', 'name');
    throw e;
  }
  await audit(ctx, { action: 'scope.update', resource: 'scope', resourceId: row.id, details: { adminsChanged } });
  return getScope(ctx, row.id);
}

/** Rename and/or (de)activate. Deactivation is refused while centers, users or active child scopes are linked. */
export async function setScopeNameAndStatus(
  ctx: AuthedCtx,
  id: string,
  input: TScopeNameStatusRequest,
): Promise<TScopeDetail> {
  const row = await visibleScope(ctx, id);
  const enable = input.status === 'active';
  if (
    input.name.toLowerCase() !== row.name.toLowerCase() &&
    (await repo.nameTaken(ctx.db, ctx.auth.tenantId, input.name, row.level, row.id))
  ) {
    throw fieldError('SCOPE_NAME_DUPLICATED', 'name');
  }
  if (row.enabled && !enable) {
    const u = await repo.usage(ctx.db, ctx.auth.tenantId, row.id);
    if (u.centers > 0 || u.users > 0 || u.activeChildren > 0) {
      throw new AppError('SCOPE_IN_USE', {
        field: 'status',
        centers: u.centers,
        admins: u.users,
        children: u.activeChildren,
      });
    }
  }
  if (!row.enabled && enable && row.parent_id) {
    const parent = await repo.findById(ctx.db, ctx.auth.tenantId, row.parent_id);
    if (parent && !parent.enabled)
      throw new AppError('SCOPE_STATE_CHANGE_REFUSED', { field: 'status', rule: 'parent_inactive' });
  }
  try {
    await repo.setNameAndStatus(ctx.db, ctx.auth.tenantId, row.id, input.name, enable, ctx.clock.now());
  } catch (e) {
    if (isUniqueViolation(e)) throw fieldError('SCOPE_NAME_DUPLICATED', 'name');
    throw e;
  }
  if (input.name !== row.name)
    await audit(ctx, { action: 'scope.update', resource: 'scope', resourceId: row.id, details: { name: input.name } });
  if (enable !== row.enabled)
    await audit(ctx, { action: enable ? 'scope.enable' : 'scope.disable', resource: 'scope', resourceId: row.id });
  return getScope(ctx, row.id);
}

export async function deleteScope(ctx: AuthedCtx, id: string): Promise<{ ok: true }> {
  const row = await visibleScope(ctx, id);
  const u = await repo.usage(ctx.db, ctx.auth.tenantId, row.id);
  if (u.children > 0 || u.centers > 0 || u.users > 0)
    throw new AppError('SCOPE_IN_USE', { centers: u.centers, admins: u.users, children: u.children });
  await repo.remove(ctx.db, ctx.auth.tenantId, row.id);
  await audit(ctx, { action: 'scope.delete', resource: 'scope', resourceId: row.id, details: { name: row.name } });
  return { ok: true };
}

export async function scopeAdminPage(
  ctx: AuthedCtx,
  q: { page: number; size: number; scopeId?: string },
): Promise<TOrgAdminPage> {
  if (q.scopeId) await visibleScope(ctx, q.scopeId);
  const { rows, total } = await repo.adminPage(
    ctx.db,
    ctx.auth.tenantId,
    await visibleRootScope(ctx),
    q.scopeId ?? null,
    q.page,
    q.size,
  );
  return {
    items: rows.map((r) => ({ ...toAdmin(r, ctx.auth.language), scopeId: r.scope_id, scopeName: r.scope_name })),
    total,
    page: q.page,
    size: q.size,
  };
}

export async function adminCandidates(
  ctx: AuthedCtx,
  roleCode: 'scope_admin' | 'mhsc_admin',
  search: string | undefined,
): Promise<{ items: TAdminCandidate[] }> {
  return {
    items: (await repo.candidates(ctx.db, ctx.auth.tenantId, roleCode, search || undefined)).map((r) =>
      toCandidate(r, ctx.auth.language),
    ),
  };
}

/** For other modules: which of these users hold the role (active, same tenant). */
export async function eligibleAdmins(
  ctx: AuthedCtx,
  roleCode: 'scope_admin' | 'mhsc_admin',
  userIds: string[],
): Promise<Set<string>> {
  return repo.eligible(ctx.db, ctx.auth.tenantId, roleCode, userIds);
}
