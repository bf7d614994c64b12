import type { createApiClient } from './client.ts';
import { ZOtpSentResponse, ZTokenResponse, type TTokenResponse } from '@carewatch/contracts/auth';
import {
  ZAppRegisterResponse,
  type TAppForgotOtpRequest,
  type TAppForgotResetRequest,
  type TAppRegisterOtpRequest,
  type TAppRegisterRequest,
} from '@carewatch/contracts/app-auth';
import { ZOk } from '@carewatch/contracts/common';

type ApiClient = ReturnType<typeof createApiClient>;

/** The patient app's own token keys: the portal's session on the same origin stays separate. */
export const APP_TOKEN_KEYS = { access: 'cw.app.access', refresh: 'cw.app.refresh' } as const;
/** The server gives patient-role levels only to the app client. */
const APP_HEADERS = { 'X-Client': 'app' };
const A = '/api/auth';

/** Patient-app access: password sign-in as the app client, self-registration and password reset with a one-time code. */
export const appAuthApi = (client: ApiClient) => {
  const keep = <T extends TTokenResponse>(t: T): T => {
    client.tokens.store(t);
    return t;
  };
  return {
    login: async (body: { tenant: string; username: string; password: string; remember_me?: boolean }) =>
      keep(
        await client.request('POST', `${A}/oauth-token`, {
          body: { ...body, grant_type: 'password' },
          schema: ZTokenResponse,
          auth: false,
          headers: APP_HEADERS,
        }),
      ),
    registerOtp: (body: TAppRegisterOtpRequest) =>
      client.request('POST', `${A}/app/register/otp`, {
        body,
        schema: ZOtpSentResponse,
        auth: false,
        headers: APP_HEADERS,
      }),
    register: async (body: TAppRegisterRequest) =>
      keep(
        await client.request('POST', `${A}/app/register`, {
          body,
          schema: ZAppRegisterResponse,
          auth: false,
          headers: APP_HEADERS,
        }),
      ),
    // An unknown account gets the same answer as a known one (no account enumeration).
    forgotOtp: (body: TAppForgotOtpRequest) =>
      client.request('POST', `${A}/app/forgot-password/otp`, {
        body,
        schema: ZOtpSentResponse,
        auth: false,
        headers: APP_HEADERS,
      }),
    forgotReset: (body: TAppForgotResetRequest) =>
      client.request('POST', `${A}/app/forgot-password/reset`, {
        body,
        schema: ZOk,
        auth: false,
        headers: APP_HEADERS,
      }),
  };
};
export type AppAuthApi = ReturnType<typeof appAuthApi>;
