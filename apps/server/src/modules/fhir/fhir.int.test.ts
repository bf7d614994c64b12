import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Client, type FhirResource } from 'fhir-kit-client';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { DEMO_PASSWORD } from '../seed/demo.ts';
import { fhirErrors, loadR4 } from './fhir-validate.test-support.ts';

/**
 * Issue 19, FHIR R4 API: read as an integrator would, with a third-party client (fhir-kit-client) over HTTP, and
 * every resource produced checked by a third-party validator (@medplum/core against the R4 definitions).
 */

type Bundle = {
  resourceType: 'Bundle';
  total?: number;
  link?: Array<{ relation: string; url: string }>;
  entry?: Array<{ fullUrl: string; resource: Resource }>;
};
type Resource = Record<string, unknown> & { resourceType: string; id: string };

let t: TestApp;
let base: string;
let sysadmin: string;
let doctor: string;
let demoPatientId: string;
let demoPatientCode: string;
let otherTenantPatientId: string;
const produced: Resource[] = [];

const client = (token?: string) => new Client({ baseUrl: base, ...(token ? { bearerToken: token } : {}) });
const keep = (r: FhirResource | undefined): Bundle => {
  const b = r as unknown as Bundle;
  for (const e of b.entry ?? []) produced.push(e.resource);
  return b;
};
const resources = (b: Bundle) => (b.entry ?? []).map((e) => e.resource);

/** Every page of a search, following `next` links with the client. */
async function allPages(c: Client, first: Bundle): Promise<Resource[]> {
  const out: Resource[] = [...resources(first)];
  let b: Bundle = first;
  let pages = 1;
  for (;;) {
    const next = c.nextPage({ bundle: b as unknown as Parameters<Client['nextPage']>[0]['bundle'] });
    if (!next) return out;
    b = keep(await next);
    out.push(...resources(b));
    if (++pages > 200) throw new Error('too many pages');
  }
}

beforeAll(async () => {
  t = await startTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no address');
  base = `http://127.0.0.1:${addr.port}/fhir/R4`;
  sysadmin = (await t.login('sysadmin')).access;
  doctor = (await t.login('doctor')).access;
  const [p] = await t.db.query<{ id: string; patient_code: string }>(
    "select p.id, p.patient_code from patients p join tenants t on t.id = p.tenant_id where t.code = 'demo' and p.patient_code = 'DEMO-P0001'",
  );
  demoPatientId = p!.id;
  demoPatientCode = p!.patient_code;
  const [o] = await t.db.query<{ id: string }>(
    "select p.id from patients p join tenants t on t.id = p.tenant_id where t.code = 'demo2' limit 1",
  );
  otherTenantPatientId = o!.id;
  loadR4();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('FHIR R4 API', () => {
  test('the CapabilityStatement is public, FHIR JSON, and conforms', async () => {
    const cs = (await client().capabilityStatement()) as unknown as Resource;
    expect(cs.resourceType).toBe('CapabilityStatement');
    expect(cs.fhirVersion).toBe('4.0.1');
    expect(fhirErrors(cs)).toEqual([]);
    const raw = await t.call('GET', '/fhir/R4/metadata');
    expect(raw.status).toBe(200);
    expect(String(raw.headers['content-type'])).toMatch(/^application\/fhir\+json/);
  });

  test("Patient: the id is the staff API's patient id, the identifier carries the patient code; search by identifier and name", async () => {
    const c = client(sysadmin);
    const p = (await c.read({ resourceType: 'Patient', id: demoPatientId })) as unknown as Resource;
    produced.push(p);
    expect(p.id).toBe(demoPatientId);
    expect(p.identifier).toEqual([
      expect.objectContaining({ value: demoPatientCode, system: expect.stringContaining('/sid/patient-code/demo') }),
    ]);
    const staff = await t.get(`/api/account/patients/${demoPatientId}`, sysadmin);
    expect(staff.status).toBe(200);
    const byCode = keep(await c.search({ resourceType: 'Patient', searchParams: { identifier: demoPatientCode } }));
    expect(resources(byCode).map((r) => r.id)).toEqual([demoPatientId]);
    const byName = keep(await c.search({ resourceType: 'Patient', searchParams: { name: 'phuong' } }));
    expect(resources(byName).map((r) => r.id)).toContain(demoPatientId);
    const byId = keep(await c.search({ resourceType: 'Patient', searchParams: { _id: demoPatientId } }));
    expect(byId.total).toBe(1);
  });

  test('Observation: heart rate by system|code and bare code, UCUM /min, every page through next links, no duplicates', async () => {
    const c = client(sysadmin);
    const [n] = await t.db.query<{ n: number }>(
      "select count(*)::int as n from measurements where patient_id = $1 and metric = 'heart_rate'",
      [demoPatientId],
    );
    expect(n!.n).toBeGreaterThan(100);
    const first = keep(
      await c.search({
        resourceType: 'Observation',
        searchParams: { patient: demoPatientId, code: 'http://loinc.org|8867-4', _count: 40 },
      }),
    );
    expect(first.link?.find((l) => l.relation === 'next')).toBeTruthy();
    const all = await allPages(c, first);
    expect(all.length).toBe(n!.n);
    expect(new Set(all.map((r) => r.id)).size).toBe(all.length);
    for (const o of all) {
      expect(o.code).toMatchObject({
        coding: [expect.objectContaining({ system: 'http://loinc.org', code: '8867-4' })],
      });
      expect(o.valueQuantity).toMatchObject({ unit: '/min', code: '/min', system: 'http://unitsofmeasure.org' });
      expect(o.subject).toEqual({ reference: `Patient/${demoPatientId}` });
    }
    const bare = keep(
      await c.search({
        resourceType: 'Observation',
        searchParams: { subject: `Patient/${demoPatientId}`, code: '8867-4', _count: 5 },
      }),
    );
    expect(resources(bare).map((r) => r.id)).toEqual(all.slice(0, 5).map((r) => r.id));
    // A read by id answers the same resource.
    const one = (await c.read({ resourceType: 'Observation', id: all[3]!.id })) as unknown as Resource;
    expect(one).toEqual(all[3]);
  });

  test('Observation: date=ge…&date=le… and _lastUpdated limit the range', async () => {
    const c = client(sysadmin);
    const b = keep(
      await c.search({
        resourceType: 'Observation',
        searchParams: {
          patient: demoPatientId,
          code: '8867-4',
          date: ['ge2026-11-21T00:00:00Z', 'lt2026-11-21T06:00:00Z'],
          _count: 1000,
        },
      }),
    );
    const [n] = await t.db.query<{ n: number }>(
      "select count(*)::int as n from measurements where patient_id = $1 and metric = 'heart_rate' and measured_at >= '2026-11-21T00:00:00Z' and measured_at < '2026-11-21T06:00:00Z'",
      [demoPatientId],
    );
    expect(resources(b).length).toBe(n!.n);
    expect(n!.n).toBeGreaterThan(0);
    for (const o of resources(b))
      expect(
        String(o.effectiveDateTime) >= '2026-11-21T00:00:00' && String(o.effectiveDateTime) < '2026-11-21T06:00:00',
      ).toBe(true);
    const day = keep(
      await c.search({
        resourceType: 'Observation',
        searchParams: { patient: demoPatientId, code: '8867-4', _lastUpdated: 'le2026-11-20', _count: 1000 },
      }),
    );
    const [m] = await t.db.query<{ n: number }>(
      "select count(*)::int as n from measurements where patient_id = $1 and metric = 'heart_rate' and measured_at < '2026-11-21T00:00:00Z'",
      [demoPatientId],
    );
    expect(resources(day).length).toBe(m!.n);
  });

  test('every stored metric has its LOINC code and UCUM unit; BP is a panel with components, ECG is SampledData', async () => {
    const c = client(sysadmin);
    const metrics = (
      await t.db.query<{ metric: string }>(
        'select distinct metric from measurements where patient_id = $1 order by 1',
        [demoPatientId],
      )
    ).map((r) => r.metric);
    expect(metrics).toEqual(
      expect.arrayContaining([
        'heart_rate',
        'spo2',
        'blood_pressure',
        'temperature',
        'weight',
        'blood_glucose',
        'respiratory_rate',
        'steps',
        'sleep',
        'ecg',
      ]),
    );
    const expected: Record<string, { code: string; ucum?: string }> = {
      heart_rate: { code: '8867-4', ucum: '/min' },
      spo2: { code: '59408-5', ucum: '%' },
      blood_pressure: { code: '85354-9' },
      temperature: { code: '8310-5', ucum: 'Cel' },
      weight: { code: '29463-7', ucum: 'kg' },
      blood_glucose: { code: '15074-8', ucum: 'mmol/L' },
      respiratory_rate: { code: '9279-1', ucum: '/min' },
      steps: { code: '55423-8', ucum: '{steps}' },
      sleep: { code: '93832-4', ucum: 'min' },
      ecg: { code: '131328' },
    };
    const all = await allPages(
      c,
      keep(await c.search({ resourceType: 'Observation', searchParams: { patient: demoPatientId, _count: 1000 } })),
    );
    const [total] = await t.db.query<{ n: number }>(
      'select count(*)::int as n from measurements where patient_id = $1',
      [demoPatientId],
    );
    expect(all.length).toBe(total!.n);
    for (const [metric, e] of Object.entries(expected)) {
      const of = all.filter((o) => (o.code as { coding: Array<{ code: string }> }).coding[0]!.code === e.code);
      expect(of.length, metric).toBeGreaterThan(0);
      if (e.ucum)
        for (const o of of)
          expect(o.valueQuantity, metric).toMatchObject({ code: e.ucum, system: 'http://unitsofmeasure.org' });
    }
    const bp = all.find((o) => (o.code as { coding: Array<{ code: string }> }).coding[0]!.code === '85354-9')!;
    const comps = bp.component as Array<{ code: { coding: Array<{ code: string }> }; valueQuantity: { code: string } }>;
    expect(comps.map((x) => x.code.coding[0]!.code)).toEqual(expect.arrayContaining(['8480-6', '8462-4']));
    expect(comps.every((x) => x.valueQuantity.code === 'mm[Hg]' || x.valueQuantity.code === '/min')).toBe(true);
    const ecg = all.find((o) => (o.code as { coding: Array<{ code: string }> }).coding[0]!.code === '131328')!;
    expect(ecg.valueSampledData).toMatchObject({ origin: { value: 0, code: 'mV' }, dimensions: 1, period: 4 });
    expect(String((ecg.valueSampledData as { data: string }).data).split(' ').length).toBe(2500);
    // By category: vital signs hold no steps.
    const vitals = keep(
      await c.search({
        resourceType: 'Observation',
        searchParams: { patient: demoPatientId, category: 'vital-signs', code: '55423-8' },
      }),
    );
    expect(resources(vitals)).toEqual([]);
  });

  test('Device, Flag, MedicationRequest, Appointment and RelatedPerson, by patient and read by id', async () => {
    const c = client(sysadmin);
    const seen: Record<string, number> = {};
    for (const type of ['Device', 'Flag', 'MedicationRequest', 'Appointment', 'RelatedPerson']) {
      const tenantWide = await allPages(c, keep(await c.search({ resourceType: type, searchParams: { _count: 200 } })));
      seen[type] = tenantWide.length;
      const mine = resources(keep(await c.search({ resourceType: type, searchParams: { patient: demoPatientId } })));
      for (const r of mine) {
        const ref = (r.subject ?? r.patient) as { reference: string } | undefined;
        if (ref) expect(ref.reference).toBe(`Patient/${demoPatientId}`);
      }
      if (tenantWide[0]) {
        const again = (await c.read({ resourceType: type, id: tenantWide[0].id })) as unknown as Resource;
        expect(again).toEqual(tenantWide[0]);
      }
    }
    console.log(`fhir: tenant-wide ${JSON.stringify(seen)}`);
    for (const type of Object.keys(seen)) expect(seen[type], type).toBeGreaterThan(0);
    const [alerts] = await t.db.query<{ n: number }>(
      "select count(*)::int as n from alerts a join tenants t on t.id = a.tenant_id where t.code = 'demo' and a.status in ('open', 'acknowledged')",
    );
    expect(seen.Flag).toBe(alerts!.n);
  });

  test('errors are OperationOutcomes: 400 naming the bad parameter, 401, 404 for unknown URLs and ids', async () => {
    const bad = await t.call('GET', `/fhir/R4/Observation?patient=${demoPatientId}&date=ge2026-02-30`, {
      token: sysadmin,
    });
    expect(bad.status).toBe(400);
    expect(String(bad.headers['content-type'])).toMatch(/^application\/fhir\+json/);
    expect(bad.body).toMatchObject({
      resourceType: 'OperationOutcome',
      issue: [expect.objectContaining({ severity: 'error', code: 'invalid', expression: ['date'] })],
    });
    expect(fhirErrors(bad.body)).toEqual([]);
    const noPatient = await t.call('GET', '/fhir/R4/Observation?code=8867-4', { token: sysadmin });
    expect(noPatient.status).toBe(400);
    expect(noPatient.body).toMatchObject({ issue: [expect.objectContaining({ expression: ['patient'] })] });
    const count = await t.call('GET', '/fhir/R4/Patient?_count=0', { token: sysadmin });
    expect(count.body).toMatchObject({ issue: [expect.objectContaining({ expression: ['_count'] })] });
    const anon = await t.call('GET', '/fhir/R4/Patient');
    expect(anon.status).toBe(401);
    expect(anon.body).toMatchObject({
      resourceType: 'OperationOutcome',
      issue: [expect.objectContaining({ code: 'login' })],
    });
    const unknown = await t.call('GET', '/fhir/R4/Encounter', { token: sysadmin });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({
      resourceType: 'OperationOutcome',
      issue: [expect.objectContaining({ code: 'not-found' })],
    });
    for (const url of [
      `/fhir/R4/Patient/${otherTenantPatientId}`,
      '/fhir/R4/Patient/00000000-0000-7000-8000-000000000000',
      '/fhir/R4/Observation/nope',
      '/fhir/R4/Device/x.y',
    ]) {
      const r = await t.call('GET', url, { token: sysadmin });
      expect(r.status, url).toBe(404);
      expect(r.body.resourceType).toBe('OperationOutcome');
      expect(fhirErrors(r.body)).toEqual([]);
    }
    // Another tenant's patient named in a search: nothing, not an error.
    const other = await t.call('GET', `/fhir/R4/Observation?patient=${otherTenantPatientId}`, { token: sysadmin });
    expect(other.status).toBe(200);
    expect(other.body.entry).toEqual([]);
  });

  test("a doctor sees the staff API's patients only; another center's and another tenant's patient are 404", async () => {
    const staff = await t.get('/api/account/patients?size=100', doctor);
    expect(staff.status).toBe(200);
    const staffIds = (staff.body.items as Array<{ id: string }>).map((p) => p.id).sort();
    const c = client(doctor);
    const fhirIds = (
      await allPages(c, keep(await c.search({ resourceType: 'Patient', searchParams: { _count: 100 } })))
    )
      .map((r) => r.id)
      .sort();
    expect(fhirIds).toEqual(staffIds);
    const [hidden] = await t.db.query<{ id: string }>(
      `select p.id from patients p join tenants t on t.id = p.tenant_id where t.code = 'demo' and not (p.id = any($1::uuid[])) limit 1`,
      [staffIds],
    );
    expect(hidden).toBeTruthy();
    for (const url of [`/fhir/R4/Patient/${hidden!.id}`, `/fhir/R4/Patient/${otherTenantPatientId}`])
      expect((await t.call('GET', url, { token: doctor })).status).toBe(404);
    const obs = await t.call('GET', `/fhir/R4/Observation?patient=${hidden!.id}`, { token: doctor });
    expect(obs.body.entry).toEqual([]);
    // A doctor of the other tenant: the demo patient does not exist for them.
    const doctor2 = (await t.login('doctor', 'demo2')).access;
    expect((await t.call('GET', `/fhir/R4/Patient/${demoPatientId}`, { token: doctor2 })).status).toBe(404);
    // A patient account holds no FHIR permission: 403.
    const login = await t.call('POST', '/api/auth/oauth-token', {
      form: { tenant: 'demo', username: 'patient@demo.test', password: DEMO_PASSWORD, grant_type: 'password' },
      headers: { 'x-client': 'app' },
    });
    const patient = String(login.body.access_token);
    expect((await t.call('GET', '/fhir/R4/Patient', { token: patient, headers: { 'x-client': 'app' } })).status).toBe(
      403,
    );
  });

  test('compressed answers keep the FHIR media type; FHIR answers are never cached', async () => {
    const res = await t.call('GET', `/fhir/R4/Observation?patient=${demoPatientId}&_count=200`, {
      token: sysadmin,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(String(res.headers['content-type'])).toMatch(/^application\/fhir\+json/);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  test('each FHIR read leaves an access row naming the patients', async () => {
    await t.call('GET', `/fhir/R4/Patient/${demoPatientId}`, { token: doctor });
    const [row] = await t.db.query<{ action: string; patient_ids: string[]; outcome: string }>(
      "select action, patient_ids, outcome from audit_log where route = 'GET /fhir/R4/Patient/:id' order by created_at desc, id desc limit 1",
    );
    expect(row).toMatchObject({ action: 'phi.read', outcome: 'ok' });
    expect(row!.patient_ids).toContain(demoPatientId);
    await t.call('GET', `/fhir/R4/Observation?patient=${demoPatientId}&_count=3`, { token: doctor });
    const [obs] = await t.db.query<{ patient_ids: string[] }>(
      "select patient_ids from audit_log where route = 'GET /fhir/R4/Observation' order by created_at desc, id desc limit 1",
    );
    expect(obs!.patient_ids).toEqual([demoPatientId]);
  });

  test('every resource produced above validates against the R4 definitions with 0 errors', () => {
    expect(produced.length).toBeGreaterThan(500);
    const types = new Set(produced.map((r) => r.resourceType));
    expect([...types].sort()).toEqual([
      'Appointment',
      'Device',
      'Flag',
      'MedicationRequest',
      'Observation',
      'Patient',
      'RelatedPerson',
    ]);
    const errors = produced.flatMap((r) => fhirErrors(r));
    expect(errors.slice(0, 20)).toEqual([]);
  });

  // From a review: inputs that reached the database as Invalid Date, and FhirRead alone reading guarded data.
  test('a crafted Observation id past the date range is 404, a prefixed _since is 400, never 500', async () => {
    const hex = demoPatientId.replace(/-/g, '');
    const crafted = await t.call('GET', `/fhir/R4/Observation/${hex}-0-2dnw4tonmyo-abcdef12`, { token: sysadmin });
    expect(crafted.status).toBe(404);
    const since = await t.call('GET', '/fhir/R4/$export?_since=eq2026-11-01T00:00:00Z', {
      token: sysadmin,
      headers: { prefer: 'respond-async' },
    });
    expect(since.status).toBe(400);
    expect(since.body).toMatchObject({
      resourceType: 'OperationOutcome',
      issue: [expect.objectContaining({ expression: ['_since'] })],
    });
  });

  test('FHIR reads need the staff permission of the same data too: without HealthView, no Observation, Flag or export of them', async () => {
    const [role] = await t.db.query<{ role_id: string; tenant_id: string }>(
      "select ur.role_id, ur.tenant_id from user_roles ur join users u on u.id = ur.user_id join tenants tn on tn.id = u.tenant_id where tn.code = 'demo' and u.email = 'doctor@demo.test' limit 1",
    );
    await t.db.query('delete from role_permissions where tenant_id = $1 and role_id = $2 and permission_id = 90', [
      role!.tenant_id,
      role!.role_id,
    ]);
    const token = (await t.login('doctor')).access;
    const obs = await t.call('GET', `/fhir/R4/Observation?patient=${demoPatientId}`, { token });
    expect(obs.status).toBe(403);
    expect(obs.body.resourceType).toBe('OperationOutcome');
    expect((await t.call('GET', `/fhir/R4/Flag?patient=${demoPatientId}`, { token })).status).toBe(403);
    expect(
      (await t.call('GET', '/fhir/R4/$export?_type=Observation', { token, headers: { prefer: 'respond-async' } }))
        .status,
    ).toBe(403);
    // Patients stay readable (PatientView), and an export without _type holds only what the role may read.
    expect((await t.call('GET', '/fhir/R4/Patient', { token })).status).toBe(200);
    const kick = await t.call('GET', '/fhir/R4/$export', { token, headers: { prefer: 'respond-async' } });
    expect(kick.status).toBe(202);
    const [row] = await t.db.query<{ types: string[] }>(
      'select types from fhir_exports order by created_at desc limit 1',
    );
    expect(row!.types).not.toContain('Observation');
    expect(row!.types).toContain('Patient');
  });
});
