import {
  ZOtpSentResponse,
  ZRegisterOtpRequest,
  ZRegisterRequest,
  ZRegisterResponse,
  ZVerifyRegisterRequest,
  ZVerifyRegisterResponse,
} from '@carewatch/contracts/auth';
import { definePublicRoute } from '../../../platform/route.ts';
import { register, sendRegisterOtp, verifyRegisterOtp } from '../auth.service.ts';

export const createVerificationTokenRoute = definePublicRoute({
  method: 'POST',
  url: '/api/auth/oauth/create-verification-token',
  tags: ['auth'],
  rateLimit: 'otp',
  summary: 'E-mail a registration code',
  body: ZRegisterOtpRequest,
  response: ZOtpSentResponse,
  handler: async ({ body }, ctx) => sendRegisterOtp(ctx, body.tenant, body.email),
});
export const emailRegisterOtpRoute = definePublicRoute({
  method: 'POST',
  url: '/api/auth/oauth/otp/email-register',
  tags: ['auth'],
  rateLimit: 'otp',
  summary: 'E-mail a registration code (alias)',
  body: ZRegisterOtpRequest,
  response: ZOtpSentResponse,
  handler: async ({ body }, ctx) => sendRegisterOtp(ctx, body.tenant, body.email),
});
export const verifyRegisterRoute = definePublicRoute({
  method: 'POST',
  url: '/api/auth/oauth/verifyRegisterByEmailOTP',
  tags: ['auth'],
  rateLimit: 'otp',
  summary: 'Verify the registration code',
  body: ZVerifyRegisterRequest,
  response: ZVerifyRegisterResponse,
  handler: async ({ body }, ctx) => verifyRegisterOtp(ctx, body.tenant, body.email, body.token),
});
export const registerRoute = definePublicRoute({
  method: 'POST',
  url: '/api/auth/register',
  tags: ['auth'],
  status: 201,
  rateLimit: 'register',
  summary: 'Register (after e-mail verification); the account waits for approval',
  body: ZRegisterRequest,
  response: ZRegisterResponse,
  handler: async ({ body }, ctx) => register(ctx, body),
});
