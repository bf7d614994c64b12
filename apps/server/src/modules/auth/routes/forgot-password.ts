import { ZForgotResetRequest, ZForgotSendRequest, ZOtpSentResponse } from '@carewatch/contracts/auth';
import { ZOk } from '@carewatch/contracts/common';
import { definePublicRoute } from '../../../platform/route.ts';
import { resetPassword, sendResetOtp } from '../auth.service.ts';

export const forgotSendRoute = definePublicRoute({
  method: 'POST',
  url: '/api/auth/forgot-password/send',
  tags: ['auth'],
  rateLimit: 'reset',
  summary: 'E-mail a password-reset code',
  body: ZForgotSendRequest,
  response: ZOtpSentResponse,
  handler: async ({ body }, ctx) => sendResetOtp(ctx, body.tenant, body.email),
});
export const forgotResetRoute = definePublicRoute({
  method: 'POST',
  url: '/api/auth/forgot-password/reset',
  tags: ['auth'],
  rateLimit: 'reset',
  summary: 'Set a new password with the code; all sessions end',
  body: ZForgotResetRequest,
  response: ZOk,
  handler: async ({ body }, ctx) => resetPassword(ctx, body),
});
