import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createServer, JOB_HANDLERS } from '../../server.ts';
import { runDueJobs } from '../../platform/jobs.ts';
import { expireFhirExports } from './fhir-export.service.ts';
import { startTestApp, type Res, type TestApp } from '../../test-support/test-app.ts';

/**
 * Issue 19, FHIR Bulk Data export: kick-off → 202 + Content-Location, status polling (202 + X-Progress, then the
 * manifest), NDJSON files through the file store downloaded with the token, cancellation, _type, _since, a Group
 * (health center). The export of the whole demo tenant, validated line by line, is fhir-export-demo.int.test.ts.
 */

let t: TestApp;
let sysadmin: string;
let doctor: string;
let operator: string;
let tenantId: string;
const ASYNC = { prefer: 'respond-async', accept: 'application/fhir+json' };

const statusPath = (res: Res) => new URL(String(res.headers['content-location'])).pathname;
const pathOf = (url: string) => new URL(url).pathname + new URL(url).search;

type Manifest = {
  transactionTime: string;
  request: string;
  requiresAccessToken: boolean;
  output: Array<{ type: string; url: string; count: number }>;
  error: unknown[];
};

/** Kick-off, run the due jobs (as a server process's worker would), answer the manifest. */
async function exportAll(token: string, url: string): Promise<{ manifest: Manifest; status: string }> {
  const kick = await t.call('GET', url, { token, headers: ASYNC });
  expect(kick.status, kick.raw).toBe(202);
  const status = statusPath(kick);
  const before = await t.call('GET', status, { token });
  expect(before.status).toBe(202);
  expect(before.headers['x-progress']).toBeTruthy();
  await t.runJobs();
  const done = await t.call('GET', status, { token });
  expect(done.status, done.raw).toBe(200);
  return { manifest: done.body as unknown as Manifest, status };
}
async function lines(token: string, url: string): Promise<Array<Record<string, unknown>>> {
  const res = await t.call('GET', pathOf(url), { token });
  expect(res.status, res.raw.slice(0, 200)).toBe(200);
  expect(String(res.headers['content-type'])).toMatch(/^application\/fhir\+ndjson/);
  return res.raw
    .split('\n')
    .filter((l) => l.length > 0)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

beforeAll(async () => {
  t = await startTestApp();
  sysadmin = (await t.login('sysadmin')).access;
  doctor = (await t.login('doctor')).access;
  operator = (await t.login('operator')).access;
  tenantId = (await t.db.query<{ id: string }>("select id from tenants where code = 'demo'"))[0]!.id;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('FHIR Bulk Data export', () => {
  test("files need the requester's token: none → 401, another user → 404; the status is the requester's alone", async () => {
    const { manifest, status } = await exportAll(sysadmin, '/fhir/R4/$export?_type=Patient');
    const url = pathOf(manifest.output[0]!.url);
    expect((await t.call('GET', url)).status).toBe(401);
    const other = await t.call('GET', url, { token: operator });
    expect(other.status).toBe(404);
    expect(other.body.resourceType).toBe('OperationOutcome');
    expect((await t.call('GET', status, { token: operator })).status).toBe(404);
  });

  test('an ended export and its files are removed 24 h after it ended (health data is not kept forever)', async () => {
    const { manifest, status } = await exportAll(sysadmin, '/fhir/R4/$export?_type=Patient');
    const url = pathOf(manifest.output[0]!.url);
    t.clock.advance(23 * 3600_000);
    sysadmin = (await t.login('sysadmin')).access; // the morning's token has expired; the export is the user's
    expect(await expireFhirExports(t.deps)).toBe(0);
    expect((await t.call('GET', url, { token: sysadmin })).status).toBe(200);
    t.clock.advance(2 * 3600_000);
    sysadmin = (await t.login('sysadmin')).access;
    expect(await expireFhirExports(t.deps)).toBeGreaterThanOrEqual(1);
    expect((await t.call('GET', status, { token: sysadmin })).status).toBe(404);
    expect((await t.call('GET', url, { token: sysadmin })).status).toBe(404);
    const id = status.split('/').pop()!;
    expect(await t.db.query('select 1 from fhir_exports where id = $1', [id])).toEqual([]);
    expect(await t.deps.files.open(`files/fhir-export/${tenantId}/${id}-Patient.ndjson`)).toBeNull();
    // A day later the tokens of the other tests have expired: sign in again.
    doctor = (await t.login('doctor')).access;
    operator = (await t.login('operator')).access;
  });

  test('_type and _since: only the types asked for, only what changed since', async () => {
    const { manifest } = await exportAll(sysadmin, '/fhir/R4/$export?_type=Patient,Flag');
    expect(manifest.output.map((o) => o.type).sort()).toEqual(['Flag', 'Patient']);
    const later = await exportAll(
      sysadmin,
      `/fhir/R4/$export?_type=Patient,Observation&_since=${encodeURIComponent('2026-11-22T07:00:00Z')}`,
    );
    const obs = later.manifest.output.find((o) => o.type === 'Observation');
    const [n] = await t.db.query<{ n: number }>(
      "select count(*)::int as n from measurements where tenant_id = $1 and measured_at >= '2026-11-22T07:00:00Z'",
      [tenantId],
    );
    expect(obs?.count ?? 0).toBe(n!.n);
    const future = await exportAll(sysadmin, `/fhir/R4/$export?_since=${encodeURIComponent('2030-01-01T00:00:00Z')}`);
    expect(future.manifest.output).toEqual([]);
    const bad = await t.call('GET', '/fhir/R4/$export?_type=Encounter', { token: sysadmin, headers: ASYNC });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      resourceType: 'OperationOutcome',
      issue: [expect.objectContaining({ expression: ['_type'] })],
    });
  });

  test('kick-off without Prefer: respond-async is a 400 naming it', async () => {
    const res = await t.call('GET', '/fhir/R4/$export', { token: sysadmin });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      resourceType: 'OperationOutcome',
      issue: [expect.objectContaining({ expression: ['prefer'] })],
    });
  });

  test("a Group is a health center: the doctor's export holds only the patients the doctor sees; another tenant's center is 404", async () => {
    const [center] = await t.db.query<{ center_id: string }>(
      "select p.center_id from patients p where p.tenant_id = $1 and p.patient_code = 'DEMO-P0001'",
      [tenantId],
    );
    const { manifest } = await exportAll(doctor, `/fhir/R4/Group/${center!.center_id}/$export?_type=Patient`);
    const ids = (await lines(doctor, manifest.output[0]!.url)).map((r) => r.id as string).sort();
    const staff = await t.get(`/api/account/patients?size=100&mhscId=${center!.center_id}`, doctor);
    expect(ids).toEqual((staff.body.items as Array<{ id: string }>).map((p) => p.id).sort());
    const [other] = await t.db.query<{ id: string }>(
      "select c.id from health_centers c join tenants t on t.id = c.tenant_id where t.code = 'demo2' limit 1",
    );
    const res = await t.call('GET', `/fhir/R4/Group/${other!.id}/$export`, { token: sysadmin, headers: ASYNC });
    expect(res.status).toBe(404);
    expect(res.body.resourceType).toBe('OperationOutcome');
  });

  test('another server process on the same database runs the export; the first one serves its status and files', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-fhir-second-'));
    // The same deployment: the same master key of the stored secrets.
    await fs.copyFile(path.join(t.deps.config.dataDir, 'secrets.key'), path.join(dataDir, 'secrets.key'));
    const second = await createServer({
      db: t.db,
      clock: t.clock,
      config: { seedDemo: false, dataDir, databaseUrl: undefined, mqttPort: 'off', mqttUrl: undefined },
      jobs: false,
    });
    try {
      const kick = await t.call('GET', '/fhir/R4/$export?_type=Patient', { token: sysadmin, headers: ASYNC });
      expect(kick.status).toBe(202);
      expect(await runDueJobs(second.deps, JOB_HANDLERS)).toBeGreaterThan(0);
      const done = await t.call('GET', statusPath(kick), { token: sysadmin });
      expect(done.status).toBe(200);
      const m = done.body as unknown as Manifest;
      const rows = await lines(sysadmin, m.output[0]!.url);
      expect(rows.length).toBe(m.output[0]!.count);
    } finally {
      await second.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });

  test('DELETE on the status URL cancels: 202, then the status is 404 and no file is kept', async () => {
    const kick = await t.call('GET', '/fhir/R4/$export', { token: sysadmin, headers: ASYNC });
    const status = statusPath(kick);
    const id = status.split('/').pop()!;
    const del = await t.call('DELETE', status, { token: sysadmin });
    expect(del.status).toBe(202);
    await t.runJobs();
    expect((await t.call('GET', status, { token: sysadmin })).status).toBe(404);
    const [files] = await t.db.query<{ n: number }>('select count(*)::int as n from stored_files where key like $1', [
      `files/fhir-export/${tenantId}/${id}-%`,
    ]);
    expect(files!.n).toBe(0);
    expect((await t.call('DELETE', status, { token: sysadmin })).status).toBe(404);
  });
});
