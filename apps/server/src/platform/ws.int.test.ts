import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { inject } from 'vitest';
import WebSocket from 'ws';
import type { TRealtimeEvent } from '@carewatch/contracts/alerts';
import { startTestApp, type TestApp } from '../test-support/test-app.ts';
import { createServer, type Started } from '../server.ts';
import { openPg } from './db.ts';
import { newId } from './ids.ts';
import { hashPassword } from './passwords.ts';
import { DEMO_PASSWORD } from '../modules/seed/demo.ts';
import * as users from '../modules/users/users.repo.ts';
import { envelopes, publishEvent, MAX_PAYLOAD_BYTES } from './realtime.ts';
import { hubOf, WS_CLOSE_UNAUTHORIZED } from './ws.ts';

type Frame = { type: string } & Record<string, unknown>;
type Client = {
  ws: WebSocket;
  frames: Frame[];
  hello: Promise<Frame>;
  closed: Promise<{ code: number; reason: string }>;
  next: (pred?: (f: Frame) => boolean, ms?: number) => Promise<Frame>;
};

function connect(base: string, token: string | null): Client {
  const ws = new WebSocket(`${base}/api/ws${token === null ? '' : `?access_token=${encodeURIComponent(token)}`}`);
  const frames: Frame[] = [];
  const waiters: Array<{ pred: (f: Frame) => boolean; resolve: (f: Frame) => void }> = [];
  ws.on('message', (data) => {
    const f = JSON.parse(String(data)) as Frame;
    frames.push(f);
    for (const w of [...waiters])
      if (w.pred(f)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(f);
      }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  ws.on('error', () => undefined);
  const next = (pred: (f: Frame) => boolean = () => true, ms = 5000) =>
    new Promise<Frame>((resolve, reject) => {
      const seen = frames.find(pred);
      if (seen) return resolve(seen);
      const timer = setTimeout(() => reject(new Error('no matching frame')), ms);
      waiters.push({
        pred,
        resolve: (f) => {
          clearTimeout(timer);
          resolve(f);
        },
      });
    });
  const hello = next((f) => f.type === 'hello');
  hello.catch(() => undefined); // refused sockets never say hello
  return { ws, frames, closed, next, hello };
}

const statusEvent = (patientId: string, status: 'sos' | 'high_risk' = 'sos'): TRealtimeEvent => ({
  type: 'patient.status',
  at: new Date().toISOString(),
  patientId,
  status,
});
const sosEvent = (patientId: string): TRealtimeEvent => ({
  type: 'sos.opened',
  at: new Date().toISOString(),
  sosCaseId: newId(),
  alertId: newId(),
  patientId,
  patientName: 'Phuong Hoang',
  message: { kind: 'choice', choice: 'need_help' },
  location: { lat: 21.03, lng: 105.82 },
});
const notificationEvent = (title: string): TRealtimeEvent => ({
  type: 'notification.created',
  at: new Date().toISOString(),
  notification: {
    id: newId(),
    type: 'system',
    title,
    body: 'x'.repeat(20),
    createdAt: new Date().toISOString(),
    read: false,
  },
});

/** A doctor of center "Le Chan" (the demo doctor is at Ba Dinh), following nobody. */
async function addOtherCenterDoctor(
  t: TestApp,
  tenantId: string,
  who: { role: string; local: string; phone: string } = { role: 'doctor', local: 'doctor2', phone: '0900000099' },
): Promise<void> {
  const center = (
    await t.db.query<{ id: string; scope_id: string }>(
      `select id, scope_id from health_centers where tenant_id = $1 and name = 'Le Chan Health Center'`,
      [tenantId],
    )
  )[0]!;
  const role = (
    await t.db.query<{ id: string }>(`select id from roles where tenant_id = $1 and code = $2`, [tenantId, who.role])
  )[0]!;
  const id = newId();
  await users.insertUser(t.db, tenantId, {
    id,
    email: `${who.local}@demo.test`,
    phone: who.phone,
    passwordHash: await hashPassword(DEMO_PASSWORD),
    firstName: 'Dao',
    lastName: 'Le',
    status: 'active',
    now: new Date(),
  });
  await users.insertUserRole(t.db, tenantId, {
    id: newId(),
    userId: id,
    roleId: role.id,
    scopeId: center.scope_id,
    centerId: center.id,
    isMain: true,
  });
}

describe('realtime hub (/api/ws)', () => {
  let t: TestApp;
  let base: string;
  let tenantId: string;
  let tenant2Id: string;
  let patientId: string;
  const clients: Client[] = [];
  const open = (token: string | null) => {
    const c = connect(base, token);
    clients.push(c);
    return c;
  };
  /** App users (patients, followers) sign in through the patient app. */
  const appLogin = async (local: string, tenant = 'demo') => {
    const res = await t.call('POST', '/api/auth/oauth-token', {
      form: { tenant, username: `${local}@${tenant}.test`, password: DEMO_PASSWORD, grant_type: 'password' },
      headers: { 'x-client': 'app' },
    });
    if (res.status !== 200) throw new Error(`login ${local}: ${res.status} ${res.raw}`);
    return String(res.body.access_token);
  };

  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = t.app.server.address();
    base = `ws://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
    tenantId = (await t.db.query<{ id: string }>(`select id from tenants where code = 'demo'`))[0]!.id;
    tenant2Id = (await t.db.query<{ id: string }>(`select id from tenants where code = 'demo2'`))[0]!.id;
    patientId = (
      await t.db.query<{ id: string }>(`select id from patients where tenant_id = $1 and patient_code = 'DEMO-P0001'`, [
        tenantId,
      ])
    )[0]!.id;
    await addOtherCenterDoctor(t, tenantId);
    await addOtherCenterDoctor(t, tenantId, { role: 'operator', local: 'operator2', phone: '0900000098' });
  });
  afterAll(async () => {
    for (const c of clients) c.ws.terminate();
    await t?.close();
  });

  test('a bad, missing or expired token is refused with close code 4401', async () => {
    const bad = open('not-a-token');
    expect(await bad.closed).toEqual({ code: WS_CLOSE_UNAUTHORIZED, reason: 'UNAUTHORIZED' });
    const none = open(null);
    expect((await none.closed).code).toBe(WS_CLOSE_UNAUTHORIZED);
    const { access } = await t.login('operator');
    t.clock.advance(16 * 60 * 1000); // access tokens live 15 minutes
    const expired = open(access);
    expect(await expired.closed).toEqual({ code: WS_CLOSE_UNAUTHORIZED, reason: 'SESSION_EXPIRED' });
  });

  test('a frame about a patient reaches who may see the patient, and nobody else', async () => {
    const doctor = open((await t.login('doctor')).access); // follows DEMO-P0001
    const assistant = open((await t.login('assistant')).access); // follows the doctor
    const cskh = open((await t.login('cskh')).access); // tenant-wide level
    const follower = open(await appLogin('follower')); // accepted follower (app user)
    const patient = open(await appLogin('patient')); // the patient themself
    const otherCenter = open((await t.login('doctor2')).access); // doctor of another center
    const patientOther = open(await appLogin('patient', 'demo2')); // another tenant's patient
    const otherTenant = open((await t.login('doctor', 'demo2')).access); // another tenant's doctor
    const all = [doctor, assistant, cskh, follower, patient, otherCenter, patientOther, otherTenant];
    await Promise.all(all.map((c) => c.hello));
    expect(hubOf(t.app)!.connections).toBeGreaterThanOrEqual(all.length);

    await t.db.tx((tx) => publishEvent(tx, { tenantId, patientId }, sosEvent(patientId)));
    for (const c of [doctor, assistant, cskh, follower, patient]) {
      const f = await c.next((x) => x.type === 'sos.opened');
      expect(f).toMatchObject({
        type: 'sos.opened',
        patientId,
        patientName: 'Phuong Hoang',
        message: { kind: 'choice', choice: 'need_help' },
      });
    }
    // Frames of one tenant go out in order: a later tenant-wide frame proves the earlier one was withheld.
    await publishEvent(t.db, { tenantId, patientId: null }, notificationEvent('sentinel'));
    await publishEvent(t.db, { tenantId: tenant2Id, patientId: null }, notificationEvent('sentinel2'));
    const f1 = await otherCenter.next((x) => x.type === 'notification.created');
    expect(otherCenter.frames.map((f) => f.type)).toEqual(['hello', 'notification.created']);
    expect(f1).toMatchObject({ notification: { title: 'sentinel' } });
    for (const c of [patientOther, otherTenant]) {
      expect(await c.next((x) => x.type === 'notification.created')).toMatchObject({
        notification: { title: 'sentinel2' },
      });
      expect(c.frames.map((f) => f.type)).toEqual(['hello', 'notification.created']);
    }
  });

  test("one transaction's frames, dispatched together, reach a socket in order; a socket not allowed some gets the rest", async () => {
    const doctor = open((await t.login('doctor')).access);
    const otherCenter = open((await t.login('doctor2')).access);
    await Promise.all([doctor.hello, otherCenter.hello]);
    const before = { doctor: doctor.frames.length, other: otherCenter.frames.length };
    await t.db.tx(async (tx) => {
      await publishEvent(tx, { tenantId, patientId }, sosEvent(patientId));
      await publishEvent(tx, { tenantId, patientId }, statusEvent(patientId, 'sos'));
      await publishEvent(tx, { tenantId, patientId: null }, notificationEvent('tenant-wide'));
      await publishEvent(tx, { tenantId, patientId }, statusEvent(patientId, 'high_risk'));
    });
    await doctor.next((f) => f.type === 'patient.status' && f.status === 'high_risk');
    expect(doctor.frames.slice(before.doctor).map((f) => `${f.type}${f.status ? `:${String(f.status)}` : ''}`)).toEqual(
      ['sos.opened', 'patient.status:sos', 'notification.created', 'patient.status:high_risk'],
    );
    await otherCenter.next(
      (f) => f.type === 'notification.created' && (f.notification as { title: string }).title === 'tenant-wide',
    );
    expect(otherCenter.frames.slice(before.other).map((f) => f.type)).toEqual(['notification.created']);
    // They went out as pre-framed bytes written to each socket (the hub's fast path), not one ws.send a frame.
    expect(hubOf(t.app)!.directWrites).toBeGreaterThan(0);
  });

  test("an operator of the patient's center gets its frame, an operator of another center does not (one answer per center)", async () => {
    // One session per account: one socket each (a second sign-in would end the first).
    const here = [open((await t.login('operator')).access)];
    const there = open((await t.login('operator2')).access);
    await Promise.all([...here, there].map((c) => c.hello));
    const before = there.frames.length;
    await t.db.tx((tx) => publishEvent(tx, { tenantId, patientId }, statusEvent(patientId, 'high_risk')));
    await publishEvent(t.db, { tenantId, patientId: null }, notificationEvent('after-operators'));
    for (const c of here) await c.next((f) => f.type === 'patient.status' && f.status === 'high_risk');
    await there.next((f) => f.type === 'notification.created');
    expect(there.frames.slice(before).map((f) => f.type)).toEqual(['notification.created']);
  });

  test('a frame listed for users reaches only those users; a rolled-back publish is never delivered', async () => {
    const doctorLogin = await t.login('doctor');
    const doctorId = (
      await t.db.query<{ id: string }>(`select id from users where tenant_id = $1 and email = 'doctor@demo.test'`, [
        tenantId,
      ])
    )[0]!.id;
    const doctor = open(doctorLogin.access);
    const operator = open((await t.login('operator')).access);
    await Promise.all([doctor.hello, operator.hello]);

    await t.db
      .tx(async (tx) => {
        await publishEvent(tx, { tenantId, patientId }, statusEvent(patientId, 'high_risk'));
        throw new Error('rollback');
      })
      .catch(() => undefined);
    await publishEvent(t.db, { tenantId, patientId, userIds: [doctorId] }, notificationEvent('for the doctor'));
    await publishEvent(t.db, { tenantId, patientId: null }, notificationEvent('everyone'));
    await operator.next((x) => x.type === 'notification.created');
    await doctor.next((x) => (x.notification as { title: string } | undefined)?.title === 'everyone');
    expect(
      doctor.frames.filter((f) => f.type !== 'hello').map((f) => (f.notification as { title: string }).title),
    ).toEqual(['for the doctor', 'everyone']);
    expect(
      operator.frames.filter((f) => f.type !== 'hello').map((f) => (f.notification as { title: string }).title),
    ).toEqual(['everyone']);
  });

  test("the patient app: its own, its sub-users' and its followed patients' frames; readings announced to the app users only", async () => {
    const patientToken = await appLogin('patient');
    const sub = await t.post(
      '/api/account/me/sub-users',
      { firstName: 'Bao', lastName: 'Hoang', relationship: 'son', birthday: '2015-06-01' },
      patientToken,
    );
    expect(sub.status, sub.raw).toBe(201);
    const subId = String(sub.body.id);
    const patient = open(patientToken);
    const follower = open(await appLogin('follower'));
    const doctor = open((await t.login('doctor')).access);
    const otherPatient = open(await appLogin('patient', 'demo2'));
    await Promise.all([patient, follower, doctor, otherPatient].map((c) => c.hello));

    // A frame about the sub-user reaches its manager (the patient app), not the follower of the manager.
    await publishEvent(t.db, { tenantId, patientId: subId }, statusEvent(subId, 'high_risk'));
    expect(await patient.next((f) => f.type === 'patient.status' && f.patientId === subId)).toMatchObject({
      status: 'high_risk',
    });

    // Readings: one frame per batch to the patient and the follower, none to staff or another tenant.
    const res = await t.call('POST', '/api/ingest/measurements', {
      token: patientToken,
      body: {
        readings: [
          { metric: 'heart_rate', measuredAt: new Date(t.clock.now().getTime() - 5_000).toISOString(), value: 71 },
          { metric: 'spo2', measuredAt: new Date(t.clock.now().getTime() - 4_000).toISOString(), value: 98 },
        ],
      },
    });
    expect(res.status, res.raw).toBe(200);
    for (const c of [patient, follower]) {
      const f = await c.next((x) => x.type === 'vitals.recorded');
      expect(f).toMatchObject({ patientId, metrics: ['heart_rate', 'spo2'] });
      // No value travels in the frame (ids and times may contain the digits, so they are left out of the check).
      expect(Object.keys(f).sort()).toEqual(['at', 'latestAt', 'metrics', 'patientId', 'type']);
    }
    await publishEvent(t.db, { tenantId, patientId: null }, notificationEvent('after-readings'));
    await publishEvent(t.db, { tenantId: tenant2Id, patientId: null }, notificationEvent('after-readings-2'));
    await doctor.next((x) => (x.notification as { title: string } | undefined)?.title === 'after-readings');
    await otherPatient.next((x) => (x.notification as { title: string } | undefined)?.title === 'after-readings-2');
    await follower.next((x) => (x.notification as { title: string } | undefined)?.title === 'after-readings');
    expect(doctor.frames.some((f) => f.type === 'vitals.recorded')).toBe(false);
    expect(otherPatient.frames.some((f) => f.type === 'vitals.recorded')).toBe(false);
    expect(follower.frames.some((f) => f.type === 'patient.status' && f.patientId === subId)).toBe(false);
    await t.call('DELETE', `/api/account/me/sub-users/${subId}`, { token: patientToken });
  });

  test('a signed-out session is closed at the next session check', async () => {
    const { access } = await t.login('coach');
    const coach = open(access);
    await coach.hello;
    expect((await t.post('/api/auth/logout', {}, access)).status).toBeLessThan(300);
    await hubOf(t.app)!.checkSessions();
    expect((await coach.closed).code).toBe(WS_CLOSE_UNAUTHORIZED);
  });

  test('payloads stay under the NOTIFY limit: long user lists are split, long strings shortened', () => {
    const users = Array.from({ length: 500 }, () => newId());
    const out = envelopes({ tenantId, patientId: null, userIds: users }, notificationEvent('split'));
    expect(out.length).toBeGreaterThan(1);
    expect(out.every((p) => Buffer.byteLength(p) <= MAX_PAYLOAD_BYTES)).toBe(true);
    expect(out.flatMap((p) => (JSON.parse(p) as { u: string[] }).u)).toEqual(users);
    const long = {
      ...notificationEvent('long'),
      notification: {
        ...(notificationEvent('x') as Extract<TRealtimeEvent, { type: 'notification.created' }>).notification,
        body: 'y'.repeat(20000),
      },
    };
    const [one] = envelopes({ tenantId, patientId: null }, long as TRealtimeEvent);
    expect(Buffer.byteLength(one!)).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
    expect(envelopes({ tenantId, patientId: null, userIds: [] }, long as TRealtimeEvent)).toEqual([]);
  });
});

/** Two server processes on one PostgreSQL database: a frame published by either reaches sockets on both. */
describe('realtime hub heartbeat', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    // One socket a slice: the heartbeat's later slices are exercised too.
    t = await startTestApp({ realtime: { heartbeatMs: 150, heartbeatSlice: 1 } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = t.app.server.address();
    base = `ws://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  });
  afterAll(async () => {
    await t?.close();
  });

  test('a socket that answers pings stays; one that never answers is dropped by the next ping after', async () => {
    const alive = connect(base, (await t.login('doctor')).access);
    const { access } = await t.login('operator');
    // A client that never answers pings (ws answers them by itself unless told not to).
    const ws = new WebSocket(`${base}/api/ws?access_token=${encodeURIComponent(access)}`, { autoPong: false });
    const dropped = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    ws.on('error', () => undefined);
    await alive.hello;
    expect(await dropped).toBe(1006); // terminated: no close frame
    await new Promise((r) => setTimeout(r, 400)); // two more heartbeats
    expect(alive.ws.readyState).toBe(WebSocket.OPEN);
    alive.ws.terminate();
  });
});

describe.skipIf(inject('cwTemplate').kind !== 'pg')(
  'realtime across server instances (PostgreSQL LISTEN/NOTIFY)',
  () => {
    const servers: Started[] = [];
    const sockets: WebSocket[] = [];
    let url = '';
    let dbName = '';
    let dataDir = '';

    beforeAll(async () => {
      const tpl = inject('cwTemplate');
      if (tpl.kind !== 'pg') return;
      dbName = `cw_t_${crypto.randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: tpl.adminUrl });
      await admin.connect();
      await admin.query(`create database ${dbName} template ${tpl.template}`);
      await admin.end();
      const u = new URL(tpl.adminUrl);
      u.pathname = `/${dbName}`;
      url = u.toString();
      dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-ws-'));
      for (let i = 0; i < 2; i++) {
        const s = await createServer({
          db: await openPg(url, 3),
          config: { seedDemo: false, dataDir, databaseUrl: url, mqttPort: 'off', mqttUrl: undefined },
          jobs: false,
        });
        await s.app.listen({ port: 0, host: '127.0.0.1' });
        servers.push(s);
      }
    });
    afterAll(async () => {
      for (const s of sockets) s.terminate();
      for (const s of servers) {
        await s.close();
        await s.deps.db.close();
      }
      const tpl = inject('cwTemplate');
      if (tpl.kind === 'pg' && dbName) {
        const c = new pg.Client({ connectionString: tpl.adminUrl });
        await c.connect();
        await c.query(`drop database if exists ${dbName} with (force)`);
        await c.end();
      }
      if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
    });

    test('both instances deliver a frame published on either one', async () => {
      const [a, b] = servers as [Started, Started];
      const res = await a.app.inject({
        method: 'POST',
        url: '/api/auth/oauth-token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          tenant: 'demo',
          username: 'doctor@demo.test',
          password: DEMO_PASSWORD,
          grant_type: 'password',
        }).toString(),
      });
      const token = String((JSON.parse(res.body) as { access_token: string }).access_token);
      const port = (s: Started) => {
        const x = s.app.server.address();
        return typeof x === 'object' && x ? x.port : 0;
      };
      const onA = connect(`ws://127.0.0.1:${port(a)}`, token);
      const onB = connect(`ws://127.0.0.1:${port(b)}`, token);
      sockets.push(onA.ws, onB.ws);
      await Promise.all([onA.hello, onB.hello]);
      const tenantId = (await a.deps.db.query<{ id: string }>(`select id from tenants where code = 'demo'`))[0]!.id;
      const patientId = (
        await a.deps.db.query<{ id: string }>(
          `select id from patients where tenant_id = $1 and patient_code = 'DEMO-P0001'`,
          [tenantId],
        )
      )[0]!.id;
      await a.deps.db.tx((tx) => publishEvent(tx, { tenantId, patientId }, statusEvent(patientId, 'sos')));
      await b.deps.db.tx((tx) => publishEvent(tx, { tenantId, patientId }, statusEvent(patientId, 'high_risk')));
      for (const c of [onA, onB]) {
        await c.next((f) => f.type === 'patient.status' && f.status === 'high_risk');
        expect(c.frames.filter((f) => f.type === 'patient.status').map((f) => f.status)).toEqual(['sos', 'high_risk']);
      }
    });
  },
);
