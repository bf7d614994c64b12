import { z } from 'zod';
import { ZIdParams } from '@carewatch/contracts/common';
import { Permission } from '@carewatch/contracts/permissions';
import {
  ZEmailTemplate,
  ZOtherSettings,
  ZSecuritySettings,
  ZTenantDetail,
  ZUnitSettings,
} from '@carewatch/contracts/tenants';
import { definePublicRoute, defineRoute } from '../../../platform/route.ts';
import {
  getTenantDetail,
  readLogo,
  updateEmailTemplate,
  updateOther,
  updateSecurity,
  updateUnits,
} from '../tenant-admin.service.ts';

// Settings tabs of one tenant: a system admin for their own tenant (another id answers 404), a super admin for any.
const T = '/api/account/tenant/:id/settings';
const tags = ['tenants'];

export const getOwnSettingsRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: T,
  tags,
  permission: Permission.TenantSettingsManage,
  summary: 'Settings tabs of a tenant (own tenant, or any for a super admin)',
  params: ZIdParams,
  response: ZTenantDetail,
  handler: async ({ params }, ctx) => getTenantDetail(ctx, params.id),
});
export const updateUnitsSettingsRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'PUT',
  url: `${T}/units`,
  tags,
  permission: Permission.TenantSettingsManage,
  summary: 'Units tab: unit system, thermal, blood glucose, uric acid',
  params: ZIdParams,
  body: ZUnitSettings,
  response: ZTenantDetail,
  handler: async ({ params, body }, ctx) => updateUnits(ctx, params.id, body),
});
export const updateSecuritySettingsRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'PUT',
  url: `${T}/security`,
  tags,
  permission: Permission.TenantSettingsManage,
  summary: "Security tab: password rule (enforced for the tenant's users) and phone rule",
  params: ZIdParams,
  body: ZSecuritySettings,
  response: ZTenantDetail,
  handler: async ({ params, body }, ctx) => updateSecurity(ctx, params.id, body),
});
export const updateEmailTemplateRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'PUT',
  url: `${T}/email-template`,
  tags,
  permission: Permission.TenantSettingsManage,
  summary: 'E-mail template tab: subject and body (must contain {{code}})',
  params: ZIdParams,
  body: ZEmailTemplate,
  response: ZTenantDetail,
  handler: async ({ params, body }, ctx) => updateEmailTemplate(ctx, params.id, body),
});
export const updateOtherSettingsRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'PUT',
  url: `${T}/other`,
  tags,
  permission: Permission.TenantSettingsManage,
  summary:
    'Other tab: language, country/dial code, organisation, AI cloud tenant id, OCR keys (write-only), web SOS pop-up',
  params: ZIdParams,
  body: ZOtherSettings,
  response: ZTenantDetail,
  handler: async ({ params, body }, ctx) => updateOther(ctx, params.id, body),
});

/** Logos must load in <img> tags (no bearer header): public, by owner id and an unguessable file name. */
export const tenantLogoRoute = definePublicRoute({
  method: 'GET',
  url: '/api/auth/tenant/logo/:owner/:file',
  tags,
  summary: 'A tenant or request logo (PNG)',
  params: z.object({ owner: z.string().max(64), file: z.string().max(64) }),
  response: z.unknown(),
  raw: true,
  produces: ['png'],
  handler: async ({ params, reply }, ctx) => {
    const data = await readLogo(ctx, params.owner, params.file);
    await reply
      .type('image/png')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=86400, immutable')
      .send(data);
  },
});
