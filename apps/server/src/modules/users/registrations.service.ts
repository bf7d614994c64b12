import type { AuthedCtx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { newId } from '../../platform/ids.ts';
import * as users from './users.repo.ts';
import { findRoleByCode as findRole } from '../roles/roles.service.ts';

export async function listRegistrations(ctx: AuthedCtx) {
  const rows = await users.listPendingRegistrations(ctx.db, ctx.auth.tenantId);
  return {
    items: rows.map((u) => ({
      id: u.id,
      email: u.email,
      phone: u.phone,
      firstName: u.first_name,
      lastName: u.last_name,
      createdAt: u.created_at.toISOString(),
    })),
  };
}

async function pending(ctx: AuthedCtx, id: string) {
  const u = await users.findById(ctx.db, ctx.auth.tenantId, id);
  if (!u || u.status !== 'pending_approval') throw new AppError('ACCOUNT_NOT_FOUND');
  return u;
}

/** Approving activates the account as a doctor (self-registration is for clinicians; admins change roles later). */
export async function approveRegistration(ctx: AuthedCtx, id: string) {
  const u = await pending(ctx, id);
  const role = await findRole(ctx.db, ctx.auth.tenantId, 'doctor');
  if (!role) throw new AppError('ROLE_NOT_FOUND');
  const now = ctx.clock.now();
  await ctx.db.tx(async (db) => {
    await users.setStatus(db, ctx.auth.tenantId, u.id, 'active', now);
    await users.insertUserRole(db, ctx.auth.tenantId, { id: newId(), userId: u.id, roleId: role.id });
  });
  if (u.email)
    await ctx.mail.send({
      tenantId: ctx.auth.tenantId,
      to: u.email,
      subject: 'CareWatch registration approved',
      text: 'Your CareWatch account has been approved. You can now log in.',
    });
  await audit(ctx, { action: 'registration.approve', resource: 'user', resourceId: u.id });
  return { ok: true as const };
}

export async function rejectRegistration(ctx: AuthedCtx, id: string) {
  const u = await pending(ctx, id);
  await users.setStatus(ctx.db, ctx.auth.tenantId, u.id, 'rejected', ctx.clock.now());
  if (u.email)
    await ctx.mail.send({
      tenantId: ctx.auth.tenantId,
      to: u.email,
      subject: 'CareWatch registration',
      text: 'Your CareWatch registration was not approved. Please contact your administrator.',
    });
  await audit(ctx, { action: 'registration.reject', resource: 'user', resourceId: u.id });
  return { ok: true as const };
}
