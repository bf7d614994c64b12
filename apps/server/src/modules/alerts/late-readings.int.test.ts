import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { alertStatusViolations } from '../../test-support/invariants.ts';
import { DEMO_PASSWORD } from '../seed/demo.ts';
import type { ReadingsHandler } from '../../platform/context.ts';

// Readings that arrive late or twice: a retry after the process died between the commit and the alert engine, an
// offline sync of older readings.
let t: TestApp;
let patientToken: string;
let patientId: string;
const post = async (readings: { metric: string; measuredAt: string; value: number }[]) => {
  const res = await t.call('POST', '/api/ingest/measurements', { token: patientToken, body: { readings } });
  expect(res.status, res.raw).toBe(200);
  return res.body as { accepted: number; duplicates: number };
};
const alerts = async () =>
  t.db.query<{ id: string; level: string; status: string }>(
    "select id, level, status from alerts where patient_id = $1 and metric = 'heart_rate' order by opened_at, id",
    [patientId],
  );
const minutesAgo = (m: number) => new Date(t.clock.now().getTime() - m * 60_000).toISOString();

beforeAll(async () => {
  t = await startTestApp();
  const login = await t.call('POST', '/api/auth/oauth-token', {
    body: { tenant: 'demo', username: 'patient@demo.test', password: DEMO_PASSWORD, grant_type: 'password' },
    headers: { 'x-client': 'app' },
  });
  patientToken = String(login.body.access_token);
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

describe('late and repeated readings', () => {
  test('an SOS reading stored but never evaluated (the process died after the commit) raises the alert when the device retries', async () => {
    const handlers: ReadingsHandler[] = [...t.deps.readingHandlers];
    const before = (await alerts()).length;
    const batch = [{ metric: 'heart_rate', measuredAt: minutesAgo(30), value: 250 }];
    // The first attempt commits, then "dies" before the engine runs.
    t.deps.readingHandlers.length = 0;
    try {
      expect(await post(batch)).toMatchObject({ accepted: 1, duplicates: 0 });
    } finally {
      t.deps.readingHandlers.push(...handlers);
    }
    expect(await alerts()).toHaveLength(before);
    // The retry is all duplicates, and still raises the SOS.
    expect(await post(batch)).toMatchObject({ accepted: 0, duplicates: 1 });
    const now = await alerts();
    expect(now).toHaveLength(before + 1);
    expect(now.at(-1)).toMatchObject({ level: 'sos', status: 'open' });
    const deliveries = (await t.db.query('select 1 from deliveries where alert_id = $1', [now.at(-1)!.id])).length;
    expect(deliveries).toBeGreaterThan(0);

    // A second retry changes nothing: same alert, no new notifications.
    expect(await post(batch)).toMatchObject({ accepted: 0, duplicates: 1 });
    expect(await alerts()).toHaveLength(before + 1);
    expect((await t.db.query('select 1 from deliveries where alert_id = $1', [now.at(-1)!.id])).length).toBe(
      deliveries,
    );
  });

  test('older normal readings synced later do not close the SOS alert; a newer normal reading does', async () => {
    const open = (await alerts()).at(-1)!;
    expect(open.status).toBe('open');
    expect(
      await post([
        { metric: 'heart_rate', measuredAt: minutesAgo(50), value: 70 },
        { metric: 'heart_rate', measuredAt: minutesAgo(40), value: 72 },
      ]),
    ).toMatchObject({ accepted: 2 });
    expect((await alerts()).at(-1)).toMatchObject({ id: open.id, status: 'open', level: 'sos' });
    expect(await post([{ metric: 'heart_rate', measuredAt: minutesAgo(10), value: 71 }])).toMatchObject({
      accepted: 1,
    });
    expect((await alerts()).at(-1)).toMatchObject({ id: open.id, status: 'closed' });
  });
});
