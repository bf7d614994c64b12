import { ZTokenRequest, ZTokenResponse } from '@carewatch/contracts/auth';
import { definePublicRoute } from '../../../platform/route.ts';
import { passwordLogin } from '../auth.service.ts';
import { clientOf } from './client.ts';

export const oauthTokenRoute = definePublicRoute({
  method: 'POST',
  url: '/api/auth/oauth-token',
  tags: ['auth'],
  bodyKind: 'form',
  rateLimit: 'signin',
  summary:
    'Password grant (form or JSON): tenant, username (email or phone), password, grant_type=password, remember_me',
  body: ZTokenRequest,
  response: ZTokenResponse,
  handler: async ({ body, req }, ctx) => passwordLogin(ctx, body, clientOf(req)),
});
