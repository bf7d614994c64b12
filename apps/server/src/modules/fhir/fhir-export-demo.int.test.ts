import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { ndjsonErrorsInWorkers } from './fhir-validate.test-support.ts';

/**
 * Issue 19, "a Bulk export of the demo tenant produces NDJSON that the validator accepts": the seeded demo tenant
 * exported whole by a system admin (kick-off, the job, status, manifest, files downloaded with the token), every line
 * validated by @medplum/core against the R4 definitions (in worker threads: ~20k lines), counts as in the database.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

test('the demo tenant: every resource type in NDJSON files, every line valid R4, counts as in the database', async () => {
  const token = (await t.login('sysadmin')).access;
  const tenantId = (await t.db.query<{ id: string }>("select id from tenants where code = 'demo'"))[0]!.id;
  const started = Date.now();
  const kick = await t.call('GET', '/fhir/R4/$export', { token, headers: { prefer: 'respond-async' } });
  expect(kick.status, kick.raw).toBe(202);
  const status = new URL(String(kick.headers['content-location'])).pathname;
  const running = await t.call('GET', status, { token });
  expect(running.status).toBe(202);
  expect(running.headers['x-progress']).toBeTruthy();
  await t.runJobs();
  const exportMs = Date.now() - started;
  const done = await t.call('GET', status, { token });
  expect(done.status, done.raw).toBe(200);
  const manifest = done.body as {
    transactionTime: string;
    request: string;
    requiresAccessToken: boolean;
    output: Array<{ type: string; url: string; count: number }>;
  };
  expect(manifest).toMatchObject({
    requiresAccessToken: true,
    request: expect.stringMatching(/\/fhir\/R4\/\$export$/),
    error: [],
  });
  expect(manifest.output.map((o) => o.type).sort()).toEqual([
    'Appointment',
    'Device',
    'Flag',
    'MedicationRequest',
    'Observation',
    'Patient',
    'RelatedPerson',
  ]);

  const all: string[] = [];
  const counts: Record<string, number> = {};
  for (const o of manifest.output) {
    const u = new URL(o.url);
    const res = await t.call('GET', u.pathname, { token });
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^application\/fhir\+ndjson/);
    const lines = res.raw.split('\n').filter((l) => l.length > 0);
    expect(lines.length, o.type).toBe(o.count);
    expect(
      lines.every((l) => l.startsWith(`{"resourceType":"${o.type}"`)),
      o.type,
    ).toBe(true);
    counts[o.type] = lines.length;
    all.push(...lines);
  }
  const validated = Date.now();
  const { checked, errors } = await ndjsonErrorsInWorkers(all);
  console.log(
    `fhir export of the demo tenant: ${JSON.stringify(counts)}; export ${exportMs} ms, validation of ${checked} lines ${Date.now() - validated} ms`,
  );
  expect(checked).toBe(all.length);
  expect(errors.slice(0, 20)).toEqual([]);

  const [db] = await t.db.query<{ patients: number; readings: number }>(
    'select (select count(*)::int from patients where tenant_id = $1) as patients, (select count(*)::int from measurements where tenant_id = $1) as readings',
    [tenantId],
  );
  expect(counts.Patient).toBe(db!.patients);
  expect(counts.Observation).toBe(db!.readings);
  const [files] = await t.db.query<{ n: number }>(
    "select count(*)::int as n from stored_files where key like 'files/fhir-export/' || $1 || '/%'",
    [tenantId],
  );
  expect(files!.n).toBe(7);
}, 120_000);
