import { ZIdParams, ZOk } from '@carewatch/contracts/common';
import { Permission } from '@carewatch/contracts/permissions';
import {
  ZAdminCandidateList,
  ZAdminCandidateQuery,
  ZCreateScopeRequest,
  ZOrgAdminPage,
  ZScopeAdminQuery,
  ZScopeChildrenQuery,
  ZScopeDetail,
  ZScopeHierarchy,
  ZScopeHierarchyQuery,
  ZScopeList,
  ZScopeListQuery,
  ZScopeNameStatusRequest,
  ZScopePage,
  ZUpdateScopeRequest,
} from '@carewatch/contracts/scopes';
import { defineRoute } from '../../../platform/route.ts';
import {
  adminCandidates,
  createScope,
  deleteScope,
  getScope,
  hierarchy,
  listScopes,
  scopeAdminPage,
  scopeChildren,
  setScopeNameAndStatus,
  updateScope,
} from '../scopes.service.ts';

const S = '/api/account/sadmin/mhsc/scope';
const tags = ['scopes'];

export const listScopesRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: S,
  tags,
  permission: Permission.ScopeManage,
  summary: 'Scopes of the caller’s level, paginated (searchValue, type, parentId, level, status)',
  query: ZScopeListQuery,
  response: ZScopePage,
  handler: async ({ query }, ctx) => listScopes(ctx, query),
});
export const scopeChildrenRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: `${S}/children`,
  tags,
  permission: Permission.ScopeManage,
  summary: 'Direct children of a scope',
  query: ZScopeChildrenQuery,
  response: ZScopeList,
  handler: async ({ query }, ctx) => scopeChildren(ctx, query.scopeId),
});
export const scopeHierarchyRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: `${S}/hierarchy`,
  tags,
  permission: Permission.ScopeManage,
  summary: 'A scope with its parents and descendants (without scopeId: the whole visible tree)',
  query: ZScopeHierarchyQuery,
  response: ZScopeHierarchy,
  handler: async ({ query }, ctx) => hierarchy(ctx, query),
});
export const scopeSupportAdminRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: `${S}/support-admin`,
  tags,
  permission: Permission.ScopeManage,
  summary: 'Scope admins (main and supporting) linked to scopes of the caller’s level, paginated',
  query: ZScopeAdminQuery,
  response: ZOrgAdminPage,
  handler: async ({ query }, ctx) => scopeAdminPage(ctx, query),
});
export const scopeAdminCandidatesRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: `${S}/admin-candidates`,
  tags,
  permission: Permission.ScopeManage,
  summary: 'Active users holding the scope admin role (to link as main or supporting admin)',
  query: ZAdminCandidateQuery,
  response: ZAdminCandidateList,
  handler: async ({ query }, ctx) => adminCandidates(ctx, 'scope_admin', query.searchValue),
});
export const getScopeRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: `${S}/:id`,
  tags,
  permission: Permission.ScopeManage,
  summary: 'A scope with its children, health centers and admins',
  params: ZIdParams,
  response: ZScopeDetail,
  handler: async ({ params }, ctx) => getScope(ctx, params.id),
});
export const createScopeRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'POST',
  url: S,
  tags,
  permission: Permission.ScopeManage,
  status: 201,
  summary: 'Create a scope (level 1–5; parent one level up; name unique in its level)',
  body: ZCreateScopeRequest,
  response: ZScopeDetail,
  handler: async ({ body }, ctx) => createScope(ctx, body),
});
export const updateScopeRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'PUT',
  url: `${S}/:id`,
  tags,
  permission: Permission.ScopeManage,
  summary: 'Update a scope (name, level, type, parent, admins)',
  params: ZIdParams,
  body: ZUpdateScopeRequest,
  response: ZScopeDetail,
  handler: async ({ params, body }, ctx) => updateScope(ctx, params.id, body),
});
export const scopeNameStatusRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'PUT',
  url: `${S}/name-and-status/:id`,
  tags,
  permission: Permission.ScopeManage,
  summary: 'Rename and activate/deactivate a scope (refused while in use)',
  params: ZIdParams,
  body: ZScopeNameStatusRequest,
  response: ZScopeDetail,
  handler: async ({ params, body }, ctx) => setScopeNameAndStatus(ctx, params.id, body),
});
export const deleteScopeRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'DELETE',
  url: `${S}/:id`,
  tags,
  permission: Permission.ScopeManage,
  summary: 'Delete a scope (refused while it has children, health centers or admins)',
  params: ZIdParams,
  response: ZOk,
  handler: async ({ params }, ctx) => deleteScope(ctx, params.id),
});
