import { Permission } from '@carewatch/contracts/permissions';
import { ZScopeDetail, ZScopeHierarchy, ZScopeListQuery, ZScopePage } from '@carewatch/contracts/scopes';
import { defineRoute } from '../../../platform/route.ts';
import { listScopes, myScope, myScopeHierarchy } from '../scopes.service.ts';

const tags = ['scopes'];

export const smadminMyScopeRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: '/api/account/smadmin/scope/me',
  tags,
  permission: Permission.StaffView,
  summary: 'The scope of the caller’s level, with children, centers and admins',
  response: ZScopeDetail,
  handler: async (_in, ctx) => myScope(ctx),
});
export const smadminScopeHierarchyRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: '/api/account/smadmin/scope/hierarchy',
  tags,
  permission: Permission.StaffView,
  summary: 'The caller’s scope with its parents and descendants',
  response: ZScopeHierarchy,
  handler: async (_in, ctx) => myScopeHierarchy(ctx),
});
export const smadminListScopesRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: '/api/account/smadmin/scope',
  tags,
  permission: Permission.StaffView,
  summary: 'Scopes in the caller’s subtree, paginated',
  query: ZScopeListQuery,
  response: ZScopePage,
  handler: async ({ query }, ctx) => listScopes(ctx, query),
});
