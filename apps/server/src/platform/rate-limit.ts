import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { Clock } from './clock.ts';
import type { Db } from './db.ts';
import type { RateLimitGroup, RateLimitConfig } from './config.ts';
import { AppError } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The key the next rate-limit check counts on (set just before it). */
    rateLimitKey: string;
  }
}

type Hit = { current: number; ttl: number };
type Incr = (key: string, windowMs: number) => Promise<Hit>;

/**
 * Counters shared by every server process: one row per key, an atomic upsert that counts within the window and
 * starts a new window once the old one has passed. Keys are stored hashed (they hold addresses and login names).
 */
export function databaseCounter(db: Db, clock: Clock, pepper: string): Incr {
  let calls = 0;
  return async (key, windowMs) => {
    const now = clock.now();
    const rows = await db.query<{ hits: number; reset_at: Date }>(
      `insert into rate_limits as r (key, hits, reset_at) values ($1, 1, $3)
       on conflict (key) do update set
         hits = case when r.reset_at <= $2 then 1 else r.hits + 1 end,
         reset_at = case when r.reset_at <= $2 then $3 else r.reset_at end
       returning hits, reset_at`,
      [crypto.createHmac('sha256', pepper).update(key).digest('hex'), now, new Date(now.getTime() + windowMs)],
    );
    // Now and then, forget the windows that have passed (any process may do it).
    if (++calls % 500 === 0) await db.query('delete from rate_limits where reset_at < $1', [now]);
    const r = rows[0]!;
    return { current: Number(r.hits), ttl: Math.max(0, r.reset_at.getTime() - now.getTime()) };
  };
}

/** The same counting in this process's memory (the embedded database serves one process anyway). */
export function memoryCounter(clock: Clock): Incr {
  const map = new Map<string, { hits: number; resetAt: number }>();
  return async (key, windowMs) => {
    const now = clock.now().getTime();
    if (map.size > 50_000) for (const [k, v] of map) if (v.resetAt <= now) map.delete(k);
    let e = map.get(key);
    if (!e || e.resetAt <= now) {
      e = { hits: 0, resetAt: now + windowMs };
      map.set(key, e);
    }
    e.hits++;
    return { current: e.hits, ttl: e.resetAt - now };
  };
}

/**
 * A store of @fastify/rate-limit over one of the counters above (the plugin's store interface, with our clock). The
 * plugin passes the window as a third argument its types leave out.
 */
function storeOver(incr: Incr, windowMs: number) {
  return class CounterStore {
    incr(key: string, cb: (err: Error | null, res?: Hit) => void, timeWindow?: number): void {
      incr(key, timeWindow ?? windowMs).then(
        (r) => cb(null, r),
        (e: unknown) => cb(e instanceof Error ? e : new Error(String(e))),
      );
    }
    child(): CounterStore {
      return new CounterStore();
    }
  };
}

/** What a route answers to rate limiting: a check by the caller's address, and one by the account it names or is. */
export type RateLimiter = {
  byAddress(group: RateLimitGroup, req: FastifyRequest, reply: FastifyReply): Promise<void>;
  byAccount(group: RateLimitGroup, account: string | null, req: FastifyRequest, reply: FastifyReply): Promise<void>;
};

/**
 * Rate limits (@fastify/rate-limit's counting over our store): per group (sign-in, codes, registration, reset,
 * connection test, uploads), per address AND per account, over one window. Exceeded → 429 RATE_LIMITED with
 * Retry-After. The database store when the server runs on PostgreSQL (several processes share the counts).
 */
export async function registerRateLimits(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; pepper: string; config: { rateLimits: RateLimitConfig } },
): Promise<RateLimiter> {
  const cfg = deps.config.rateLimits;
  const store = cfg.store ?? (deps.db.kind === 'pg' ? 'database' : 'memory');
  const incr = store === 'database' ? databaseCounter(deps.db, deps.clock, deps.pepper) : memoryCounter(deps.clock);
  const windowMs = cfg.windowSeconds * 1000;
  await app.register(rateLimit, { global: false, store: storeOver(incr, windowMs), skipOnError: false });
  app.decorateRequest('rateLimitKey', '');
  const limiters = new Map<string, ReturnType<FastifyInstance['createRateLimit']>>();
  const limiter = (group: RateLimitGroup, kind: 'address' | 'account') => {
    const id = `${group}:${kind}`;
    let l = limiters.get(id);
    if (!l) {
      const max = kind === 'address' ? cfg.groups[group].perAddress : cfg.groups[group].perAccount;
      l = app.createRateLimit({ max, timeWindow: windowMs, keyGenerator: (req) => req.rateLimitKey });
      limiters.set(id, l);
    }
    return l;
  };
  const check = async (
    group: RateLimitGroup,
    kind: 'address' | 'account',
    key: string,
    req: FastifyRequest,
    reply: FastifyReply,
  ) => {
    req.rateLimitKey = `${group}|${kind}|${key}`;
    const r = await limiter(group, kind)(req);
    if (!r.isAllowed && r.isExceeded) {
      const seconds = Math.max(1, r.ttlInSeconds);
      reply.header('retry-after', String(seconds));
      throw new AppError('RATE_LIMITED', { retryAfter: seconds, limit: kind });
    }
  };
  return {
    byAddress: (group, req, reply) => check(group, 'address', req.ip, req, reply),
    byAccount: async (group, account, req, reply) => {
      if (account) await check(group, 'account', account, req, reply);
    },
  };
}

/**
 * The account a public request is about: the tenant code and the login name, e-mail or phone it names (as typed,
 * trimmed and lower-cased), or null. Read from the raw body, before validation, so junk counts too.
 */
export function accountOfBody(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim().toLowerCase() : null);
  const tenant = str(b.tenant) ?? str(b.tenantId) ?? '';
  const name =
    b.channel === 'phone'
      ? str(b.phone)
      : b.channel === 'email'
        ? str(b.email)
        : (str(b.username) ?? str(b.email) ?? str(b.phoneNumber) ?? str(b.phone));
  return name ? `${tenant}|${name}` : null;
}
