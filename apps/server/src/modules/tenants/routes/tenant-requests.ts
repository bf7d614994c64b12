import { ZIdParams } from '@carewatch/contracts/common';
import { Permission } from '@carewatch/contracts/permissions';
import {
  ZBrandingRequestFields,
  ZRejectTenantRequest,
  ZTenantRequest,
  ZTenantRequestCreated,
  ZTenantRequestPage,
  ZTenantRequestQuery,
  ZTrialRequestFields,
} from '@carewatch/contracts/tenants';
import { definePublicRoute, defineRoute } from '../../../platform/route.ts';
import {
  approveRequest,
  listRequests,
  rejectRequest,
  submitBrandingRequest,
  submitTrialRequest,
} from '../tenant-requests.service.ts';
import { readLogoForm } from './multipart-form.ts';

const R = '/api/account/sadmin/tenant-request';
const tags = ['tenants'];
const LOGOS = ['squareLogo', 'horizontalLogo'] as const;

export const submitTrialRequestRoute = definePublicRoute({
  method: 'POST',
  url: '/api/auth/tenant/trial-request',
  tags,
  status: 201,
  bodyKind: 'multipart',
  summary:
    'Ask for a trial tenant: organizationName, contactName, email, phone, tenantCode, color + squareLogo and horizontalLogo (PNG, 2 MB)',
  response: ZTenantRequestCreated,
  handler: async ({ req }, ctx) => {
    const { fields, files } = await readLogoForm(req, ZTrialRequestFields, LOGOS);
    return submitTrialRequest(ctx, fields, {
      squareLogo: files.squareLogo ?? null,
      horizontalLogo: files.horizontalLogo ?? null,
    });
  },
});
export const submitBrandingRequestRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'POST',
  url: '/api/account/tenant/branding-request',
  tags,
  permission: Permission.TenantSettingsManage,
  status: 201,
  bodyKind: 'multipart',
  summary: "Ask the super admin to change my tenant's branding: color + squareLogo and horizontalLogo (PNG, 2 MB)",
  response: ZTenantRequestCreated,
  handler: async ({ req }, ctx) => {
    const { fields, files } = await readLogoForm(req, ZBrandingRequestFields, LOGOS);
    return submitBrandingRequest(ctx, fields, {
      squareLogo: files.squareLogo ?? null,
      horizontalLogo: files.horizontalLogo ?? null,
    });
  },
});
export const listTenantRequestsRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: R,
  tags,
  permission: Permission.TenantManage,
  summary: 'Trial and branding requests: paginated, type, status, searchValue',
  query: ZTenantRequestQuery,
  response: ZTenantRequestPage,
  handler: async ({ query }, ctx) => listRequests(ctx, query),
});
export const approveTenantRequestRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'POST',
  url: `${R}/:id/approve`,
  tags,
  permission: Permission.TenantManage,
  summary: 'Approve: a trial creates the tenant and e-mails the requester; a branding request applies the branding',
  params: ZIdParams,
  response: ZTenantRequest,
  handler: async ({ params }, ctx) => approveRequest(ctx, params.id),
});
export const rejectTenantRequestRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'POST',
  url: `${R}/:id/reject`,
  tags,
  permission: Permission.TenantManage,
  summary: 'Reject with a reason (e-mailed to the requester)',
  params: ZIdParams,
  body: ZRejectTenantRequest,
  response: ZTenantRequest,
  handler: async ({ params, body }, ctx) => rejectRequest(ctx, params.id, body.reason),
});
