import type { z } from 'zod';
import { ZErrorBody, type TFieldError } from '@carewatch/contracts/errors';
import {
  ZCheckTokenResponse,
  ZLevelList,
  ZOtpSentResponse,
  ZPermissionResponse,
  ZRegisterResponse,
  ZTokenResponse,
  ZVerifyRegisterResponse,
  type TOtpTokenRequest,
  type TRegisterRequest,
  type TTokenResponse,
} from '@carewatch/contracts/auth';
import {
  ZProfile,
  type TChangePasswordRequest,
  type TUpdateProfileRequest,
  type TUpdateUnitsRequest,
} from '@carewatch/contracts/account';
import { ZTenantSettings } from '@carewatch/contracts/tenants';
import { ZOk } from '@carewatch/contracts/common';

export const ACCESS_TOKEN_KEY = 'cw.access';
export const REFRESH_TOKEN_KEY = 'cw.refresh';

/** One field's failure: `key` (and `n`) name the catalogue's field rule when the server found one. */
export type FieldFailure = Pick<TFieldError, 'rule' | 'message' | 'key' | 'n'> & { code: string };

type ErrorDetails = { field?: string; rule?: string; fields?: TFieldError[]; [key: string]: unknown };

/** An error answered by the server (or a network failure: status 0, code 'NETWORK'). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: ErrorDetails | undefined;
  constructor(status: number, code: string, message: string, details?: ErrorDetails) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
  /** Field errors as a map field → { rule, message } (from details.fields, or details.field for a single one). */
  fieldErrors(): Record<string, FieldFailure> {
    const out: Record<string, FieldFailure> = {};
    for (const f of this.details?.fields ?? [])
      out[f.field] = { rule: f.rule, message: f.message, code: this.code, key: f.key, n: f.n };
    if (this.details?.field && !out[this.details.field]) {
      out[this.details.field] = { rule: this.details.rule ?? '', message: this.message, code: this.code };
    }
    return out;
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

export type QueryValue = string | number | boolean | undefined | null;
export interface RequestOptions<S extends z.ZodType | undefined = undefined> {
  body?: unknown;
  query?: Record<string, QueryValue>;
  form?: FormData;
  schema?: S;
  /** false for public endpoints: no Authorization header, no refresh on 401. Default true. */
  auth?: boolean;
  headers?: Record<string, string>;
}
type Result<S> = S extends z.ZodType ? z.infer<S> : unknown;

export interface ApiClientOptions {
  baseUrl?: string;
  /** Called when the session is over (401 after one refresh attempt, 403 LOGGED_IN_ELSEWHERE, 401 PERMISSIONS_CHANGED). */
  onAuthError?: (error: ApiError) => void;
  /** localStorage keys of the tokens: the patient app keeps its own session beside the portal's on the same origin. */
  tokenKeys?: { access: string; refresh: string };
  /** The language the screens are in (sent as Accept-Language: names the server writes follow the same convention). */
  language?: () => string | null | undefined;
}

const REFRESHABLE = new Set(['SESSION_EXPIRED', 'UNAUTHORIZED']);

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = (options.baseUrl ?? '').replace(/\/$/, '');
  let refreshing: Promise<boolean | 'unreachable'> | null = null;
  const keys = options.tokenKeys ?? { access: ACCESS_TOKEN_KEY, refresh: REFRESH_TOKEN_KEY };

  const tokens = {
    access: () => storage()?.getItem(keys.access) ?? null,
    refresh: () => storage()?.getItem(keys.refresh) ?? null,
    has: () => Boolean(storage()?.getItem(keys.access)),
    store(t: TTokenResponse) {
      storage()?.setItem(keys.access, t.access_token);
      storage()?.setItem(keys.refresh, t.refresh_token);
    },
    clear() {
      storage()?.removeItem(keys.access);
      storage()?.removeItem(keys.refresh);
    },
  };

  function url(path: string, query?: Record<string, QueryValue>): string {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(query ?? {}))
      if (v !== undefined && v !== null && v !== '') qs.set(k, String(v));
    const s = qs.toString();
    return `${baseUrl}${path}${s ? `?${s}` : ''}`;
  }

  async function toError(res: Response): Promise<ApiError> {
    let json: unknown = null;
    try {
      json = await res.json();
    } catch {
      /* not JSON (e.g. a proxy's 502 page) */
    }
    const parsed = ZErrorBody.safeParse(json);
    if (parsed.success)
      return new ApiError(
        res.status,
        parsed.data.code,
        parsed.data.message,
        parsed.data.details as ErrorDetails | undefined,
      );
    return new ApiError(
      res.status,
      res.status === 502 ? 'BAD_GATEWAY' : 'INTERNAL',
      res.statusText || 'Request failed',
    );
  }

  async function send(method: string, path: string, opts: RequestOptions<z.ZodType | undefined>): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
    const lang = options.language?.();
    if (lang && !headers['Accept-Language']) headers['Accept-Language'] = lang;
    let body: BodyInit | undefined;
    if (opts.form) body = opts.form;
    else if (opts.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }
    const access = opts.auth === false ? null : tokens.access();
    if (access) headers.Authorization = `Bearer ${access}`;
    try {
      return await fetch(url(path, opts.query), { method, headers, body });
    } catch (e) {
      throw new ApiError(0, 'NETWORK', e instanceof Error ? e.message : 'Network error');
    }
  }

  /**
   * One refresh at a time; concurrent 401s share it. Resolves true when new tokens are stored, false when the server
   * refused the refresh token, 'unreachable' when no answer came (a bad network must not end the session).
   */
  function refreshTokens(): Promise<boolean | 'unreachable'> {
    const refreshToken = tokens.refresh();
    if (!refreshToken) return Promise.resolve(false);
    refreshing ??= (async () => {
      try {
        const res = await send('POST', '/api/auth/refresh-token', {
          body: { refresh_token: refreshToken },
          auth: false,
        });
        if (!res.ok) return res.status >= 500 ? 'unreachable' : false;
        tokens.store(ZTokenResponse.parse(await res.json()));
        return true;
      } catch (e) {
        return e instanceof ApiError && e.code === 'NETWORK' ? 'unreachable' : false;
      } finally {
        refreshing = null;
      }
    })();
    return refreshing;
  }

  function sessionOver(error: ApiError): ApiError {
    tokens.clear();
    options.onAuthError?.(error);
    return error;
  }

  async function raw(
    method: string,
    path: string,
    opts: RequestOptions<z.ZodType | undefined> = {},
  ): Promise<Response> {
    const authed = opts.auth !== false && tokens.has();
    let res = await send(method, path, opts);
    if (res.ok) return res;
    let error = await toError(res);
    if (authed && res.status === 401) {
      const refreshed = REFRESHABLE.has(error.code) ? await refreshTokens() : false;
      if (refreshed === 'unreachable') throw new ApiError(0, 'NETWORK', 'Network error');
      if (refreshed) {
        res = await send(method, path, opts);
        if (res.ok) return res;
        error = await toError(res);
      }
      if (res.status === 401) throw sessionOver(error);
    }
    if (authed && (error.code === 'PERMISSIONS_CHANGED' || error.code === 'LOGGED_IN_ELSEWHERE'))
      throw sessionOver(error);
    throw error;
  }

  async function request<S extends z.ZodType | undefined = undefined>(
    method: string,
    path: string,
    opts: RequestOptions<S> = {},
  ): Promise<Result<S>> {
    const res = await raw(method, path, opts);
    const text = await res.text();
    const json: unknown = text ? JSON.parse(text) : null;
    if (!opts.schema) return json as Result<S>;
    const parsed = opts.schema.safeParse(json);
    if (!parsed.success) throw new ApiError(res.status, 'INVALID_RESPONSE', `Unexpected response from ${path}`);
    return parsed.data as Result<S>;
  }

  const A = '/api/auth';
  const M = '/api/account';

  const withTokens = async (p: Promise<TTokenResponse>) => {
    const t = await p;
    tokens.store(t);
    return t;
  };

  return {
    request,
    tokens,
    // --- auth
    login: (body: { tenant: string; username: string; password: string; remember_me?: boolean }) =>
      withTokens(
        request('POST', `${A}/oauth-token`, {
          body: { ...body, grant_type: 'password' },
          schema: ZTokenResponse,
          auth: false,
          headers: { 'X-Client': 'portal' },
        }),
      ),
    refresh: async () => (await refreshTokens()) === true,
    checkToken: () => request('GET', `${A}/check-token`, { schema: ZCheckTokenResponse }),
    logout: async () => {
      try {
        if (tokens.has()) await send('POST', `${A}/logout`, {});
      } finally {
        tokens.clear();
      }
    },
    otpSendPhone: (body: { tenant: string; phoneNumber: string }) =>
      request('POST', `${A}/oauth/otp/send`, { body, schema: ZOtpSentResponse, auth: false }),
    otpSendMail: (body: { tenant: string; email: string }) =>
      request('POST', `${A}/oauth/otp/mail`, { body, schema: ZOtpSentResponse, auth: false }),
    otpToken: (body: TOtpTokenRequest) =>
      withTokens(
        request('POST', `${A}/oauth/otp/token-web`, {
          body,
          schema: ZTokenResponse,
          auth: false,
          headers: { 'X-Client': 'portal' },
        }),
      ),
    registerOtp: (body: { tenant: string; email: string }) =>
      request('POST', `${A}/oauth/create-verification-token`, { body, auth: false }),
    verifyRegister: (body: { tenant: string; email: string; token: string }) =>
      request('POST', `${A}/oauth/verifyRegisterByEmailOTP`, { body, schema: ZVerifyRegisterResponse, auth: false }),
    register: (body: TRegisterRequest) =>
      request('POST', `${A}/register`, { body, schema: ZRegisterResponse, auth: false }),
    forgotSend: (body: { tenant: string; email: string }) =>
      request('POST', `${A}/forgot-password/send`, { body, auth: false }),
    forgotReset: (body: { tenant: string; email: string; otp: string; newPassword: string; confirmPassword: string }) =>
      request('POST', `${A}/forgot-password/reset`, { body, schema: ZOk, auth: false }),
    permissions: () => request('POST', `${A}/permission`, { schema: ZPermissionResponse }),
    levels: () => request('GET', `${A}/levels`, { schema: ZLevelList }),
    switchLevel: (levelId: string) =>
      withTokens(request('POST', `${A}/switch-level`, { body: { levelId }, schema: ZTokenResponse })),
    tenantSettings: () => request('GET', `${A}/tenant/setting/getAll`, { schema: ZTenantSettings }),
    // --- account
    profile: () => request('GET', `${M}/me/profile/get`, { schema: ZProfile }),
    updateProfile: (body: TUpdateProfileRequest) => request('PUT', `${M}/me/profile`, { body, schema: ZProfile }),
    uploadAvatar: (file: Blob, filename = 'avatar') => {
      const form = new FormData();
      form.append('file', file, filename);
      return request('POST', `${M}/me/profile/upload-avatar`, { form, schema: ZProfile });
    },
    avatar: async (): Promise<Blob> => (await raw('GET', `${M}/me/avatar`)).blob(),
    updateLanguage: (lang: string) =>
      request('POST', `${M}/me/profile/update-language`, { query: { lang }, schema: ZProfile }),
    updateTimezone: (tz: string) =>
      request('POST', `${M}/me/profile/update-time-zone`, { query: { tz }, schema: ZProfile }),
    updateUnits: (body: TUpdateUnitsRequest) =>
      request('POST', `${M}/me/profile/update-units`, { body, schema: ZProfile }),
    changePassword: (body: TChangePasswordRequest) => request('POST', `${M}/change-password`, { body, schema: ZOk }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
