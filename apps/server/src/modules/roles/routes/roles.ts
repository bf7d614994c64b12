import { ZIdParams } from '@carewatch/contracts/common';
import { Permission } from '@carewatch/contracts/permissions';
import {
  ZCreateRoleRequest,
  ZPermissionCatalogue,
  ZRole,
  ZRoleList,
  ZTogglePermissionRequest,
} from '@carewatch/contracts/roles';
import { defineRoute } from '../../../platform/route.ts';
import { createRole, listRoles, permissionCatalogue, togglePermission } from '../roles.service.ts';

export const listRolesRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: '/api/account/roles',
  tags: ['roles'],
  permission: Permission.RoleView,
  summary: "The tenant's roles with their permissions",
  response: ZRoleList,
  handler: async (_in, ctx) => listRoles(ctx),
});
export const permissionCatalogueRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: '/api/account/permissions',
  tags: ['roles'],
  permission: Permission.PermissionView,
  summary: 'The permission catalogue (ids and groups)',
  response: ZPermissionCatalogue,
  handler: async () => permissionCatalogue(),
});
export const createRoleRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'POST',
  url: '/api/account/roles',
  tags: ['roles'],
  permission: Permission.RoleCreate,
  status: 201,
  summary: 'Create a custom role (name unique in the tenant)',
  body: ZCreateRoleRequest,
  response: ZRole,
  handler: async ({ body }, ctx) => createRole(ctx, body),
});
export const togglePermissionRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'PUT',
  url: '/api/account/roles/:id/permissions',
  tags: ['roles'],
  permission: Permission.RolePermissionToggle,
  summary: 'Grant or revoke one permission of a role',
  params: ZIdParams,
  body: ZTogglePermissionRequest,
  response: ZRole,
  handler: async ({ params, body }, ctx) => togglePermission(ctx, params.id, body),
});
