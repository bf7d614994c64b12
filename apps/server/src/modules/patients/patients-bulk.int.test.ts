import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import ExcelJS from 'exceljs';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
let sysadmin: string;
let operator: string;
let coach: string;
let ids: {
  tenant: string;
  doctor: string;
  doctor2: string;
  baDinh: string;
  leChan: string;
  demo2Patient: string;
  demo2Center: string;
};

const P = '/api/account/patients/bulk';
const MISSING = '00000000-0000-7000-8000-000000000000';

async function one(sql: string, p: unknown[] = []) {
  return (await t.db.query<{ id: string }>(sql, p as string[]))[0]!.id;
}
/** Demo patients of a center that the demo doctor does not follow yet, by code. */
async function unfollowed(n: number, centerId: string): Promise<string[]> {
  const rows = await t.db.query<{ id: string }>(
    `select id from patients p where tenant_id = $1 and center_id = $2
       and not exists (select 1 from patient_doctors pd where pd.tenant_id = p.tenant_id and pd.patient_id = p.id and pd.doctor_id = $3)
     order by patient_code limit ${n}`,
    [ids.tenant, centerId, ids.doctor],
  );
  return rows.map((r) => r.id);
}
const doctorsOf = async (patientId: string) =>
  (
    await t.db.query<{ doctor_id: string }>(
      'select doctor_id from patient_doctors where patient_id = $1 order by doctor_id',
      [patientId],
    )
  ).map((r) => r.doctor_id);
const patientRow = async (id: string) =>
  (
    await t.db.query<{ status: string; center_id: string | null }>(
      'select status, center_id from patients where id = $1',
      [id],
    )
  )[0]!;

beforeAll(async () => {
  t = await startTestApp();
  sysadmin = (await t.login('sysadmin')).access;
  operator = (await t.login('operator')).access;
  coach = (await t.login('coach')).access;
  const tenant = await one("select id from tenants where code = 'demo'");
  const tenant2 = await one("select id from tenants where code = 'demo2'");
  ids = {
    tenant,
    doctor: await one("select id from users where email = 'doctor@demo.test'"),
    doctor2: await one("select id from users where email = 'doctor@demo2.test'"),
    baDinh: await one("select id from health_centers where tenant_id = $1 and name = 'Ba Dinh Health Center'", [
      tenant,
    ]),
    leChan: await one("select id from health_centers where tenant_id = $1 and name = 'Le Chan Health Center'", [
      tenant,
    ]),
    demo2Patient: await one("select id from patients where patient_code = 'DEMO2-P0001'"),
    demo2Center: await one('select id from health_centers where tenant_id = $1 order by name limit 1', [tenant2]),
  };
});
afterAll(async () => {
  await t?.close();
});

describe('bulk assign doctor', () => {
  test("the doctor follows each selected patient (others stay); another tenant's and a missing id fail alone, untouched", async () => {
    const [a, b] = await unfollowed(2, ids.baDinh);
    await t.db.query("update patients set status = 'unassigned' where id = $1", [a]);
    const bBefore = await doctorsOf(b!);
    const otherBefore = await doctorsOf(ids.demo2Patient);
    const res = await t.post(
      `${P}/assign-doctor`,
      { patientIds: [a, b, ids.demo2Patient, MISSING, a], doctorId: ids.doctor },
      sysadmin,
    );
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toEqual({
      done: [a, b],
      failed: [
        { id: ids.demo2Patient, code: 'PATIENT_NOT_FOUND' },
        { id: MISSING, code: 'PATIENT_NOT_FOUND' },
      ],
    });
    expect(await doctorsOf(a!)).toContain(ids.doctor);
    expect(await doctorsOf(b!)).toEqual([...bBefore, ids.doctor].sort());
    expect((await patientRow(a!)).status).toBe('assigned');
    expect(await doctorsOf(ids.demo2Patient)).toEqual(otherBefore);
    const audits = await t.db.query<{ resource_id: string }>(
      "select resource_id from audit_log where action = 'patient.doctors' and resource_id = any($1::text[])",
      [[a!, b!]],
    );
    expect(audits.map((r) => r.resource_id).sort()).toEqual([a, b].sort());
    // Again: already following, nothing to do, still done.
    expect((await t.post(`${P}/assign-doctor`, { patientIds: [a], doctorId: ids.doctor }, sysadmin)).body).toEqual({
      done: [a],
      failed: [],
    });
  });

  test("another tenant's doctor fails the whole call (404 naming doctorId) before any patient changes", async () => {
    const [a] = await unfollowed(1, ids.leChan);
    const before = await doctorsOf(a!);
    const res = await t.post(`${P}/assign-doctor`, { patientIds: [a], doctorId: ids.doctor2 }, sysadmin);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'DOCTOR_NOT_FOUND', details: { field: 'doctorId' } });
    expect(await doctorsOf(a!)).toEqual(before);
  });

  test('a center-level operator: a patient of another center fails as not found', async () => {
    const [inA] = await unfollowed(1, ids.baDinh);
    const [inB] = await unfollowed(1, ids.leChan);
    const operatorCenter = await one(
      "select ur.center_id as id from user_roles ur join users u on u.id = ur.user_id where u.email = 'operator@demo.test'",
    );
    const [mine, theirs] = operatorCenter === ids.baDinh ? [inA!, inB!] : [inB!, inA!];
    const before = await doctorsOf(theirs);
    const res = await t.post(`${P}/assign-doctor`, { patientIds: [mine, theirs], doctorId: ids.doctor }, operator);
    expect(res.body).toEqual({ done: [mine], failed: [{ id: theirs, code: 'PATIENT_NOT_FOUND' }] });
    expect(await doctorsOf(theirs)).toEqual(before);
  });
});

describe('bulk change center', () => {
  test("each selected patient moves; another tenant's patient fails and stays where it was", async () => {
    const [a, b] = await unfollowed(2, ids.baDinh);
    const otherBefore = await patientRow(ids.demo2Patient);
    const res = await t.post(`${P}/center`, { patientIds: [a, b, ids.demo2Patient], centerId: ids.leChan }, sysadmin);
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toEqual({ done: [a, b], failed: [{ id: ids.demo2Patient, code: 'PATIENT_NOT_FOUND' }] });
    expect((await patientRow(a!)).center_id).toBe(ids.leChan);
    expect((await patientRow(b!)).center_id).toBe(ids.leChan);
    expect(await patientRow(ids.demo2Patient)).toEqual(otherBefore);
    const audits = await t.db.query("select 1 from audit_log where action = 'patient.update' and resource_id = $1", [
      a,
    ]);
    expect(audits.length).toBe(1);
  });

  test("another tenant's center fails the whole call (404 naming centerId)", async () => {
    const [a] = await unfollowed(1, ids.baDinh);
    const res = await t.post(`${P}/center`, { patientIds: [a], centerId: ids.demo2Center }, sysadmin);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'CENTER_NOT_FOUND', details: { field: 'centerId' } });
    expect((await patientRow(a!)).center_id).toBe(ids.baDinh);
  });
});

describe('bulk export', () => {
  test('the list export file with only the selected, visible patients, in the order selected', async () => {
    const picked = await t.db.query<{ id: string; patient_code: string }>(
      'select id, patient_code from patients where tenant_id = $1 order by patient_code desc limit 3',
      [ids.tenant],
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `${P}/export`,
      headers: { authorization: `Bearer ${sysadmin}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ patientIds: [...picked.map((p) => p.id), ids.demo2Patient, MISSING] }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename="patients-.*\.xlsx"$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: string[][] = [];
    wb.worksheets[0]!.eachRow((r) => rows.push((r.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
    expect(rows[0]).toEqual([
      'Patient ID',
      'Full name',
      'Birthday',
      'Gender',
      'Phone',
      'Status',
      'Health center',
      'Created',
    ]);
    expect(rows.slice(1).map((r) => r[0])).toEqual(picked.map((p) => p.patient_code));
    expect(rows.some((r) => r[0]!.startsWith('DEMO2-'))).toBe(false);
    const audits = await t.db.query<{ details: { selected?: number } }>(
      "select details from audit_log where action = 'patient.export' order by created_at desc limit 1",
    );
    expect(audits[0]!.details.selected).toBe(3);
  });
});

describe('permission and input', () => {
  test("a role without the single action's permission: 403, nothing changed", async () => {
    const [a] = await unfollowed(1, ids.leChan);
    const before = await doctorsOf(a!);
    expect((await t.post(`${P}/assign-doctor`, { patientIds: [a], doctorId: ids.doctor }, coach)).status).toBe(403);
    expect((await t.post(`${P}/center`, { patientIds: [a], centerId: ids.baDinh }, coach)).status).toBe(403);
    expect((await t.post(`${P}/export`, { patientIds: [a] }, coach)).status).toBe(403);
    expect(await doctorsOf(a!)).toEqual(before);
    expect((await patientRow(a!)).center_id).toBe(ids.leChan);
  });

  test('bad input: 400 naming the field', async () => {
    const [a] = await unfollowed(1, ids.leChan);
    const cases: Array<[string, unknown, string]> = [
      ['assign-doctor', { patientIds: [], doctorId: ids.doctor }, 'patientIds'],
      ['assign-doctor', { patientIds: Array.from({ length: 201 }, () => a), doctorId: ids.doctor }, 'patientIds'],
      ['assign-doctor', { patientIds: ['nope'], doctorId: ids.doctor }, 'patientIds.0'],
      ['assign-doctor', { patientIds: [a] }, 'doctorId'],
      ['center', { patientIds: [a], centerId: 'x' }, 'centerId'],
      ['center', { centerId: ids.baDinh }, 'patientIds'],
      ['export', { patientIds: [] }, 'patientIds'],
    ];
    for (const [path, body, field] of cases) {
      const res = await t.post(`${P}/${path}`, body, sysadmin);
      expect(res.status, `${path} ${JSON.stringify(body).slice(0, 80)}`).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', details: { field } });
    }
  });
});
