import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { PermissionId } from '@carewatch/contracts/permissions';
import type { AuthedCtx, Ctx, DeviceOrUserCtx } from './context.ts';
import type { RateLimitGroup } from './config.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Maybe<S> = S extends z.ZodType ? z.infer<S> : undefined;

export type RouteInput<B, Q, P> = {
  body: Maybe<B>;
  query: Maybe<Q>;
  params: Maybe<P>;
  req: FastifyRequest;
  reply: FastifyReply;
};

type Common<B, Q, P, R extends z.ZodType> = {
  method: Method;
  url: string;
  summary: string;
  tags: string[];
  body?: B;
  query?: Q;
  params?: P;
  /** Schema of the success body; `raw` routes send their own reply (files) and give z.unknown(). */
  response: R;
  status?: 200 | 201;
  /** multipart: the handler reads the upload itself; form: JSON or urlencoded. */
  bodyKind?: 'json' | 'multipart' | 'form';
  raw?: boolean;
  /** Keep the exact body bytes (raw-body.ts rawBodyOf) for a signature check over them (webhooks). */
  rawBody?: boolean;
  /**
   * Rate limit group (per address and per account: the login name the body names, or the signed-in user). Multipart
   * routes are in 'upload' unless they name another group.
   */
  rateLimit?: RateLimitGroup;
  /** The OpenAPI operationId (camelCase, unique); by default derived from method + url (openapi.ts operationIdOf). */
  operationId?: string;
  /**
   * What the route answers, for the OpenAPI document: file kinds ('xlsx', 'png'…, see openapi.ts) or media types. A
   * `raw` route without it is documented as application/octet-stream; any other answers application/json by default.
   */
  produces?: ReadonlyArray<FileKind | `${string}/${string}`>;
};

/** Short names of the files raw routes answer (openapi.ts maps them to media types); 'redirect' is a 303 to a page. */
export type FileKind =
  | 'xlsx'
  | 'csv'
  | 'pdf'
  | 'png'
  | 'jpeg'
  | 'gif'
  | 'webp'
  | 'image'
  | 'audio'
  | 'txt'
  | 'html'
  | 'json'
  | 'zip'
  | 'ndjson'
  | 'file'
  | 'redirect';

/**
 * What a route does with patient data, for the access trail (HIPAA 164.312(b)): 'read', 'write' or 'export' writes
 * one audit row per call whatever its outcome (who, tenant, role, patient ids, route, outcome, time, address);
 * 'none' declares the route holds no patient data (denied attempts are still written). Required on every signed-in
 * route, so a new one cannot forget it; the safety suite (phi-audit.int.test.ts) checks the declarations against the
 * route's URL and response schema.
 */
export type RouteAudit =
  | {
      phi: 'read' | 'write' | 'export';
      /** The patients concerned when the default (path, query, body and answer `patientId` fields) does not find them. */
      patients?: (io: {
        params: unknown;
        query: unknown;
        body: unknown;
        result: unknown;
      }) => ReadonlyArray<string | null | undefined>;
    }
  | { phi: 'none' };
type Audited = { audit: RouteAudit };

/** What the route table holds. `permission` is a permission id or 'public': nothing else compiles. */
export type AnyRoute = Common<z.ZodType | undefined, z.ZodType | undefined, z.ZodType | undefined, z.ZodType> & {
  /** Required on signed-in routes; public routes (sign-in, registration) audit what they do themselves. */
  audit?: RouteAudit;
  permission: PermissionId | 'public';
  /** Also accepts a cellular device's `Authorization: Basic base64(deviceId:secret)` (ctx.device) instead of a user token. */
  deviceAuth?: boolean;
  handler: (
    input: { body: unknown; query: unknown; params: unknown; req: FastifyRequest; reply: FastifyReply },
    ctx: Ctx,
  ) => Promise<unknown>;
};

export function defineRoute<
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
  R extends z.ZodType = z.ZodType,
>(
  def: Common<B, Q, P, R> &
    Audited & {
      permission: PermissionId;
      handler: (input: RouteInput<B, Q, P>, ctx: AuthedCtx) => Promise<z.infer<R>>;
    },
): AnyRoute {
  return def as unknown as AnyRoute;
}

export function definePublicRoute<
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
  R extends z.ZodType = z.ZodType,
>(def: Common<B, Q, P, R> & { handler: (input: RouteInput<B, Q, P>, ctx: Ctx) => Promise<z.infer<R>> }): AnyRoute {
  return { ...def, permission: 'public' } as unknown as AnyRoute;
}

/**
 * A route callable by a user holding `permission` (Bearer token, ctx.auth) OR by a cellular device with its
 * credentials (`Authorization: Basic base64(deviceId:secret)`, ctx.device; wrong ones answer 401 DEVICE_AUTH_FAILED).
 */
export function defineDeviceRoute<
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
  R extends z.ZodType = z.ZodType,
>(
  def: Common<B, Q, P, R> &
    Audited & {
      permission: PermissionId;
      handler: (input: RouteInput<B, Q, P>, ctx: DeviceOrUserCtx) => Promise<z.infer<R>>;
    },
): AnyRoute {
  return { ...def, deviceAuth: true } as unknown as AnyRoute;
}
