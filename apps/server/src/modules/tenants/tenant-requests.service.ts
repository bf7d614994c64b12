import type {
  TBrandingRequestFields,
  TTenantRequest,
  TTenantRequestQuery,
  TTrialRequestFields,
} from '@carewatch/contracts/tenants';
import type { AuthedCtx, Ctx } from '../../platform/context.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { newId } from '../../platform/ids.ts';
import { hashPassword } from '../../platform/passwords.ts';
import * as repo from './tenants.repo.ts';
import { findUserById } from '../users/users.service.ts';
import { personName } from '@carewatch/contracts/names';
import { provisionTenant } from './tenants.service.ts';
import {
  checkLogo,
  insertFirstAdmin,
  isPlatformAdmin,
  mailFirstAdmin,
  mapUniqueViolation,
  storeLogo,
  temporaryPassword,
} from './tenant-admin.service.ts';

const toRequest = (r: repo.RequestRow): TTenantRequest => ({
  id: r.id,
  type: r.type,
  status: r.status,
  tenantId: r.tenant_id,
  tenantName: r.tenant_name,
  organizationName: r.organization_name,
  contactName: r.contact_name,
  email: r.email,
  phone: r.phone,
  tenantCode: r.tenant_code,
  color: r.color,
  squareLogoUrl: r.square_logo_url,
  horizontalLogoUrl: r.horizontal_logo_url,
  reason: r.reason,
  createdAt: r.created_at.toISOString(),
  decidedAt: r.decided_at ? r.decided_at.toISOString() : null,
});

export type Logos = { squareLogo: Buffer | null; horizontalLogo: Buffer | null };

function checkLogos(logos: Logos) {
  return {
    square: checkLogo(logos.squareLogo, 'squareLogo'),
    horizontal: checkLogo(logos.horizontalLogo, 'horizontalLogo'),
  };
}

function assertPlatformAdmin(ctx: AuthedCtx) {
  if (!isPlatformAdmin(ctx)) throw new AppError('PERMISSION_DENIED');
}

/** Public: an organisation asks for a trial tenant (both PNG logos required). */
export async function submitTrialRequest(ctx: Ctx, fields: TTrialRequestFields, logos: Logos) {
  const checked = checkLogos(logos);
  if (await repo.codeTaken(ctx.db, fields.tenantCode)) throw fieldError('TENANT_CODE_DUPLICATED', 'tenantCode');
  if (await repo.nameTaken(ctx.db, fields.organizationName, null))
    throw fieldError('TENANT_NAME_DUPLICATED', 'organizationName');
  const id = newId();
  const [squareLogoUrl, horizontalLogoUrl] = [
    await storeLogo(ctx, id, checked.square),
    await storeLogo(ctx, id, checked.horizontal),
  ];
  await repo.insertRequest(ctx.db, {
    id,
    type: 'TRIAL_REQUEST',
    tenantId: null,
    requestedBy: null,
    organizationName: fields.organizationName,
    contactName: fields.contactName,
    email: fields.email,
    phone: fields.phone,
    tenantCode: fields.tenantCode,
    color: fields.color.toLowerCase(),
    squareLogoUrl,
    horizontalLogoUrl,
    now: ctx.clock.now(),
  });
  await audit(ctx, {
    action: 'tenant.request.create',
    tenantId: null,
    resource: 'tenant_request',
    resourceId: id,
    details: { type: 'TRIAL_REQUEST' },
  });
  return { id, status: 'new' as const };
}

/** A system admin asks the super admin to change their own tenant's branding (new colour and both logos). */
export async function submitBrandingRequest(ctx: AuthedCtx, fields: TBrandingRequestFields, logos: Logos) {
  const checked = checkLogos(logos);
  const tenant = await repo.findById(ctx.db, ctx.auth.tenantId);
  const me = await findUserById(ctx.db, ctx.auth.tenantId, ctx.auth.userId);
  if (!tenant || !me) throw new AppError('TENANT_NOT_FOUND');
  const id = newId();
  const [squareLogoUrl, horizontalLogoUrl] = [
    await storeLogo(ctx, id, checked.square),
    await storeLogo(ctx, id, checked.horizontal),
  ];
  await repo.insertRequest(ctx.db, {
    id,
    type: 'UPDATE_BRANDING',
    tenantId: tenant.id,
    requestedBy: me.id,
    organizationName: tenant.name,
    contactName: personName({ firstName: me.first_name, lastName: me.last_name }, ctx.auth.language),
    email: me.email ?? '',
    phone: me.phone ?? '',
    tenantCode: tenant.code,
    color: fields.color.toLowerCase(),
    squareLogoUrl,
    horizontalLogoUrl,
    now: ctx.clock.now(),
  });
  await audit(ctx, {
    action: 'tenant.request.create',
    resource: 'tenant_request',
    resourceId: id,
    details: { type: 'UPDATE_BRANDING' },
  });
  return { id, status: 'new' as const };
}

export async function listRequests(ctx: AuthedCtx, q: TTenantRequestQuery) {
  assertPlatformAdmin(ctx);
  const rows = await repo.listRequests(ctx.db, {
    type: q.type,
    status: q.status,
    search: q.searchValue || undefined,
    page: q.page,
    size: q.size,
  });
  return { items: rows.map(toRequest), total: rows[0]?.total ?? 0, page: q.page, size: q.size };
}

async function pending(ctx: AuthedCtx, id: string) {
  assertPlatformAdmin(ctx);
  const r = await repo.findRequest(ctx.db, id);
  if (!r) throw new AppError('TENANT_REQUEST_NOT_FOUND');
  if (r.status !== 'new') throw fieldError('TENANT_REQUEST_DECIDED', 'status');
  return r;
}

/** Approve: a trial creates the tenant and its first admin and e-mails the requester; a branding request applies the branding. */
export async function approveRequest(ctx: AuthedCtx, id: string): Promise<TTenantRequest> {
  const r = await pending(ctx, id);
  const now = ctx.clock.now();
  if (r.type === 'TRIAL_REQUEST') {
    if (await repo.codeTaken(ctx.db, r.tenant_code)) throw fieldError('TENANT_CODE_DUPLICATED', 'tenantCode');
    if (await repo.nameTaken(ctx.db, r.organization_name, null))
      throw fieldError('TENANT_NAME_DUPLICATED', 'organizationName');
    const password = temporaryPassword();
    const passwordHash = await hashPassword(password);
    const tenantId = newId();
    const [first, ...rest] = r.contact_name.split(/\s+/);
    await ctx.db
      .tx(async (tx) => {
        await provisionTenant(tx, {
          id: tenantId,
          code: r.tenant_code,
          name: r.organization_name,
          newId,
          settings: {
            COLOR: r.color,
            LOGO: r.horizontal_logo_url,
            ICON: r.square_logo_url,
            ORGANIZATION_NAME: r.organization_name,
          },
        });
        if (
          !(await repo.decideRequest(tx, r.id, {
            status: 'approved',
            reason: null,
            decidedBy: ctx.auth.userId,
            tenantId,
            now,
          }))
        )
          throw fieldError('TENANT_REQUEST_DECIDED', 'status');
        await insertFirstAdmin(tx, tenantId, {
          email: r.email,
          firstName: first || 'System',
          lastName: rest.join(' ') || 'Admin',
          passwordHash,
          now,
        });
      })
      .catch((e: unknown) => mapUniqueViolation(e, { name: 'organizationName', code: 'tenantCode' }));
    await mailFirstAdmin(
      ctx,
      r.email,
      { code: r.tenant_code, name: r.organization_name },
      password,
      `Hello ${r.contact_name},\n\nYour trial request was approved. You are the system administrator of your new tenant.`,
    );
    await audit(ctx, {
      action: 'tenant.request.approve',
      resource: 'tenant_request',
      resourceId: r.id,
      details: { type: r.type, tenantId },
    });
    await audit(ctx, {
      action: 'tenant.create',
      resource: 'tenant',
      resourceId: tenantId,
      details: { code: r.tenant_code, fromRequest: r.id },
    });
  } else {
    if (!r.tenant_id) throw new AppError('TENANT_NOT_FOUND');
    const tenantId = r.tenant_id;
    await ctx.db.tx(async (tx) => {
      if (
        !(await repo.decideRequest(tx, r.id, {
          status: 'approved',
          reason: null,
          decidedBy: ctx.auth.userId,
          tenantId: null,
          now,
        }))
      )
        throw fieldError('TENANT_REQUEST_DECIDED', 'status');
      await repo.upsertSetting(tx, tenantId, 'COLOR', r.color);
      await repo.upsertSetting(tx, tenantId, 'LOGO', r.horizontal_logo_url);
      await repo.upsertSetting(tx, tenantId, 'ICON', r.square_logo_url);
    });
    if (r.email) {
      await ctx.mail.send({
        tenantId,
        to: r.email,
        subject: 'Your branding update was approved',
        text: `Hello ${r.contact_name},\n\nYour branding update for "${r.organization_name}" was approved and is now applied.`,
      });
    }
    await audit(ctx, {
      action: 'tenant.request.approve',
      resource: 'tenant_request',
      resourceId: r.id,
      details: { type: r.type, tenantId },
    });
    await audit(ctx, {
      action: 'tenant.settings.update',
      resource: 'tenant',
      resourceId: tenantId,
      details: { tab: 'branding', fromRequest: r.id },
    });
  }
  return toRequest((await repo.findRequest(ctx.db, r.id))!);
}

/** Reject: the reason is required and e-mailed to the requester. */
export async function rejectRequest(ctx: AuthedCtx, id: string, reason: string): Promise<TTenantRequest> {
  const r = await pending(ctx, id);
  if (
    !(await repo.decideRequest(ctx.db, r.id, {
      status: 'rejected',
      reason,
      decidedBy: ctx.auth.userId,
      tenantId: null,
      now: ctx.clock.now(),
    }))
  ) {
    throw fieldError('TENANT_REQUEST_DECIDED', 'status');
  }
  const what = r.type === 'TRIAL_REQUEST' ? 'trial request' : 'branding update request';
  await ctx.mail.send({
    tenantId: r.tenant_id ?? ctx.auth.tenantId,
    to: r.email,
    subject: `Your CareWatch ${what} was rejected`,
    text: `Hello ${r.contact_name},\n\nYour ${what} for "${r.organization_name}" was rejected.\nReason: ${reason}`,
  });
  await audit(ctx, {
    action: 'tenant.request.reject',
    resource: 'tenant_request',
    resourceId: r.id,
    details: { type: r.type },
  });
  return toRequest((await repo.findRequest(ctx.db, r.id))!);
}
