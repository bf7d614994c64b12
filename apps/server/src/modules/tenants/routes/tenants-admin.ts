import { z } from 'zod';
import { ZIdParams } from '@carewatch/contracts/common';
import { Permission } from '@carewatch/contracts/permissions';
import {
  LOGO_KINDS,
  LOGO_MAX_BYTES,
  ZBrandingSettings,
  ZCreateTenantRequest,
  ZTenantActiveRequest,
  ZTenantDetail,
  ZTenantPage,
  ZTenantQuery,
  ZTestConnectionRequest,
  ZTestConnectionResponse,
  ZUpdateTenantRequest,
} from '@carewatch/contracts/tenants';
import { defineRoute } from '../../../platform/route.ts';
import { fieldError } from '../../../platform/errors.ts';
import {
  createTenant,
  getTenantDetail,
  listTenantsPage,
  setTenantActive,
  testConnection,
  updateBranding,
  updateTenant,
  uploadLogo,
} from '../tenant-admin.service.ts';

const S = '/api/account/sadmin/tenant';
const tags = ['tenants'];

export const listTenantsRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: S,
  tags,
  permission: Permission.TenantManage,
  summary: 'Tenants (super admin; spans tenants by design): paginated, searchValue, active filter',
  query: ZTenantQuery,
  response: ZTenantPage,
  handler: async ({ query }, ctx) => listTenantsPage(ctx, query),
});
export const createTenantRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'POST',
  url: S,
  tags,
  permission: Permission.TenantManage,
  status: 201,
  rateLimit: 'connection_test',
  summary: 'Create a tenant (default settings, roles, first system admin e-mailed); dedicated: 3 tested connections',
  body: ZCreateTenantRequest,
  response: ZTenantDetail,
  handler: async ({ body }, ctx) => createTenant(ctx, body),
});
export const testConnectionRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'POST',
  url: `${S}/connection/test`,
  tags,
  permission: Permission.TenantManage,
  rateLimit: 'connection_test',
  summary: 'Test one database connection (connect and select 1, 3 s timeout)',
  body: ZTestConnectionRequest,
  response: ZTestConnectionResponse,
  handler: async ({ body }, ctx) => testConnection(ctx, body),
});
export const getTenantRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: `${S}/:id`,
  tags,
  permission: Permission.TenantManage,
  summary: 'One tenant with settings and connections (passwords and keys never returned)',
  params: ZIdParams,
  response: ZTenantDetail,
  handler: async ({ params }, ctx) => getTenantDetail(ctx, params.id),
});
export const updateTenantRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'PUT',
  url: `${S}/:id`,
  tags,
  permission: Permission.TenantManage,
  rateLimit: 'connection_test',
  summary: 'Update name, official name, connection type and connections (empty password keeps the stored one)',
  params: ZIdParams,
  body: ZUpdateTenantRequest,
  response: ZTenantDetail,
  handler: async ({ params, body }, ctx) => updateTenant(ctx, params.id, body),
});
export const setTenantActiveRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'PUT',
  url: `${S}/:id/active`,
  tags,
  permission: Permission.TenantManage,
  summary: 'Activate or deactivate a tenant (its users cannot sign in while inactive)',
  params: ZIdParams,
  body: ZTenantActiveRequest,
  response: ZTenantDetail,
  handler: async ({ params, body }, ctx) => setTenantActive(ctx, params.id, body.active),
});
export const updateBrandingRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'PUT',
  url: `${S}/:id/settings/branding`,
  tags,
  permission: Permission.TenantManage,
  summary: 'Branding tab: name, official name, colour, font',
  params: ZIdParams,
  body: ZBrandingSettings,
  response: ZTenantDetail,
  handler: async ({ params, body }, ctx) => updateBranding(ctx, params.id, body),
});
export const uploadLogoRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'POST',
  url: `${S}/:id/logo/:kind`,
  tags,
  permission: Permission.TenantManage,
  bodyKind: 'multipart',
  summary: 'Upload the square (ICON) or horizontal (LOGO) logo: multipart field `file`, PNG, at most 2 MB',
  params: ZIdParams.extend({ kind: z.enum(LOGO_KINDS) }),
  response: ZTenantDetail,
  handler: async ({ params, req }, ctx) => {
    const file = await req.file({ limits: { fileSize: LOGO_MAX_BYTES + 1, files: 1 } });
    const data = file
      ? await file.toBuffer().catch((e: { code?: string }) => {
          if (e.code === 'FST_REQ_FILE_TOO_LARGE') throw fieldError('LOGO_TOO_LARGE', 'file', 'max_2mb');
          throw e;
        })
      : null;
    return uploadLogo(ctx, params.id, params.kind, data);
  },
});
