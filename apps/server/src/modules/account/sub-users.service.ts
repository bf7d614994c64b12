import { MAX_SUB_USERS, type TSubUser, type TSubUserRequest } from '@carewatch/contracts/app-profile';
import type { AuthedCtx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { newId } from '../../platform/ids.ts';
import * as profileRepo from './app-profile.repo.ts';
import * as repo from './sub-users.repo.ts';

function toSubUser(r: repo.SubUserRow): TSubUser {
  return {
    id: r.id,
    firstName: r.first_name,
    lastName: r.last_name,
    relationship: r.relationship as TSubUser['relationship'],
    birthday: r.birthday,
    createdAt: r.created_at.toISOString(),
  };
}

function birthdayCheck(ctx: AuthedCtx, birthday: string) {
  if (birthday > ctx.clock.now().toISOString().slice(0, 10)) {
    throw new AppError(
      'VALIDATION_ERROR',
      { field: 'birthday', rule: 'future' },
      'Date of birth cannot be later than today',
    );
  }
}

async function mine(ctx: AuthedCtx, id: string) {
  const row = await repo.findSubUser(ctx.db, ctx.auth.tenantId, ctx.auth.userId, id);
  if (!row) throw new AppError('PATIENT_NOT_FOUND');
  return row;
}

export async function listSubUsers(ctx: AuthedCtx) {
  return {
    items: (await repo.listSubUsers(ctx.db, ctx.auth.tenantId, ctx.auth.userId)).map(toSubUser),
    max: MAX_SUB_USERS,
  };
}

/** A sub-user is a patient record managed by this account (spec §1), in the center of the manager's own record if any. */
export async function addSubUser(ctx: AuthedCtx, input: TSubUserRequest): Promise<TSubUser> {
  birthdayCheck(ctx, input.birthday);
  const id = newId();
  await ctx.db.tx(async (db) => {
    // The count and the insert share a transaction; a per-manager lock keeps two parallel adds from passing the check together.
    await db.query('select id from users where tenant_id = $1 and id = $2 for update', [
      ctx.auth.tenantId,
      ctx.auth.userId,
    ]);
    if ((await repo.countSubUsers(db, ctx.auth.tenantId, ctx.auth.userId)) >= MAX_SUB_USERS)
      throw new AppError('SUB_USER_MAX', { max: MAX_SUB_USERS });
    const own = await profileRepo.findOwnPatient(db, ctx.auth.tenantId, ctx.auth.userId);
    await repo.insertSubUser(db, ctx.auth.tenantId, {
      ...input,
      id,
      managerId: ctx.auth.userId,
      centerId: own?.center_id ?? null,
      now: ctx.clock.now(),
    });
  });
  await audit(ctx, { action: 'account.sub_user.create', resource: 'patient', resourceId: id });
  return toSubUser((await repo.findSubUser(ctx.db, ctx.auth.tenantId, ctx.auth.userId, id))!);
}

export async function updateSubUser(ctx: AuthedCtx, id: string, input: TSubUserRequest): Promise<TSubUser> {
  await mine(ctx, id);
  birthdayCheck(ctx, input.birthday);
  await repo.updateSubUser(ctx.db, ctx.auth.tenantId, ctx.auth.userId, id, input, ctx.clock.now());
  await audit(ctx, { action: 'account.sub_user.update', resource: 'patient', resourceId: id });
  return toSubUser(await mine(ctx, id));
}

export async function removeSubUser(ctx: AuthedCtx, id: string) {
  await mine(ctx, id);
  await repo.deleteSubUser(ctx.db, ctx.auth.tenantId, ctx.auth.userId, id);
  await audit(ctx, { action: 'account.sub_user.delete', resource: 'patient', resourceId: id });
  return { ok: true as const };
}
