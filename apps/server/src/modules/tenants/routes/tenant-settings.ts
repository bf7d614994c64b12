import { Permission } from '@carewatch/contracts/permissions';
import { ZTenantList, ZTenantSettings } from '@carewatch/contracts/tenants';
import { defineRoute } from '../../../platform/route.ts';
import { listTenants, tenantSettings } from '../tenants.service.ts';

export const tenantSettingsRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: '/api/auth/tenant/setting/getAll',
  tags: ['tenants'],
  permission: Permission.AccountProfileView,
  summary: "The caller's tenant settings (secrets masked)",
  response: ZTenantSettings,
  handler: async (_in, ctx) => tenantSettings(ctx),
});
export const tenantAllRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: '/api/auth/tenant/all',
  tags: ['tenants'],
  permission: Permission.TenantView,
  summary: 'Tenants: all of them for root and super admins, otherwise the caller’s own',
  response: ZTenantList,
  handler: async (_in, ctx) => listTenants(ctx),
});
