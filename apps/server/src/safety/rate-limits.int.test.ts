import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ROUTES } from '../routes.ts';
import type { AnyRoute } from '../platform/route.ts';
import { rateLimitGroupOf } from '../platform/app.ts';
import { RATE_LIMIT_GROUPS, type RateLimitConfig } from '../platform/config.ts';
import { createServer, type Started } from '../server.ts';
import { startTestApp, type TestApp } from '../test-support/test-app.ts';
import { callerFor, fillPath, loginToken, ownParams, permissionsByAccount } from './fuzz-harness.ts';
import { schemaFields } from './schema-sample.ts';

/**
 * Rate limits (issue 14, item 12), generated from the route table: the routes that take a password, a code or a login
 * name, every upload and the connection test are limited; each of them answers 429 RATE_LIMITED with Retry-After past
 * its limit per address AND per account, and again after the window; two server processes on one database share
 * the counts. The other suites run with high limits (vitest.config.ts); this one sets low ones.
 */

const WINDOW_S = 60;
const PER_ADDRESS = 4;
const PER_ACCOUNT = 2;
const HIGH = 1_000_000;
/** Low limits; one of the two pairs made high so that each check is seen alone (a signed-in caller is one account). */
const limits = (perAddress: number, perAccount: number, store?: 'memory' | 'database'): RateLimitConfig => ({
  windowSeconds: WINDOW_S,
  store,
  groups: Object.fromEntries(
    RATE_LIMIT_GROUPS.map((g) => [g, { perAddress, perAccount }]),
  ) as RateLimitConfig['groups'],
});

let t: TestApp;
const servers: Started[] = [];
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  for (const s of servers) await s.close();
  await t?.close();
});

/** Another server process on the same database, with these limits (tokens from the test app stay valid: same key). */
async function serverWith(rateLimits: RateLimitConfig): Promise<Started> {
  const s = await createServer({ db: t.db, clock: t.clock, config: { ...t.deps.config, rateLimits }, jobs: false });
  servers.push(s);
  return s;
}

/** Body fields that make a public route an attack surface: it checks a secret or sends something to a person. */
const CREDENTIAL_FIELDS = ['password', 'otp', 'token', 'username', 'email', 'phone', 'phoneNumber'];
const limited = ROUTES.filter((r) => rateLimitGroupOf(r) !== undefined);
let ip = 0;
const nextIp = () => `198.18.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;

describe('rate limits', () => {
  test('every public route taking a password, a code or a login name, every upload and the connection test is limited', () => {
    const missing: string[] = [];
    for (const r of ROUTES) {
      const fields = r.body && r.bodyKind !== 'multipart' ? schemaFields(r.body) : new Set<string>();
      const credential = r.permission === 'public' && CREDENTIAL_FIELDS.some((f) => fields.has(f));
      const mustLimit = credential || r.bodyKind === 'multipart' || /connection\/test$/.test(r.url);
      if (mustLimit && !rateLimitGroupOf(r)) missing.push(`${r.method} ${r.url}`);
    }
    expect(missing).toEqual([]);
    expect(limited.length).toBeGreaterThan(25);
  });

  test('each limited route: 429 with Retry-After past the limit per address, then per account; free again after the window', async () => {
    const byAddress = await serverWith(limits(PER_ADDRESS, HIGH));
    const byAccount = await serverWith(limits(HIGH, PER_ACCOUNT));
    const perms = await permissionsByAccount(t.db, 'demo');
    const [tenant] = await t.db.query<{ id: string }>("select id from tenants where code = 'demo'");
    const tokens = new Map<string, string>();
    const failures: string[] = [];
    const send = async (s: Started, r: AnyRoute, remoteAddress: string, account: string) => {
      const caller = callerFor(r, perms);
      if (caller && !tokens.has(caller)) tokens.set(caller, await loginToken(t, caller));
      const url = fillPath(r.url, await ownParams(t.db, tenant!.id, r.url));
      const body = {
        tenant: 'demo',
        tenantId: 'demo',
        channel: 'email',
        email: account,
        username: account,
        phoneNumber: account,
        phone: account,
      };
      const res = await s.app.inject({
        method: r.method as 'POST',
        url,
        remoteAddress,
        headers: {
          'content-type': 'application/json',
          ...(caller ? { authorization: `Bearer ${tokens.get(caller)}` } : {}),
          ...(caller === 'patient' ? { 'x-client': 'app' } : {}),
        },
        payload: JSON.stringify(body),
      });
      return {
        status: res.statusCode,
        retryAfter: res.headers['retry-after'],
        code: (JSON.parse(res.body || '{}') as { code?: string }).code,
      };
    };
    const expect429 = (r: AnyRoute, what: string, res: Awaited<ReturnType<typeof send>>) => {
      const after = Number(res.retryAfter);
      if (res.status !== 429 || res.code !== 'RATE_LIMITED' || !(after >= 1 && after <= WINDOW_S))
        failures.push(`${r.method} ${r.url} ${what}: ${res.status} ${res.code} retry-after=${String(res.retryAfter)}`);
    };
    for (const [i, r] of limited.entries()) {
      // Each route starts on fresh windows and fresh sessions (the clock moves three windows per route).
      t.clock.advance(WINDOW_S * 1000);
      tokens.clear();
      // By address: a new account each time, one address.
      const addr = nextIp();
      for (let n = 0; n < PER_ADDRESS; n++) {
        const res = await send(byAddress, r, addr, `a${i}-${n}@rate.test`);
        if (res.code === 'RATE_LIMITED')
          failures.push(`${r.method} ${r.url}: limited after ${n} requests from one address`);
      }
      expect429(r, 'by address', await send(byAddress, r, addr, `a${i}-x@rate.test`));
      t.clock.advance(WINDOW_S * 1000);
      // By account: a new address each time, one account (signed-in routes: the caller; public: the name in the body).
      const account = `b${i}@rate.test`;
      for (let n = 0; n < PER_ACCOUNT; n++) {
        const res = await send(byAccount, r, nextIp(), account);
        // (A second code within 30 s is OTP_TOO_SOON, the code's own rule: not the rate limit.)
        if (res.code === 'RATE_LIMITED')
          failures.push(`${r.method} ${r.url}: limited after ${n} requests for one account`);
      }
      expect429(r, 'by account', await send(byAccount, r, nextIp(), account));
      t.clock.advance(WINDOW_S * 1000);
      const again = await send(byAccount, r, nextIp(), account);
      if (again.code === 'RATE_LIMITED') failures.push(`${r.method} ${r.url}: still limited after the window`);
    }
    console.log(`rate limits: ${limited.length} limited routes, ${failures.length} wrong`);
    expect(failures).toEqual([]);
  }, 120_000);

  test('two server processes on one database share the counts (database store)', async () => {
    const a = await serverWith(limits(PER_ADDRESS, PER_ACCOUNT, 'database'));
    const b = await serverWith(limits(PER_ADDRESS, PER_ACCOUNT, 'database'));
    t.clock.advance(WINDOW_S * 1000);
    const signIn = (s: Started, remoteAddress: string) =>
      s.app.inject({
        method: 'POST',
        url: '/api/auth/oauth-token',
        remoteAddress,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({
          tenant: 'demo',
          username: 'coach@demo.test',
          password: 'Wrong@1234',
          grant_type: 'password',
        }),
      });
    // One account, alternating processes and addresses: the third attempt overall is refused, on either process.
    expect((await signIn(a, '198.19.0.1')).statusCode).toBe(400);
    expect((await signIn(b, '198.19.0.2')).statusCode).toBe(400);
    const third = await signIn(a, '198.19.0.3');
    expect(third.statusCode).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signIn(b, '198.19.0.4')).statusCode).toBe(429);
    // One address, alternating processes: refused past the per-address limit.
    for (let n = 0; n < PER_ADDRESS; n++) {
      const res = await (n % 2 ? a : b).app.inject({
        method: 'POST',
        url: '/api/auth/oauth-token',
        remoteAddress: '198.19.1.1',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({
          tenant: 'demo',
          username: `nobody${n}@demo.test`,
          password: 'Wrong@1234',
          grant_type: 'password',
        }),
      });
      expect(res.statusCode).toBe(400);
    }
    const over = await signIn(b, '198.19.1.1');
    expect(over.statusCode).toBe(429);
    // The counters keep no address or login name in clear.
    const keys = await t.db.query<{ key: string }>('select key from rate_limits');
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.some((k) => /198\.19|coach|@/.test(k.key))).toBe(false);
  });
});
