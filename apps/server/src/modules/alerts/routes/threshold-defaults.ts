import { Permission } from '@carewatch/contracts/permissions';
import { ZPutTenantThresholdsRequest, ZResetThresholdsRequest, ZTenantThresholds } from '@carewatch/contracts/alerts';
import { defineRoute } from '../../../platform/route.ts';
import { getTenantThresholds, putTenantThresholds, resetTenantThresholds } from '../thresholds.service.ts';

const tags = ['alerts'];
const D = '/api/account/thresholds/defaults';

export const getTenantThresholdsRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: D,
  tags,
  permission: Permission.HealthThresholdManage,
  summary:
    'The tenant’s threshold defaults, every index (`builtin` CareWatch values or `tenant` ones); they apply to patients without their own',
  response: ZTenantThresholds,
  handler: async (_in, ctx) => getTenantThresholds(ctx),
});
export const putTenantThresholdsRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'PUT',
  url: D,
  tags,
  permission: Permission.TenantSettingsManage,
  summary: 'Set the tenant’s defaults of some indexes (others keep theirs); audited',
  body: ZPutTenantThresholdsRequest,
  response: ZTenantThresholds,
  handler: async ({ body }, ctx) => putTenantThresholds(ctx, body),
});
export const resetTenantThresholdsRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'POST',
  url: `${D}/reset`,
  tags,
  permission: Permission.TenantSettingsManage,
  summary: 'Back to CareWatch’s built-in defaults (the given indexes, or all); audited',
  body: ZResetThresholdsRequest,
  response: ZTenantThresholds,
  handler: async ({ body }, ctx) => resetTenantThresholds(ctx, body),
});
