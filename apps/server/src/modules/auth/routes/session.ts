import { z } from 'zod';
import { ZCheckTokenResponse, ZRefreshRequest, ZTokenResponse } from '@carewatch/contracts/auth';
import { ZOk } from '@carewatch/contracts/common';
import { Permission } from '@carewatch/contracts/permissions';
import { defineRoute, definePublicRoute } from '../../../platform/route.ts';
import { bearerToken } from '../../../platform/authenticate.ts';
import { checkToken, logout, refreshTokens } from '../auth.service.ts';

export const refreshTokenRoute = definePublicRoute({
  method: 'POST',
  url: '/api/auth/refresh-token',
  tags: ['auth'],
  bodyKind: 'form',
  summary: 'Rotate the refresh token; reusing a rotated one revokes the session',
  body: ZRefreshRequest,
  response: ZTokenResponse,
  handler: async ({ body }, ctx) => refreshTokens(ctx, body.refresh_token),
});

export const checkTokenRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: '/api/auth/check-token',
  tags: ['auth'],
  permission: Permission.AccountProfileView,
  summary: '200 while the access token and its session are valid, 401 otherwise',
  response: ZCheckTokenResponse,
  handler: async ({ req }, ctx) => checkToken(ctx, bearerToken(req) ?? ''),
});

export const logoutRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'POST',
  url: '/api/auth/logout',
  tags: ['auth'],
  permission: Permission.AccountProfileView,
  summary: 'End this session at once',
  body: z.object({}).optional(),
  response: ZOk,
  handler: async (_in, ctx) => logout(ctx),
});
