import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ROUTES } from '../routes.ts';
import { startTestApp, type Res, type TestApp } from '../test-support/test-app.ts';
import { createServer, type Started } from '../server.ts';
import { DEMO_PASSWORD } from '../modules/seed/demo.ts';
import { callerFor, fillPath, loginToken, ownParams, permissionsByAccount } from './fuzz-harness.ts';
import { queryString, validSample } from './fuzz-schema.ts';

/**
 * HTTP hardening (issue 14, items 7 and 8), generated from the route table: every route's answer — success or error,
 * signed in as an account holding its permission — carries the security headers; API answers are never cached; the
 * pages of both apps get the Permissions-Policy of their app; HSTS only over TLS; and a forwarded address is believed
 * only from a proxy named in TRUST_PROXY (the audit log records the TCP peer otherwise).
 */

let t: TestApp;
const extra: Started[] = [];
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  for (const s of extra) await s.close();
  await t?.close();
});

const h = (res: Res, name: string) => String(res.headers[name] ?? '');
const directives = (csp: string) =>
  new Map(
    csp
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [k, ...v] = d.split(/\s+/);
        return [k!, v];
      }),
  );

/** What every answer must carry, whatever its status; null when all is there. */
function headerProblems(res: Res): string[] {
  const out: string[] = [];
  const csp = directives(h(res, 'content-security-policy'));
  const scripts = csp.get('script-src') ?? csp.get('default-src');
  if (!scripts) out.push('no CSP script-src/default-src');
  else if (scripts.some((s) => s === "'unsafe-inline'" || s === "'unsafe-eval'" || s === '*' || s.startsWith('http')))
    out.push(`CSP allows scripts from ${scripts.join(' ')}`);
  if ((csp.get('frame-ancestors') ?? []).join(' ') !== "'none'") out.push('CSP frame-ancestors is not none');
  if ((csp.get('object-src') ?? []).join(' ') !== "'none'") out.push('CSP object-src is not none');
  if (h(res, 'x-frame-options') !== 'DENY') out.push('no X-Frame-Options: DENY');
  if (h(res, 'x-content-type-options') !== 'nosniff') out.push('no X-Content-Type-Options: nosniff');
  if (!/^(no-referrer|same-origin|strict-origin(-when-cross-origin)?)$/.test(h(res, 'referrer-policy')))
    out.push(`Referrer-Policy ${h(res, 'referrer-policy') || 'missing'}`);
  if (!h(res, 'permissions-policy')) out.push('no Permissions-Policy');
  return out;
}

/** A feature is allowed by the policy (`camera=(self)`), not switched off (`camera=()`) or absent. */
const allows = (policy: string, feature: string) => new RegExp(`(^|,\\s*)${feature}=\\((?!\\))`).test(policy);

describe('security headers', () => {
  test('every route of the route table answers with the headers; every /api answer with patient data is no-store', async () => {
    const perms = await permissionsByAccount(t.db, 'demo');
    const [tenant] = await t.db.query<{ id: string }>("select id from tenants where code = 'demo'");
    const tokens = new Map<string, string>();
    const failures: string[] = [];
    let checked = 0;
    for (const r of ROUTES) {
      const account = callerFor(r, perms);
      if (account && !tokens.has(account)) tokens.set(account, await loginToken(t, account));
      const token = account ? tokens.get(account) : undefined;
      const q = r.query ? queryString(validSample(r.query, 'query')) : '';
      const url = fillPath(r.url, await ownParams(t.db, tenant!.id, r.url)) + (q ? `?${q}` : '');
      // GET answers for real (patient data among them); writes get a body the parser refuses, so nothing changes.
      const res =
        r.method === 'GET'
          ? await t.call('GET', url, {
              token,
              headers: account === 'patient' || account === 'follower' ? { 'x-client': 'app' } : {},
            })
          : await t.call(r.method, url, { token, headers: { 'content-type': 'application/json' }, payload: '{' });
      checked++;
      const problems = headerProblems(res);
      // Only a route declaring no patient data may cache, and then only privately (the scope list).
      const cc = h(res, 'cache-control');
      if (cc !== 'no-store' && !(r.audit?.phi === 'none' && cc.startsWith('private')))
        problems.push(`Cache-Control ${cc || 'missing'}`);
      if (allows(h(res, 'permissions-policy'), 'camera'))
        problems.push('Permissions-Policy allows the camera on the API');
      if (problems.length) failures.push(`${r.method} ${r.url} → ${res.status}: ${problems.join('; ')}`);
    }
    console.log(`security headers: ${checked} routes checked, ${failures.length} without the headers`);
    expect(checked).toBe(ROUTES.length);
    expect(failures).toEqual([]);
  }, 120_000);

  test('pages: the patient app may use camera, microphone, location and Bluetooth; the portal camera and microphone (video visits) only; the API none', async () => {
    for (const url of ['/app', '/app/home', '/app/contacts/scan']) {
      const res = await t.call('GET', url);
      expect(headerProblems(res), url).toEqual([]);
      for (const f of ['camera', 'microphone', 'geolocation', 'bluetooth'])
        expect(allows(h(res, 'permissions-policy'), f), `${url} ${f}`).toBe(true);
      expect(allows(h(res, 'permissions-policy'), 'payment')).toBe(false);
    }
    for (const url of ['/', '/login', '/patients', '/visits/x']) {
      const res = await t.call('GET', url);
      expect(headerProblems(res), url).toEqual([]);
      for (const f of ['camera', 'microphone'])
        expect(allows(h(res, 'permissions-policy'), f), `${url} ${f}`).toBe(true);
      for (const f of ['geolocation', 'bluetooth', 'payment'])
        expect(allows(h(res, 'permissions-policy'), f), `${url} ${f}`).toBe(false);
    }
    for (const url of ['/api/health', '/api/docs', '/api/nowhere']) {
      const res = await t.call('GET', url);
      expect(headerProblems(res), url).toEqual([]);
      for (const f of ['camera', 'microphone', 'geolocation', 'bluetooth'])
        expect(allows(h(res, 'permissions-policy'), f), `${url} ${f}`).toBe(false);
    }
    // The docs are not patient data: they may be cached; every other /api answer may not.
    expect(h(await t.call('GET', '/api/docs/json'), 'cache-control')).not.toBe('no-store');
    expect(h(await t.call('GET', '/api/nowhere'), 'cache-control')).toBe('no-store');
  });
});

/** A second server on the same database with another configuration (a new process, as far as the test is concerned). */
async function serverWith(config: Partial<Started['deps']['config']>): Promise<Started> {
  const s = await createServer({ db: t.db, clock: t.clock, config: { ...t.deps.config, ...config }, jobs: false });
  extra.push(s);
  return s;
}

async function loginFrom(s: Pick<Started, 'app'>, remoteAddress: string, headers: Record<string, string>) {
  const res = await s.app.inject({
    method: 'POST',
    url: '/api/auth/oauth-token',
    remoteAddress,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify({
      tenant: 'demo',
      username: 'coach@demo.test',
      password: DEMO_PASSWORD,
      grant_type: 'password',
    }),
  });
  expect(res.statusCode).toBe(200);
  const [row] = await t.db.query<{ ip: string }>(
    "select ip from audit_log where action = 'auth.login' and outcome = 'ok' order by created_at desc, id desc limit 1",
  );
  return { ip: row!.ip, hsts: res.headers['strict-transport-security'] };
}

describe('TRUST_PROXY', () => {
  test('off by default: X-Forwarded-For and -Proto are ignored, the audit log records the TCP peer', async () => {
    expect(t.deps.config.trustProxy).toEqual([]);
    const r = await loginFrom(t, '203.0.113.7', { 'x-forwarded-for': '6.6.6.6', 'x-forwarded-proto': 'https' });
    expect(r.ip).toBe('203.0.113.7');
    expect(r.hsts).toBeUndefined();
  });

  test('a named proxy is believed; any other sender is not', async () => {
    t.clock.advance(1000);
    const s = await serverWith({ trustProxy: ['10.0.0.0/8'] });
    const viaProxy = await loginFrom(s, '10.1.2.3', {
      'x-forwarded-for': '198.51.100.20',
      'x-forwarded-proto': 'https',
    });
    expect(viaProxy.ip).toBe('198.51.100.20');
    // Over TLS (as the proxy says): HSTS.
    expect(viaProxy.hsts).toMatch(/^max-age=\d{7,}/);
    t.clock.advance(1000);
    const direct = await loginFrom(s, '203.0.113.9', { 'x-forwarded-for': '6.6.6.6', 'x-forwarded-proto': 'https' });
    expect(direct.ip).toBe('203.0.113.9');
    expect(direct.hsts).toBeUndefined();
  });
});
