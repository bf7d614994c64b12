import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TWorklistItem, TWorklistPage } from '@carewatch/contracts/worklist';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { DEMO_PASSWORD } from '../seed/demo.ts';

let t: TestApp;
let doctor: string;
let cskh: string;
let doctor2: string;
let patientToken: string;
let demoPatientId: string;

const RANK: Record<string, number> = { sos: 0, high_risk: 1, at_risk: 2 };
const worklist = async (token: string, query = 'size=200') => {
  const res = await t.call('GET', `/api/account/worklist?${query}`, { token });
  expect(res.status, res.raw).toBe(200);
  return res.body as unknown as TWorklistPage;
};
/** Tier first (SOS, high risk, at risk), then the longest waiting. */
function expectRanked(items: TWorklistItem[]) {
  for (let i = 1; i < items.length; i++) {
    const a = items[i - 1]!;
    const b = items[i]!;
    expect(RANK[a.level]! <= RANK[b.level]!, `${a.level} before ${b.level}`).toBe(true);
    if (a.level === b.level) expect(a.waitingSince <= b.waitingSince).toBe(true);
  }
}
/** Patients of a tenant with an open alert or SOS case, straight from the tables. */
const withOpenAlerts = async (tenantCode: string) =>
  (
    await t.db.query<{ id: string }>(
      `select distinct a.patient_id as id from alerts a join tenants x on x.id = a.tenant_id
   where x.code = $1 and a.status <> 'closed' and a.level in ('at_risk', 'high_risk', 'sos')`,
      [tenantCode],
    )
  )
    .map((r) => r.id)
    .sort();

beforeAll(async () => {
  t = await startTestApp();
  // Ten minutes on: the readings below are the demo patient's newest (the seeded series ends at the clock's start).
  t.clock.advance(10 * 60_000);
  doctor = (await t.login('doctor')).access;
  cskh = (await t.login('cskh')).access;
  doctor2 = (await t.login('doctor', 'demo2')).access;
  const login = await t.call('POST', '/api/auth/oauth-token', {
    body: { tenant: 'demo', username: 'patient@demo.test', password: DEMO_PASSWORD, grant_type: 'password' },
    headers: { 'x-client': 'app' },
  });
  patientToken = String(login.body.access_token);
  demoPatientId = (await t.db.query<{ id: string }>("select id from patients where patient_code = 'DEMO-P0001'"))[0]!
    .id;
});
afterAll(async () => {
  await t?.close();
});

describe('triage worklist', () => {
  test('customer care (tenant-wide) sees every patient with an open alert of the tenant, SOS first, then by tier and waiting time', async () => {
    const list = await worklist(cskh);
    const expected = await withOpenAlerts('demo');
    expect(expected.length).toBeGreaterThan(3);
    expect(list.total).toBe(expected.length);
    expect(list.items.map((i) => i.patientId).sort()).toEqual(expected);
    expectRanked(list.items);
    expect(list.items[0]!.level).toBe('sos');
    expect(list.items[0]!.sosCaseId).not.toBeNull();
    // One row per patient, with the display fields and the ids to act on.
    expect(new Set(list.items.map((i) => i.patientId)).size).toBe(list.items.length);
    for (const i of list.items) {
      expect(i.patientCode).toMatch(/^DEMO-P\d{4}$/);
      expect(i.alertId).toMatch(/^[0-9a-f-]{36}$/);
      expect(i.openAlerts).toBeGreaterThan(0);
    }
    // A tier filter keeps only that tier; the page size is honoured.
    const high = await worklist(cskh, 'tier=high_risk');
    expect(high.items.length).toBeGreaterThan(0);
    expect(high.items.every((i) => i.level === 'high_risk')).toBe(true);
    const first = await worklist(cskh, 'size=2');
    expect(first.items.map((i) => i.patientId)).toEqual(list.items.slice(0, 2).map((i) => i.patientId));
    expect(first.total).toBe(list.total);
  });

  test('a doctor sees only the patients he may see; another tenant sees none of them', async () => {
    const visible = (
      await t.db.query<{ id: string }>(
        `select p.id from patients p join tenants x on x.id = p.tenant_id
       where x.code = 'demo' and (p.id in (select pd.patient_id from patient_doctors pd join users u on u.id = pd.doctor_id where u.email = 'doctor@demo.test')
         or p.center_id in (select ur.center_id from user_roles ur join users u on u.id = ur.user_id where u.email = 'doctor@demo.test'))`,
      )
    ).map((r) => r.id);
    const all = await withOpenAlerts('demo');
    const mine = await worklist(doctor);
    expect(mine.items.map((i) => i.patientId).sort()).toEqual(all.filter((id) => visible.includes(id)).sort());
    // Some patients with open alerts (center B, not followed) are not his.
    expect(mine.items.length).toBeLessThan(all.length);
    expectRanked(mine.items);

    const other = await worklist(doctor2);
    expect(other.items.length).toBeGreaterThan(0);
    expect(other.items.some((i) => all.includes(i.patientId))).toBe(false);
    expect(other.items.every((i) => i.patientCode?.startsWith('DEMO2-'))).toBe(true);
  });

  test('a high-risk reading puts the patient above the at-risk ones with its value and a rising trend; acknowledging shows who did', async () => {
    const now = t.clock.now().getTime();
    const reading = (value: number, minutesAgo: number) => ({
      metric: 'heart_rate',
      measuredAt: new Date(now - minutesAgo * 60_000).toISOString(),
      value,
    });
    const res = await t.call('POST', '/api/ingest/measurements', {
      token: patientToken,
      body: { readings: [reading(80, 3), reading(82, 2), reading(150, 1)] },
    });
    expect(res.status, res.raw).toBe(200);

    const list = await worklist(doctor);
    const row = list.items.find((i) => i.patientId === demoPatientId)!;
    expect(row).toMatchObject({
      level: 'high_risk',
      metric: 'heart_rate',
      index: 'heart_rate',
      value: 150,
      trend: 'up',
      acknowledgedAt: null,
      acknowledgedBy: null,
    });
    expect(row.assignees.map((a) => a.name)).toContain('Duc Nguyen');
    const pos = list.items.indexOf(row);
    expect(list.items.slice(pos + 1).every((i) => i.level === 'at_risk' || i.level === 'high_risk')).toBe(true);
    expect(list.items.findIndex((i) => i.level === 'at_risk')).toBeGreaterThan(pos);

    // The existing acknowledge endpoint, with the worklist's alert id.
    const ack = await t.post(`/api/account/alerts/${row.alertId}/ack`, {}, doctor);
    expect(ack.status, ack.raw).toBe(200);
    const after = (await worklist(doctor)).items.find((i) => i.patientId === demoPatientId)!;
    expect(after.acknowledgedAt).not.toBeNull();
    expect(after.acknowledgedBy?.name).toBe('Duc Nguyen');
    // Customer care sees the same acknowledgement.
    expect((await worklist(cskh)).items.find((i) => i.patientId === demoPatientId)?.acknowledgedBy?.name).toBe(
      'Duc Nguyen',
    );
  });

  test('"assign to me" adds the calling doctor and keeps the others; two doctors at once both stay; a non-doctor is refused', async () => {
    const row = (await worklist(doctor)).items.find((i) => i.assignees.length === 0)!;
    expect(row).toBeDefined();
    const me = (
      await t.db.query<{ id: string }>(
        "select u.id from users u join tenants x on x.id = u.tenant_id where x.code = 'demo' and u.email = 'doctor@demo.test'",
      )
    )[0]!.id;
    const res = await t.post(`/api/account/patients/${row.patientId}/doctors/me`, {}, doctor);
    expect(res.status, res.raw).toBe(200);
    const after = (await worklist(doctor)).items.find((i) => i.patientId === row.patientId)!;
    expect(after.assignees).toEqual([{ id: me, name: 'Duc Nguyen' }]);
    // Another doctor of the tenant joins on a stale page: the first stays.
    // (Someone else's follow row written meanwhile: the demo's other staff account stands in for a second doctor.)
    const other = (
      await t.db.query<{ id: string }>(
        "select u.id from users u join tenants x on x.id = u.tenant_id where x.code = 'demo' and u.email = 'assistant@demo.test'",
      )
    )[0];
    expect(other).toBeDefined();
    await t.db.query(
      'insert into patient_doctors (tenant_id, patient_id, doctor_id, created_at) select tenant_id, $1, $2, now() from patients where id = $1',
      [row.patientId, other!.id],
    );
    expect((await t.post(`/api/account/patients/${row.patientId}/doctors/me`, {}, doctor)).status).toBe(200);
    const ids = (
      await t.db.query<{ doctor_id: string }>(
        'select doctor_id from patient_doctors where patient_id = $1 order by doctor_id',
        [row.patientId],
      )
    ).map((r) => r.doctor_id);
    expect(ids).toEqual([me, other!.id].sort());
    // Customer care is not a doctor: refused, nothing changes.
    const cc = await t.post(`/api/account/patients/${row.patientId}/doctors/me`, {}, cskh);
    expect(cc.status).toBe(403);
    // Another tenant's patient: 404, like a missing one.
    const foreign = (
      await t.db.query<{ id: string }>(
        "select p.id from patients p join tenants x on x.id = p.tenant_id where x.code = 'demo2' limit 1",
      )
    )[0]!;
    expect((await t.post(`/api/account/patients/${foreign.id}/doctors/me`, {}, doctor)).status).toBe(404);
  });

  test('bad input is a 400 naming the field; a patient account may not read it', async () => {
    const bad = await t.call('GET', '/api/account/worklist?tier=critical', { token: doctor });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('tier');
    const size = await t.call('GET', '/api/account/worklist?size=500', { token: doctor });
    expect(size.status).toBe(400);
    expect(JSON.stringify(size.body)).toContain('size');
    const patient = await t.call('GET', '/api/account/worklist', { token: patientToken });
    expect(patient.status).toBe(403);
  });

  test("a patient whose devices have sent nothing for the tenant's silent-after hours (6 by default) is flagged silent", async () => {
    const before = (await worklist(cskh)).items.find((i) => i.patientId === demoPatientId)!;
    expect(before).toMatchObject({ silent: false, silentSince: null });
    t.clock.advance(6 * 3600_000 + 5 * 60_000);
    // The clock moved past the tokens' lifetime: sign in again.
    const cc = (await t.login('cskh')).access;
    const after = (await worklist(cc)).items.find((i) => i.patientId === demoPatientId)!;
    expect(after.silent).toBe(true);
    expect(Date.parse(after.silentSince!)).toBeLessThanOrEqual(t.clock.now().getTime());
  });
});
