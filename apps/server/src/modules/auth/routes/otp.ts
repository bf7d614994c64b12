import {
  ZOtpSendMailRequest,
  ZOtpSendPhoneRequest,
  ZOtpSentResponse,
  ZOtpTokenRequest,
  ZTokenResponse,
} from '@carewatch/contracts/auth';
import { definePublicRoute } from '../../../platform/route.ts';
import { otpLogin, sendLoginOtpByMail, sendLoginOtpByPhone } from '../auth.service.ts';
import { clientOf } from './client.ts';

export const otpSendRoute = definePublicRoute({
  method: 'POST',
  url: '/api/auth/oauth/otp/send',
  tags: ['auth'],
  rateLimit: 'otp',
  summary: 'Send a sign-in code by SMS',
  body: ZOtpSendPhoneRequest,
  response: ZOtpSentResponse,
  handler: async ({ body }, ctx) => sendLoginOtpByPhone(ctx, body.tenant, body.phoneNumber),
});
export const otpMailRoute = definePublicRoute({
  method: 'POST',
  url: '/api/auth/oauth/otp/mail',
  tags: ['auth'],
  rateLimit: 'otp',
  summary: 'Send a sign-in code by e-mail',
  body: ZOtpSendMailRequest,
  response: ZOtpSentResponse,
  handler: async ({ body }, ctx) => sendLoginOtpByMail(ctx, body.tenant, body.email),
});
export const otpTokenWebRoute = definePublicRoute({
  method: 'POST',
  url: '/api/auth/oauth/otp/token-web',
  tags: ['auth'],
  bodyKind: 'form',
  rateLimit: 'signin',
  summary: 'Sign in with a one-time code (tenantId is the tenant code)',
  body: ZOtpTokenRequest,
  response: ZTokenResponse,
  handler: async ({ body, req }, ctx) => otpLogin(ctx, body, clientOf(req)),
});
