import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { DEMO_PASSWORD } from '../seed/demo.ts';
import { newId } from '../../platform/ids.ts';
import { ZVitalsSeries } from '@carewatch/contracts/vitals';
import { ZMetricReport } from '@carewatch/contracts/app-vitals';

let t: TestApp;
let patientToken: string;
let followerToken: string;
let patientId: string;
let otherPatientId: string;
let otherTenantPatientId: string;
let subUserId: string;

const A = (id: string) => `/api/account/app/patients/${id}`;
const appLogin = async (local: string) => {
  const res = await t.call('POST', '/api/auth/oauth-token', {
    body: { tenant: 'demo', username: `${local}@demo.test`, password: DEMO_PASSWORD, grant_type: 'password' },
    headers: { 'x-client': 'app' },
  });
  expect(res.status, res.raw).toBe(200);
  return String(res.body.access_token);
};
const patientOf = async (tenant: string, code: string) =>
  (
    await t.db.query<{ id: string }>(
      'select p.id from patients p join tenants x on x.id = p.tenant_id where x.code = $1 and p.patient_code = $2',
      [tenant, code],
    )
  )[0]!.id;

async function ingest(readings: Array<Record<string, unknown>>) {
  const res = await t.call('POST', '/api/ingest/measurements', { token: patientToken, body: { readings } });
  expect(res.status, res.raw).toBe(200);
  expect(res.body.rejected, res.raw).toEqual([]);
}

beforeAll(async () => {
  t = await startTestApp();
  patientToken = await appLogin('patient');
  followerToken = await appLogin('follower');
  patientId = await patientOf('demo', 'DEMO-P0001');
  otherPatientId = await patientOf('demo', 'DEMO-P0002');
  otherTenantPatientId = (
    await t.db.query<{ id: string }>(
      "select p.id from patients p join tenants x on x.id = p.tenant_id where x.code = 'demo2' limit 1",
    )
  )[0]!.id;
  // Days of the report are cut in the viewer's profile time zone: UTC+7 for the demo patient.
  await t.db.query(
    "update users set timezone = 'Asia/Ho_Chi_Minh' where email in ('patient@demo.test', 'follower@demo.test')",
  );
  const owner = (
    await t.db.query<{ user_id: string; tenant_id: string }>('select user_id, tenant_id from patients where id = $1', [
      patientId,
    ])
  )[0]!;
  subUserId = newId();
  await t.db.query(
    'insert into patients (id, tenant_id, first_name, last_name, manager_user_id, relationship) values ($1, $2, $3, $4, $5, $6)',
    [subUserId, owner.tenant_id, 'Bé', 'Nguyễn', owner.user_id, 'son'],
  );

  // A week (Mon 7 – Sun 13 Sep 2026, local UTC+7) far from the seeded days. Local 00:30 on Monday is 17:30Z on Sunday.
  await ingest([
    { metric: 'heart_rate', measuredAt: '2026-09-06T17:30:00Z', value: 60 }, // Mon 7 local
    { metric: 'heart_rate', measuredAt: '2026-09-07T03:00:00Z', value: 80 }, // Mon 7
    { metric: 'heart_rate', measuredAt: '2026-09-09T03:00:00Z', value: 100 }, // Wed 9
    { metric: 'heart_rate', measuredAt: '2026-09-13T17:30:00Z', value: 150 }, // Mon 14 local: next week
    { metric: 'blood_pressure', measuredAt: '2026-09-07T01:00:00Z', values: { systolic: 115, diastolic: 75 } }, // normal
    { metric: 'blood_pressure', measuredAt: '2026-09-08T01:00:00Z', values: { systolic: 125, diastolic: 75 } }, // elevated
    { metric: 'blood_pressure', measuredAt: '2026-09-09T01:00:00Z', values: { systolic: 135, diastolic: 85 } }, // stage 1
    { metric: 'blood_pressure', measuredAt: '2026-09-10T01:00:00Z', values: { systolic: 150, diastolic: 95 } }, // stage 2
    { metric: 'steps', measuredAt: '2026-09-07T10:00:00Z', value: 6000 },
    { metric: 'steps', measuredAt: '2026-09-07T11:00:00Z', value: 5000 },
    { metric: 'steps', measuredAt: '2026-09-08T10:00:00Z', value: 4000 },
    { metric: 'weight', measuredAt: '2026-09-07T00:00:00Z', value: 80 },
    { metric: 'weight', measuredAt: '2026-09-12T00:00:00Z', value: 78.5 },
  ]);
});
afterAll(async () => {
  await t?.close();
});

describe('patient app vitals: who may read', () => {
  test('self (by id and as me) and the accepted caring follower read; another patient and another tenant answer 404', async () => {
    const q = '/vitals?metric=heart_rate&from=2026-09-07T00:00:00Z&to=2026-09-10T00:00:00Z';
    const own = await t.get(A('me') + q, patientToken);
    expect(own.status, own.raw).toBe(200);
    expect(ZVitalsSeries.parse(own.body).points.map((p) => p.avg)).toEqual([80, 100]);
    expect((await t.get(A(patientId) + q, patientToken)).body).toEqual(own.body);
    const followed = await t.get(A(patientId) + q, followerToken);
    expect(followed.status, followed.raw).toBe(200);
    expect(followed.body).toEqual(own.body);
    for (const id of [otherPatientId, otherTenantPatientId, newId()]) {
      expect((await t.get(A(id) + q, followerToken)).status).toBe(404);
      expect((await t.get(A(id) + q, patientToken)).status).toBe(404);
      expect(
        (await t.get(`${A(id)}/vitals/report?metric=heart_rate&period=week&date=2026-09-09`, patientToken)).status,
      ).toBe(404);
      expect((await t.get(`${A(id)}/goals`, patientToken)).status).toBe(404);
    }
    // The follower has no patient record of their own.
    expect((await t.get(A('me') + q, followerToken)).body.code).toBe('NOT_A_PATIENT');
    const range = '?from=2026-09-01T00:00:00Z&to=2026-09-15T00:00:00Z';
    expect((await t.get(`${A(patientId)}/vitals/steps${range}`, followerToken)).body.days).toEqual([
      { date: '2026-09-07', steps: 11000, calories: null, reached: expect.any(Boolean) },
      { date: '2026-09-08', steps: 4000, calories: null, reached: expect.any(Boolean) },
    ]);
    expect((await t.get(`${A(patientId)}/vitals/sleep${range}`, followerToken)).status).toBe(200);
    expect((await t.get(`${A(patientId)}/vitals/ecg${range}`, followerToken)).body).toEqual({ items: [] });
    expect(
      (await t.get(`${A(patientId)}/vitals/ecg/strip?measuredAt=2026-09-07T00:00:00Z`, followerToken)).status,
    ).toBe(404);
  });
});

describe('patient app vitals: reports', () => {
  test('week report: local days, min/avg/max/count, 0 or empty days show the overall average (spec §8)', async () => {
    const res = await t.get(`${A('me')}/vitals/report?metric=heart_rate&period=week&date=2026-09-10`, patientToken);
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toMatchObject({
      period: 'week',
      timeZone: 'Asia/Ho_Chi_Minh',
      startDate: '2026-09-07',
      endDate: '2026-09-13',
      from: '2026-09-06T17:00:00.000Z',
      to: '2026-09-13T17:00:00.000Z',
      unit: 'bpm',
      summary: { n: 3, avg: 80, min: 60, max: 100 },
    });
    expect(ZMetricReport.parse(res.body).buckets).toHaveLength(7);
    expect(ZMetricReport.parse(res.body).buckets[0]).toMatchObject({
      key: '2026-09-07',
      n: 2,
      avg: 70,
      min: 60,
      max: 80,
      filled: false,
    });
    expect(ZMetricReport.parse(res.body).buckets[2]).toMatchObject({
      key: '2026-09-09',
      n: 1,
      avg: 100,
      filled: false,
    });
    expect(ZMetricReport.parse(res.body).buckets[1]).toMatchObject({
      key: '2026-09-08',
      n: 0,
      avg: 80,
      min: null,
      filled: true,
    });
  });

  test('month and year: the same readings in one month bucket; the follower sees the same report', async () => {
    const month = await t.get(
      `${A(patientId)}/vitals/report?metric=heart_rate&period=month&date=2026-09-01`,
      followerToken,
    );
    expect(month.status, month.raw).toBe(200);
    expect(month.body.buckets).toHaveLength(30);
    expect(month.body.summary).toMatchObject({ n: 4, min: 60, max: 150, avg: 97.5 });
    const year = await t.get(
      `${A(patientId)}/vitals/report?metric=heart_rate&period=year&date=2026-09-01`,
      followerToken,
    );
    expect(ZMetricReport.parse(year.body).buckets).toHaveLength(12);
    expect(ZMetricReport.parse(year.body).buckets[8]).toMatchObject({ key: '2026-09', n: 4, avg: 97.5, filled: false });
    expect(
      (await t.get(`${A('me')}/vitals/report?metric=heart_rate&period=decade&date=2026-09-01`, patientToken)).status,
    ).toBe(400);
    expect(
      (await t.get(`${A('me')}/vitals/report?metric=heart_rate&period=week&date=2026-13-01`, patientToken)).status,
    ).toBe(400);
  });

  test('blood pressure counts per class, steps against the target, weight against the goal', async () => {
    const bp = await t.get(`${A('me')}/vitals/report?metric=blood_pressure&period=week&date=2026-09-07`, patientToken);
    expect(bp.body.bp).toEqual({ counts: { normal: 1, elevated: 1, stage1: 1, stage2: 1 } });
    expect(bp.body.summary).toMatchObject({ n: 4, avg: 131.25, avg2: 82.5, max: 150, min2: 75 });

    expect((await t.put(`${A('me')}/goals`, { stepsTarget: 10000, targetWeightKg: 75 }, patientToken)).body).toEqual({
      stepsTarget: 10000,
      targetWeightKg: 75,
    });
    const steps = await t.get(`${A('me')}/vitals/report?metric=steps&period=week&date=2026-09-07`, patientToken);
    expect(steps.body.steps).toEqual({ total: 15000, target: 10000, daysReached: 1, days: 2, avgPerDay: 7500 });
    expect(
      ZMetricReport.parse(steps.body)
        .buckets.slice(0, 3)
        .map((b) => [b.sum, b.filled]),
    ).toEqual([
      [11000, false],
      [4000, false],
      [0, false],
    ]);

    const weight = await t.get(`${A('me')}/vitals/report?metric=weight&period=month&date=2026-09-07`, patientToken);
    expect(weight.body.weight).toEqual({ first: 80, last: 78.5, change: -1.5, target: 75, toTarget: 3.5 });
  });
});

describe('patient app goals', () => {
  test('self and the manager of a sub-user set goals; a follower reads them and gets 403; limits of §5', async () => {
    expect((await t.put(`${A(patientId)}/goals`, { targetWeightKg: 72.5 }, patientToken)).body).toEqual({
      targetWeightKg: 72.5,
      stepsTarget: 10000,
    });
    expect((await t.get(`${A(patientId)}/goals`, followerToken)).body).toEqual({
      targetWeightKg: 72.5,
      stepsTarget: 10000,
    });
    const denied = await t.put(`${A(patientId)}/goals`, { stepsTarget: 1 }, followerToken);
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe('PERMISSION_DENIED');
    expect(
      (await t.db.query<{ steps_target: number }>('select steps_target from patients where id = $1', [patientId]))[0]!
        .steps_target,
    ).toBe(10000);

    expect(await t.put(`${A(patientId)}/goals`, { stepsTarget: 0 }, patientToken)).toMatchObject({
      status: 400,
      body: { details: { field: 'stepsTarget' } },
    });
    expect(await t.put(`${A(patientId)}/goals`, { targetWeightKg: 800 }, patientToken)).toMatchObject({
      status: 400,
      body: { details: { field: 'targetWeightKg' } },
    });
    expect((await t.put(`${A(patientId)}/goals`, { targetWeightKg: null }, patientToken)).body).toEqual({
      targetWeightKg: null,
      stepsTarget: 10000,
    });

    expect((await t.put(`${A(subUserId)}/goals`, { stepsTarget: 3000 }, patientToken)).body).toEqual({
      targetWeightKg: null,
      stepsTarget: 3000,
    });
    expect((await t.get(`${A(subUserId)}/goals`, followerToken)).status).toBe(404);
  });
});
