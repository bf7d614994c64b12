import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { createServer, type Started } from '../../server.ts';
import { DEMO_PASSWORD } from '../seed/demo.ts';
import { ingestReadings } from '../vitals/ingest.service.ts';
import * as repo from './webhooks.repo.ts';
import { verifyWebhookSignature } from './webhooks.signing.ts';
import {
  drainWebhooks,
  runDueWebhooks,
  WEBHOOK_BACKOFF_MS,
  WEBHOOK_LOCK_MS,
  WEBHOOK_MAX_ATTEMPTS,
} from './webhooks.worker.ts';
import { checkTarget } from './webhooks.target.ts';

const W = '/api/account/webhooks';
type Received = {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  json: { id: string; type: string; occurredAt: string; tenantId: string; data: Record<string, unknown> };
};
type Endpoint = { id: string; url: string; events: string[]; enabled: boolean; previousSecretExpiresAt: string | null };
type Delivery = {
  id: string;
  eventId: string;
  eventType: string;
  status: string;
  attempts: number;
  nextAttemptAt: string | null;
  lastStatusCode: number | null;
  replayOf: string | null;
  attemptLog: Array<{ attempt: number; statusCode: number | null; error: string | null }>;
};

let t: TestApp;
let receiver: http.Server;
let base: string;
const received: Received[] = [];
/** Answer of the receiver per path (default 200). */
const answers = new Map<string, () => number>();
let admin: string;
let admin2: string;
let doctor: string;
let cskh: string;
let patientApp: string;
let patientId: string;
let tenantId: string;
let minute = 0;
const at = () => new Date(t.clock.now().getTime() - 60 * 60_000 + minute++ * 1000).toISOString();
const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000);
const ALL = [
  'alert.opened',
  'alert.escalated',
  'alert.acknowledged',
  'alert.closed',
  'sos.opened',
  'sos.closed',
  'patient.status_changed',
  'reading.rejected',
];

async function signIn() {
  admin = (await t.login('superadmin')).access;
  admin2 = (await t.login('superadmin', 'demo2')).access;
  doctor = (await t.login('doctor')).access;
  cskh = (await t.login('cskh')).access;
  const app = await t.call('POST', '/api/auth/oauth-token', {
    body: { tenant: 'demo', username: 'patient@demo.test', password: DEMO_PASSWORD, grant_type: 'password' },
    headers: { 'x-client': 'app' },
  });
  patientApp = String(app.body.access_token);
}
async function ingest(metric: string, value: number) {
  const res = await t.call('POST', '/api/ingest/measurements', {
    token: patientApp,
    body: { readings: [{ metric, measuredAt: at(), value }] },
  });
  expect(res.status, res.raw).toBe(200);
  expect(res.body.accepted).toBe(1);
}
const create = (body: Record<string, unknown>, token = admin) => t.post(W, body, token);
const deliveriesOf = async (id: string) =>
  (await t.get(`${W}/${id}/deliveries?size=200`, admin)).body.items as Delivery[];
const receivedAt = (path: string) => received.filter((r) => r.path === path);

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ path: req.url ?? '', headers: req.headers, body, json: JSON.parse(body) as Received['json'] });
      res.statusCode = answers.get(req.url ?? '')?.() ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  t = await startTestApp({ config: { webhookAllowedHosts: ['127.0.0.1'] } });
  await signIn();
  const rows = await t.db.query<{ id: string; tenant_id: string }>(
    "select p.id, p.tenant_id from patients p join tenants x on x.id = p.tenant_id where x.code = 'demo' and p.patient_code = 'DEMO-P0001'",
  );
  patientId = rows[0]!.id;
  tenantId = rows[0]!.tenant_id;
  await t.db.query("update patients set status = 'normal' where id = $1", [patientId]);
});
afterAll(async () => {
  await t?.close();
  await new Promise((r) => receiver?.close(r));
});

describe('webhook endpoints', () => {
  test('the URL must be https to a public address unless allow-listed: 400 naming the field', async () => {
    const saved = t.deps.config.webhookAllowedHosts;
    t.deps.config.webhookAllowedHosts = [];
    try {
      for (const [url, rule] of [
        [`${base}/hook`, 'https'],
        ['https://127.0.0.1/hook', 'private_address'],
        ['https://10.1.2.3/hook', 'private_address'],
        ['https://169.254.169.254/latest/meta-data', 'private_address'],
        ['https://[::1]/hook', 'private_address'],
        ['http://example.com/hook', 'https'],
        ['https://user:pw@example.com/hook', 'invalid'],
      ] as const) {
        const res = await create({ url, events: ['alert.opened'] });
        expect(res.status, url).toBe(400);
        expect(res.body, url).toMatchObject({ code: 'WEBHOOK_URL_NOT_ALLOWED', details: { field: 'url', rule } });
      }
      const notUrl = await create({ url: 'not a url', events: ['alert.opened'] });
      expect(notUrl.status).toBe(400);
      expect(notUrl.body.details?.field).toBe('url');
      const noEvents = await create({ url: 'https://example.com/hook', events: [] });
      expect(noEvents.body.details?.field).toBe('events');
      const badEvent = await create({ url: 'https://example.com/hook', events: ['alert.nope'] });
      expect(badEvent.body.details?.field).toBe('events.0');
    } finally {
      t.deps.config.webhookAllowedHosts = saved;
    }
    // A name resolving to a private address is refused (DNS answers are checked, and the checked address is used).
    expect(
      await checkTarget({ webhookAllowedHosts: [] }, 'https://rebind.example/x', async () => [
        '93.184.216.34',
        '10.0.0.1',
      ]),
    ).toEqual({ ok: false, rule: 'private_address' });
    const ok = await checkTarget({ webhookAllowedHosts: [] }, 'https://hooks.example/x', async () => ['93.184.216.34']);
    expect(ok).toMatchObject({ ok: true, address: '93.184.216.34' });
    expect(await checkTarget({ webhookAllowedHosts: [] }, 'https://[::ffff:127.0.0.1]/x')).toEqual({
      ok: false,
      rule: 'private_address',
    });
  });

  test("only admins manage webhooks; another tenant's endpoints answer 404", async () => {
    expect((await t.get(W, doctor)).status).toBe(403);
    expect((await create({ url: `${base}/x`, events: ['alert.opened'] }, doctor)).status).toBe(403);
    const res = await create({ url: `${base}/iso`, events: ['alert.opened'], description: 'isolation' });
    expect(res.status, res.raw).toBe(201);
    const id = (res.body.endpoint as Endpoint).id;
    for (const [method, url] of [
      ['GET', `${W}/${id}`],
      ['PATCH', `${W}/${id}`],
      ['DELETE', `${W}/${id}`],
      ['POST', `${W}/${id}/rotate-secret`],
      ['POST', `${W}/${id}/test`],
      ['GET', `${W}/${id}/deliveries`],
    ] as const) {
      const r = await t.call(method, url, {
        token: admin2,
        ...(method === 'PATCH' ? { body: { enabled: false } } : method === 'POST' ? { body: {} } : {}),
      });
      expect(r.status, `${method} ${url}`).toBe(404);
      expect(r.body.code).toBe('WEBHOOK_NOT_FOUND');
    }
    expect(((await t.get(W, admin2)).body.items as Endpoint[]).some((e) => e.id === id)).toBe(false);
    expect((await t.call('DELETE', `${W}/${id}`, { token: admin })).status).toBe(200);
    expect((await t.get(`${W}/${id}`, admin)).status).toBe(404);
  });
});

describe('delivery', () => {
  let endpoint: Endpoint;
  let secret: string;

  test('every event reaches the endpoint once, signed, in order per alert, across a server restart and with two processes', async () => {
    const res = await create({ url: `${base}/hook`, events: ALL, description: 'EHR bridge' });
    expect(res.status, res.raw).toBe(201);
    endpoint = res.body.endpoint as Endpoint;
    secret = String(res.body.secret);
    expect(secret).toMatch(/^whsec_/);
    // The secret is stored sealed, never plain, and never answered again.
    const stored = (
      await t.db.query<{ secret_sealed: string }>('select secret_sealed from webhook_endpoints where id = $1', [
        endpoint.id,
      ])
    )[0]!;
    expect(stored.secret_sealed).not.toContain(secret);
    expect(JSON.stringify((await t.get(W, admin)).body)).not.toContain(secret);

    // An at-risk alert, acknowledged, raised to SOS (SOS case), the case closed by customer care.
    await ingest('heart_rate', 105);
    const alert = (
      await t.db.query<{ id: string }>(
        "select id from alerts where patient_id = $1 and status <> 'closed' and metric = 'heart_rate'",
        [patientId],
      )
    )[0]!;
    expect((await t.post(`/api/account/alerts/${alert.id}/ack`, { note: 'seen' }, doctor)).status).toBe(200);

    // Process A delivers the first event of each key; then it claims the next ones and dies before sending them.
    expect(await runDueWebhooks(t.deps)).toBeGreaterThan(0);
    await ingest('heart_rate', 200);
    const sosCase = (
      await t.db.query<{ sos_case_id: string }>('select sos_case_id from alerts where id = $1', [alert.id])
    )[0]!.sos_case_id;
    expect(sosCase).toBeTruthy();
    const close = await t.post(
      `/api/account/sos-cases/${sosCase}/close`,
      { outcome: 'help_sent', note: 'ambulance' },
      cskh,
    );
    expect(close.status, close.raw).toBe(200);
    const now = t.clock.now();
    const abandoned = await repo.claimDue(t.db, now, new Date(now.getTime() + WEBHOOK_LOCK_MS), 100);
    expect(abandoned.length).toBeGreaterThan(0);

    // "Restart": a second server on the same database (the first one's claims are held until their lease ends).
    const b: Started = await createServer({ db: t.db, clock: t.clock, config: { ...t.deps.config }, jobs: false });
    try {
      expect(await runDueWebhooks(b.deps)).toBe(0);
      t.clock.advance(WEBHOOK_LOCK_MS + 1);
      // Two processes drain at once: each delivery goes out from one of them only.
      await Promise.all([drainWebhooks(b.deps), drainWebhooks(t.deps)]);
    } finally {
      await b.close();
    }
    await signIn();

    const events = await t.db.query<{ id: string; type: string; aggregate_key: string }>(
      'select id, type, aggregate_key from webhook_events where tenant_id = $1 order by seq',
      [tenantId],
    );
    const got = receivedAt('/hook');
    // Once each.
    expect(got.map((r) => r.json.id).sort()).toEqual(events.map((e) => e.id).sort());
    // Signed (the README's verification), with the event headers.
    for (const r of got) {
      expect(verifyWebhookSignature(secret, String(r.headers['carewatch-signature']), r.body, nowSeconds())).toBe(true);
      expect(
        verifyWebhookSignature('whsec_wrong', String(r.headers['carewatch-signature']), r.body, nowSeconds()),
      ).toBe(false);
      expect(r.headers['carewatch-event-id']).toBe(r.json.id);
      expect(r.headers['carewatch-event-type']).toBe(r.json.type);
      expect(r.json.tenantId).toBe(tenantId);
    }
    // In order per alert: the alert's events arrive in the order they happened.
    const alertEvents = events.filter((e) => e.aggregate_key === `alert:${alert.id}`);
    expect(got.filter((r) => r.json.data.alertId === alert.id).map((r) => r.json.id)).toEqual(
      alertEvents.map((e) => e.id),
    );
    const types = alertEvents.map((e) => e.type);
    expect(types[0]).toBe('alert.opened');
    expect(types).toContain('alert.acknowledged');
    expect(types).toContain('alert.escalated');
    expect(types.indexOf('sos.opened')).toBeGreaterThan(types.indexOf('alert.acknowledged'));
    expect(types.slice(-2)).toEqual(['sos.closed', 'alert.closed']);
    const statuses = got
      .filter((r) => r.json.type === 'patient.status_changed')
      .map((r) => `${String(r.json.data.from)}>${String(r.json.data.to)}`);
    expect(statuses).toEqual(['normal>at_risk', 'at_risk>sos', 'sos>normal']);

    const log = await deliveriesOf(endpoint.id);
    expect(log.length).toBe(events.length);
    expect(log.every((d) => d.status === 'delivered' && d.lastStatusCode === 200)).toBe(true);
  });

  test('a device reading rejected by ingest is an event', async () => {
    const dev = (
      await t.db.query<{ id: string }>('select id from devices where patient_id = $1 order by created_at limit 1', [
        patientId,
      ])
    )[0]!;
    const out = await ingestReadings(t.deps, { tenantId, patientId, deviceId: dev.id }, [
      { metric: 'heart_rate', measuredAt: at(), value: 5000 },
    ]);
    expect(out.rejected.length).toBe(1);
    await drainWebhooks(t.deps);
    const ev = receivedAt('/hook').filter((r) => r.json.type === 'reading.rejected');
    expect(ev.length).toBe(1);
    expect(ev[0]!.json.data).toMatchObject({ deviceId: dev.id, patientId, rejected: [{ index: 0 }] });
  });

  test('a failing endpoint is retried with backoff (1 min, 5 min, …), then fails; later events of an alert wait', async () => {
    let fail = true;
    answers.set('/flaky', () => (fail ? 503 : 204));
    // Only this endpoint listens meanwhile (counts below are its deliveries).
    expect((await t.call('PATCH', `${W}/${endpoint.id}`, { token: admin, body: { enabled: false } })).status).toBe(200);
    const res = await create({ url: `${base}/flaky`, events: ['alert.opened', 'alert.closed'] });
    const id = (res.body.endpoint as Endpoint).id;
    await ingest('heart_rate', 106);
    await ingest('heart_rate', 71);
    expect(await runDueWebhooks(t.deps)).toBe(1);
    let log = await deliveriesOf(id);
    const opened = log.find((d) => d.eventType === 'alert.opened')!;
    expect(opened).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 503 });
    expect(new Date(opened.nextAttemptAt!).getTime() - t.clock.now().getTime()).toBe(WEBHOOK_BACKOFF_MS[0]);
    // alert.closed of the same alert waits behind it.
    expect(log.find((d) => d.eventType === 'alert.closed')).toMatchObject({ status: 'pending', attempts: 0 });

    t.clock.advance(WEBHOOK_BACKOFF_MS[0]! - 1);
    expect(await runDueWebhooks(t.deps)).toBe(0);
    t.clock.advance(1);
    expect(await runDueWebhooks(t.deps)).toBe(1);
    fail = false;
    t.clock.advance(WEBHOOK_BACKOFF_MS[1]! - 1);
    expect(await runDueWebhooks(t.deps)).toBe(0);
    t.clock.advance(1);
    await drainWebhooks(t.deps);
    await signIn();
    log = await deliveriesOf(id);
    expect(log.find((d) => d.eventType === 'alert.opened')).toMatchObject({ status: 'delivered', attempts: 3 });
    expect(log.find((d) => d.eventType === 'alert.opened')!.attemptLog.map((a) => a.statusCode)).toEqual([
      503, 503, 204,
    ]);
    expect(log.find((d) => d.eventType === 'alert.closed')).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(
      receivedAt('/flaky')
        .filter((r) => r.json.type !== 'webhook.test')
        .map((r) => r.json.type),
    ).toEqual(['alert.opened', 'alert.opened', 'alert.opened', 'alert.closed']);

    // Always failing: WEBHOOK_MAX_ATTEMPTS attempts over ~21 h, then failed.
    fail = true;
    const test = await t.post(`${W}/${id}/test`, {}, admin);
    expect(test.status, test.raw).toBe(201);
    for (let i = 0; i < WEBHOOK_MAX_ATTEMPTS; i++) {
      expect(await runDueWebhooks(t.deps)).toBe(1);
      t.clock.advance(WEBHOOK_BACKOFF_MS[i] ?? 0);
    }
    t.clock.advance(24 * 3600_000);
    expect(await runDueWebhooks(t.deps)).toBe(0);
    await signIn();
    const failed = (await deliveriesOf(id)).find((d) => d.id === (test.body as { id: string }).id)!;
    expect(failed).toMatchObject({ status: 'failed', attempts: WEBHOOK_MAX_ATTEMPTS, nextAttemptAt: null });
    expect(failed.attemptLog.length).toBe(WEBHOOK_MAX_ATTEMPTS);
    expect((await t.call('DELETE', `${W}/${id}`, { token: admin })).status).toBe(200);
    expect((await t.call('PATCH', `${W}/${endpoint.id}`, { token: admin, body: { enabled: true } })).status).toBe(200);
  });

  test('rotation: the new secret signs, the old one adds a second signature for 24 h, then is dropped', async () => {
    const rot = await t.post(`${W}/${endpoint.id}/rotate-secret`, {}, admin);
    expect(rot.status, rot.raw).toBe(200);
    const next = String(rot.body.secret);
    expect(next).not.toBe(secret);
    expect((rot.body.endpoint as Endpoint).previousSecretExpiresAt).toBe(
      new Date(t.clock.now().getTime() + 24 * 3600_000).toISOString(),
    );
    // A second rotation inside the overlap would drop the previous secret at once: refused.
    expect((await t.post(`${W}/${endpoint.id}/rotate-secret`, {}, admin)).body).toMatchObject({
      code: 'WEBHOOK_ROTATION_IN_PROGRESS',
    });
    const before = receivedAt('/hook').length;
    expect((await t.post(`${W}/${endpoint.id}/test`, {}, admin)).status).toBe(201);
    await drainWebhooks(t.deps);
    const r = receivedAt('/hook').at(-1)!;
    expect(receivedAt('/hook').length).toBe(before + 1);
    expect(r.json.type).toBe('webhook.test');
    const header = String(r.headers['carewatch-signature']);
    expect(header.match(/v1=/g)?.length).toBe(2);
    expect(verifyWebhookSignature(next, header, r.body, nowSeconds())).toBe(true);
    expect(verifyWebhookSignature(secret, header, r.body, nowSeconds())).toBe(true);
    // A stale timestamp is refused by the verifier.
    expect(verifyWebhookSignature(next, header, r.body, nowSeconds() + 3600)).toBe(false);

    t.clock.advance(24 * 3600_000 + 1000);
    await signIn();
    expect((await t.post(`${W}/${endpoint.id}/test`, {}, admin)).status).toBe(201);
    await drainWebhooks(t.deps);
    const after = receivedAt('/hook').at(-1)!;
    const h2 = String(after.headers['carewatch-signature']);
    expect(h2.match(/v1=/g)?.length).toBe(1);
    expect(verifyWebhookSignature(next, h2, after.body, nowSeconds())).toBe(true);
    expect(verifyWebhookSignature(secret, h2, after.body, nowSeconds())).toBe(false);
    expect((await t.get(`${W}/${endpoint.id}`, admin)).body.previousSecretExpiresAt).toBeNull();
    secret = next;
  });

  test('replay re-sends a past event (same event id); a disabled endpoint receives nothing until enabled again', async () => {
    const log = await deliveriesOf(endpoint.id);
    const past = log.find((d) => d.eventType === 'alert.opened')!;
    const replay = await t.post(`${W}/${endpoint.id}/deliveries/${past.id}/replay`, {}, admin);
    expect(replay.status, replay.raw).toBe(201);
    expect(replay.body).toMatchObject({ eventId: past.eventId, replayOf: past.id, status: 'pending' });
    await drainWebhooks(t.deps);
    const last = receivedAt('/hook').at(-1)!;
    expect(last.json.id).toBe(past.eventId);
    expect(last.headers['carewatch-delivery-id']).toBe((replay.body as { id: string }).id);
    expect(verifyWebhookSignature(secret, String(last.headers['carewatch-signature']), last.body, nowSeconds())).toBe(
      true,
    );
    expect((await t.post(`${W}/${endpoint.id}/deliveries/${past.id}/replay`, {}, admin2)).status).toBe(404);

    const off = await t.call('PATCH', `${W}/${endpoint.id}`, { token: admin, body: { enabled: false } });
    expect(off.status, off.raw).toBe(200);
    expect(off.body.enabled).toBe(false);
    const count = receivedAt('/hook').length;
    await ingest('heart_rate', 107);
    await drainWebhooks(t.deps);
    expect(receivedAt('/hook').length).toBe(count);
    // Nothing can be queued for it while disabled (it would wait forever): a test event or a replay is a 409.
    const test409 = await t.post(`${W}/${endpoint.id}/test`, {}, admin);
    expect(test409.status).toBe(409);
    expect(test409.body).toMatchObject({ code: 'WEBHOOK_DISABLED' });
    expect((await t.post(`${W}/${endpoint.id}/deliveries/${past.id}/replay`, {}, admin)).status).toBe(409);
    expect((await t.call('PATCH', `${W}/${endpoint.id}`, { token: admin, body: { enabled: true } })).status).toBe(200);
    await ingest('heart_rate', 70);
    await drainWebhooks(t.deps);
    // Events while disabled were not queued for it; the ones after are.
    expect(
      receivedAt('/hook')
        .slice(count)
        .map((r) => r.json.type)
        .sort(),
    ).toEqual(['alert.closed', 'patient.status_changed']);
  });
});

describe('https', () => {
  test('a receiver with its own certificate: trusted through WEBHOOK_CA_FILE, refused (and retried) without it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-wh-tls-'));
    const key = path.join(dir, 'key.pem');
    const cert = path.join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '2',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    const bodies: string[] = [];
    const server = https.createServer({ key: fs.readFileSync(key), cert: fs.readFileSync(cert) }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        bodies.push(Buffer.concat(chunks).toString('utf8'));
        res.statusCode = 204;
        res.end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      await signIn();
      const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/tls`;
      const res = await create({ url, events: ['alert.opened'] });
      expect(res.status, res.raw).toBe(201);
      const id = (res.body.endpoint as Endpoint).id;
      const tlsSecret = String(res.body.secret);
      // Without the CA: the self-signed certificate is refused; the delivery waits for a retry.
      expect((await t.post(`${W}/${id}/test`, {}, admin)).status).toBe(201);
      await drainWebhooks(t.deps);
      expect(bodies.length).toBe(0);
      const [pending] = await deliveriesOf(id);
      expect(pending).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: null });
      expect(pending!.attemptLog[0]!.error).toMatch(/SELF_SIGNED|CERT|certificate/i);
      // With WEBHOOK_CA_FILE naming it: delivered, signed.
      t.deps.config.webhookCaFile = cert;
      t.clock.advance(WEBHOOK_BACKOFF_MS[0]!);
      await drainWebhooks(t.deps);
      expect(bodies.length).toBe(1);
      const [done] = await deliveriesOf(id);
      expect(done).toMatchObject({ status: 'delivered', attempts: 2, lastStatusCode: 204 });
      expect(JSON.parse(bodies[0]!)).toMatchObject({ type: 'webhook.test' });
      expect(tlsSecret).toMatch(/^whsec_/);
    } finally {
      t.deps.config.webhookCaFile = undefined;
      await new Promise((r) => server.close(r));
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
