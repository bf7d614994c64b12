import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { DEFAULT_THRESHOLDS } from '@carewatch/contracts/alerts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { alertStatusViolations } from '../../test-support/invariants.ts';
import { DEMO_PASSWORD } from '../seed/demo.ts';

let t: TestApp;
let patientToken: string;
let doctorToken: string;
let adminToken: string;
let otherAdminToken: string;
let patientId: string;

const D = '/api/account/thresholds/defaults';
let second = 0;
const at = () => new Date(t.clock.now().getTime() - 60 * 60_000 + second++ * 1000).toISOString();
async function ingest(metric: string, value: number) {
  const res = await t.call('POST', '/api/ingest/measurements', {
    token: patientToken,
    body: { readings: [{ metric, measuredAt: at(), value }] },
  });
  expect(res.status, res.raw).toBe(200);
  expect(res.body.accepted).toBe(1);
}
const openAlert = async (metric: string) =>
  (
    await t.db.query<{ id: string; level: string }>(
      "select id, level from alerts where patient_id = $1 and metric = $2 and status <> 'closed'",
      [patientId, metric],
    )
  )[0] ?? null;
type Item = {
  index: string;
  source: string;
  low: Record<string, number | null>;
  high: Record<string, number | null>;
  personalized: boolean;
  updatedBy: string | null;
};
const item = (body: Record<string, unknown>, index: string) => (body.items as Item[]).find((i) => i.index === index)!;
const HR = DEFAULT_THRESHOLDS.find((x) => x.index === 'heart_rate')!;

beforeAll(async () => {
  t = await startTestApp();
  const login = await t.call('POST', '/api/auth/oauth-token', {
    body: { tenant: 'demo', username: 'patient@demo.test', password: DEMO_PASSWORD, grant_type: 'password' },
    headers: { 'x-client': 'app' },
  });
  patientToken = String(login.body.access_token);
  doctorToken = (await t.login('doctor')).access;
  adminToken = (await t.login('sysadmin')).access;
  otherAdminToken = (await t.login('sysadmin', 'demo2')).access;
  patientId = (
    await t.db.query<{ id: string }>(
      "select p.id from patients p join tenants x on x.id = p.tenant_id where x.code = 'demo' and p.patient_code = 'DEMO-P0001'",
    )
  )[0]!.id;
  await t.db.query("update patients set status = 'normal' where id = $1", [patientId]);
});
afterAll(async () => {
  await t?.close();
});
// Issue 13: after every engine test, status and open alerts / SOS cases / tickets agree.
afterEach(async () => {
  expect(await alertStatusViolations(t.db)).toEqual([]);
});

describe('tenant threshold defaults', () => {
  test('built-in until the tenant sets one; the tenant admin sets and resets them, a doctor only reads; audited; 400 naming the field', async () => {
    const get = await t.get(D, doctorToken);
    expect(get.status, get.raw).toBe(200);
    expect((get.body.items as Item[]).length).toBe(10);
    expect((get.body.items as Item[]).every((i) => i.source === 'builtin')).toBe(true);
    expect(item(get.body, 'heart_rate')).toMatchObject({
      low: HR.low,
      high: HR.high,
      personalized: true,
      updatedBy: null,
    });

    const body = { items: [{ index: 'heart_rate', low: HR.low, high: { atRisk: 90, highRisk: 140, sos: 165 } }] };
    expect((await t.put(D, body, doctorToken)).status).toBe(403);
    expect((await t.post(`${D}/reset`, {}, doctorToken)).status).toBe(403);
    expect((await t.get(D, patientToken)).status).toBe(403);
    const bad = await t.put(
      D,
      { items: [{ index: 'heart_rate', low: HR.low, high: { atRisk: 90, highRisk: 80, sos: null } }] },
      adminToken,
    );
    expect(bad).toMatchObject({ status: 400, body: { details: { field: 'items.0.high.highRisk' } } });

    const put = await t.put(D, body, adminToken);
    expect(put.status, put.raw).toBe(200);
    expect(item(put.body, 'heart_rate')).toMatchObject({
      source: 'tenant',
      high: { atRisk: 90, highRisk: 140, sos: 165 },
      personalized: false,
    });
    expect(item(put.body, 'spo2').source).toBe('builtin');
    expect(item((await t.get(D, doctorToken)).body, 'heart_rate').source).toBe('tenant');
    // Another tenant keeps the built-in values.
    expect(item((await t.get(D, otherAdminToken)).body, 'heart_rate')).toMatchObject({
      source: 'builtin',
      high: HR.high,
    });

    // The patient's view shows the tenant default as `default`.
    const mine = await t.get('/api/account/me/thresholds', patientToken);
    expect(item(mine.body, 'heart_rate')).toMatchObject({
      source: 'default',
      high: { atRisk: 90, highRisk: 140, sos: 165 },
    });

    const reset = await t.post(`${D}/reset`, { indexes: ['heart_rate'] }, adminToken);
    expect(reset.status, reset.raw).toBe(200);
    expect(item(reset.body, 'heart_rate')).toMatchObject({ source: 'builtin', high: HR.high });
    const audits = await t.db.query<{ action: string }>(
      "select action from audit_log where action like 'tenant.thresholds.%' order by created_at",
    );
    expect(audits.map((a) => a.action)).toEqual(['tenant.thresholds.update', 'tenant.thresholds.reset']);
  });

  test('a tenant default decides the alert of a patient without own thresholds; reset → no alert at the same value', async () => {
    await t.post(`/api/account/patients/${patientId}/thresholds/reset`, {}, doctorToken);
    await ingest('heart_rate', 95);
    expect(await openAlert('heart_rate')).toBeNull();

    await t.put(
      D,
      { items: [{ index: 'heart_rate', low: HR.low, high: { atRisk: 90, highRisk: 140, sos: 165 } }] },
      adminToken,
    );
    await ingest('heart_rate', 95);
    const a = await openAlert('heart_rate');
    expect(a?.level).toBe('at_risk');
    const rule = (
      await t.db.query<{ rule: { limit: number; side: string } }>('select rule from alerts where id = $1', [a!.id])
    )[0]!.rule;
    expect(rule).toMatchObject({ side: 'high', limit: 90 });
    await ingest('heart_rate', 72);
    expect(await openAlert('heart_rate')).toBeNull();

    // The patient's own threshold still wins over the tenant default.
    await t.put(
      `/api/account/patients/${patientId}/thresholds`,
      { items: [{ index: 'heart_rate', low: HR.low, high: { atRisk: 100, highRisk: 140, sos: 165 } }] },
      doctorToken,
    );
    await ingest('heart_rate', 95);
    expect(await openAlert('heart_rate')).toBeNull();
    await t.post(`/api/account/patients/${patientId}/thresholds/reset`, {}, doctorToken);

    // A personalized tenant default: the at-risk level stays the tenant's, the upper tiers follow the patient's age.
    await t.put(
      D,
      {
        items: [
          { index: 'heart_rate', low: HR.low, high: { atRisk: 90, highRisk: 140, sos: 165 }, personalized: true },
        ],
      },
      adminToken,
    );
    const view = await t.get(`/api/account/patients/${patientId}/thresholds`, doctorToken);
    expect(item(view.body, 'heart_rate')).toMatchObject({
      source: 'default',
      personalized: true,
      high: { atRisk: 90 },
    });

    await t.post(`${D}/reset`, {}, adminToken);
    await ingest('heart_rate', 95);
    expect(await openAlert('heart_rate')).toBeNull();
  });
});
