import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { DEMO_PASSWORD } from '../seed/demo.ts';
import { newId } from '../../platform/ids.ts';
import { issueDeviceSecret } from '../devices/device-credentials.ts';
import type { ReadingsBatch } from '../../platform/context.ts';
import { downsample } from '@carewatch/clinical/downsample';

let t: TestApp;
let patientToken: string;
let doctorToken: string;
let patientId: string;
let tenantId: string;
const handled: ReadingsBatch[] = [];

const INGEST = '/api/ingest/measurements';
// Test readings live in 2024, away from the seeded month of demo vitals.
const at = (min: number) => new Date(Date.UTC(2024, 2, 1, 0, 0, 0) + min * 60000).toISOString();

beforeAll(async () => {
  t = await startTestApp();
  t.deps.readingHandlers.push(async (_deps, batch) => {
    handled.push(batch);
  });
  t.deps.readingHandlers.push(async function failing() {
    throw new Error('alert engine down');
  });
  // Patients sign in from the patient app (x-client: app), not the staff portal.
  const login = await t.call('POST', '/api/auth/oauth-token', {
    body: { tenant: 'demo', username: 'patient@demo.test', password: DEMO_PASSWORD, grant_type: 'password' },
    headers: { 'x-client': 'app' },
  });
  patientToken = String(login.body.access_token);
  doctorToken = (await t.login('doctor')).access;
  const rows = await t.db.query<{ id: string; tenant_id: string }>(
    `select p.id, p.tenant_id from patients p join tenants x on x.id = p.tenant_id where x.code = 'demo' and p.patient_code = 'DEMO-P0001'`,
  );
  patientId = rows[0]!.id;
  tenantId = rows[0]!.tenant_id;
});
afterAll(async () => {
  await t?.close();
});

const count = async (metric: string, from: string, to: string) =>
  (
    await t.db.query<{ n: number }>(
      'select count(*)::int n from measurements where patient_id = $1 and metric = $2 and measured_at >= $3 and measured_at < $4',
      [patientId, metric, from, to],
    )
  )[0]!.n;

describe('ingest by the patient app', () => {
  test('accepts good readings, rejects bad ones with index and code, stores the rest', async () => {
    const res = await t.call('POST', INGEST, {
      token: patientToken,
      body: {
        readings: [
          { metric: 'heart_rate', measuredAt: at(0), value: 72 },
          { metric: 'heart_rate', measuredAt: at(1), value: 350 },
          { metric: 'blood_pressure', measuredAt: at(2), values: { systolic: 120, diastolic: 80 } },
          { metric: 'blood_pressure', measuredAt: at(3), values: { systolic: 110, diastolic: 100 } },
          { metric: 'spo2', measuredAt: '2026-11-22T08:10:00Z', value: 97 },
          { metric: 'temperature', measuredAt: at(4), value: 98.6, unit: 'F' },
          { metric: 'weight', measuredAt: at(5), value: 70, unit: 'stone' },
          { metric: 'pulse_wave', measuredAt: at(6), value: 1 },
          { metric: 'spo2', measuredAt: 'yesterday', value: 97 },
          { metric: 'blood_glucose', measuredAt: at(7), value: 320, unit: 'mg/dL' },
          { metric: 'ecg', measuredAt: at(8), value: 70, values: { samplingRate: 250, samples: [0.1, 0.3, -0.2, 0] } },
          'not a reading',
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.accepted).toBe(4);
    expect(res.body.duplicates).toBe(0);
    const rejected = res.body.rejected as Array<{ index: number; code: string; field?: string }>;
    expect(rejected.map((r) => [r.index, r.code])).toEqual([
      [1, 'OUT_OF_RANGE'],
      [3, 'OUT_OF_RANGE'],
      [4, 'FUTURE_TIME'],
      [6, 'UNSUPPORTED_UNIT'],
      [7, 'UNKNOWN_METRIC'],
      [8, 'INVALID_READING'],
      [9, 'OUT_OF_RANGE'],
      [11, 'INVALID_READING'],
    ]);
    expect(rejected.find((r) => r.index === 3)?.field).toBe('values.systolic');
    const temp = await t.db.query<{ value: number; source: string; received_at: Date }>(
      'select value, source, received_at from measurements where patient_id = $1 and metric = $2 and measured_at = $3',
      [patientId, 'temperature', at(4)],
    );
    expect(temp[0]!.value).toBeCloseTo(37, 6);
    expect(temp[0]!.source).toBe('app');
    expect(new Date(temp[0]!.received_at).toISOString()).toBe('2026-11-22T08:00:00.000Z');
    const ecg = await t.db.query<{ data: { samplingRate: number; samples: number[] } }>(
      'select data from measurements where patient_id = $1 and metric = $2',
      [patientId, 'ecg'],
    );
    expect(ecg.some((r) => r.data.samplingRate === 250 && r.data.samples.length === 4)).toBe(true);
    // The seam got the stored readings after commit; the failing handler was recorded, not fatal.
    expect(handled.at(-1)).toMatchObject({ tenantId, patientId });
    expect(handled.at(-1)!.readings).toHaveLength(4);
    const failures = await t.db.query<{ handler: string; readings: number }>(
      'select handler, readings from reading_handler_failures',
    );
    expect(failures.at(-1)).toMatchObject({ handler: 'failing', readings: 4 });
  });

  test('a retried batch is all duplicates; duplicates inside a batch count too', async () => {
    const batch = {
      readings: [
        { metric: 'steps', measuredAt: at(100), value: 500 },
        { metric: 'steps', measuredAt: at(101), value: 300 },
        { metric: 'steps', measuredAt: at(100), value: 500 },
      ],
    };
    const first = await t.call('POST', INGEST, { token: patientToken, body: batch });
    expect(first.body).toMatchObject({ accepted: 2, duplicates: 1, rejected: [] });
    const retry = await t.call('POST', INGEST, { token: patientToken, body: batch });
    expect(retry.body).toMatchObject({ accepted: 0, duplicates: 3, rejected: [] });
    expect(await count('steps', at(100), at(102))).toBe(2);
  });

  test('two real readings in the same second are two; a resend of one (same client id) is stored once', async () => {
    const sec = new Date(Date.UTC(2024, 2, 2, 9, 30, 15)).toISOString();
    const a = crypto.randomUUID();
    const b = crypto.randomUUID();
    const bp = (id: string, systolic: number) => ({
      metric: 'blood_pressure',
      measuredAt: sec,
      values: { systolic, diastolic: 80 },
      clientId: id,
    });
    const first = await t.call('POST', INGEST, { token: patientToken, body: { readings: [bp(a, 128), bp(b, 124)] } });
    expect(first.body).toMatchObject({ accepted: 2, duplicates: 0, rejected: [] });
    // The answer was lost: the phone sends both again, plus the second again inside the batch.
    const again = await t.call('POST', INGEST, {
      token: patientToken,
      body: { readings: [bp(a, 128), bp(b, 124), bp(b, 124)] },
    });
    expect(again.body).toMatchObject({ accepted: 0, duplicates: 3, rejected: [] });
    const rows = await t.db.query<{ value: number }>(
      "select value from measurements where patient_id = $1 and metric = 'blood_pressure' and measured_at = $2 order by value",
      [patientId, sec],
    );
    expect(rows.map((r) => r.value)).toEqual([124, 128]);
    const bad = await t.call('POST', INGEST, {
      token: patientToken,
      body: { readings: [{ metric: 'heart_rate', measuredAt: sec, value: 70, clientId: 'not-a-uuid' }] },
    });
    expect(bad.body).toMatchObject({
      accepted: 0,
      rejected: [{ index: 0, code: 'INVALID_READING', field: 'clientId' }],
    });
  });

  test('readings go to the caller\u2019s own record; a device id must be one of theirs', async () => {
    const res = await t.call('POST', INGEST, {
      token: patientToken,
      body: {
        readings: [
          { metric: 'heart_rate', measuredAt: at(200), value: 70, deviceId: '00000000-0000-7000-8000-000000000001' },
        ],
      },
    });
    expect(res.body).toMatchObject({
      accepted: 0,
      rejected: [{ index: 0, code: 'UNKNOWN_DEVICE', field: 'deviceId' }],
    });
    // A staff member cannot push readings (no HealthOwnData), a doctor with it would still not be a patient.
    const doc = await t.call('POST', INGEST, {
      token: doctorToken,
      body: { readings: [{ metric: 'heart_rate', measuredAt: at(201), value: 70 }] },
    });
    expect([403]).toContain(doc.status);
    expect(['PERMISSION_DENIED', 'NOT_A_PATIENT']).toContain(doc.body.code);
  });

  test('bad bodies are 400 naming the field', async () => {
    const empty = await t.call('POST', INGEST, { token: patientToken, body: { readings: [] } });
    expect(empty.status).toBe(400);
    expect(empty.body.details?.field).toBe('readings');
    const none = await t.call('POST', INGEST, { body: { readings: [] } });
    expect(none.status).toBe(401);
  });
});

describe('ingest by a cellular device (Basic credentials)', () => {
  let deviceId: string;
  let secret: string;
  beforeAll(async () => {
    deviceId = newId();
    await t.db.query(
      `insert into devices (id, tenant_id, model, serial, imei, patient_id) values ($1, $2, 'J2025E', $3, $4, $5)`,
      [deviceId, tenantId, `SN-${deviceId.slice(-8)}`, `86${Date.now()}`.slice(0, 15), patientId],
    );
    secret = await issueDeviceSecret(t.deps, tenantId, deviceId, t.clock.now());
  });
  const basic = (user: string, pass: string) => ({
    authorization: `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`,
  });

  test('stores under the device source and marks the device synced', async () => {
    const res = await t.call('POST', INGEST, {
      headers: basic(deviceId, secret),
      body: {
        readings: [
          { metric: 'heart_rate', measuredAt: at(300), value: 66 },
          { metric: 'spo2', measuredAt: at(300), value: 98, deviceId },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ accepted: 2, duplicates: 0, rejected: [] });
    const rows = await t.db.query<{ source: string; device_id: string }>(
      'select source, device_id from measurements where patient_id = $1 and measured_at = $2',
      [patientId, at(300)],
    );
    expect(rows.map((r) => r.source)).toEqual([`device:${deviceId}`, `device:${deviceId}`]);
    const dev = await t.db.query<{
      connection_status: number;
      latest_sync: Date;
      first_connect: Date;
      activated_at: Date;
    }>('select connection_status, latest_sync, first_connect, activated_at from devices where id = $1', [deviceId]);
    expect(dev[0]).toMatchObject({ connection_status: 1 });
    expect(new Date(dev[0]!.activated_at).toISOString()).toBe(t.clock.now().toISOString());
    // The same reading from the app (no device id) is another source: stored; from the device again: a duplicate.
    const again = await t.call('POST', INGEST, {
      headers: basic(deviceId, secret),
      body: { readings: [{ metric: 'heart_rate', measuredAt: at(300), value: 66 }] },
    });
    expect(again.body).toMatchObject({ accepted: 0, duplicates: 1 });
    // The patient app relaying the device's reading (deviceId given) is the same source: a duplicate too.
    const relay = await t.call('POST', INGEST, {
      token: patientToken,
      body: { readings: [{ metric: 'heart_rate', measuredAt: at(300), value: 66, deviceId }] },
    });
    expect(relay.body).toMatchObject({ accepted: 0, duplicates: 1 });
  });

  test('wrong credentials are 401 DEVICE_AUTH_FAILED; an unassigned device is refused', async () => {
    for (const h of [basic(deviceId, 'wrong'), basic('not-a-uuid', secret), { authorization: 'Basic !!!' }]) {
      const res = await t.call('POST', INGEST, {
        headers: h,
        body: { readings: [{ metric: 'heart_rate', measuredAt: at(310), value: 66 }] },
      });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('DEVICE_AUTH_FAILED');
    }
    const other = newId();
    await t.db.query(`insert into devices (id, tenant_id, model, serial) values ($1, $2, 'J2025E', $3)`, [
      other,
      tenantId,
      `SN-${other.slice(-8)}`,
    ]);
    const s2 = await issueDeviceSecret(t.deps, tenantId, other, t.clock.now());
    const res = await t.call('POST', INGEST, {
      headers: basic(other, s2),
      body: { readings: [{ metric: 'heart_rate', measuredAt: at(311), value: 66 }] },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('DEVICE_NOT_ASSIGNED');
    // A device cannot send in another device's name.
    const spoof = await t.call('POST', INGEST, {
      headers: basic(deviceId, secret),
      body: { readings: [{ metric: 'heart_rate', measuredAt: at(312), value: 66, deviceId: other }] },
    });
    expect(spoof.body).toMatchObject({ accepted: 0, rejected: [{ index: 0, code: 'UNKNOWN_DEVICE' }] });
  });
});

describe('charts', () => {
  const from = at(1000);
  const to = at(1000 + 600);
  beforeAll(async () => {
    // 600 per-minute heart rates: value = minute index % 100 + 50; and blood pressure every 10 minutes.
    const readings = [];
    for (let i = 0; i < 600; i++)
      readings.push({ metric: 'heart_rate', measuredAt: at(1000 + i), value: 50 + (i % 100) });
    for (let i = 0; i < 600; i += 10)
      readings.push({
        metric: 'blood_pressure',
        measuredAt: at(1000 + i),
        values: { systolic: 120 + (i % 20), diastolic: 80 },
      });
    const res = await t.call('POST', INGEST, { token: patientToken, body: { readings } });
    expect(res.body).toMatchObject({ accepted: 660, rejected: [] });
  });
  const url = (id: string, q: Record<string, string | number>) =>
    `/api/account/patients/${id}/vitals?${new URLSearchParams(Object.fromEntries(Object.entries(q).map(([k, v]) => [k, String(v)])))}`;

  test('raw rows when they fit, buckets otherwise: counts add up, min/max right', async () => {
    const raw = await t.call('GET', url(patientId, { metric: 'heart_rate', from, to, points: 1000 }), {
      token: doctorToken,
    });
    expect(raw.status).toBe(200);
    expect(raw.body.bucketSeconds).toBe(0);
    expect((raw.body.points as unknown[]).length).toBe(600);
    const ds = await t.call('GET', url(patientId, { metric: 'heart_rate', from, to, points: 60 }), {
      token: doctorToken,
    });
    expect(ds.status).toBe(200);
    expect(ds.body.bucketSeconds).toBe(600);
    const pts = ds.body.points as Array<{ t: string; n: number; min: number; max: number; avg: number }>;
    expect(pts.length).toBe(60);
    expect(pts.reduce((s, p) => s + p.n, 0)).toBe(600);
    expect(pts[0]).toMatchObject({ t: from, n: 10, min: 50, max: 59, avg: 54.5 });
    expect(Math.min(...pts.map((p) => p.min))).toBe(50);
    expect(Math.max(...pts.map((p) => p.max))).toBe(149);
    const bp = await t.call('GET', url(patientId, { metric: 'blood_pressure', from, to, points: 20 }), {
      token: doctorToken,
    });
    const bpp = bp.body.points as Array<{ n: number; min: number; max: number; avg2: number }>;
    expect(bp.body.bucketSeconds).toBe(1800);
    expect(bpp.length).toBe(20);
    expect(bpp[0]).toMatchObject({ n: 3, min: 120, max: 130, avg2: 80 });
    expect(bp.body.unit).toBe('mmHg');
  });

  test('long ranges read the hourly rollup (edge hours from the rows) and match aggregating every reading', async () => {
    // Every 37 minutes for ~20 days in June 2024, values cycling 40..139; sent twice (the retry must not count twice).
    const base = Date.UTC(2024, 5, 1, 0, 0, 0);
    const readings = Array.from({ length: 800 }, (_, i) => ({
      metric: 'heart_rate',
      measuredAt: new Date(base + i * 37 * 60000).toISOString(),
      value: 40 + ((i * 7) % 100),
    }));
    expect((await t.call('POST', INGEST, { token: patientToken, body: { readings } })).body).toMatchObject({
      accepted: 800,
    });
    expect((await t.call('POST', INGEST, { token: patientToken, body: { readings } })).body).toMatchObject({
      accepted: 0,
      duplicates: 800,
    });
    const qFrom = new Date(base + 17 * 60000).toISOString();
    const qTo = new Date(base + 800 * 37 * 60000 - 23 * 60000).toISOString();
    const res = await t.call('GET', url(patientId, { metric: 'heart_rate', from: qFrom, to: qTo, points: 10 }), {
      token: doctorToken,
    });
    expect(res.status).toBe(200);
    const b = res.body.bucketSeconds as number;
    expect(b % 3600).toBe(0);
    const pts = res.body.points as Array<{ t: string; n: number; min: number; max: number; avg: number }>;
    expect(pts.length).toBeLessThanOrEqual(10);
    const align = Math.floor(Date.parse(qFrom) / 3_600_000) * 3_600_000;
    const inRange = readings
      .map((r) => ({ t: Date.parse(r.measuredAt), value: r.value }))
      .filter((r) => r.t >= Date.parse(qFrom) && r.t < Date.parse(qTo));
    const ref = downsample(inRange, align, Date.parse(qTo), b);
    expect(pts.map((p) => [p.t, p.n, p.min, p.max])).toEqual(
      ref.map((r) => [new Date(r.t).toISOString(), r.n, r.min, r.max]),
    );
    pts.forEach((p, i) => expect(p.avg).toBeCloseTo(ref[i]!.avg!, 9));
  });

  test('bad queries are 400 naming the field', async () => {
    const r1 = await t.call('GET', url(patientId, { metric: 'nope', from, to }), { token: doctorToken });
    expect(r1.status).toBe(400);
    expect(r1.body.details?.field).toBe('metric');
    const r2 = await t.call('GET', url(patientId, { metric: 'heart_rate', from: to, to: from }), {
      token: doctorToken,
    });
    expect(r2.status).toBe(400);
    expect(r2.body.details?.field).toBe('to');
  });

  test('latest, steps, ECG, the patient\u2019s own', async () => {
    const latest = await t.call('GET', `/api/account/patients/${patientId}/vitals/latest`, { token: doctorToken });
    expect(latest.status).toBe(200);
    expect((latest.body.items as Array<{ metric: string }>).length).toBeGreaterThan(0);
    const steps = await t.call(
      'GET',
      `/api/account/patients/${patientId}/vitals/steps?from=${encodeURIComponent(at(0))}&to=${encodeURIComponent(at(1440))}`,
      { token: doctorToken },
    );
    expect(steps.status).toBe(200);
    expect(steps.body.days).toEqual([{ date: '2024-03-01', steps: 800, calories: null, reached: expect.any(Boolean) }]);
    const ecg = await t.call(
      'GET',
      `/api/account/patients/${patientId}/vitals/ecg?from=${encodeURIComponent(at(0))}&to=${encodeURIComponent(at(60))}`,
      { token: doctorToken },
    );
    expect(ecg.body.items).toEqual([{ measuredAt: at(8), samplingRate: 250, durationSeconds: 4 / 250, heartRate: 70 }]);
    const strip = await t.call(
      'GET',
      `/api/account/patients/${patientId}/vitals/ecg/strip?measuredAt=${encodeURIComponent(at(8))}`,
      { token: doctorToken },
    );
    expect(strip.body).toEqual({ measuredAt: expect.any(String), samplingRate: 250, samples: [0.1, 0.3, -0.2, 0] });
    const mine = await t.call(
      'GET',
      `/api/account/me/vitals?metric=heart_rate&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&points=60`,
      { token: patientToken },
    );
    expect(mine.status).toBe(200);
    expect((mine.body.points as unknown[]).length).toBe(60);
    const myLatest = await t.call('GET', '/api/account/me/vitals/latest', { token: patientToken });
    expect(myLatest.status).toBe(200);
    const staffMe = await t.call('GET', '/api/account/me/vitals/latest', { token: doctorToken });
    expect(staffMe.status).toBeGreaterThanOrEqual(403);
  });

  test('sleep sessions with stage percentages', async () => {
    const stages = [
      { stage: 'light', start: at(2000), end: at(2240) },
      { stage: 'deep', start: at(2240), end: at(2320) },
      { stage: 'rem', start: at(2320), end: at(2420) },
    ];
    const res = await t.call('POST', INGEST, {
      token: patientToken,
      body: { readings: [{ metric: 'sleep', measuredAt: at(2000), values: { stages } }] },
    });
    expect(res.body).toMatchObject({ accepted: 1 });
    const rep = await t.call(
      'GET',
      `/api/account/patients/${patientId}/vitals/sleep?from=${encodeURIComponent(at(1900))}&to=${encodeURIComponent(at(2500))}`,
      { token: doctorToken },
    );
    expect(rep.status).toBe(200);
    expect(rep.body.sessions).toEqual([
      expect.objectContaining({ totalMinutes: 420, minutes: { awake: 0, light: 240, deep: 80, rem: 100 } }),
    ]);
  });

  test('visibility: another tenant\u2019s doctor and another center\u2019s patient answer 404', async () => {
    const doc2 = (await t.login('doctor', 'demo2')).access;
    const r1 = await t.call('GET', url(patientId, { metric: 'heart_rate', from, to }), { token: doc2 });
    expect(r1.status).toBe(404);
    expect(r1.body.code).toBe('PATIENT_NOT_FOUND');
    const center = newId();
    const other = newId();
    const scope = await t.db.query<{ scope_id: string }>(
      'select scope_id from health_centers where tenant_id = $1 limit 1',
      [tenantId],
    );
    await t.db.query('insert into health_centers (id, tenant_id, name, scope_id) values ($1, $2, $3, $4)', [
      center,
      tenantId,
      'Vitals Test Center',
      scope[0]!.scope_id,
    ]);
    await t.db.query(
      `insert into patients (id, tenant_id, center_id, first_name, last_name, patient_code) values ($1, $2, $3, 'Other', 'Center', 'VT-OTHER')`,
      [other, tenantId, center],
    );
    const r2 = await t.call('GET', url(other, { metric: 'heart_rate', from, to }), { token: doctorToken });
    expect(r2.status).toBe(404);
    const r3 = await t.call('GET', `/api/account/patients/${other}/vitals/latest`, { token: doctorToken });
    expect(r3.status).toBe(404);
  });
});
