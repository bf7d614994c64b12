import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fastifyStatic from '@fastify/static';
import { z } from 'zod';
import type { AnyRoute } from './route.ts';
import { buildOpenApi, type OpenApiDocument } from './openapi.ts';
import type { Ctx, Deps } from './context.ts';
import { AppError, isMalformedMultipart, validationError } from './errors.ts';
import { authenticate, bearerToken } from './authenticate.ts';
import { newId } from './ids.ts';
import { registerRealtime, type HubOptions } from './ws.ts';
import { auditAccess, patientIdsOf } from './access-audit.ts';
import { registerSecurityHeaders } from './security-headers.ts';
import { keepRawBody } from './raw-body.ts';
import { accountOfBody, registerRateLimits, type RateLimiter } from './rate-limit.ts';
import { PRECOMPRESSED_FILE, registerCompression } from './compression.ts';
import { isFhirUrl, registerFhirSpace } from './fhir-http.ts';

const openApiDocuments = new WeakMap<readonly AnyRoute[], OpenApiDocument>();
/** The OpenAPI document of a route table (built once). */
export function openApiDocumentOf(routes: readonly AnyRoute[]): OpenApiDocument {
  let doc = openApiDocuments.get(routes);
  if (!doc) openApiDocuments.set(routes, (doc = buildOpenApi(routes, { rateLimitGroupOf })));
  return doc;
}

function ctxFor(deps: Deps, req: FastifyRequest): Ctx {
  return { ...deps, requestId: req.id, ip: req.ip, auth: null };
}

export type AppOptions = { logger?: boolean; serveWeb?: boolean; realtime?: HubOptions };

/** Builds the HTTP app: API routes (each declaring permission or public), OpenAPI, the two web apps. */
export async function buildApp(deps: Deps, routes: AnyRoute[], opts: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger
      ? {
          level: deps.config.logLevel,
          // Never log secrets or tokens: no headers, no bodies, no query strings (they may carry tokens).
          serializers: { req: (r: FastifyRequest) => ({ method: r.method, url: r.url.split('?')[0], id: r.id }) },
        }
      : false,
    genReqId: () => newId(),
    bodyLimit: 1024 * 1024,
    // X-Forwarded-For/-Proto count only when sent by a proxy named in TRUST_PROXY: anyone else could write any address
    // into the audit log (or claim TLS).
    trustProxy: deps.config.trustProxy.length > 0 ? [...deps.config.trustProxy] : false,
  });
  await registerSecurityHeaders(app);
  // The FHIR URL space (/fhir/R4): FHIR's media type, errors as OperationOutcome (before compression sees the body).
  registerFhirSpace(app);
  // Before any route: the plugin attaches itself to each route as it is added.
  await registerCompression(app);
  const limiter = await registerRateLimits(app, deps);

  // Validation is ours (Zod, with the 400 shape); the JSON schemas are for the docs only.
  app.setValidatorCompiler(() => () => true);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  // Only JSON, form and multipart bodies are understood; anything else is 415.
  app.removeContentTypeParser('text/plain');
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 20 } });
  // The document is built from the route table (openapi.ts) on its first request, not at start: the plugin serves it.
  await app.register(swagger, {
    mode: 'static',
    specification: { document: { openapi: '3.1.0', info: { title: 'CareWatch API', version: '0.1.0' }, paths: {} } },
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    transformSpecificationClone: false,
    transformSpecification: () => openApiDocumentOf(routes),
  });
  await registerRealtime(app, deps, opts.realtime ?? {});

  app.setErrorHandler((err: FastifyError | AppError | Error, req, reply) => {
    if (err instanceof AppError) return reply.status(err.status).send(err.toBody());
    const fe = err as FastifyError;
    if (fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
      return reply.status(415).send({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Unsupported content type' });
    if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || fe.code === 'FST_REQ_FILE_TOO_LARGE')
      return reply.status(413).send({ code: 'FILE_TOO_LARGE', message: 'File invalid size' });
    if (req.isMultipart() && isMalformedMultipart(err))
      return reply.status(400).send(new AppError('VALIDATION_ERROR', { field: 'file', rule: 'malformed' }).toBody());
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      return reply.status(fe.statusCode).send({
        code: 'VALIDATION_ERROR',
        message: 'Invalid request parameter',
        details: { field: 'body', rule: 'malformed' },
      });
    }
    req.log.error({ err: { message: err.message, stack: err.stack } }, 'unhandled error');
    return reply
      .status(500)
      .send({ code: 'INTERNAL', message: 'Something went wrong. Please contact technical support' });
  });

  for (const r of routes) registerRoute(app, deps, r, limiter);

  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || isFhirUrl(req.url))
      return reply.status(404).send({ code: 'NOT_FOUND', message: 'Not found' });
    return serveSpa(deps, req.url, reply);
  });

  if (opts.serveWeb !== false) {
    for (const [prefix, dir] of webDirs(deps)) {
      if (!fs.existsSync(dir)) continue;
      await app.register(fastifyStatic, {
        root: dir,
        prefix,
        decorateReply: prefix === '/',
        index: ['index.html'],
        wildcard: true,
        // Our own header (the plugin's default would replace it): Vite's content-hashed files under assets/ are
        // immutable; everything else (HTML, the service worker, the manifest, icons, sounds) is revalidated, so a
        // rebuild shows at once.
        cacheControl: false,
        // The .br/.gz written beside each text file at build time (scripts/precompress.mjs) are sent as they are; the
        // same address then answers by Accept-Encoding, which caches must know (Vary).
        preCompressed: true,
        setHeaders: (res, file) => {
          res.setHeader(
            'cache-control',
            /[\\/]assets[\\/][^\\/]+$/.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
          if (PRECOMPRESSED_FILE.test(file)) res.setHeader('vary', 'accept-encoding');
        },
      });
    }
  }
  return app;
}

function webDirs(deps: Deps): Array<[string, string]> {
  return [
    ['/', deps.config.portalDist],
    ['/app/', deps.config.mobileDist],
  ];
}

function serveSpa(deps: Deps, url: string, reply: import('fastify').FastifyReply) {
  const pathname = url.split('?')[0] ?? '/';
  // A missing file (a path whose last segment has an extension) is a 404, not the app's page.
  if (/\.[a-z0-9]+$/i.test(pathname.split('/').pop() ?? ''))
    return reply.status(404).type('text/plain').send('Not found');
  const isApp = pathname === '/app' || pathname.startsWith('/app/');
  const dir = isApp ? deps.config.mobileDist : deps.config.portalDist;
  const index = path.join(dir, 'index.html');
  if (!fs.existsSync(index))
    return reply.status(404).type('text/plain').send('The web app is not built: run `npm run build`.');
  return reply.type('text/html').header('cache-control', 'no-cache').send(fs.createReadStream(index));
}

/** The access-row writer of a file download in flight (written from onSend, before the file's bytes). */
const fileTrails = new WeakMap<FastifyRequest, (status: number, code: string | null) => Promise<void>>();

/** The rate-limit group of a route: its own, or 'upload' for any multipart route. */
export const rateLimitGroupOf = (r: AnyRoute) => r.rateLimit ?? (r.bodyKind === 'multipart' ? 'upload' : undefined);

function registerRoute(app: FastifyInstance, deps: Deps, r: AnyRoute, limiter: RateLimiter) {
  const status = r.status ?? 200;
  const limitGroup = rateLimitGroupOf(r);
  // The route's schemas are Zod (checked in handle below); the OpenAPI document is built from the table (openapi.ts).
  app.route({
    method: r.method,
    url: r.url,
    // What the route holds, for the headers (security-headers.ts: only a route without patient data may be cached).
    config: { phi: r.audit?.phi ?? 'public' },
    ...(r.rawBody ? { preParsing: keepRawBody } : {}),
    // Files (raw routes) are downloads the browser must never render or sniff as HTML/SVG, whatever was uploaded.
    ...(r.raw
      ? {
          onSend: async (req: FastifyRequest, reply: import('fastify').FastifyReply, payload: unknown) => {
            if (reply.statusCode < 400) {
              if (!reply.hasHeader('content-disposition')) reply.header('content-disposition', 'attachment');
              reply.header('x-content-type-options', 'nosniff');
              // A file's access row is written before its first byte leaves (the handler sends it itself).
              await fileTrails.get(req)?.(reply.statusCode, null);
            }
            return payload;
          },
        }
      : {}),
    handler: async (req, reply) => {
      const ctx = ctxFor(deps, req);
      // The access trail (access-audit.ts): one row per call of a patient-data route, and per denied call of any other.
      const io: { params: unknown; query: unknown; body: unknown; result: unknown } = {
        params: req.params,
        query: req.query,
        body: undefined,
        result: undefined,
      };
      const trail = async (status: number, code: string | null) => {
        if (r.permission === 'public') return;
        const patients = patientIdsOf(r, io);
        if (patients.length === 0 && ctx.device?.patientId) patients.push(ctx.device.patientId);
        await auditAccess(ctx, r, patients, { status, code });
      };
      if (r.raw) fileTrails.set(req, trail);
      try {
        const out = await handle(ctx, req, reply, io);
        if (r.raw) return reply;
        // A 200 route's handler may answer 201 (an idempotent create: 201 the first time, 200 on a repeat).
        const sent = status === 200 && reply.statusCode === 201 ? 201 : status;
        await trail(sent, null);
        return reply.status(sent).send(out);
      } catch (e) {
        const st = e instanceof AppError ? e.status : ((e as { statusCode?: number }).statusCode ?? 500);
        await trail(st, e instanceof AppError ? e.code : st >= 500 ? 'INTERNAL' : null);
        throw e;
      }
    },
  });

  async function handle(
    ctx: Ctx,
    req: FastifyRequest,
    reply: FastifyReply,
    io: { body: unknown; result: unknown },
  ): Promise<unknown> {
    // By address first (before any work), by account once the account is known.
    if (limitGroup) await limiter.byAddress(limitGroup, req, reply);
    const basic = r.deviceAuth ? basicCredentials(req) : null;
    if (basic) {
      const device = await deps.ports.verifyDeviceSecret(deps.db, deps.pepper, basic.user, basic.password);
      if (!device) throw new AppError('DEVICE_AUTH_FAILED');
      ctx.device = device;
    } else if (r.permission !== 'public') {
      if (r.deviceAuth) ctx.device = null;
      ctx.auth = await authenticate(deps, bearerToken(req));
      // The screen's language, when the client says it (names and texts the server writes match what it shows).
      const lang = screenLanguage(req.headers['accept-language']);
      if (lang) ctx.auth.language = lang;
      if (!ctx.auth.permissions.has(r.permission))
        throw new AppError('PERMISSION_DENIED', { permission: r.permission });
    }
    if (limitGroup)
      await limiter.byAccount(
        limitGroup,
        ctx.auth ? `user:${ctx.auth.userId}` : ctx.device ? `device:${ctx.device.deviceId}` : accountOfBody(req.body),
        req,
        reply,
      );
    if (r.bodyKind === 'multipart' && !req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
    // A multipart body sent to a JSON route is the wrong content type, not an empty body.
    if (r.bodyKind !== 'multipart' && req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
    const parse = (s: z.ZodType | undefined, v: unknown, where: 'body' | 'query' | 'params') => {
      if (!s) return undefined;
      const res = s.safeParse(v ?? {});
      if (!res.success) throw validationError(res.error, where);
      return res.data;
    };
    const input = {
      body: r.bodyKind === 'multipart' ? undefined : parse(r.body, req.body, 'body'),
      query: parse(r.query, req.query, 'query'),
      params: parse(r.params, req.params, 'params'),
      req,
      reply,
    };
    io.body = input.body;
    const out = await r.handler(input, ctx);
    if (r.raw) return undefined;
    io.result = r.response.parse(out);
    return io.result;
  }
}

/** `Authorization: Basic base64(user:password)`, or null when the header is not Basic (malformed Basic → 401). */
function basicCredentials(req: FastifyRequest): { user: string; password: string } | null {
  const h = req.headers.authorization;
  if (!h || !/^Basic\s+/i.test(h)) return null;
  const decoded = Buffer.from(h.replace(/^Basic\s+/i, '').trim(), 'base64').toString('utf8');
  const i = decoded.indexOf(':');
  if (i <= 0) throw new AppError('DEVICE_AUTH_FAILED');
  return { user: decoded.slice(0, i), password: decoded.slice(i + 1) };
}

/** `vi`, `en` (also `en-CA`, `vi-VN`) from an Accept-Language header's first entry; null for anything else. */
export function screenLanguage(header: string | string[] | undefined): string | null {
  const first = (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim().toLowerCase() ?? '';
  if (first.startsWith('vi')) return 'vi';
  if (first.startsWith('en')) return 'en';
  return null;
}
