import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { DEFAULT_THRESHOLDS } from '@carewatch/contracts/alerts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { alertStatusViolations } from '../../test-support/invariants.ts';
import { DEMO_PASSWORD } from '../seed/demo.ts';

// The alert engine with its per-process cache ON (the other tests run with it off): changes made through this process
// apply to the very next reading; a change written by someone else is seen once the entry expires.
let t: TestApp;
let patientToken: string;
let doctorToken: string;
let adminToken: string;
let patientId: string;
let second = 0;
const at = () => new Date(t.clock.now().getTime() - 60 * 60_000 + second++ * 1000).toISOString();
async function ingest(value: number) {
  const res = await t.call('POST', '/api/ingest/measurements', {
    token: patientToken,
    body: { readings: [{ metric: 'heart_rate', measuredAt: at(), value }] },
  });
  expect(res.status, res.raw).toBe(200);
  expect(res.body.accepted).toBe(1);
}
const openLevel = async () =>
  (
    await t.db.query<{ level: string }>(
      "select level from alerts where patient_id = $1 and metric = 'heart_rate' and status <> 'closed'",
      [patientId],
    )
  )[0]?.level ?? null;
const HR = DEFAULT_THRESHOLDS.find((x) => x.index === 'heart_rate')!;

beforeAll(async () => {
  t = await startTestApp();
  t.deps.config.alertEngineCacheMs = 60_000;
  const login = await t.call('POST', '/api/auth/oauth-token', {
    body: { tenant: 'demo', username: 'patient@demo.test', password: DEMO_PASSWORD, grant_type: 'password' },
    headers: { 'x-client': 'app' },
  });
  patientToken = String(login.body.access_token);
  doctorToken = (await t.login('doctor')).access;
  adminToken = (await t.login('sysadmin')).access;
  patientId = (
    await t.db.query<{ id: string }>(
      "select p.id from patients p join tenants x on x.id = p.tenant_id where x.code = 'demo' and p.patient_code = 'DEMO-P0001'",
    )
  )[0]!.id;
  await t.db.query("update alerts set status = 'closed', closed_at = now() where patient_id = $1", [patientId]);
});
afterAll(async () => {
  await t?.close();
});
// Issue 13: after every engine test, status and open alerts / SOS cases / tickets agree.
afterEach(async () => {
  expect(await alertStatusViolations(t.db)).toEqual([]);
});

describe('alert engine with its context cache on', () => {
  test('a threshold change, a tenant default change and an alert opened here apply to the next reading', async () => {
    await ingest(72); // normal: remembered
    expect(await openLevel()).toBeNull();

    // The doctor tightens the patient's heart-rate high side: 75 is now at risk, at once.
    const put = await t.put(
      `/api/account/patients/${patientId}/thresholds`,
      { items: [{ index: 'heart_rate', low: HR.low, high: { atRisk: 74, highRisk: 140, sos: 165 } }] },
      doctorToken,
    );
    expect(put.status, put.raw).toBe(200);
    await ingest(75);
    expect(await openLevel()).toBe('at_risk');
    // The open alert is closed by the very next normal reading.
    await ingest(70);
    expect(await openLevel()).toBeNull();

    // Back to the tenant default; the tenant then lowers its own default: applies at once too.
    expect((await t.post(`/api/account/patients/${patientId}/thresholds/reset`, {}, doctorToken)).status).toBe(200);
    await ingest(92);
    expect(await openLevel()).toBeNull();
    const def = await t.put(
      '/api/account/thresholds/defaults',
      { items: [{ index: 'heart_rate', low: HR.low, high: { atRisk: 90, highRisk: 140, sos: 165 } }] },
      adminToken,
    );
    expect(def.status, def.raw).toBe(200);
    await ingest(93);
    expect(await openLevel()).toBe('at_risk');
    await ingest(72);
    expect(await openLevel()).toBeNull();
    expect((await t.post('/api/account/thresholds/defaults/reset', {}, adminToken)).status).toBe(200);
  });

  test('a change written outside this process is seen once the remembered entry expires', async () => {
    t.deps.config.alertEngineCacheMs = 300;
    await ingest(72); // remembered, no open alert
    // Another process sets a threshold (same database, not through this process).
    await t.db.query(
      `insert into patient_thresholds (tenant_id, patient_id, idx, low, high, locked, patient_may_edit, updated_at)
       select tenant_id, id, 'heart_rate', $2::jsonb, $3::jsonb, false, false, now() from patients where id = $1
       on conflict (tenant_id, patient_id, idx) do update set high = excluded.high`,
      [patientId, JSON.stringify(HR.low), JSON.stringify({ atRisk: 74, highRisk: 140, sos: 165 })],
    );
    await new Promise((r) => setTimeout(r, 350));
    await ingest(76);
    expect(await openLevel()).toBe('at_risk');
  });
});
