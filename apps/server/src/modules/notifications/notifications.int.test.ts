import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { DEMO_PASSWORD } from '../seed/demo.ts';
import { newId } from '../../platform/ids.ts';
import { enqueueDeliveries } from '../../platform/outbox.ts';
import { runDueDeliveries } from '../delivery/delivery.worker.ts';

const b64url = (b: Buffer) => b.toString('base64url');
/** A browser-like push subscription key pair (P-256 public key, 16-byte auth secret). */
function clientKeys() {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(crypto.randomBytes(16)) };
}

describe('notifications and web push', () => {
  let t: TestApp;
  let tenantId: string;
  let doctorId: string;
  const token = async (who: string, tenant = 'demo') => (await t.login(who, tenant)).access;
  /** The patient signs in through the app. */
  const patientToken = async () => {
    const res = await t.call('POST', '/api/auth/oauth-token', {
      form: { tenant: 'demo', username: 'patient@demo.test', password: DEMO_PASSWORD, grant_type: 'password' },
      headers: { 'x-client': 'app' },
    });
    return String(res.body.access_token);
  };

  beforeAll(async () => {
    t = await startTestApp();
    tenantId = (await t.db.query<{ id: string }>("select id from tenants where code = 'demo'"))[0]!.id;
    doctorId = (
      await t.db.query<{ id: string }>("select id from users where tenant_id = $1 and email = 'doctor@demo.test'", [
        tenantId,
      ])
    )[0]!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sends to a role through the outbox; inbox, unread count, read and readAll', async () => {
    const admin = await token('mhscadmin');
    const doctor = await token('doctor');
    const sent = await t.call('POST', '/api/account/notification/send', {
      token: admin,
      body: { title: 'Staff meeting', body: 'At 3 pm', role: 'doctor' },
    });
    expect(sent.status).toBe(200);
    const n = sent.body.recipients as number;
    expect(n).toBeGreaterThanOrEqual(1);
    expect((await t.get('/api/account/notification/getUnreadCount', doctor)).body).toEqual({ count: 0 }); // not delivered yet
    expect(await runDueDeliveries(t.deps)).toBe(n);
    t.clock.advance(1000);
    expect(await runDueDeliveries(t.deps)).toBe(0);
    expect((await t.get('/api/account/notification/getUnreadCount', doctor)).body).toEqual({ count: 1 });
    const inbox = await t.get('/api/account/notification/inbox', doctor);
    expect(inbox.status).toBe(200);
    expect(inbox.body).toMatchObject({ total: 1, page: 0, size: 15 });
    const first = (inbox.body.items as { id: string; title: string; body: string; type: string; read: boolean }[])[0]!;
    expect(first).toMatchObject({ title: 'Staff meeting', body: 'At 3 pm', type: 'message', read: false });

    t.clock.advance(1000);
    await t.call('POST', '/api/account/notification/send', {
      token: admin,
      body: { title: 'Second', body: 'Hello', userId: doctorId },
    });
    t.clock.advance(1000);
    await t.call('POST', '/api/account/notification/send', {
      token: admin,
      body: { title: 'Third', body: 'By e-mail', username: 'doctor@demo.test' },
    });
    await runDueDeliveries(t.deps);
    expect((await t.get('/api/account/notification/getUnreadCount', doctor)).body).toEqual({ count: 3 });
    expect(
      (await t.call('POST', '/api/account/notification/read', { token: doctor, body: { id: first.id } })).body,
    ).toEqual({ updated: 1 });
    expect(
      (await t.call('POST', '/api/account/notification/read', { token: doctor, body: { id: first.id } })).body,
    ).toEqual({ updated: 0 });
    expect((await t.get('/api/account/notification/getUnreadCount', doctor)).body).toEqual({ count: 2 });
    const unread = await t.get('/api/account/notification/inbox?unread=true&size=1', doctor);
    expect(unread.body).toMatchObject({ total: 2, size: 1 });
    expect((await t.call('POST', '/api/account/notification/readAll', { token: doctor })).body).toEqual({ updated: 2 });
    expect((await t.get('/api/account/notification/getUnreadCount', doctor)).body).toEqual({ count: 0 });

    // Someone else's notification is a 404 like a missing one; bad ids are a 400 naming the field.
    const patient = await patientToken();
    expect(
      (await t.call('POST', '/api/account/notification/read', { token: patient, body: { id: first.id } })).status,
    ).toBe(404);
    expect(await t.call('POST', '/api/account/notification/read', { token: patient, body: { id: 'x' } })).toMatchObject(
      { status: 400, body: { details: { field: 'id' } } },
    );
  });

  it('validates sends and guards them and the admin list by NotificationSend', async () => {
    const admin = await token('mhscadmin');
    const doctor = await token('doctor');
    const send = (tok: string, body: unknown) => t.call('POST', '/api/account/notification/send', { token: tok, body });
    expect(await send(admin, { title: 'x', body: 'y' })).toMatchObject({
      status: 400,
      body: { details: { field: 'userId' } },
    });
    expect(await send(admin, { title: 'x', body: 'y', role: 'doctor', userId: doctorId })).toMatchObject({
      status: 400,
      body: { details: { field: 'userId' } },
    });
    expect(await send(admin, { title: '', body: 'y', role: 'doctor' })).toMatchObject({
      status: 400,
      body: { details: { field: 'title' } },
    });
    expect(await send(admin, { title: 'x', body: 'y', role: 'nobody' })).toMatchObject({
      status: 400,
      body: { details: { field: 'role' } },
    });
    expect(await send(admin, { title: 'x', body: 'y', username: 'nobody@demo.test' })).toMatchObject({
      status: 404,
      body: { details: { field: 'username' } },
    });
    expect(await send(admin, { title: 'x', body: 'y', userId: newId() })).toMatchObject({ status: 404 });
    // A user of another tenant is not reachable.
    const other = (await t.db.query<{ id: string }>("select id from users where email = 'doctor@demo2.test'"))[0]!.id;
    expect((await send(admin, { title: 'x', body: 'y', userId: other })).status).toBe(404);
    expect((await send(doctor, { title: 'x', body: 'y', role: 'doctor' })).status).toBe(403);
    expect((await t.get('/api/account/admin/notification', doctor)).status).toBe(403);

    const list = await t.get(
      '/api/account/admin/notification?username=doctor@demo&sort=createdAt,asc&type=message',
      admin,
    );
    expect(list.status).toBe(200);
    const items = list.body.items as { title: string; username: string; recipientName: string }[];
    expect(items.map((i) => i.title)).toEqual(['Staff meeting', 'Second', 'Third']);
    expect(items.every((i) => i.username === 'doctor@demo.test' && i.recipientName.length > 0)).toBe(true);
    expect(list.body.size).toBe(15);
    expect(await t.get('/api/account/admin/notification?sort=name', admin)).toMatchObject({
      status: 400,
      body: { details: { field: 'sort' } },
    });
    const other2 = await token('mhscadmin', 'demo2');
    expect((await t.get('/api/account/admin/notification', other2)).body.total).toBe(0);
  });

  it('gives one VAPID key, kept in the database; subscribes and unsubscribes browsers', async () => {
    const doctor = await token('doctor');
    const k1 = await t.get('/api/account/push/key', doctor);
    expect(k1.status).toBe(200);
    const pub = Buffer.from(String(k1.body.publicKey), 'base64url');
    expect(pub.length).toBe(65);
    expect((await t.get('/api/account/push/key', await patientToken())).body.publicKey).toBe(k1.body.publicKey);
    expect(await t.db.query("select 1 from app_secrets where key = 'vapid_keys'")).toHaveLength(1);

    const endpoint = 'https://push.example.test/send/abc';
    const sub = (body: unknown) => t.call('POST', '/api/account/push/subscribe', { token: doctor, body });
    expect((await sub({ endpoint, keys: clientKeys() })).body).toEqual({ subscribed: true });
    expect((await sub({ endpoint, keys: clientKeys() })).body).toEqual({ subscribed: true });
    expect(await t.db.query('select 1 from push_subscriptions where endpoint = $1', [endpoint])).toHaveLength(1);
    expect(await sub({ endpoint: 'http://127.0.0.1:1/x', keys: clientKeys() })).toMatchObject({
      status: 400,
      body: { details: { field: 'endpoint' } },
    });
    expect(await sub({ endpoint })).toMatchObject({ status: 400, body: { details: { field: 'keys' } } });
    expect((await t.call('POST', '/api/account/push/unsubscribe', { token: doctor, body: { endpoint } })).body).toEqual(
      { subscribed: false },
    );
    expect(await t.db.query('select 1 from push_subscriptions where endpoint = $1', [endpoint])).toHaveLength(0);
    expect(await t.call('POST', '/api/account/push/unsubscribe', { token: doctor, body: {} })).toMatchObject({
      status: 400,
      body: { details: { field: 'endpoint' } },
    });
  });

  it('delivers web push (encrypted, VAPID-signed) to a push service stub and drops gone subscriptions', async () => {
    const got: { headers: http.IncomingHttpHeaders; bytes: number }[] = [];
    let answer = 201;
    const server = http.createServer((req, res) => {
      let bytes = 0;
      req.on('data', (c: Buffer) => {
        bytes += c.length;
      });
      req.on('end', () => {
        got.push({ headers: req.headers, bytes });
        res.statusCode = answer;
        res.end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/push/doctor`;
      const keys = clientKeys();
      // Stored directly: the subscribe route accepts https endpoints only.
      await t.db.query(
        'insert into push_subscriptions (id, tenant_id, user_id, endpoint, p256dh, auth, created_at) values ($1,$2,$3,$4,$5,$6,$7)',
        [newId(), tenantId, doctorId, endpoint, keys.p256dh, keys.auth, t.clock.now()],
      );
      const item = (key: string) => ({
        dedupeKey: key,
        channel: 'push' as const,
        alertId: null,
        recipientUserId: doctorId,
        recipientPhone: null,
        recipientEmail: null,
        template: 'sos',
        payload: { patientName: 'Demo Patient', index: 'heart_rate', value: 190, level: 'sos' },
      });
      await t.db.tx((tx) => enqueueDeliveries(tx, tenantId, [item('push-1')], t.clock.now()));
      await runDueDeliveries(t.deps);
      expect(got).toHaveLength(1);
      expect(got[0]!.headers['content-encoding']).toBe('aes128gcm');
      expect(String(got[0]!.headers.authorization)).toMatch(/^vapid t=.+, k=.+/);
      expect(got[0]!.headers.urgency).toBe('high');
      expect(got[0]!.bytes).toBeGreaterThan(100);
      expect(
        (
          await t.db.query<{ status: string; provider_answer: string }>(
            "select status, provider_answer from deliveries where dedupe_key = 'push-1'",
          )
        )[0],
      ).toEqual({ status: 'sent', provider_answer: '200 1 sent' });

      answer = 410;
      await t.db.tx((tx) => enqueueDeliveries(tx, tenantId, [item('push-2')], t.clock.now()));
      await runDueDeliveries(t.deps);
      expect(await t.db.query('select 1 from push_subscriptions where endpoint = $1', [endpoint])).toHaveLength(0);
      expect(
        (
          await t.db.query<{ status: string; provider_answer: string }>(
            "select status, provider_answer from deliveries where dedupe_key = 'push-2'",
          )
        )[0],
      ).toEqual({ status: 'sent', provider_answer: '200 0 sent, 1 gone' });
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
