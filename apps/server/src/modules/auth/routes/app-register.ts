import {
  ZAppForgotOtpRequest,
  ZAppForgotResetRequest,
  ZAppRegisterOtpRequest,
  ZAppRegisterRequest,
  ZAppRegisterResponse,
} from '@carewatch/contracts/app-auth';
import { ZOtpSentResponse } from '@carewatch/contracts/auth';
import { ZOk } from '@carewatch/contracts/common';
import { definePublicRoute, type AnyRoute } from '../../../platform/route.ts';
import { registerAppAccount, resetAppPassword, sendAppRegisterOtp, sendAppResetOtp } from '../app-register.service.ts';

export const appRegisterOtpRoute = definePublicRoute({
  method: 'POST',
  url: '/api/auth/app/register/otp',
  tags: ['auth'],
  rateLimit: 'otp',
  summary:
    'Patient app: send a registration code by SMS or e-mail (409 ACCOUNT_EXISTS when the phone or e-mail has an account)',
  body: ZAppRegisterOtpRequest,
  response: ZOtpSentResponse,
  handler: async ({ body }, ctx) => sendAppRegisterOtp(ctx, body),
});
export const appRegisterRoute = definePublicRoute({
  method: 'POST',
  url: '/api/auth/app/register',
  tags: ['auth'],
  status: 201,
  rateLimit: 'register',
  summary: 'Patient app: register with the code and profile; the account is active and signed in (app client)',
  body: ZAppRegisterRequest,
  response: ZAppRegisterResponse,
  handler: async ({ body }, ctx) => registerAppAccount(ctx, body),
});
export const appForgotOtpRoute = definePublicRoute({
  method: 'POST',
  url: '/api/auth/app/forgot-password/otp',
  tags: ['auth'],
  rateLimit: 'reset',
  summary: 'Patient app: send a password-reset code by SMS or e-mail (same answer for an unknown account)',
  body: ZAppForgotOtpRequest,
  response: ZOtpSentResponse,
  handler: async ({ body }, ctx) => sendAppResetOtp(ctx, body),
});
export const appForgotResetRoute = definePublicRoute({
  method: 'POST',
  url: '/api/auth/app/forgot-password/reset',
  tags: ['auth'],
  rateLimit: 'reset',
  summary: 'Patient app: set a new password with the code; all sessions end',
  body: ZAppForgotResetRequest,
  response: ZOk,
  handler: async ({ body }, ctx) => resetAppPassword(ctx, body),
});

export const APP_AUTH_ROUTES: AnyRoute[] = [
  appRegisterOtpRoute,
  appRegisterRoute,
  appForgotOtpRoute,
  appForgotResetRoute,
];
