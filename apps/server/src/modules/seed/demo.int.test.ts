import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { alertStatusViolations } from '../../test-support/invariants.ts';

// The int-test template is seeded with 2 days of vitals ending at the test clock's start (global-setup.ts).
describe('demo seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('has ~50 patients per demo tenant across both centers, with unique phones and mixed statuses', async () => {
    const rows = await t.db.query<{
      code: string;
      n: number;
      centers: number;
      phones: number;
      sos: number;
      risky: number;
      unassigned: number;
      normal: number;
    }>(
      `select t.code, count(*)::int n, count(distinct p.center_id)::int centers, count(distinct p.phone)::int phones,
              count(*) filter (where p.status = 'sos')::int sos, count(*) filter (where p.status in ('at_risk', 'high_risk'))::int risky,
              count(*) filter (where p.status = 'unassigned')::int unassigned, count(*) filter (where p.status = 'normal')::int normal
         from patients p join tenants t on t.id = p.tenant_id where t.code in ('demo', 'demo2') group by t.code order by t.code`,
    );
    expect(rows).toHaveLength(2);
    for (const r of rows) {
      expect(r.n).toBe(50);
      expect(r.centers).toBe(2);
      expect(r.phones).toBe(50);
      expect(r.sos).toBe(1);
      expect(r.risky).toBeGreaterThanOrEqual(5);
      expect(r.unassigned).toBeGreaterThanOrEqual(2);
      expect(r.normal).toBeGreaterThan(25);
    }
  });

  it('goes through the alert engine: every status agrees with the open alerts, and the SOS patient has an open case and ticket', async () => {
    expect(await alertStatusViolations(t.db)).toEqual([]);
    const sos = await t.db.query<{ code: string; cases: number; tickets: number }>(
      `select t.code, count(distinct c.id)::int cases, count(distinct k.id)::int tickets from patients p join tenants t on t.id = p.tenant_id
         join sos_cases c on c.patient_id = p.id and c.status = 'open' left join tickets k on k.sos_case_id = c.id
        where p.status = 'sos' group by t.code order by t.code`,
    );
    expect(sos).toEqual([
      { code: 'demo', cases: 1, tickets: 1 },
      { code: 'demo2', cases: 1, tickets: 1 },
    ]);
  });

  it('keeps DEMO-P0001 linked to patient@ and followed by doctor@, among several followed patients', async () => {
    const [p] = await t.db.query<{ email: string }>(
      `select u.email from patients p join users u on u.id = p.user_id join tenants t on t.id = p.tenant_id where t.code = 'demo' and p.patient_code = 'DEMO-P0001'`,
    );
    expect(p?.email).toBe('patient@demo.test');
    const followed = await t.db.query<{ code: string }>(
      `select p.patient_code code from patient_doctors pd join patients p on p.id = pd.patient_id join users u on u.id = pd.doctor_id
        where u.email = 'doctor@demo.test' order by 1`,
    );
    expect(followed.map((r) => r.code)).toContain('DEMO-P0001');
    expect(followed.length).toBeGreaterThanOrEqual(5);
  });

  it('has relatives and devices (assigned watches and one cellular J2025E)', async () => {
    const rel = await t.db.query<{ n: number }>('select count(*)::int n from patient_relatives');
    expect(rel[0]!.n).toBeGreaterThan(10);
    const dev = await t.db.query<{ model: string; n: number; assigned: number }>(
      `select d.model, count(*)::int n, count(d.patient_id)::int assigned from devices d join tenants t on t.id = d.tenant_id where t.code = 'demo' group by 1 order by 1`,
    );
    const by = Object.fromEntries(dev.map((d) => [d.model, d]));
    expect(by.J2025E).toMatchObject({ n: 1, assigned: 1 });
    expect(by.GT5!.assigned + by.GT2!.assigned).toBeGreaterThanOrEqual(5);
  });

  it('has vitals ending at the seed time, for the demo patient too (incl. sleep stages and ECG strips)', async () => {
    const rows = await t.db.query<{ metric: string; n: number; last: Date }>(
      `select m.metric, count(*)::int n, max(m.measured_at) last from measurements m join patients p on p.id = m.patient_id
        where p.patient_code = 'DEMO-P0001' group by 1 order by 1`,
    );
    const by = Object.fromEntries(rows.map((r) => [r.metric, r]));
    expect(by.heart_rate!.n).toBe(2 * 96);
    expect(by.spo2!.n).toBe(2 * 48);
    expect(by.heart_rate!.last.toISOString()).toBe('2026-11-22T08:00:00.000Z');
    for (const m of [
      'blood_pressure',
      'temperature',
      'weight',
      'steps',
      'calories',
      'sleep',
      'respiratory_rate',
      'hrv',
      'blood_glucose',
      'ecg',
    ])
      expect(by[m], m).toBeDefined();
    const latest = await t.db.query<{ n: number }>(
      `select count(*)::int n from latest_measurements l join patients p on p.id = l.patient_id where p.patient_code = 'DEMO-P0001'`,
    );
    expect(latest[0]!.n).toBe(rows.length);
    const max = await t.db.query<{ last: Date }>('select max(measured_at) last from measurements');
    expect(max[0]!.last.getTime()).toBeLessThanOrEqual(new Date('2026-11-22T08:00:00Z').getTime());
  });
});
