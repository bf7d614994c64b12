import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import ExcelJS from 'exceljs';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
let doctor: string;
let operator: string;
let sysadmin: string;
let mhscadmin: string;
let assistant: string;
let doctor2: string;
let sysadmin2: string;
let ids: { demoPatient: string; baDinh: string; leChan: string; doctor: string; demo2Patient: string };

const P = '/api/account/patients';
const MISSING = '00000000-0000-7000-8000-000000000000';
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f6e1d70000000049454e44ae426082',
  'hex',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

function multipart(filename: string, data: Buffer, type: string, name = 'file') {
  const boundary = '----cwtest' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function one(sql: string, p: unknown[] = []) {
  return (await t.db.query<{ id: string }>(sql, p as string[]))[0]!.id;
}

let seq = 0;
/** A valid create body; each call gets unique identifiers. */
function body(over: Record<string, unknown> = {}) {
  seq++;
  return {
    patientCode: `T-${seq}`,
    firstName: 'Lan',
    lastName: 'Tran',
    birthday: '1970-05-01',
    gender: 'female',
    heightCm: 160,
    weightKg: 55,
    bloodType: 'O+',
    phone: `09123400${String(seq).padStart(2, '0')}`,
    email: null,
    address: '1 Hang Bai, Hanoi',
    centerId: null,
    packageExpiry: null,
    contractId: null,
    relatives: [],
    ...over,
  };
}

beforeAll(async () => {
  t = await startTestApp();
  doctor = (await t.login('doctor')).access;
  operator = (await t.login('operator')).access;
  sysadmin = (await t.login('sysadmin')).access;
  mhscadmin = (await t.login('mhscadmin')).access;
  assistant = (await t.login('assistant')).access;
  doctor2 = (await t.login('doctor', 'demo2')).access;
  sysadmin2 = (await t.login('sysadmin', 'demo2')).access;
  const tenant = await one("select id from tenants where code = 'demo'");
  ids = {
    demoPatient: await one("select id from patients where patient_code = 'DEMO-P0001'"),
    baDinh: await one("select id from health_centers where tenant_id = $1 and name = 'Ba Dinh Health Center'", [
      tenant,
    ]),
    leChan: await one("select id from health_centers where tenant_id = $1 and name = 'Le Chan Health Center'", [
      tenant,
    ]),
    doctor: await one("select id from users where email = 'doctor@demo.test'"),
    demo2Patient: await one("select id from patients where patient_code = 'DEMO2-P0001'"),
  };
});
afterAll(async () => t?.close());

describe('create and read', () => {
  test('operator creates a patient at their center; unassigned without doctors; relatives kept; audit written', async () => {
    const res = await t.post(
      P,
      body({ relatives: [{ name: 'Minh Tran', phone: '0987654321', relationship: 'son' }] }),
      operator,
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'unassigned',
      centerId: ids.baDinh,
      centerName: 'Ba Dinh Health Center',
      fullName: 'Lan Tran',
      birthday: '1970-05-01',
    });
    expect(res.body.relatives).toMatchObject([{ name: 'Minh Tran', relationship: 'son' }]);
    const read = await t.get(`${P}/${String(res.body.id)}`, operator);
    expect(read.status).toBe(200);
    expect(read.body.id).toBe(res.body.id);
    const audits = await t.db.query('select action from audit_log where resource_id = $1 order by created_at', [
      String(res.body.id),
    ]);
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['patient.create', 'patient.read']));
  });

  test('with doctors the status is assigned; a non-doctor id is DOCTOR_NOT_FOUND', async () => {
    const ok = await t.post(P, body({ doctorIds: [ids.doctor] }), operator);
    expect(ok.status).toBe(201);
    expect(ok.body.status).toBe('assigned');
    expect(ok.body.doctors).toMatchObject([{ id: ids.doctor }]);
    const bad = await t.post(P, body({ doctorIds: [MISSING] }), operator);
    expect(bad.status).toBe(404);
    expect(bad.body.code).toBe('DOCTOR_NOT_FOUND');
  });

  test('at least one identifier: the error names all three fields', async () => {
    const res = await t.post(P, body({ patientCode: null, phone: '', email: null }), operator);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('PATIENT_IDENTIFIER_REQUIRED');
    expect(res.body.details?.field).toBe('patientCode');
    expect((res.body.details?.fields as Array<{ field: string }>).map((f) => f.field)).toEqual([
      'patientCode',
      'phone',
      'email',
    ]);
  });

  test('duplicates: patient id, phone, contract id; email with an account offers login', async () => {
    const first = await t.post(P, body({ contractId: 'C-100' }), operator);
    expect(first.status).toBe(201);
    const dupCode = await t.post(P, body({ patientCode: first.body.patientCode }), operator);
    expect([dupCode.status, dupCode.body.code, dupCode.body.details?.field]).toEqual([
      409,
      'PATIENT_ID_EXISTS',
      'patientCode',
    ]);
    const dupPhone = await t.post(P, body({ phone: first.body.phone }), operator);
    expect([dupPhone.status, dupPhone.body.code, dupPhone.body.details?.field]).toEqual([409, 'PHONE_USED', 'phone']);
    const dupContract = await t.post(P, body({ contractId: 'C-100' }), operator);
    expect([dupContract.status, dupContract.body.code, dupContract.body.details?.field]).toEqual([
      409,
      'CONTRACT_ID_EXISTS',
      'contractId',
    ]);
    const dupEmail = await t.post(P, body({ email: 'doctor@demo.test' }), operator);
    expect(dupEmail.status).toBe(409);
    expect(dupEmail.body).toMatchObject({
      code: 'PATIENT_EMAIL_EXISTS',
      details: { field: 'email', redirect: 'login' },
    });
  });

  test('bad input is a 400 naming the field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ birthday: '2999-01-01' }, 'birthday'],
      [{ birthday: '2020-02-30' }, 'birthday'],
      [{ bloodType: 'C+' }, 'bloodType'],
      [{ gender: 'other' }, 'gender'],
      [{ phone: 'abc' }, 'phone'],
      [{ firstName: 'L4n' }, 'firstName'],
      [{ heightCm: 5 }, 'heightCm'],
      [{ relatives: [{ name: 'X', phone: null, relationship: 'cousin' }] }, 'relatives.0.relationship'],
    ];
    for (const [over, field] of cases) {
      const res = await t.post(P, body(over), operator);
      expect([res.status, res.body.details?.field], JSON.stringify(over)).toEqual([400, field]);
    }
  });

  test("the tenant's phone rule applies", async () => {
    await t.db.query(
      "update tenant_settings set value = 'ten_digits' where key = 'PHONE_RULE' and tenant_id = (select id from tenants where code = 'demo')",
    );
    try {
      const res = await t.post(P, body({ phone: '123' }), operator);
      expect(res.status).toBe(400);
      expect(res.body.details?.field).toBe('phone');
      expect(res.body.message).toBe('Phone number is not valid');
    } finally {
      await t.db.query(
        "update tenant_settings set value = 'flexible' where key = 'PHONE_RULE' and tenant_id = (select id from tenants where code = 'demo')",
      );
    }
  });

  test('createAccount makes an active patient account without password; a used phone is refused', async () => {
    const res = await t.post(P, body({ email: 'new.patient@demo.test', createAccount: true }), operator);
    expect(res.status).toBe(201);
    expect(res.body.userId).toBeTruthy();
    const u = await t.db.query<{ status: string; password_hash: string | null; code: string }>(
      'select u.status, u.password_hash, r.code from users u join user_roles ur on ur.user_id = u.id join roles r on r.id = ur.role_id where u.id = $1',
      [String(res.body.userId)],
    );
    expect(u).toEqual([{ status: 'active', password_hash: null, code: 'patient' }]);
    expect(res.body.accountCreatedAt).toBeTruthy();
    const used = await t.post(P, body({ phone: '0900000006', createAccount: true }), operator);
    expect([used.status, used.body.code]).toEqual([409, 'PHONE_USED']);
  });

  test('a center not visible to the caller is CENTER_NOT_FOUND', async () => {
    const res = await t.post(P, body({ centerId: ids.leChan }), operator);
    expect([res.status, res.body.code]).toEqual([404, 'CENTER_NOT_FOUND']);
  });
});

describe('update', () => {
  test('contract id: set once, then locked; search text follows', async () => {
    const c = await t.post(P, body(), operator);
    const id = String(c.body.id);
    const { id: _id, status: _s, ...rest } = c.body as Record<string, unknown>;
    const base = { ...body(), patientCode: rest.patientCode, phone: rest.phone, firstName: 'Hoa', lastName: 'Le' };
    const set = await t.put(`${P}/${id}`, { ...base, contractId: 'K-1' }, operator);
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ contractId: 'K-1', fullName: 'Hoa Le' });
    const change = await t.put(`${P}/${id}`, { ...base, contractId: 'K-2' }, operator);
    expect([change.status, change.body.code, change.body.details?.field]).toEqual([
      400,
      'CONTRACT_ID_LOCKED',
      'contractId',
    ]);
    const clear = await t.put(`${P}/${id}`, { ...base, contractId: null }, operator);
    expect(clear.body.code).toBe('CONTRACT_ID_LOCKED');
    const same = await t.put(
      `${P}/${id}`,
      { ...base, contractId: 'K-1', relatives: [{ name: 'Ba', phone: null, relationship: 'wife' }] },
      operator,
    );
    expect(same.status).toBe(200);
    expect(same.body.relatives).toHaveLength(1);
    const list = await t.call('GET', `${P}?search=le%20hoa`, { token: operator });
    expect((list.body.items as Array<{ id: string }>).map((i) => i.id)).toContain(id);
  });

  test("another patient's phone is refused on update", async () => {
    const a = await t.post(P, body(), operator);
    const b = await t.post(P, body(), operator);
    const res = await t.put(
      `${P}/${String(b.body.id)}`,
      { ...body(), patientCode: b.body.patientCode, phone: a.body.phone },
      operator,
    );
    expect([res.status, res.body.code]).toEqual([409, 'PHONE_USED']);
  });
});

describe('visibility', () => {
  let leChanPatient: string;
  beforeAll(async () => {
    const res = await t.post(P, body({ centerId: ids.leChan }), sysadmin);
    expect(res.status).toBe(201);
    leChanPatient = String(res.body.id);
  });

  test('the doctor sees the demo patient (followed) and their branch', async () => {
    const res = await t.get(`${P}/${ids.demoPatient}`, doctor);
    expect(res.status).toBe(200);
    expect(res.body.patientCode).toBe('DEMO-P0001');
    expect((res.body.doctors as Array<{ id: string }>)[0]!.id).toBe(ids.doctor);
    const list = await t.get(`${P}?size=200`, doctor);
    const codes = (list.body.items as Array<{ patientCode: string }>).map((i) => i.patientCode);
    expect(codes).toContain('DEMO-P0001');
    expect((list.body.items as Array<{ id: string }>).map((i) => i.id)).not.toContain(leChanPatient);
  });

  test("another center's patient is 404 for the doctor, the assistant and a center admin elsewhere", async () => {
    for (const token of [doctor, assistant, operator]) {
      const res = await t.get(`${P}/${leChanPatient}`, token);
      expect([res.status, res.body.code]).toEqual([404, 'PATIENT_NOT_FOUND']);
    }
    // mhscadmin's current level is one center: it sees that center's patients only.
    const me = await t.get(`${P}?size=200`, mhscadmin);
    const centers = new Set((me.body.items as Array<{ centerId: string }>).map((i) => i.centerId));
    expect(centers.size).toBe(1);
    const other = centers.has(ids.baDinh) ? leChanPatient : ids.demoPatient;
    const res = await t.get(`${P}/${other}`, mhscadmin);
    expect([res.status, res.body.code]).toEqual([404, 'PATIENT_NOT_FOUND']);
    expect((await t.get(`${P}/${leChanPatient}`, sysadmin)).status).toBe(200);
  });

  test('other tenants and missing ids answer 404 alike; writes too', async () => {
    for (const url of [`${P}/${ids.demo2Patient}`, `${P}/${MISSING}`]) {
      const res = await t.get(url, sysadmin);
      expect([res.status, res.body.code]).toEqual([404, 'PATIENT_NOT_FOUND']);
    }
    expect((await t.put(`${P}/${ids.demo2Patient}/status`, { status: 'sos', confirm: true }, doctor)).status).toBe(404);
    expect((await t.put(`${P}/${ids.demoPatient}`, body(), doctor2)).status).toBe(404);
    expect((await t.get(`${P}/${ids.demoPatient}`, sysadmin2)).status).toBe(404);
    expect((await t.get(`${P}/not-a-uuid`, sysadmin)).status).toBe(400);
  });
});

describe('list', () => {
  test('paging by page and by cursor agree; filters; sorts; columns', async () => {
    for (let i = 0; i < 6; i++) {
      t.clock.advance(1000);
      expect((await t.post(P, body({ firstName: `Zed${'abcdef'[i]}`, lastName: 'Paging' }), operator)).status).toBe(
        201,
      );
    }
    const all = await t.get(`${P}?search=paging&size=200`, operator);
    expect(all.body.total).toBe(6);
    expect(all.body.columns).toEqual([
      'patientCode',
      'fullName',
      'birthday',
      'gender',
      'phone',
      'status',
      'center',
      'createdAt',
    ]);
    const order = (all.body.items as Array<{ id: string }>).map((i) => i.id);
    const viaPages: string[] = [];
    for (let p = 0; p < 3; p++)
      viaPages.push(
        ...((await t.get(`${P}?search=paging&size=2&page=${p}`, operator)).body.items as Array<{ id: string }>).map(
          (i) => i.id,
        ),
      );
    expect(viaPages).toEqual(order);
    const viaCursor: string[] = [];
    let cursor: string | null = null;
    for (;;) {
      const res = await t.get(`${P}?search=paging&size=4${cursor ? `&cursor=${cursor}` : ''}`, operator);
      viaCursor.push(...(res.body.items as Array<{ id: string }>).map((i) => i.id));
      cursor = res.body.nextCursor as string | null;
      if (!cursor) break;
    }
    expect(viaCursor).toEqual(order);
    // Name sort with cursor
    const byName: string[] = [];
    cursor = null;
    for (;;) {
      const res = await t.get(`${P}?search=paging&size=4&sort=-name${cursor ? `&cursor=${cursor}` : ''}`, operator);
      byName.push(...(res.body.items as Array<{ firstName: string }>).map((i) => i.firstName));
      cursor = res.body.nextCursor as string | null;
      if (!cursor) break;
    }
    expect(byName).toEqual(['Zedf', 'Zede', 'Zedd', 'Zedc', 'Zedb', 'Zeda']);
    const asc = await t.get(`${P}?search=paging&sort=createdAt&size=200`, operator);
    expect((asc.body.items as Array<{ id: string }>).map((i) => i.id)).toEqual([...order].reverse());
    const status = await t.get(`${P}?status=normal&size=200`, sysadmin);
    expect((status.body.items as Array<{ status: string }>).every((i) => i.status === 'normal')).toBe(true);
    const center = await t.get(`${P}?mhscId=${ids.leChan}&size=200`, sysadmin);
    expect((center.body.items as Array<{ centerId: string }>).every((i) => i.centerId === ids.leChan)).toBe(true);
    expect((await t.get(`${P}?cursor=garbage`, operator)).body.details?.field).toBe('cursor');
    expect((await t.get(`${P}?sort=age`, operator)).body.details?.field).toBe('sort');
  });

  test('columns follow the tenant setting', async () => {
    await t.db.query(
      "insert into tenant_settings (tenant_id, key, value) values ((select id from tenants where code = 'demo'), 'PATIENT_LIST_COLUMNS', 'fullName,email,bogus') on conflict (tenant_id, key) do update set value = excluded.value",
    );
    try {
      expect((await t.get(P, operator)).body.columns).toEqual(['fullName', 'email']);
    } finally {
      await t.db.query(
        "update tenant_settings set value = 'patientCode,fullName,birthday,gender,phone,status,center,createdAt' where key = 'PATIENT_LIST_COLUMNS'",
      );
    }
  });

  test('the list uses the page indexes', async () => {
    const tenant = await one("select id from tenants where code = 'demo'");
    // Tiny tables may be seq-scanned; with seq scans off (one transaction, one connection) the planner must pick a page index.
    const plans = await t.db.tx(async (db) => {
      await db.query('set local enable_seqscan = off');
      const q = async (sql: string) =>
        (await db.query<Record<string, string>>(`explain ${sql}`, [tenant]))
          .map((r) => Object.values(r).join(' '))
          .join('\n');
      return {
        status: await q(
          "select p.id from patients p where p.tenant_id = $1 and p.status = 'normal' order by p.created_at desc, p.id desc limit 15",
        ),
        all: await q(
          'select p.id from patients p where p.tenant_id = $1 order by p.created_at desc, p.id desc limit 15',
        ),
        name: await q(
          `select p.id from patients p where p.tenant_id = $1 order by lower(p.last_name || ' ' || p.first_name), p.id limit 15`,
        ),
      };
    });
    expect(plans.status).toMatch(/patients_(status_)?page/);
    expect(plans.all).toMatch(/patients_page/);
    expect(plans.name).toMatch(/patients_name_page/);
  });
});

describe('status', () => {
  test('a doctor changes status after confirmation; history from → to with who and when', async () => {
    const noConfirm = await t.put(`${P}/${ids.demoPatient}/status`, { status: 'at_risk' }, doctor);
    expect([noConfirm.status, noConfirm.body.details?.field]).toEqual([400, 'confirm']);
    // Health tiers follow the open alerts (issue 13): not set by hand, so a status never claims what no alert says.
    const tier = await t.put(
      `${P}/${ids.demoPatient}/status`,
      { status: 'at_risk', confirm: true, reason: 'BP trend' },
      doctor,
    );
    expect([tier.status, tier.body.code, tier.body.details?.rule]).toEqual([
      400,
      'PATIENT_STATUS_CHANGE_REFUSED',
      'follows_alerts',
    ]);
    const res = await t.put(
      `${P}/${ids.demoPatient}/status`,
      { status: 'assigned', confirm: true, reason: 'Care plan' },
      doctor,
    );
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('assigned');
    const same = await t.put(`${P}/${ids.demoPatient}/status`, { status: 'assigned', confirm: true }, doctor);
    expect([same.status, same.body.code]).toEqual([400, 'PATIENT_STATUS_CHANGE_REFUSED']);
    t.clock.advance(60_000);
    await t.put(`${P}/${ids.demoPatient}/status`, { status: 'normal', confirm: true }, doctor);
    const h = await t.get(`${P}/${ids.demoPatient}/status-history`, doctor);
    expect(h.body.items).toMatchObject([
      { fromStatus: 'assigned', toStatus: 'normal', changedBy: 'Duc Nguyen' },
      { fromStatus: 'normal', toStatus: 'assigned', changedBy: 'Duc Nguyen', reason: 'Care plan' },
    ]);
    // Operators lack PatientStatusChange.
    expect((await t.put(`${P}/${ids.demoPatient}/status`, { status: 'sos', confirm: true }, operator)).status).toBe(
      403,
    );
  });

  test('assigning doctors moves unassigned ↔ assigned', async () => {
    const c = await t.post(P, body(), operator);
    const id = String(c.body.id);
    const a = await t.put(`${P}/${id}/doctors`, { doctorIds: [ids.doctor] }, operator);
    expect(a.body.status).toBe('assigned');
    const u = await t.put(`${P}/${id}/doctors`, { doctorIds: [] }, operator);
    expect(u.body.status).toBe('unassigned');
    const h = await t.get(`${P}/${id}/status-history`, operator);
    expect((h.body.items as unknown[]).length).toBe(2);
  });

  test('targets', async () => {
    const res = await t.put(`${P}/${ids.demoPatient}/targets`, { sleepTargetMinutes: 480, stepsTarget: 8000 }, doctor);
    expect(res.body).toMatchObject({ sleepTargetMinutes: 480, stepsTarget: 8000 });
    const bad = await t.put(`${P}/${ids.demoPatient}/targets`, { sleepTargetMinutes: 0, stepsTarget: 8000 }, doctor);
    expect([bad.status, bad.body.details?.field]).toEqual([400, 'sleepTargetMinutes']);
  });
});

describe('counts', () => {
  test('each dashboard call counts the visible patients', async () => {
    const d = await t.get('/api/account/doctor/getCountPatientStatus', doctor);
    expect(d.status).toBe(200);
    const visible = await t.get(`${P}?size=1`, doctor);
    expect(d.body.total).toBe(visible.body.total);
    const sum = (b: Record<string, unknown>) =>
      ['normal', 'atRisk', 'highRisk', 'sos', 'unassigned', 'assigned'].reduce((s, k) => s + Number(b[k]), 0);
    expect(sum(d.body)).toBe(d.body.total);
    const o = await t.get(`/api/account/operator/getCountPatientStatus?mhscId=${ids.baDinh}`, operator);
    expect(o.body.total).toBe((await t.get(`${P}?size=1&mhscId=${ids.baDinh}`, operator)).body.total);
    expect((await t.get(`/api/account/operator/getCountPatientStatus?mhscId=${ids.leChan}`, operator)).body.code).toBe(
      'CENTER_NOT_FOUND',
    );
    const a = await t.get('/api/account/doctor-assistant/get-count-patient-status', assistant);
    expect(a.status).toBe(200);
    const c = await t.get(`/api/account/smadmin/mhsc/getCountPatientStatus?mhscId=${ids.leChan}`, sysadmin);
    expect(c.body.total).toBeGreaterThanOrEqual(1);
    expect((await t.get('/api/account/smadmin/mhsc/getCountPatientStatus', sysadmin)).body.details?.field).toBe(
      'mhscId',
    );
  });
});

describe('attachments', () => {
  test('HTML named .pdf refused; real PDF and PNG accepted; download headers; delete', async () => {
    const url = `${P}/${ids.demoPatient}/attachments`;
    const html = multipart('x.pdf', Buffer.from('<html><script>alert(1)</script></html>'), 'application/pdf');
    const bad = await t.call('POST', url, { token: doctor, ...html });
    expect([bad.status, bad.body.code, bad.body.details?.field]).toEqual([400, 'INVALID_FILE_TYPE', 'file']);
    const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await t.call('POST', url, { token: doctor, ...multipart('big.pdf', big, 'application/pdf') });
    expect([tooBig.status, tooBig.body.code]).toEqual([413, 'FILE_TOO_LARGE']);
    const ok = await t.call('POST', url, { token: doctor, ...multipart('../report "1".pdf', PDF, 'text/plain') });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ contentType: 'application/pdf', sizeBytes: PDF.length });
    const png = await t.call('POST', url, { token: doctor, ...multipart('scan.txt', PNG, 'text/plain') });
    expect(png.body.contentType).toBe('image/png');
    const dl = await t.get(`${url}/${String(ok.body.id)}`, doctor);
    expect(dl.status).toBe(200);
    expect(dl.headers['content-type']).toBe('application/pdf');
    expect(dl.headers['x-content-type-options']).toBe('nosniff');
    expect(String(dl.headers['content-disposition'])).toMatch(/^attachment; filename="[^"/]+"$/);
    expect(dl.raw.startsWith('%PDF')).toBe(true);
    const detail = await t.get(`${P}/${ids.demoPatient}`, doctor);
    expect((detail.body.attachments as unknown[]).length).toBe(2);
    expect((await t.get(`${url}/${String(ok.body.id)}`, sysadmin2)).status).toBe(404);
    const del = await t.call('DELETE', `${url}/${String(ok.body.id)}`, { token: doctor });
    expect(del.body).toEqual({ ok: true });
    expect((await t.get(`${url}/${String(ok.body.id)}`, doctor)).status).toBe(404);
  });
});

describe('export', () => {
  test('a valid xlsx whose rows match the list', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${P}/export?sort=name`,
      headers: { authorization: `Bearer ${operator}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename="patients-.*\.xlsx"$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const rows: string[][] = [];
    ws.eachRow((r) => rows.push((r.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
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
    const list = await t.get(`${P}?sort=name&size=200`, operator);
    expect(rows.length - 1).toBe(list.body.total);
    expect(rows.slice(1).map((r) => r[0])).toEqual(
      (list.body.items as Array<{ patientCode: string | null }>).map((i) => i.patientCode ?? ''),
    );
    const audits = await t.db.query("select 1 from audit_log where action = 'patient.export'");
    expect(audits.length).toBeGreaterThan(0);
    expect((await t.get(`${P}/export`, doctor)).status).toBe(403);
  });
});
