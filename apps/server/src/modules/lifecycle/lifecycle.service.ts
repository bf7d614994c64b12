import type { TAccountState, TDeactivationRequest, TDisablePeriod } from '@carewatch/contracts/lifecycle';
import type { TBulkDisableRequest, TBulkResult } from '@carewatch/contracts/bulk';
import type { AuthedCtx, Ctx, Deps } from '../../platform/context.ts';
import { eachItem } from '../../platform/bulk.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { newId } from '../../platform/ids.ts';
import { cancelJob, scheduleJob, type JobHandlers } from '../../platform/jobs.ts';
import type { TTokenRequest, TTokenResponse } from '@carewatch/contracts/auth';
import { revokeUserSessions } from '../auth/sessions.service.ts';
import { passwordLogin } from '../auth/auth.service.ts';
import { reenableIfDue } from '../users/account-status.service.ts';
import * as repo from './lifecycle.repo.ts';
import { personName } from '@carewatch/contracts/names';

const DAY = 24 * 3600 * 1000;
/** Spec §9: recovery up to 30 days; most data deleted within 30 days, all within 90. */
export const RECOVERY_MS = 30 * DAY;
export const PURGE_AFTER_DELETE_MS = 60 * DAY;

/** Adds a disable period in calendar terms (a month is a calendar month, in UTC). */
export function disabledUntil(now: Date, period: TDisablePeriod): Date | null {
  const d = new Date(now.getTime());
  if (period === '3d') return new Date(d.getTime() + 3 * DAY);
  if (period === '2w') return new Date(d.getTime() + 14 * DAY);
  if (period === '1m') {
    d.setUTCMonth(d.getUTCMonth() + 1);
    return d;
  }
  return null;
}

function state(u: repo.LifecycleUserRow): TAccountState {
  return {
    userId: u.id,
    status: u.status as TAccountState['status'],
    disabledUntil: u.disabled_until?.toISOString() ?? null,
    deactivatedAt: u.deactivated_at?.toISOString() ?? null,
    recoverableUntil: u.deactivated_at ? new Date(u.deactivated_at.getTime() + RECOVERY_MS).toISOString() : null,
  };
}

/** The target must be of the caller's tenant and hold nothing the caller lacks (no acting above one's own level). */
async function manageableUser(ctx: AuthedCtx, id: string) {
  const u = await repo.findUser(ctx.db, ctx.auth.tenantId, id);
  if (!u) throw new AppError('ACCOUNT_NOT_FOUND');
  const theirs = await repo.userPermissions(ctx.db, ctx.auth.tenantId, id);
  if (theirs.some((p) => !ctx.auth.permissions.has(p))) throw new AppError('PERMISSION_DENIED');
  return u;
}

const reenableKey = (tenantId: string, userId: string) => `account.reenable:${tenantId}:${userId}`;
const deleteKey = (tenantId: string, userId: string) => `account.delete:${tenantId}:${userId}`;

export async function disableUser(
  ctx: AuthedCtx,
  id: string,
  period: TDisablePeriod,
  reason?: string,
): Promise<TAccountState> {
  if (id === ctx.auth.userId) throw fieldError('CANNOT_DISABLE_SELF', 'id');
  const u = await manageableUser(ctx, id);
  if (!['active', 'disabled'].includes(u.status))
    throw new AppError(
      'VALIDATION_ERROR',
      { field: 'id', rule: 'status' },
      `Cannot disable an account that is ${u.status}`,
    );
  const now = ctx.clock.now();
  const until = disabledUntil(now, period);
  await ctx.db.tx(async (db) => {
    await repo.setDisabled(db, ctx.auth.tenantId, id, until, reason ?? null, now);
    await revokeUserSessions(db, ctx.auth.tenantId, id, 'disabled', now);
    if (until)
      await scheduleJob(
        { db },
        {
          kind: 'account.reenable',
          runAt: until,
          tenantId: ctx.auth.tenantId,
          payload: { userId: id },
          dedupeKey: reenableKey(ctx.auth.tenantId, id),
        },
      );
    else await cancelJob({ db }, reenableKey(ctx.auth.tenantId, id));
  });
  await audit(ctx, { action: 'account.disable', resource: 'user', resourceId: id, details: { period } });
  return state((await repo.findUser(ctx.db, ctx.auth.tenantId, id))!);
}

/**
 * Bulk "disable accounts" of the staff list (issue 20): `disableUser` on each id, its rules per item (not oneself,
 * nothing above one's own permissions, another tenant's or a missing id ACCOUNT_NOT_FOUND), each failing alone.
 */
export async function bulkDisableUsers(ctx: AuthedCtx, input: TBulkDisableRequest): Promise<TBulkResult> {
  return eachItem(input.userIds, (id) => disableUser(ctx, id, input.period, input.reason));
}

export async function enableUser(ctx: AuthedCtx, id: string): Promise<TAccountState> {
  const u = await manageableUser(ctx, id);
  if (u.status !== 'disabled')
    throw new AppError(
      'VALIDATION_ERROR',
      { field: 'id', rule: 'status' },
      `Cannot enable an account that is ${u.status}`,
    );
  await ctx.db.tx(async (db) => {
    await repo.setActive(db, ctx.auth.tenantId, id, ctx.clock.now());
    await cancelJob({ db }, reenableKey(ctx.auth.tenantId, id));
  });
  await audit(ctx, { action: 'account.enable', resource: 'user', resourceId: id });
  return state((await repo.findUser(ctx.db, ctx.auth.tenantId, id))!);
}

export async function accountState(ctx: AuthedCtx, id: string): Promise<TAccountState> {
  return state(await manageableUser(ctx, id));
}

// ---- Deactivation (the user asks, an admin approves) ----

const toRequest = (r: repo.RequestRow, language: string): TDeactivationRequest => ({
  id: r.id,
  userId: r.user_id,
  userName: personName({ firstName: r.first_name, lastName: r.last_name }, language),
  email: r.email,
  reason: r.reason,
  status: r.status,
  createdAt: r.created_at.toISOString(),
  decidedAt: r.decided_at?.toISOString() ?? null,
});

export async function requestDeactivation(ctx: AuthedCtx, reason?: string): Promise<TDeactivationRequest> {
  if (await repo.pendingRequestOf(ctx.db, ctx.auth.tenantId, ctx.auth.userId))
    throw new AppError('DEACTIVATION_PENDING');
  const id = newId();
  await repo.insertRequest(ctx.db, ctx.auth.tenantId, {
    id,
    userId: ctx.auth.userId,
    reason: reason || null,
    now: ctx.clock.now(),
  });
  await audit(ctx, { action: 'account.deactivation.request', resource: 'deactivation_request', resourceId: id });
  const rows = await repo.listRequests(ctx.db, ctx.auth.tenantId, null);
  return toRequest(
    rows.find((r) => r.id === id)!,
    ctx.auth.language,
  );
}

export async function listDeactivationRequests(
  ctx: AuthedCtx,
  status: 'pending' | 'approved' | 'rejected' | undefined,
) {
  return {
    items: (await repo.listRequests(ctx.db, ctx.auth.tenantId, status ?? null)).map((r) =>
      toRequest(r, ctx.auth.language),
    ),
  };
}

async function pendingRequest(ctx: AuthedCtx, id: string) {
  const r = await repo.findRequest(ctx.db, ctx.auth.tenantId, id);
  if (!r || r.status !== 'pending') throw new AppError('REQUEST_NOT_FOUND');
  return r;
}

/** Approval deactivates now; the account can be recovered for 30 days, then its data is deleted. */
export async function approveDeactivation(ctx: AuthedCtx, id: string) {
  const r = await pendingRequest(ctx, id);
  await manageableUser(ctx, r.user_id);
  const now = ctx.clock.now();
  await ctx.db.tx(async (db) => {
    await repo.decideRequest(db, ctx.auth.tenantId, id, 'approved', ctx.auth.userId, now, null);
    await repo.setDeactivated(db, ctx.auth.tenantId, r.user_id, now);
    await revokeUserSessions(db, ctx.auth.tenantId, r.user_id, 'deactivated', now);
    await scheduleJob(
      { db },
      {
        kind: 'account.delete',
        runAt: new Date(now.getTime() + RECOVERY_MS),
        tenantId: ctx.auth.tenantId,
        payload: { userId: r.user_id },
        dedupeKey: deleteKey(ctx.auth.tenantId, r.user_id),
      },
    );
  });
  await audit(ctx, { action: 'account.deactivation.approve', resource: 'user', resourceId: r.user_id });
  return { ok: true as const };
}

export async function rejectDeactivation(ctx: AuthedCtx, id: string, reason: string) {
  await pendingRequest(ctx, id);
  await repo.decideRequest(ctx.db, ctx.auth.tenantId, id, 'rejected', ctx.auth.userId, ctx.clock.now(), reason);
  await audit(ctx, { action: 'account.deactivation.reject', resource: 'deactivation_request', resourceId: id });
  return { ok: true as const };
}

/** Called by login after the password was verified: a deactivated account within 30 days is recovered. */
export async function recoverIfDeactivated(
  deps: Pick<Deps, 'db' | 'clock'>,
  tenantId: string,
  u: { id: string; status: string; deactivated_at?: Date | null },
): Promise<boolean> {
  if (u.status !== 'deactivated') return false;
  const now = deps.clock.now();
  if (!u.deactivated_at || now.getTime() > u.deactivated_at.getTime() + RECOVERY_MS)
    throw new AppError('RECOVERY_EXPIRED');
  await deps.db.tx(async (db) => {
    await repo.setActive(db, tenantId, u.id, now);
    await cancelJob({ db }, deleteKey(tenantId, u.id));
  });
  return true;
}

/** Sign-in that also recovers a deactivated account within its 30 days (POST /api/auth/recover). */
export function recoverAccount(ctx: Ctx, input: TTokenRequest, client: 'portal' | 'app'): Promise<TTokenResponse> {
  return passwordLogin(ctx, input, client, { recover: recoverIfDeactivated });
}

export const LIFECYCLE_JOBS: JobHandlers = {
  'account.reenable': async (deps, job) => {
    await reenableIfDue(deps, job.tenant_id!, String(job.payload.userId));
  },
  'account.delete': async (deps, job) => {
    const userId = String(job.payload.userId);
    const u = await repo.findUser(deps.db, job.tenant_id!, userId);
    const done = await deps.db.tx((db) => repo.anonymizeIfDeactivated(db, job.tenant_id!, userId, deps.clock.now()));
    if (!done) return; // recovered in the meantime
    if (u?.avatar_path) await deps.files.remove(u.avatar_path);
    await scheduleJob(deps, {
      kind: 'account.purge',
      runAt: new Date(deps.clock.now().getTime() + PURGE_AFTER_DELETE_MS),
      tenantId: job.tenant_id,
      payload: { userId },
    });
  },
  'account.purge': async (deps, job) => {
    await repo.purgeDeleted(deps.db, job.tenant_id!, String(job.payload.userId));
  },
};
