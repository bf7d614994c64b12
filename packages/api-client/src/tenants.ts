import {
  ZTenantDetail,
  ZTenantPage,
  ZTenantRequest,
  ZTenantRequestCreated,
  ZTenantRequestPage,
  ZTestConnectionResponse,
  type TBrandingSettings,
  type TCreateTenantRequest,
  type TEmailTemplate,
  type TLogoKind,
  type TOtherSettings,
  type TSecuritySettings,
  type TTenantQuery,
  type TTenantRequestQuery,
  type TTestConnectionRequest,
  type TUnitSettings,
  type TUpdateTenantRequest,
} from '@carewatch/contracts/tenants';
import type { createApiClient } from './client.ts';

export type ApiRequest = ReturnType<typeof createApiClient>['request'];

const S = '/api/account/sadmin/tenant';
const R = '/api/account/sadmin/tenant-request';
const id = (s: string) => encodeURIComponent(s);

function logoForm(
  fields: Record<string, string>,
  logos: { squareLogo: Blob | null; horizontalLogo: Blob | null },
): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (logos.squareLogo) form.append('squareLogo', logos.squareLogo, 'square.png');
  if (logos.horizontalLogo) form.append('horizontalLogo', logos.horizontalLogo, 'horizontal.png');
  return form;
}

/** Tenants: management (super admin), settings tabs, trial and branding requests. */
export const tenantsApi = (request: ApiRequest) => ({
  list: (query: Partial<TTenantQuery>) => request('GET', S, { query, schema: ZTenantPage }),
  get: (tenantId: string) => request('GET', `${S}/${id(tenantId)}`, { schema: ZTenantDetail }),
  create: (body: TCreateTenantRequest) => request('POST', S, { body, schema: ZTenantDetail }),
  update: (tenantId: string, body: TUpdateTenantRequest) =>
    request('PUT', `${S}/${id(tenantId)}`, { body, schema: ZTenantDetail }),
  setActive: (tenantId: string, active: boolean) =>
    request('PUT', `${S}/${id(tenantId)}/active`, { body: { active }, schema: ZTenantDetail }),
  testConnection: (body: TTestConnectionRequest) =>
    request('POST', `${S}/connection/test`, { body, schema: ZTestConnectionResponse }),
  updateBranding: (tenantId: string, body: TBrandingSettings) =>
    request('PUT', `${S}/${id(tenantId)}/settings/branding`, { body, schema: ZTenantDetail }),
  uploadLogo: (tenantId: string, kind: TLogoKind, file: Blob) => {
    const form = new FormData();
    form.append('file', file, `${kind}.png`);
    return request('POST', `${S}/${id(tenantId)}/logo/${kind}`, { form, schema: ZTenantDetail });
  },
  // Settings tabs (own tenant for a system admin, any for a super admin).
  settings: (tenantId: string) =>
    request('GET', `/api/account/tenant/${id(tenantId)}/settings`, { schema: ZTenantDetail }),
  updateUnits: (tenantId: string, body: TUnitSettings) =>
    request('PUT', `/api/account/tenant/${id(tenantId)}/settings/units`, { body, schema: ZTenantDetail }),
  updateSecurity: (tenantId: string, body: TSecuritySettings) =>
    request('PUT', `/api/account/tenant/${id(tenantId)}/settings/security`, { body, schema: ZTenantDetail }),
  updateEmailTemplate: (tenantId: string, body: TEmailTemplate) =>
    request('PUT', `/api/account/tenant/${id(tenantId)}/settings/email-template`, { body, schema: ZTenantDetail }),
  updateOther: (tenantId: string, body: TOtherSettings) =>
    request('PUT', `/api/account/tenant/${id(tenantId)}/settings/other`, { body, schema: ZTenantDetail }),
  // Requests.
  submitTrial: (fields: Record<string, string>, logos: { squareLogo: Blob | null; horizontalLogo: Blob | null }) =>
    request('POST', '/api/auth/tenant/trial-request', {
      form: logoForm(fields, logos),
      schema: ZTenantRequestCreated,
      auth: false,
    }),
  submitBranding: (color: string, logos: { squareLogo: Blob | null; horizontalLogo: Blob | null }) =>
    request('POST', '/api/account/tenant/branding-request', {
      form: logoForm({ color }, logos),
      schema: ZTenantRequestCreated,
    }),
  requests: (query: Partial<TTenantRequestQuery>) => request('GET', R, { query, schema: ZTenantRequestPage }),
  approveRequest: (requestId: string) => request('POST', `${R}/${id(requestId)}/approve`, { schema: ZTenantRequest }),
  rejectRequest: (requestId: string, reason: string) =>
    request('POST', `${R}/${id(requestId)}/reject`, { body: { reason }, schema: ZTenantRequest }),
});
