import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Res, type TestApp } from '../../test-support/test-app.ts';
import { DEMO_PASSWORD } from '../seed/demo.ts';
import { demoPdf } from '../seed/demo-records.ts';
import { createServer } from '../../server.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = demoPdf(['Examination card', 'Otitis media, left ear']);
type Attachment = {
  id: string;
  recordId: string;
  type: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
};
type Rec = {
  id: string;
  patientId: string;
  title: string;
  examinationDate: string;
  place: string | null;
  doctorId: string | null;
  doctorName: string | null;
  note: string | null;
  attachments: Attachment[];
};

function multipart(
  fields: Record<string, string>,
  file?: { name: string; type: string; data: Buffer },
): { payload: Buffer; headers: Record<string, string> } {
  const b = '----cwrecords';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${b}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file)
    parts.push(
      Buffer.from(
        `--${b}\r\ncontent-disposition: form-data; name="file"; filename="${file.name}"\r\ncontent-type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${b}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${b}` } };
}

describe('medical records', () => {
  let t: TestApp;
  let doctor: string;
  let assistant: string;
  let operator: string;
  // Customer care: reads health data tenant-wide, writes none (a coach sees only their players, issue 21).
  let cskh: string;
  let otherDoctor: string;
  let patientApp: string;
  let followerApp: string;
  let patientId: string;
  let doctorId: string;
  let otherCenterPatientId: string;

  const appLogin = async (local: string) => {
    const res = await t.call('POST', '/api/auth/oauth-token', {
      form: { tenant: 'demo', username: `${local}@demo.test`, password: DEMO_PASSWORD, grant_type: 'password' },
      headers: { 'x-client': 'app' },
    });
    if (res.status !== 200) throw new Error(res.raw);
    return String(res.body.access_token);
  };
  const upload = (
    token: string,
    recordId: string,
    type: string | null,
    file?: { name: string; type: string; data: Buffer },
  ): Promise<Res> => {
    const m = multipart(type === null ? {} : { type }, file);
    return t.call('POST', `/api/account/medical-records/${recordId}/attachments`, {
      token,
      payload: m.payload,
      headers: m.headers,
    });
  };
  const create = (token: string, body: Record<string, unknown>, pid = patientId) =>
    t.post(`/api/account/patients/${pid}/medical-records`, body, token);

  beforeAll(async () => {
    t = await startTestApp();
    doctor = (await t.login('doctor')).access;
    assistant = (await t.login('assistant')).access;
    operator = (await t.login('operator')).access;
    cskh = (await t.login('cskh')).access;
    otherDoctor = (await t.login('doctor', 'demo2')).access;
    patientApp = await appLogin('patient');
    followerApp = await appLogin('follower');
    const [p] = await t.db.query<{ id: string }>("select id from patients where patient_code = 'DEMO-P0001'");
    patientId = p!.id;
    const [d] = await t.db.query<{ id: string }>(
      "select u.id from users u join tenants tn on tn.id = u.tenant_id where tn.code = 'demo' and u.email = 'doctor@demo.test'",
    );
    doctorId = d!.id;
    const [o] = await t.db.query<{ id: string }>(
      `select p.id from patients p join tenants tn on tn.id = p.tenant_id join health_centers c on c.id = p.center_id
      where tn.code = 'demo' and c.name like 'Le Chan%' and not exists (select 1 from patient_doctors pd where pd.patient_id = p.id and pd.doctor_id = $1) order by p.patient_code limit 1`,
      [doctorId],
    );
    otherCenterPatientId = o!.id;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('the demo patient has a record by the demo doctor', async () => {
    const res = await t.get(`/api/account/patients/${patientId}/medical-records`, doctor);
    expect(res.status, res.raw).toBe(200);
    const items = res.body.items as Rec[];
    expect(items).toContainEqual(
      expect.objectContaining({
        title: 'Quarterly check-up: blood tests',
        doctorId,
        doctorName: expect.stringMatching(/Duc/),
        place: 'Ba Dinh Health Center',
      }),
    );
  });

  it('the doctor adds a record with a PDF and an image; the list is newest examination first; files download with their type and name', async () => {
    const res = await create(doctor, {
      title: 'ENT visit',
      examinationDate: '2026-11-20',
      place: 'Ba Dinh Health Center',
      doctorId,
      note: 'Left ear pain',
    });
    expect(res.status, res.raw).toBe(201);
    const rec = res.body as unknown as Rec;
    expect(rec).toMatchObject({
      patientId,
      title: 'ENT visit',
      examinationDate: '2026-11-20',
      doctorId,
      attachments: [],
    });
    expect(rec.doctorName).toBeTruthy();

    const pdf = await upload(doctor, rec.id, 'OTOSCOPE_RESULT', {
      name: 'otoscope.pdf',
      type: 'application/pdf',
      data: PDF,
    });
    expect(pdf.status, pdf.raw).toBe(201);
    expect(pdf.body).toMatchObject({
      type: 'OTOSCOPE_RESULT',
      fileName: 'otoscope.pdf',
      contentType: 'application/pdf',
      sizeBytes: PDF.length,
    });
    // The declared type and the name do not count: a PNG sent as "card.pdf" / application/pdf is stored as image/png.
    const img = await upload(doctor, rec.id, 'EXAMINATION_CARD', {
      name: 'card.pdf',
      type: 'application/pdf',
      data: PNG,
    });
    expect(img.status, img.raw).toBe(201);
    expect(img.body).toMatchObject({ type: 'EXAMINATION_CARD', contentType: 'image/png' });

    const older = await create(assistant, {
      title: 'Old visit',
      examinationDate: '2025-01-05',
      doctorName: 'Dr. Outside Clinic',
    });
    expect(older.status, older.raw).toBe(201);
    expect(older.body).toMatchObject({ doctorId: null, doctorName: 'Dr. Outside Clinic' });

    const list = await t.get(`/api/account/patients/${patientId}/medical-records?page=0&size=2`, doctor);
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(3);
    const items = list.body.items as Rec[];
    expect(items.map((r) => r.title)).toEqual(['ENT visit', 'Quarterly check-up: blood tests']);
    expect(items[0]!.attachments.map((a) => a.type)).toEqual(['OTOSCOPE_RESULT', 'EXAMINATION_CARD']);
    const page2 = await t.get(`/api/account/patients/${patientId}/medical-records?page=1&size=2`, doctor);
    expect((page2.body.items as Rec[]).map((r) => r.title)).toEqual(['Old visit']);

    const dl = await t.get(`/api/account/medical-records/${rec.id}/attachments/${pdf.body.id}`, cskh);
    expect(dl.status).toBe(200);
    expect(dl.headers['content-type']).toBe('application/pdf');
    expect(dl.headers['content-disposition']).toBe('attachment; filename="otoscope.pdf"');
    expect(dl.headers['x-content-type-options']).toBe('nosniff');
    expect(String(dl.headers['cache-control'])).toContain('no-store');
    expect(Buffer.from(dl.raw, 'latin1').subarray(0, 5).toString()).toBe('%PDF-');
    const dlImg = await t.get(`/api/account/medical-records/${rec.id}/attachments/${img.body.id}`, doctor);
    expect(dlImg.headers['content-type']).toBe('image/png');
    expect(dlImg.headers['content-disposition']).toBe('attachment; filename="card.pdf"');

    const detail = await t.get(`/api/account/medical-records/${rec.id}`, operator);
    expect(detail.status).toBe(200);
    expect((detail.body as unknown as Rec).attachments).toHaveLength(2);
  });

  it('files are checked by content: a .png that is really text, an empty upload and a wrong type are refused (400 naming the field)', async () => {
    const rec = (await create(doctor, { title: 'Checks', examinationDate: '2026-10-01' })).body as unknown as Rec;
    const fake = await upload(doctor, rec.id, 'RESULT_CARD', {
      name: 'scan.png',
      type: 'image/png',
      data: Buffer.from('just some text, not an image at all'),
    });
    expect(fake.status).toBe(400);
    expect(fake.body).toMatchObject({ code: 'INVALID_FILE_TYPE', details: { field: 'file' } });
    const svg = await upload(doctor, rec.id, 'RESULT_CARD', {
      name: 'x.png',
      type: 'image/png',
      data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    });
    expect(svg.body.code).toBe('INVALID_FILE_TYPE');
    const badType = await upload(doctor, rec.id, 'XRAY', { name: 'a.png', type: 'image/png', data: PNG });
    expect(badType.status).toBe(400);
    expect(badType.body).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'type' } });
    const noType = await upload(doctor, rec.id, null, { name: 'a.png', type: 'image/png', data: PNG });
    expect(noType.body.details?.field).toBe('type');
    const noFile = await upload(doctor, rec.id, 'BILL');
    expect(noFile.status).toBe(400);
    expect(noFile.body).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'file', rule: 'required' } });
    const big = await upload(doctor, rec.id, 'BILL', {
      name: 'big.pdf',
      type: 'application/pdf',
      data: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(10 * 1024 * 1024)]),
    });
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ code: 'FILE_TOO_LARGE', details: { field: 'file' } });
    const json = await t.post(`/api/account/medical-records/${rec.id}/attachments`, { type: 'BILL' }, doctor);
    expect(json.status).toBe(415);
    expect((await t.get(`/api/account/medical-records/${rec.id}`, doctor)).body.attachments).toEqual([]);
  });

  it('bad record input answers 400 naming the field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ examinationDate: '2026-11-01' }, 'title'],
      [{ title: '   ', examinationDate: '2026-11-01' }, 'title'],
      [{ title: 'x'.repeat(201), examinationDate: '2026-11-01' }, 'title'],
      [{ title: 'A' }, 'examinationDate'],
      [{ title: 'A', examinationDate: '2026-02-30' }, 'examinationDate'],
      [{ title: 'A', examinationDate: '01/11/2026' }, 'examinationDate'],
      [{ title: 'A', examinationDate: '2026-11-01', doctorId: 'nope' }, 'doctorId'],
      [{ title: 'A', examinationDate: '2026-11-01', doctorId, doctorName: 'Someone' }, 'doctorName'],
      [{ title: 'A', examinationDate: '2026-11-01', note: 'n'.repeat(2001) }, 'note'],
    ];
    for (const [body, field] of cases) {
      const res = await create(doctor, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.details?.field, JSON.stringify(body)).toBe(field);
    }
    // The operator is a user of the tenant but not a doctor; the other tenant's doctor is nobody here.
    const [op] = await t.db.query<{ id: string }>("select id from users where email = 'operator@demo.test'");
    const [d2] = await t.db.query<{ id: string }>("select id from users where email = 'doctor@demo2.test'");
    for (const id of [op!.id, d2!.id]) {
      const res = await create(doctor, { title: 'A', examinationDate: '2026-11-01', doctorId: id });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'doctorId' } });
    }
  });

  it('writing needs HealthRecordManage (93), reading HealthView (90)', async () => {
    const res = await create(operator, { title: 'Nope', examinationDate: '2026-11-01' });
    expect(res.status).toBe(403);
    expect((await create(cskh, { title: 'Nope', examinationDate: '2026-11-01' })).status).toBe(403);
    expect((await t.get(`/api/account/patients/${patientId}/medical-records`, cskh)).status).toBe(200);
    const rec = (await create(doctor, { title: 'Perm', examinationDate: '2026-09-01' })).body as unknown as Rec;
    expect(
      (await t.put(`/api/account/medical-records/${rec.id}`, { title: 'X', examinationDate: '2026-09-01' }, operator))
        .status,
    ).toBe(403);
    expect((await t.call('DELETE', `/api/account/medical-records/${rec.id}`, { token: cskh })).status).toBe(403);
    expect((await upload(operator, rec.id, 'BILL', { name: 'a.png', type: 'image/png', data: PNG })).status).toBe(403);
    // The patient app's accounts do not hold the staff permissions.
    expect((await t.get(`/api/account/patients/${patientId}/medical-records`, patientApp)).status).toBe(403);
    expect((await t.get(`/api/account/medical-records/${rec.id}`, followerApp)).status).toBe(403);
  });

  it("another tenant's staff and staff who may not see the patient get 404, as for a missing record", async () => {
    const rec = (await create(doctor, { title: 'Private', examinationDate: '2026-08-01' })).body as unknown as Rec;
    const att = (await upload(doctor, rec.id, 'BILL', { name: 'bill.png', type: 'image/png', data: PNG }))
      .body as unknown as Attachment;
    const other = [
      t.get(`/api/account/patients/${patientId}/medical-records`, otherDoctor),
      create(otherDoctor, { title: 'Inject', examinationDate: '2026-08-01' }),
      t.get(`/api/account/medical-records/${rec.id}`, otherDoctor),
      t.put(`/api/account/medical-records/${rec.id}`, { title: 'Changed', examinationDate: '2026-08-01' }, otherDoctor),
      t.call('DELETE', `/api/account/medical-records/${rec.id}`, { token: otherDoctor }),
      t.get(`/api/account/medical-records/${rec.id}/attachments/${att.id}`, otherDoctor),
      t.call('DELETE', `/api/account/medical-records/${rec.id}/attachments/${att.id}`, { token: otherDoctor }),
      upload(otherDoctor, rec.id, 'BILL', { name: 'a.png', type: 'image/png', data: PNG }),
      t.get(`/api/account/medical-records/${crypto.randomUUID()}`, doctor),
    ];
    for (const res of await Promise.all(other)) expect(res.status, res.raw).toBe(404);
    // Same tenant: a patient of another center, not followed by the demo doctor.
    const mine = await t.call('POST', `/api/account/patients/${otherCenterPatientId}/medical-records`, {
      token: (await t.login('superadmin')).access,
      body: { title: 'Center B', examinationDate: '2026-08-02' },
    });
    expect(mine.status, mine.raw).toBe(201);
    expect((await t.get(`/api/account/patients/${otherCenterPatientId}/medical-records`, doctor)).status).toBe(404);
    expect((await t.get(`/api/account/medical-records/${mine.body.id}`, doctor)).status).toBe(404);
    expect((await create(doctor, { title: 'No', examinationDate: '2026-08-01' }, otherCenterPatientId)).status).toBe(
      404,
    );
    expect((await t.get(`/api/account/medical-records/${rec.id}`, doctor)).body.title).toBe('Private');
  });

  it('edit keeps the papers; removing a paper and deleting a record remove their files', async () => {
    const rec = (await create(doctor, { title: 'Draft', examinationDate: '2026-07-01', place: 'Home' }))
      .body as unknown as Rec;
    const a1 = (await upload(doctor, rec.id, 'PRESCRIPTION', { name: 'rx.pdf', type: 'application/pdf', data: PDF }))
      .body as unknown as Attachment;
    const a2 = (await upload(doctor, rec.id, 'OTHER', { name: 'other.png', type: 'image/png', data: PNG }))
      .body as unknown as Attachment;
    const files = async () =>
      (
        await t.db.query<{ path: string }>('select path from medical_record_attachments where record_id = $1', [rec.id])
      ).map((r) => r.path);
    const stored = await files();
    expect(stored).toHaveLength(2);
    const put = await t.put(
      `/api/account/medical-records/${rec.id}`,
      { title: 'Final', examinationDate: '2026-07-02', place: '', doctorName: 'Dr. Lan' },
      assistant,
    );
    expect(put.status, put.raw).toBe(200);
    expect(put.body).toMatchObject({
      title: 'Final',
      examinationDate: '2026-07-02',
      place: null,
      doctorId: null,
      doctorName: 'Dr. Lan',
    });
    expect((put.body as unknown as Rec).attachments.map((a) => a.id)).toEqual([a1.id, a2.id]);

    const del = await t.call('DELETE', `/api/account/medical-records/${rec.id}/attachments/${a1.id}`, {
      token: doctor,
    });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ ok: true, patientId });
    expect(await t.deps.files.size(stored[0]!)).toBeNull();
    expect(await t.deps.files.size(stored[1]!)).not.toBeNull();
    expect((await t.get(`/api/account/medical-records/${rec.id}/attachments/${a1.id}`, doctor)).status).toBe(404);
    expect(
      (await t.call('DELETE', `/api/account/medical-records/${rec.id}/attachments/${a1.id}`, { token: doctor })).status,
    ).toBe(404);

    expect((await t.call('DELETE', `/api/account/medical-records/${rec.id}`, { token: doctor })).status).toBe(200);
    expect(await t.deps.files.size(stored[1]!)).toBeNull();
    expect((await t.get(`/api/account/medical-records/${rec.id}`, doctor)).status).toBe(404);
    expect(await t.db.query('select 1 from medical_record_attachments where record_id = $1', [rec.id])).toEqual([]);
  });

  it('a paper uploaded through one server process downloads through another on the same database and data store', async () => {
    const rec = (await create(doctor, { title: 'Two processes', examinationDate: '2026-11-02' }))
      .body as unknown as Rec;
    const att = (await upload(doctor, rec.id, 'RESULT_CARD', { name: 'r.pdf', type: 'application/pdf', data: PDF }))
      .body as unknown as Attachment;
    const second = await createServer({
      db: t.db,
      clock: t.clock,
      config: {
        seedDemo: false,
        mqttPort: 'off',
        mqttUrl: undefined,
        databaseUrl: undefined,
        dataDir: t.deps.config.dataDir,
      },
      jobs: false,
    });
    try {
      const res = await second.app.inject({
        method: 'GET',
        url: `/api/account/medical-records/${rec.id}/attachments/${att.id}`,
        headers: { authorization: `Bearer ${operator}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.rawPayload.equals(PDF)).toBe(true);
    } finally {
      await second.close();
    }
  });

  it('the patient app: the patient and a follower read them (records and files), nobody else', async () => {
    const rec = (await create(doctor, { title: 'Seen in the app', examinationDate: '2026-11-21' }))
      .body as unknown as Rec;
    const att = (await upload(doctor, rec.id, 'RESULT_CARD', { name: 'result.png', type: 'image/png', data: PNG }))
      .body as unknown as Attachment;
    const mine = await t.get('/api/account/app/medical-records', patientApp);
    expect(mine.status, mine.raw).toBe(200);
    expect((mine.body.items as Rec[])[0]).toMatchObject({
      id: rec.id,
      attachments: [expect.objectContaining({ id: att.id, type: 'RESULT_CARD' })],
    });
    expect((await t.get(`/api/account/app/medical-records?subject=${patientId}`, patientApp)).body.total).toBe(
      mine.body.total,
    );
    // The follower views the patient (read only); for themself they are no patient.
    const followed = await t.get(`/api/account/app/medical-records?subject=${patientId}&size=1`, followerApp);
    expect(followed.status).toBe(200);
    expect((followed.body.items as Rec[]).map((r) => r.id)).toEqual([rec.id]);
    expect((await t.get('/api/account/app/medical-records', followerApp)).status).toBe(403);
    expect((await t.get(`/api/account/app/medical-records/${rec.id}`, followerApp)).body.title).toBe('Seen in the app');
    for (const token of [patientApp, followerApp]) {
      const dl = await t.get(`/api/account/app/medical-records/${rec.id}/attachments/${att.id}`, token);
      expect(dl.status).toBe(200);
      expect(dl.headers['content-type']).toBe('image/png');
      expect(dl.headers['content-disposition']).toBe('attachment; filename="result.png"');
    }
    // Followers and patients do not write (the staff routes need 93).
    expect((await upload(followerApp, rec.id, 'BILL', { name: 'a.png', type: 'image/png', data: PNG })).status).toBe(
      403,
    );
    expect((await t.call('DELETE', `/api/account/medical-records/${rec.id}`, { token: patientApp })).status).toBe(403);
    // Another patient's record, a subject they may not view, another tenant's app user: 404.
    const other = await t.call('POST', `/api/account/patients/${otherCenterPatientId}/medical-records`, {
      token: (await t.login('superadmin')).access,
      body: { title: 'Someone else', examinationDate: '2026-11-21' },
    });
    const otherId = String(other.body.id);
    expect((await t.get(`/api/account/app/medical-records/${otherId}`, patientApp)).status).toBe(404);
    expect((await t.get(`/api/account/app/medical-records?subject=${otherCenterPatientId}`, patientApp)).status).toBe(
      404,
    );
    const demo2 = await t.call('POST', '/api/auth/oauth-token', {
      form: { tenant: 'demo2', username: 'patient@demo2.test', password: DEMO_PASSWORD, grant_type: 'password' },
      headers: { 'x-client': 'app' },
    });
    const tok2 = String(demo2.body.access_token);
    expect((await t.get(`/api/account/app/medical-records/${rec.id}`, tok2)).status).toBe(404);
    expect((await t.get(`/api/account/app/medical-records/${rec.id}/attachments/${att.id}`, tok2)).status).toBe(404);
    expect((await t.get(`/api/account/app/medical-records?subject=${patientId}`, tok2)).status).toBe(404);
    expect((await t.get('/api/account/app/medical-records?subject=junk', patientApp)).body.details?.field).toBe(
      'subject',
    );
  });
});
