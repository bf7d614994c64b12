import { z } from 'zod';
import { ZLevelList, ZPermissionResponse, ZSwitchLevelRequest, ZTokenResponse } from '@carewatch/contracts/auth';
import { Permission } from '@carewatch/contracts/permissions';
import { defineRoute } from '../../../platform/route.ts';
import { myLevels, myPermissions, switchLevel } from '../auth.service.ts';

export const permissionRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'POST',
  url: '/api/auth/permission',
  tags: ['auth'],
  permission: Permission.AccountProfileView,
  summary: "The caller's permissions at the current level",
  body: z.object({}).optional(),
  response: ZPermissionResponse,
  handler: async (_in, ctx) => myPermissions(ctx),
});
export const levelsRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: '/api/auth/levels',
  tags: ['auth'],
  permission: Permission.AccountProfileView,
  summary: "The caller's levels (role, scope, health center)",
  response: ZLevelList,
  handler: async (_in, ctx) => myLevels(ctx),
});
export const switchLevelRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'POST',
  url: '/api/auth/switch-level',
  tags: ['auth'],
  permission: Permission.AccountProfileView,
  summary: 'Switch to another level; returns new tokens',
  body: ZSwitchLevelRequest,
  response: ZTokenResponse,
  handler: async ({ body }, ctx) => switchLevel(ctx, body.levelId),
});
