import { ZTokenRequest, ZTokenResponse } from '@carewatch/contracts/auth';
import { definePublicRoute } from '../../../platform/route.ts';
import { clientOf } from '../../auth/routes/client.ts';
import { recoverAccount } from '../lifecycle.service.ts';

export const recoverAccountRoute = definePublicRoute({
  method: 'POST',
  url: '/api/auth/recover',
  tags: ['auth'],
  bodyKind: 'form',
  rateLimit: 'signin',
  summary: 'Sign in and recover a deactivated account (within 30 days of deactivation)',
  body: ZTokenRequest,
  response: ZTokenResponse,
  handler: async ({ body, req }, ctx) => recoverAccount(ctx, body, clientOf(req)),
});
