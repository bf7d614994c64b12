import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TPatientPage, TPatientRow } from '@carewatch/contracts/patients';
import type { TWorklistPage } from '@carewatch/contracts/worklist';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { DEMO_PASSWORD } from '../seed/demo.ts';
import { newId } from '../../platform/ids.ts';
import { issueDeviceSecret } from './device-credentials.ts';
import { sendTenantDigests } from '../patients/silent-digest.service.ts';

// Issue 20, "not worn": the app's and a cellular device's wear reports, stored on the device, flag the patient in the
// patient list, the worklist and the daily digest; worn again (or a real reading) clears it.
let t: TestApp;
let app: string;
let cskh: string;
let sysadmin: string;
let tenantId: string;
let patientId: string;
let watchId: string;

const one = async <T>(sql: string, p: unknown[] = []) =>
  (await t.db.query<T & Record<string, unknown>>(sql, p as string[]))[0]!;
const wear = (id: string, body: unknown, token = app) =>
  t.call('POST', `/api/account/me/devices/${id}/wear`, { token, body });
const notWornSince = async (id: string) =>
  (await one<{ at: Date | null }>('select not_worn_since as at from devices where id = $1', [id])).at;
const rowOf = async (): Promise<TPatientRow> => {
  const res = await t.get('/api/account/patients?size=200', sysadmin);
  expect(res.status, res.raw).toBe(200);
  return (res.body as unknown as TPatientPage).items.find((r) => r.id === patientId)!;
};
const worklistRow = async () => {
  const res = await t.call('GET', '/api/account/worklist?size=200', { token: cskh });
  expect(res.status, res.raw).toBe(200);
  return (res.body as unknown as TWorklistPage).items.find((i) => i.patientId === patientId)!;
};
const basic = (user: string, pass: string) => ({
  authorization: `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`,
});

beforeAll(async () => {
  t = await startTestApp();
  t.clock.advance(10 * 60_000);
  sysadmin = (await t.login('sysadmin')).access;
  cskh = (await t.login('cskh')).access;
  const login = await t.call('POST', '/api/auth/oauth-token', {
    body: { tenant: 'demo', username: 'patient@demo.test', password: DEMO_PASSWORD, grant_type: 'password' },
    headers: { 'x-client': 'app' },
  });
  app = String(login.body.access_token);
  const p = await one<{ id: string; tenant_id: string }>(
    "select id, tenant_id from patients where patient_code = 'DEMO-P0001'",
  );
  patientId = p.id;
  tenantId = p.tenant_id;
  watchId = (
    await one<{ id: string }>(
      "select id from devices where patient_id = $1 and model in ('GT2', 'GT5') order by id limit 1",
      [patientId],
    )
  ).id;
  // A high-risk reading puts the patient on the worklist.
  const high = await t.call('POST', '/api/ingest/measurements', {
    token: app,
    body: {
      readings: [
        { metric: 'heart_rate', measuredAt: new Date(t.clock.now().getTime() - 5 * 60_000).toISOString(), value: 150 },
      ],
    },
  });
  expect(high.body).toMatchObject({ accepted: 1 });
});
afterAll(async () => t?.close());

describe('the patient app reports its watch not worn / worn', () => {
  test('not worn: stored, flagged in the list and the worklist with its own reason; repeated: keeps the first time', async () => {
    expect(await rowOf()).toMatchObject({ notWorn: false, notWornSince: null });
    expect(await worklistRow()).toMatchObject({ notWorn: false, notWornSince: null });
    const since = new Date(t.clock.now().getTime() - 2 * 60_000).toISOString();
    const res = await wear(watchId, { worn: false, at: since });
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toEqual({ deviceId: watchId, notWornSince: since });
    expect((await notWornSince(watchId))?.toISOString()).toBe(since);

    const again = await wear(watchId, { worn: false, at: t.clock.now().toISOString() });
    expect(again.body).toEqual({ deviceId: watchId, notWornSince: since });

    const row = await rowOf();
    // The time rule is separate: the patient sent readings minutes ago, so not silent, but not worn.
    expect(row).toMatchObject({ silent: false, notWorn: true, notWornSince: since });
    expect(await worklistRow()).toMatchObject({ silent: false, notWorn: true, notWornSince: since });
    const audit = await one<{ n: number }>(
      "select count(*)::int as n from audit_log where action = 'device.wear' and resource_id = $1",
      [watchId],
    );
    expect(audit.n).toBe(2);
  });

  test('a late "worn" older than the stored "not worn" changes nothing; worn again clears the flag', async () => {
    const since = (await notWornSince(watchId))!;
    const late = await wear(watchId, { worn: true, at: new Date(since.getTime() - 60_000).toISOString() });
    expect(late.body).toMatchObject({ notWornSince: since.toISOString() });
    expect((await rowOf()).notWorn).toBe(true);
    const back = await wear(watchId, { worn: true, at: t.clock.now().toISOString() });
    expect(back.status).toBe(200);
    expect(back.body).toEqual({ deviceId: watchId, notWornSince: null });
    expect(await rowOf()).toMatchObject({ notWorn: false, notWornSince: null });
    expect(await worklistRow()).toMatchObject({ notWorn: false, notWornSince: null });
    // Idempotent: worn again is still worn.
    expect((await wear(watchId, { worn: true, at: t.clock.now().toISOString() })).body).toEqual({
      deviceId: watchId,
      notWornSince: null,
    });
  });

  test('a real reading from the watch after the "not worn" start clears it', async () => {
    t.clock.advance(60_000);
    await wear(watchId, { worn: false, at: t.clock.now().toISOString() });
    expect((await rowOf()).notWorn).toBe(true);
    t.clock.advance(60_000);
    const res = await t.call('POST', '/api/ingest/measurements', {
      token: app,
      body: {
        readings: [{ metric: 'heart_rate', measuredAt: t.clock.now().toISOString(), value: 71, deviceId: watchId }],
      },
    });
    expect(res.body).toMatchObject({ accepted: 1 });
    expect(await notWornSince(watchId)).toBeNull();
    expect((await rowOf()).notWorn).toBe(false);
  });

  test("another tenant's device, someone else's device and a missing one answer 404; bad input is a 400 naming the field", async () => {
    const foreign = await one<{ id: string }>(
      "select d.id from devices d join tenants x on x.id = d.tenant_id where x.code = 'demo2' limit 1",
    );
    const other = await one<{ id: string }>(
      'select id from devices where tenant_id = $1 and (patient_id is null or patient_id <> $2) limit 1',
      [tenantId, patientId],
    );
    for (const id of [foreign.id, other.id, newId()]) {
      const res = await wear(id, { worn: false, at: t.clock.now().toISOString() });
      expect(res.status, id).toBe(404);
      expect(res.body.code).toBe('DEVICE_NOT_FOUND');
    }
    expect(await notWornSince(foreign.id)).toBeNull();
    expect(await notWornSince(other.id)).toBeNull();
    for (const [body, field] of [
      [{ at: t.clock.now().toISOString() }, 'worn'],
      [{ worn: 'no', at: t.clock.now().toISOString() }, 'worn'],
      [{ worn: false }, 'at'],
      [{ worn: false, at: 'yesterday' }, 'at'],
    ] as const) {
      const res = await wear(watchId, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.details).toMatchObject({ field });
    }
    expect((await wear('not-a-uuid', { worn: false, at: t.clock.now().toISOString() })).status).toBe(400);
    // Staff are not the patient app.
    expect((await wear(watchId, { worn: false, at: t.clock.now().toISOString() }, cskh)).status).toBe(403);
  });
});

describe('a cellular device reports itself (device credentials)', () => {
  test('not worn and worn again through POST /api/ingest/wear; a user token or wrong credentials are refused', async () => {
    const deviceId = newId();
    await t.db.query(
      `insert into devices (id, tenant_id, model, serial, imei, patient_id) values ($1, $2, 'J2025E', $3, $4, $5)`,
      [deviceId, tenantId, `SN-${deviceId.slice(-8)}`, `86${Date.now()}`.slice(0, 15), patientId],
    );
    const secret = await issueDeviceSecret(t.deps, tenantId, deviceId, t.clock.now());
    const since = t.clock.now().toISOString();
    const off = await t.call('POST', '/api/ingest/wear', {
      headers: basic(deviceId, secret),
      body: { worn: false, at: since },
    });
    expect(off.status, off.raw).toBe(200);
    expect(off.body).toEqual({ deviceId, notWornSince: since });
    expect(await rowOf()).toMatchObject({ notWorn: true, notWornSince: since });
    expect(
      (await t.call('POST', '/api/ingest/wear', { headers: basic(deviceId, 'wrong'), body: { worn: true, at: since } }))
        .status,
    ).toBe(401);
    expect((await t.call('POST', '/api/ingest/wear', { token: app, body: { worn: true, at: since } })).status).toBe(
      403,
    );
    const bad = await t.call('POST', '/api/ingest/wear', { headers: basic(deviceId, secret), body: { worn: true } });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toMatchObject({ field: 'at' });
    t.clock.advance(60_000);
    const on = await t.call('POST', '/api/ingest/wear', {
      headers: basic(deviceId, secret),
      body: { worn: true, at: t.clock.now().toISOString() },
    });
    expect(on.body).toEqual({ deviceId, notWornSince: null });
    expect((await rowOf()).notWorn).toBe(false);
  });
});

describe('daily digest', () => {
  test('a not-worn patient who is not silent is listed with the reason; the silent ones keep theirs', async () => {
    const doctorId = (await one<{ id: string }>("select id from users where email = 'doctor@demo.test'")).id;
    const follows = await one<{ n: number }>(
      'select count(*)::int as n from patient_doctors where patient_id = $1 and doctor_id = $2',
      [patientId, doctorId],
    );
    if (follows.n === 0)
      await t.db.query(
        'insert into patient_doctors (tenant_id, patient_id, doctor_id, created_at) values ($1, $2, $3, now())',
        [tenantId, patientId, doctorId],
      );
    const since = new Date(t.clock.now().getTime() - 3 * 3600_000);
    await wear(watchId, { worn: false, at: since.toISOString() });
    expect(await sendTenantDigests(t.deps, tenantId, '2030-01-01')).toBeGreaterThan(0);
    type Listed = { id: string; silent: boolean; quietHours: number | null; notWornHours: number | null };
    const d = await one<{ payload: { patients: Listed[] } }>(
      "select payload from deliveries where template = 'patients.silent_digest' and recipient_user_id = $1 and channel = 'in_app' order by created_at desc limit 1",
      [doctorId],
    );
    const me = d.payload.patients.find((p) => p.id === patientId);
    expect(me).toMatchObject({ silent: false, notWornHours: 3 });
    expect(d.payload.patients.filter((p) => p.id !== patientId).every((p) => p.silent && p.notWornHours === null)).toBe(
      true,
    );
  });
});
