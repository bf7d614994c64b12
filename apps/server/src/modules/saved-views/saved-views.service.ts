import {
  SAVED_VIEWS_PER_LIST,
  type TSavedView,
  type TSavedViewInput,
  type TSavedViewItems,
  type TSavedViewList,
  type TSavedViewPatch,
} from '@carewatch/contracts/saved-views';
import type { AuthedCtx } from '../../platform/context.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import * as repo from './saved-views.repo.ts';

/* Saved views of the portal's lists (issue 20): personal, so every read and change is scoped to the caller — another
   user's view, or another tenant's, answers 404 like a missing one. */

function toView(r: repo.SavedViewRow): TSavedView {
  return {
    id: r.id,
    list: r.list_key as TSavedViewList,
    name: r.name,
    query: r.query,
    isDefault: r.is_default,
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

const isUniqueViolation = (e: unknown) => (e as { code?: string }).code === '23505';

export async function listViews(ctx: AuthedCtx, list: TSavedViewList): Promise<TSavedViewItems> {
  const rows = await repo.viewsOf(ctx.db, ctx.auth.tenantId, ctx.auth.userId, list);
  return { items: rows.map(toView) };
}

export async function createView(ctx: AuthedCtx, input: TSavedViewInput): Promise<TSavedView> {
  const { tenantId, userId } = ctx.auth;
  const id = newId();
  try {
    await ctx.db.tx(async (db) => {
      await repo.lockUser(db, tenantId, userId);
      if (await repo.nameTaken(db, tenantId, userId, input.list, input.name, null))
        throw fieldError('SAVED_VIEW_NAME_EXISTS', 'name');
      if ((await repo.countViews(db, tenantId, userId, input.list)) >= SAVED_VIEWS_PER_LIST)
        throw new AppError('SAVED_VIEW_LIMIT', { max: SAVED_VIEWS_PER_LIST });
      const at = ctx.clock.now();
      if (input.isDefault) await repo.clearDefault(db, tenantId, userId, input.list, at);
      await repo.insertView(db, tenantId, {
        id,
        userId,
        listKey: input.list,
        name: input.name,
        query: input.query,
        isDefault: input.isDefault ?? false,
        at,
      });
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw fieldError('SAVED_VIEW_NAME_EXISTS', 'name');
    throw e;
  }
  return requireView(ctx, id);
}

export async function updateView(ctx: AuthedCtx, id: string, patch: TSavedViewPatch): Promise<TSavedView> {
  const { tenantId, userId } = ctx.auth;
  try {
    await ctx.db.tx(async (db) => {
      await repo.lockUser(db, tenantId, userId);
      const view = await repo.findOwnView(db, tenantId, userId, id);
      if (!view) throw new AppError('SAVED_VIEW_NOT_FOUND');
      if (patch.name !== undefined && (await repo.nameTaken(db, tenantId, userId, view.list_key, patch.name, id)))
        throw fieldError('SAVED_VIEW_NAME_EXISTS', 'name');
      const at = ctx.clock.now();
      if (patch.isDefault && !view.is_default) await repo.clearDefault(db, tenantId, userId, view.list_key, at);
      await repo.updateView(db, tenantId, userId, id, {
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.isDefault !== undefined ? { isDefault: patch.isDefault } : {}),
        at,
      });
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw fieldError('SAVED_VIEW_NAME_EXISTS', 'name');
    throw e;
  }
  return requireView(ctx, id);
}

export async function deleteView(ctx: AuthedCtx, id: string): Promise<{ ok: true }> {
  if (!(await repo.deleteView(ctx.db, ctx.auth.tenantId, ctx.auth.userId, id)))
    throw new AppError('SAVED_VIEW_NOT_FOUND');
  return { ok: true };
}

async function requireView(ctx: AuthedCtx, id: string): Promise<TSavedView> {
  const row = await repo.findOwnView(ctx.db, ctx.auth.tenantId, ctx.auth.userId, id);
  if (!row) throw new AppError('SAVED_VIEW_NOT_FOUND');
  return toView(row);
}
