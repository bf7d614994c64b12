import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TIngestResponse, TReading } from '@carewatch/contracts/vitals';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { DEMO_PASSWORD } from '../seed/demo.ts';
// The patient app's own importer and the test export generator (issue 19): the same code the phone runs.
import { runAppleHealthImport } from '../../../../mobile/src/features/health-import/import-runner.ts';
import { writeAppleHealthExport } from '../../../../mobile/src/features/health-import/apple-health-export-generator.ts';

// Apple Health import through the normal ingest (source apple_health): a generated export of 50k records imported
// twice stores each reading once; an interrupted import re-run adds only what is missing; imported history raises no
// alert while a fresh imported reading is evaluated like any late reading.
let t: TestApp;
let token: string;
let patientId: string;
const parts: Uint8Array[] = [];
// APPLE_HEALTH_RECORDS: CI imports 50k on PostgreSQL and fewer on the embedded database (the same code path, timed there).
const RECORDS = Number(process.env.APPLE_HEALTH_RECORDS ?? 50_000);
const info = writeAppleHealthExport({ records: RECORDS }, (c) => parts.push(c));
const totalStored = Object.values(info.stored).reduce((a, b) => a + b, 0);
const totalReadings = Object.values(info.readings).reduce((a, b) => a + b, 0);

async function* chunks(): AsyncGenerator<Uint8Array> {
  for (const p of parts) yield p;
}
const send = async (readings: TReading[]): Promise<TIngestResponse> => {
  const res = await t.call('POST', '/api/ingest/measurements', { token, body: { readings } });
  expect(res.status, res.raw).toBe(200);
  return res.body as TIngestResponse;
};
const storedPerMetric = async () =>
  Object.fromEntries(
    (
      await t.db.query<{ metric: string; n: number }>(
        "select metric, count(*)::int as n from measurements where patient_id = $1 and source = 'apple_health' group by metric",
        [patientId],
      )
    ).map((r) => [r.metric, r.n]),
  );
const alertCount = async () =>
  (await t.db.query<{ n: number }>('select count(*)::int as n from alerts where patient_id = $1', [patientId]))[0]!.n;

beforeAll(async () => {
  t = await startTestApp();
  const login = await t.call('POST', '/api/auth/oauth-token', {
    body: { tenant: 'demo', username: 'patient@demo.test', password: DEMO_PASSWORD, grant_type: 'password' },
    headers: { 'x-client': 'app' },
  });
  token = String(login.body.access_token);
  patientId = (
    await t.db.query<{ id: string }>(
      "select p.id from patients p join tenants x on x.id = p.tenant_id where x.code = 'demo' and p.patient_code = 'DEMO-P0001'",
    )
  )[0]!.id;
  await t.db.query("update alerts set status = 'closed', closed_at = now() where patient_id = $1", [patientId]);
}, 300_000);
afterAll(async () => {
  await t?.close();
});

describe(`Apple Health import (generated ${RECORDS}-record export.zip)`, () => {
  test('imported twice, each reading is stored once; no alert for the imported history', async () => {
    expect(info.records).toBeGreaterThanOrEqual(RECORDS);
    const alertsBefore = await alertCount();
    const started = performance.now();
    const first = await runAppleHealthImport({ chunks: chunks(), send });
    const firstMs = performance.now() - started;
    expect(first.status).toBe('done');
    expect(first.stats?.records).toBe(info.records);
    expect(first.progress).toMatchObject({
      sent: totalReadings,
      added: totalStored,
      duplicates: totalReadings - totalStored,
      rejected: 0,
    });
    expect(await storedPerMetric()).toEqual(info.stored);

    const again = performance.now();
    const second = await runAppleHealthImport({ chunks: chunks(), send });
    const secondMs = performance.now() - again;
    expect(second.progress).toMatchObject({ sent: totalReadings, added: 0, duplicates: totalReadings, rejected: 0 });
    expect(await storedPerMetric()).toEqual(info.stored);
    // Last year's readings page nobody.
    expect(await alertCount()).toBe(alertsBefore);
    console.info(
      `apple-health import: ${info.records} records, ${totalReadings} readings (${totalStored} stored) — first import ${Math.round(firstMs)} ms, re-import ${Math.round(secondMs)} ms`,
    );
  }, 300_000);

  test('an import cancelled midway, then run again, adds only what is missing', async () => {
    await t.db.query("delete from measurements where patient_id = $1 and source = 'apple_health'", [patientId]);
    let sent = 0;
    const cut = await runAppleHealthImport({
      chunks: chunks(),
      send,
      onProgress: (p) => {
        sent = p.sent;
      },
      cancelled: () => sent >= 5_000,
    });
    expect(cut.status).toBe('cancelled');
    expect(cut.progress.added).toBeGreaterThan(0);
    expect(cut.progress.added).toBeLessThan(totalStored);
    const rest = await runAppleHealthImport({ chunks: chunks(), send });
    expect(rest.progress.added).toBe(totalStored - cut.progress.added);
    expect(await storedPerMetric()).toEqual(info.stored);
  }, 300_000);

  test('an imported reading older than an hour raises no alert; a fresh one is evaluated like any reading', async () => {
    const before = await alertCount();
    const ago = (min: number) => new Date(t.clock.now().getTime() - min * 60_000).toISOString();
    const r = await send([{ metric: 'heart_rate', measuredAt: ago(3 * 60), value: 250, source: 'apple_health' }]);
    expect(r).toMatchObject({ accepted: 1, rejected: [] });
    expect(await alertCount()).toBe(before);
    // Sensor limits apply to imported readings (a watch's 25 BPM is a reading, not a typing error).
    expect(
      await send([{ metric: 'heart_rate', measuredAt: ago(2 * 24 * 60), value: 25, source: 'apple_health' }]),
    ).toMatchObject({ accepted: 1, rejected: [] });
    expect(await alertCount()).toBe(before);
    await send([{ metric: 'heart_rate', measuredAt: ago(10), value: 250, source: 'apple_health' }]);
    const rows = await t.db.query<{ level: string; status: string }>(
      "select level, status from alerts where patient_id = $1 and metric = 'heart_rate' order by opened_at desc limit 1",
      [patientId],
    );
    expect(await alertCount()).toBe(before + 1);
    expect(rows[0]).toMatchObject({ level: 'sos', status: 'open' });
  });

  test('a source the contract does not know is refused, naming the field', async () => {
    const res = await t.call('POST', '/api/ingest/measurements', {
      token,
      body: {
        readings: [
          {
            metric: 'heart_rate',
            measuredAt: new Date(t.clock.now().getTime() - 60_000).toISOString(),
            value: 70,
            source: 'google_fit',
          },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ accepted: 0, rejected: [{ index: 0, code: 'INVALID_READING', field: 'source' }] });
  });
});
