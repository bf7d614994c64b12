import { ZOk } from '@carewatch/contracts/common';
import {
  ZAdminCandidateList,
  ZOrgAdminPage,
  ZScopeDetail,
  ZScopeHierarchy,
  ZScopeList,
  ZScopePage,
  type TCreateScopeRequest,
  type TScopeHierarchyQuery,
  type TScopeListQuery,
  type TScopeNameStatusRequest,
  type TUpdateScopeRequest,
} from '@carewatch/contracts/scopes';
import { ZCenter, ZCenterList, ZCenterPage, ZOrgCheck, type TCenterListQuery } from '@carewatch/contracts/centers';
import type { createApiClient } from './client.ts';

export type ApiRequest = ReturnType<typeof createApiClient>['request'];

const S = '/api/account/sadmin/mhsc/scope';
const M = '/api/account/sadmin/mhsc';
const id = (v: string) => encodeURIComponent(v);

/** Scopes and health centers (super admin `sadmin` calls, and the `smadmin` calls of scope/center admins). */
export const orgApi = (request: ApiRequest) => ({
  // --- scopes
  scopes: (query: Partial<TScopeListQuery>) => request('GET', S, { query, schema: ZScopePage }),
  scope: (scopeId: string) => request('GET', `${S}/${id(scopeId)}`, { schema: ZScopeDetail }),
  scopeChildren: (scopeId: string) => request('GET', `${S}/children`, { query: { scopeId }, schema: ZScopeList }),
  scopeHierarchy: (query: Partial<TScopeHierarchyQuery> = {}) =>
    request('GET', `${S}/hierarchy`, { query, schema: ZScopeHierarchy }),
  scopeAdmins: (query: { page?: number; size?: number; scopeId?: string }) =>
    request('GET', `${S}/support-admin`, { query, schema: ZOrgAdminPage }),
  scopeAdminCandidates: (searchValue?: string) =>
    request('GET', `${S}/admin-candidates`, { query: { searchValue }, schema: ZAdminCandidateList }),
  createScope: (body: TCreateScopeRequest) => request('POST', S, { body, schema: ZScopeDetail }),
  updateScope: (scopeId: string, body: TUpdateScopeRequest) =>
    request('PUT', `${S}/${id(scopeId)}`, { body, schema: ZScopeDetail }),
  setScopeNameAndStatus: (scopeId: string, body: TScopeNameStatusRequest) =>
    request('PUT', `${S}/name-and-status/${id(scopeId)}`, { body, schema: ZScopeDetail }),
  deleteScope: (scopeId: string) => request('DELETE', `${S}/${id(scopeId)}`, { schema: ZOk }),
  // --- health centers (create/update are multipart: the form carries the fields and an optional `logo`)
  centers: (query: Partial<TCenterListQuery>) => request('GET', M, { query, schema: ZCenterPage }),
  center: (centerId: string) => request('GET', `${M}/${id(centerId)}`, { schema: ZCenter }),
  centerAdminCandidates: (searchValue?: string) =>
    request('GET', `${M}/admin-candidates`, { query: { searchValue }, schema: ZAdminCandidateList }),
  createCenter: (form: FormData) => request('POST', M, { form, schema: ZCenter }),
  updateCenter: (centerId: string, form: FormData) => request('PUT', `${M}/${id(centerId)}`, { form, schema: ZCenter }),
  setCenterEnabled: (centerId: string, enabled: boolean) =>
    request('PUT', `${M}/deactivate/${id(centerId)}`, { body: { enabled }, schema: ZCenter }),
  unassignCenterAdmin: (centerId: string, userId: string) =>
    request('DELETE', `${M}/${id(centerId)}/admins/${id(userId)}`, { schema: ZCenter }),
  // --- smadmin (the caller's own scope / centers)
  myCenters: () => request('GET', '/api/account/smadmin/mhsc/me', { schema: ZCenterList }),
  myScope: () => request('GET', '/api/account/smadmin/scope/me', { schema: ZScopeDetail }),
  myScopeHierarchy: () => request('GET', '/api/account/smadmin/scope/hierarchy', { schema: ZScopeHierarchy }),
  myScopes: (query: Partial<TScopeListQuery>) =>
    request('GET', '/api/account/smadmin/scope', { query, schema: ZScopePage }),
  myCenter: (centerId: string) => request('GET', `/api/account/smadmin/mhsc/${id(centerId)}`, { schema: ZCenter }),
  updateMyCenter: (centerId: string, form: FormData) =>
    request('PUT', `/api/account/smadmin/mhsc/${id(centerId)}`, { form, schema: ZCenter }),
  userCenters: () => request('GET', '/api/account/user/mhsc', { schema: ZCenterList }),
  orgCheck: () => request('GET', '/api/account/smadmin/check-mhsc-and-scope', { schema: ZOrgCheck }),
});

/** The logo image of a center (bytes; the endpoint needs the bearer token, so an <img src> cannot load it directly). */
export async function fetchCenterLogo(
  centerId: string,
  accessToken: string | null,
  baseUrl = '',
): Promise<Blob | null> {
  const res = await fetch(`${baseUrl}/api/account/mhsc/${id(centerId)}/logo`, {
    headers: accessToken ? { Authorization: `Bearer ${accessToken}` } : {},
  });
  return res.ok ? res.blob() : null;
}
