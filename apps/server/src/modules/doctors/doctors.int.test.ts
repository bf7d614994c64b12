import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Res, type TestApp } from '../../test-support/test-app.ts';
import { DEMO_PASSWORD } from '../seed/demo.ts';
import { DEMO_CENTER_POSITIONS } from '../seed/demo-doctors.ts';
import { newId } from '../../platform/ids.ts';
import { grantBasic } from '../../test-support/billing.ts';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f6e1d70000000049454e44ae426082',
  'hex',
);

/** multipart/form-data with text fields and an optional file (field `file`). */
function form(fields: Record<string, string>, file?: { name: string; data: Buffer; type: string }) {
  const boundary = '----cwdoctors' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('doctor directory, licences, doctor and patient requests, near me', () => {
  let t: TestApp;
  let tenantId: string;
  let hash: string;
  let centerA: string;
  let centerB: string;
  let doctorId: string;
  let demoPatientId: string;
  let nextPhone = 500;
  type Who = 'doctor' | 'operator' | 'mhscadmin' | 'sysadmin' | 'assistant' | 'operator2' | 'doctor2';
  const tok = {} as Record<Who, string>;

  const sendForm = (
    method: string,
    url: string,
    token: string,
    fields: Record<string, string>,
    file?: { name: string; data: Buffer; type: string },
  ) => {
    const f = form(fields, file);
    return t.call(method, url, { token, payload: f.payload, headers: f.headers });
  };
  async function login(email: string, tenant = 'demo', app = false): Promise<string> {
    const res = await t.call('POST', '/api/auth/oauth-token', {
      form: { tenant, username: email, password: DEMO_PASSWORD, grant_type: 'password' },
      headers: app ? { 'x-client': 'app' } : {},
    });
    if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${res.raw}`);
    return String(res.body.access_token);
  }
  /** A user with a role at a center (doctors get a profile), optionally with a patient record at that center. */
  async function makeUser(
    role: 'patient' | 'doctor',
    centerId: string,
    opts: { specialties?: string[]; patient?: boolean } = {},
  ) {
    const id = newId();
    const phone = `0788${String(nextPhone++).padStart(6, '0')}`;
    const email = `d${phone}@demo.test`;
    await t.db.query(
      `insert into users (id, tenant_id, email, phone, password_hash, first_name, last_name, status) values ($1,$2,$3,$4,$5,'Test',$6,'active')`,
      [id, tenantId, email, phone, hash, `User${phone}`],
    );
    const [r] = await t.db.query<{ id: string }>('select id from roles where tenant_id = $1 and code = $2', [
      tenantId,
      role,
    ]);
    await t.db.query(
      'insert into user_roles (id, tenant_id, user_id, role_id, center_id, is_main) values ($1,$2,$3,$4,$5,true)',
      [newId(), tenantId, id, r!.id, centerId],
    );
    if (role === 'doctor')
      await t.db.query('insert into doctor_profiles (tenant_id, user_id, specialties) values ($1,$2,$3)', [
        tenantId,
        id,
        opts.specialties ?? [],
      ]);
    let patientId: string | null = null;
    if (opts.patient) {
      patientId = newId();
      await t.db.query(
        `insert into patients (id, tenant_id, user_id, center_id, first_name, last_name, status) values ($1,$2,$3,$4,'Test',$5,'normal')`,
        [patientId, tenantId, id, centerId, `User${phone}`],
      );
    }
    return { id, email, phone, patientId };
  }
  const doctorsOf = async (patientId: string) =>
    (
      await t.db.query<{ doctor_id: string }>(
        'select doctor_id from patient_doctors where patient_id = $1 order by doctor_id',
        [patientId],
      )
    ).map((r) => r.doctor_id);
  const created = (res: Res) => {
    if (res.status !== 201) throw new Error(`expected 201, got ${res.status} ${res.raw}`);
    return String(res.body.id);
  };

  beforeAll(async () => {
    t = await startTestApp();
    const [a] = await t.db.query<{ id: string }>("select id from tenants where code = 'demo'");
    tenantId = a!.id;
    const [p] = await t.db.query<{ id: string; password_hash: string }>(
      `select p.id, u.password_hash from patients p join users u on u.id = p.user_id where p.tenant_id = $1 and p.patient_code = 'DEMO-P0001'`,
      [tenantId],
    );
    demoPatientId = p!.id;
    hash = p!.password_hash;
    const centers = await t.db.query<{ id: string; name: string }>(
      'select id, name from health_centers where tenant_id = $1 order by name',
      [tenantId],
    );
    centerA = centers.find((c) => c.name.startsWith('Ba Dinh'))!.id;
    centerB = centers.find((c) => c.name.startsWith('Le Chan'))!.id;
    const [d] = await t.db.query<{ id: string }>(
      "select id from users where tenant_id = $1 and email = 'doctor@demo.test'",
      [tenantId],
    );
    doctorId = d!.id;
    for (const who of ['doctor', 'operator', 'mhscadmin', 'sysadmin', 'assistant'] as const)
      tok[who] = await login(`${who}@demo.test`);
    tok.operator2 = await login('operator@demo2.test', 'demo2');
    tok.doctor2 = await login('doctor@demo2.test', 'demo2');
  });
  afterAll(async () => {
    await t.close();
  });

  it('demo: the doctor has a profile and one valid licence; the demo centers have coordinates', async () => {
    const res = await t.get(`/api/account/doctors/${doctorId}`, tok.doctor);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: doctorId,
      centerId: centerA,
      specialties: ['family_medicine', 'cardiology', 'internal_medicine'],
      degree: 4,
      examinationCost: 300000,
      doctorType: 'family',
      canEdit: true,
      profile: { placeOfEducation: 'Hanoi Medical University', yearsOfExperience: 12 },
    });
    const lic = await t.get(`/api/account/doctors/${doctorId}/licenses`, tok.doctor);
    expect(lic.body).toMatchObject({ items: [{ name: 'Medical practising certificate', expired: false }] });
    const c = await t.db.query<{ lat: number; lng: number }>('select lat, lng from health_centers where id = $1', [
      centerA,
    ]);
    expect(c[0]).toEqual(DEMO_CENTER_POSITIONS.centerA);
  });

  it('lists doctors with filters (any specialty, center, name) and paging; the old picker fields remain', async () => {
    const other = await makeUser('doctor', centerB, { specialties: ['dermatology'] });
    const all = await t.get('/api/account/doctors', tok.sysadmin);
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ page: 0, size: 500 });
    const items = all.body.items as Array<{
      id: string;
      fullName: string;
      centerName: string | null;
      specialty: string | null;
    }>;
    expect(items.find((d) => d.id === doctorId)).toMatchObject({
      centerName: 'Ba Dinh Health Center',
      specialty: 'family_medicine',
    });
    expect(items.some((d) => d.id === other.id)).toBe(true);
    // A specialty that is not the first one still matches.
    const cardio = await t.get('/api/account/doctors?specialty=cardiology', tok.sysadmin);
    expect((cardio.body.items as Array<{ id: string }>).map((d) => d.id)).toEqual([doctorId]);
    expect(
      ((await t.get(`/api/account/doctors?centerId=${centerB}`, tok.sysadmin)).body.items as Array<{ id: string }>).map(
        (d) => d.id,
      ),
    ).toContain(other.id);
    expect(
      ((await t.get(`/api/account/doctors?centerId=${centerB}`, tok.sysadmin)).body.items as Array<{ id: string }>).map(
        (d) => d.id,
      ),
    ).not.toContain(doctorId);
    expect(
      ((await t.get('/api/account/doctors?name=nguyen%20duc', tok.sysadmin)).body.items as Array<{ id: string }>).map(
        (d) => d.id,
      ),
    ).toEqual([doctorId]);
    const paged = await t.get('/api/account/doctors?size=1&page=1', tok.sysadmin);
    expect(paged.body).toMatchObject({ page: 1, size: 1, total: all.body.total });
    expect((paged.body.items as unknown[]).length).toBe(1);
    expect((await t.get('/api/account/doctors?size=0', tok.sysadmin)).body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'size' },
    });
    // A center-level operator sees the doctors of their center only (the picker rule of issue 15).
    const op = (await t.get('/api/account/doctors', tok.operator)).body.items as Array<{ id: string }>;
    expect(op.map((d) => d.id)).toContain(doctorId);
    expect(op.map((d) => d.id)).not.toContain(other.id);
  });

  it('profile: the doctor or an admin with StaffUpdate edits it; specialties ≤ 5; others 403; other tenants 404', async () => {
    const body = {
      specialties: ['family_medicine', 'cardiology'],
      degree: 5,
      examinationCost: 250000,
      officeAddress: null,
      officeEmail: 'duc@demo.test',
      officePhone: null,
      introduction: 'Hello',
      placeOfEducation: 'Hanoi Medical University',
      yearsOfExperience: 13,
      doctorType: 'family',
    };
    const mine = await t.put(`/api/account/doctors/${doctorId}`, body, tok.doctor);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ degree: 5, profile: { introduction: 'Hello', officeEmail: 'duc@demo.test' } });
    const six = await t.put(
      `/api/account/doctors/${doctorId}`,
      { ...body, specialties: ['cardiology', 'dermatology', 'neurology', 'oncology', 'urology', 'nephrology'] },
      tok.doctor,
    );
    expect(six.status).toBe(400);
    expect(six.body).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'specialties' } });
    expect((await t.put(`/api/account/doctors/${doctorId}`, { ...body, degree: 8 }, tok.doctor)).body).toMatchObject({
      details: { field: 'degree' },
    });
    // The column refuses more than 5 even outside the API.
    await expect(
      t.db.query("update doctor_profiles set specialties = '{a,b,c,d,e,f}' where user_id = $1", [doctorId]),
    ).rejects.toThrow();
    expect((await t.put(`/api/account/doctors/${doctorId}`, { ...body, degree: 4 }, tok.mhscadmin)).status).toBe(200);
    // An assistant (no StaffUpdate) reads the card but may not edit someone else's profile.
    expect((await t.get(`/api/account/doctors/${doctorId}`, tok.assistant)).body).toMatchObject({ canEdit: false });
    expect((await t.put(`/api/account/doctors/${doctorId}`, body, tok.assistant)).status).toBe(403);
    expect((await t.get(`/api/account/doctors/${doctorId}/licenses`, tok.assistant)).status).toBe(403);
    // Another tenant: as if missing.
    expect((await t.get(`/api/account/doctors/${doctorId}`, tok.doctor2)).status).toBe(404);
    expect((await t.put(`/api/account/doctors/${doctorId}`, body, tok.doctor2)).status).toBe(404);
    expect((await t.get(`/api/account/doctors/${doctorId}/licenses`, tok.operator2)).status).toBe(404);
  });

  it('licences: a doctor adds their own (PNG/JPEG by content); an expired one is refused; edit; image download; other tenants 404', async () => {
    const url = `/api/account/doctors/${doctorId}/licenses`;
    // The fake clock reads 2026-11-22: yesterday is expired, today is still valid.
    const expired = await sendForm(
      'POST',
      url,
      tok.doctor,
      { name: 'Old', number: 'X1', expiryDate: '2026-11-21' },
      { name: 'a.png', data: PNG, type: 'image/png' },
    );
    expect(expired.status).toBe(400);
    expect(expired.body).toMatchObject({ code: 'MEDICAL_LICENSE_EXPIRED', details: { field: 'expiryDate' } });
    const fake = await sendForm(
      'POST',
      url,
      tok.doctor,
      { name: 'Fake', number: 'X2', expiryDate: '2028-01-01' },
      { name: 'a.png', data: Buffer.from('not an image at all'), type: 'image/png' },
    );
    expect(fake.status).toBe(400);
    expect(fake.body).toMatchObject({ code: 'INVALID_FILE_TYPE', details: { field: 'file' } });
    expect((await sendForm('POST', url, tok.doctor, { name: '', expiryDate: '2028-01-01' })).body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'name' },
    });
    const ok = await sendForm(
      'POST',
      url,
      tok.doctor,
      { name: 'Cardiology certificate', number: 'C-77', expiryDate: '2026-11-22' },
      { name: 'c.png', data: PNG, type: 'image/png' },
    );
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({
      name: 'Cardiology certificate',
      number: 'C-77',
      expiryDate: '2026-11-22',
      hasImage: true,
      expired: false,
    });
    const id = String(ok.body.id);
    const img = await t.get(`${url}/${id}/image`, tok.doctor);
    expect(img.status).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    const past = await sendForm('PUT', `${url}/${id}`, tok.doctor, {
      name: 'Cardiology certificate',
      number: 'C-77',
      expiryDate: '2020-01-01',
    });
    expect(past.body).toMatchObject({ code: 'MEDICAL_LICENSE_EXPIRED' });
    const edited = await sendForm('PUT', `${url}/${id}`, tok.doctor, {
      name: 'Cardiology certificate',
      number: 'C-78',
      expiryDate: '2030-05-01',
    });
    expect(edited.body).toMatchObject({ number: 'C-78', expiryDate: '2030-05-01', hasImage: true });
    // An admin with StaffUpdate adds one too; an assistant may not.
    expect((await sendForm('POST', url, tok.mhscadmin, { name: 'By admin', expiryDate: '2029-01-01' })).status).toBe(
      201,
    );
    expect(
      (await sendForm('POST', url, tok.assistant, { name: 'By assistant', expiryDate: '2029-01-01' })).status,
    ).toBe(403);
    expect((await t.get(url, tok.doctor)).body.items).toHaveLength(3);
    // Other tenant: 404 on list, image and edit.
    expect((await t.get(`${url}/${id}/image`, tok.doctor2)).status).toBe(404);
    expect((await sendForm('PUT', `${url}/${id}`, tok.doctor2, { name: 'x', expiryDate: '2030-01-01' })).status).toBe(
      404,
    );
  });

  it('doctor requests: staff ask a doctor to take a patient; accept unassigns the current doctor; reject; cancel; state machine', async () => {
    const current = await makeUser('doctor', centerA, { specialties: ['cardiology'] });
    const x = await makeUser('patient', centerA, { patient: true });
    await t.db.query('insert into patient_doctors (tenant_id, patient_id, doctor_id) values ($1,$2,$3)', [
      tenantId,
      x.patientId,
      current.id,
    ]);
    const D = '/api/account/doctor-requests';
    const id = created(await t.post(D, { patientId: x.patientId, doctorId, kind: 'family_doctor' }, tok.operator));
    const sent = await t.get(D, tok.operator);
    expect(sent.body).toMatchObject({
      sent: [{ id, status: 'pending', direction: 'sent', doctor: { id: doctorId }, patient: { id: x.patientId } }],
      received: [],
    });
    const recv = await t.get(D, tok.doctor);
    const mine = (recv.body.received as Array<{ id: string; replaces: Array<{ id: string }> }>).find(
      (r) => r.id === id,
    )!;
    // The warning before accepting names the doctor who will be unassigned.
    expect(mine.replaces.map((d) => d.id)).toEqual([current.id]);
    // The sender may not accept; the doctor may not cancel.
    expect((await t.post(`${D}/${id}/accept`, {}, tok.operator)).status).toBe(403);
    expect((await t.post(`${D}/${id}/cancel`, {}, tok.doctor)).status).toBe(403);
    // Not listed as a patient request.
    expect((await t.post(`/api/account/patient-requests/${id}/accept`, {}, tok.doctor)).status).toBe(404);
    const acc = await t.post(`${D}/${id}/accept`, {}, tok.doctor);
    expect(acc.status).toBe(200);
    expect(acc.body).toMatchObject({ status: 'accepted', direction: 'received' });
    expect(await doctorsOf(x.patientId!)).toEqual([doctorId]);
    expect((await t.post(`${D}/${id}/accept`, {}, tok.doctor)).body).toMatchObject({ code: 'CONTACT_NOT_PENDING' });
    expect((await t.post(`${D}/${id}/reject`, {}, tok.doctor)).body).toMatchObject({ code: 'CONTACT_NOT_PENDING' });
    // Already the patient's doctor: refused.
    const again = await t.post(D, { patientId: x.patientId, doctorId, kind: 'family_doctor' }, tok.operator);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'DOCTOR_ALREADY_ASSIGNED' });
    expect(
      (await t.post(D, { patientId: demoPatientId, doctorId, kind: 'family_doctor' }, tok.operator)).body,
    ).toMatchObject({ code: 'DOCTOR_ALREADY_ASSIGNED' });

    // Reject, then cancel.
    const y = await makeUser('patient', centerA, { patient: true });
    const r1 = created(
      await t.post(D, { patientId: y.patientId, doctorId, kind: 'specialist', specialty: 'cardiology' }, tok.operator),
    );
    expect(
      (await t.post(D, { patientId: y.patientId, doctorId, kind: 'specialist', specialty: 'cardiology' }, tok.operator))
        .body,
    ).toMatchObject({ code: 'CONTACT_ALREADY_ASKED' });
    expect((await t.post(`${D}/${r1}/reject`, {}, tok.doctor)).body).toMatchObject({ status: 'rejected' });
    expect(await doctorsOf(y.patientId!)).toEqual([]);
    const r2 = created(await t.post(D, { patientId: y.patientId, doctorId, kind: 'family_doctor' }, tok.operator));
    expect((await t.post(`${D}/${r2}/cancel`, {}, tok.operator)).body).toMatchObject({ status: 'cancelled' });
    expect((await t.post(`${D}/${r2}/accept`, {}, tok.doctor)).body).toMatchObject({ code: 'CONTACT_NOT_PENDING' });
    expect((await t.get(`${D}?status=cancelled`, tok.operator)).body).toMatchObject({ sent: [{ id: r2 }] });
    // Specialist: the specialty must be the doctor's; it is required.
    expect(
      (
        await t.post(
          D,
          { patientId: y.patientId, doctorId, kind: 'specialist', specialty: 'dermatology' },
          tok.operator,
        )
      ).body,
    ).toMatchObject({ details: { field: 'specialty' } });
    expect(
      (await t.post(D, { patientId: y.patientId, doctorId, kind: 'specialist' }, tok.operator)).body,
    ).toMatchObject({ details: { field: 'specialty' } });
    // A patient without an app account cannot be asked.
    const [noApp] = await t.db.query<{ id: string }>(
      'select id from patients where tenant_id = $1 and user_id is null and center_id = $2 limit 1',
      [tenantId, centerA],
    );
    expect(
      (await t.post(D, { patientId: noApp!.id, doctorId, kind: 'family_doctor' }, tok.operator)).body,
    ).toMatchObject({ details: { field: 'patientId' } });
  });

  it('a doctor refers only their own patients ("no relationship between doctor and patient")', async () => {
    const specialist = await makeUser('doctor', centerA, { specialties: ['neurology'] });
    const stranger = await makeUser('patient', centerA, { patient: true });
    const D = '/api/account/doctor-requests';
    const refused = await t.post(
      D,
      { patientId: stranger.patientId, doctorId: specialist.id, kind: 'specialist', specialty: 'neurology' },
      tok.doctor,
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'NO_DOCTOR_PATIENT_RELATION' });
    const ok = await t.post(
      D,
      { patientId: demoPatientId, doctorId: specialist.id, kind: 'specialist', specialty: 'neurology' },
      tok.doctor,
    );
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ requestedBy: { id: doctorId }, doctor: { id: specialist.id }, replaces: [] });
    expect(
      (await t.post(D, { patientId: demoPatientId, doctorId, kind: 'family_doctor' }, tok.doctor)).body,
    ).toMatchObject({ details: { field: 'doctorId' } });
  });

  it('patient requests: the app request is the same contact — the doctor accepts it in the portal; a doctor asks a patient who answers in the app', async () => {
    const p = await makeUser('patient', centerA, { patient: true });
    // Asking a doctor from the app is a Basic feature (issue 17).
    await grantBasic(t.db, tenantId, p.id, t.clock.now());
    const appTok = await login(p.email, 'demo', true);
    // The app sends by the id found in the doctor search.
    const sent = await t.post('/api/account/contacts/requests', { userId: doctorId, kind: 'family_doctor' }, appTok);
    expect(sent.status).toBe(201);
    const P = '/api/account/patient-requests';
    const list = await t.get(P, tok.doctor);
    expect((list.body.received as Array<{ id: string }>).map((r) => r.id)).toContain(sent.body.id);
    expect((await t.post(`${P}/${String(sent.body.id)}/accept`, {}, tok.doctor)).body).toMatchObject({
      status: 'accepted',
    });
    expect(await doctorsOf(p.patientId!)).toEqual([doctorId]);
    expect((await t.get('/api/account/contacts', appTok)).body).toMatchObject({
      doctors: [{ id: sent.body.id, kind: 'family_doctor', status: 'accepted' }],
    });
    // The app's id requests are for doctors only.
    expect(
      (await t.post('/api/account/contacts/requests', { userId: doctorId, kind: 'caring' }, appTok)).body,
    ).toMatchObject({ details: { field: 'userId' } });

    // A doctor asks a patient; the patient sees it received in the app and accepts there.
    const q = await makeUser('patient', centerA, { patient: true });
    const ask = await t.post(P, { patientId: q.patientId, kind: 'family_doctor' }, tok.doctor);
    expect(ask.status).toBe(201);
    expect((await t.get(P, tok.doctor)).body.sent).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: ask.body.id, status: 'pending' })]),
    );
    const qTok = await login(q.email, 'demo', true);
    const appReqs = await t.get('/api/account/contacts/requests', qTok);
    expect(appReqs.body).toMatchObject({ received: [{ id: ask.body.id, kind: 'family_doctor' }] });
    expect((await t.post(`${P}/${String(ask.body.id)}/accept`, {}, tok.doctor)).status).toBe(403);
    expect((await t.post(`/api/account/contacts/requests/${String(ask.body.id)}/accept`, {}, qTok)).body).toMatchObject(
      { status: 'accepted' },
    );
    expect(await doctorsOf(q.patientId!)).toEqual([doctorId]);
    // Only doctors ask patients.
    expect((await t.post(P, { patientId: q.patientId, kind: 'family_doctor' }, tok.operator)).status).toBe(403);
    // Staff requests on someone's behalf stay out of the patient's app lists.
    const z = await makeUser('patient', centerA, { patient: true });
    created(
      await t.post(
        '/api/account/doctor-requests',
        { patientId: z.patientId, doctorId, kind: 'family_doctor' },
        tok.operator,
      ),
    );
    expect((await t.get('/api/account/contacts/requests', await login(z.email, 'demo', true))).body).toMatchObject({
      sent: [],
      received: [],
    });
  });

  it('other tenants: requests and patients answer 404', async () => {
    const x = await makeUser('patient', centerA, { patient: true });
    const id = created(
      await t.post(
        '/api/account/doctor-requests',
        { patientId: x.patientId, doctorId, kind: 'family_doctor' },
        tok.operator,
      ),
    );
    for (const a of ['accept', 'reject', 'cancel'])
      expect((await t.post(`/api/account/doctor-requests/${id}/${a}`, {}, tok.doctor2)).status).toBe(404);
    expect((await t.post(`/api/account/doctor-requests/${id}/cancel`, {}, tok.operator2)).status).toBe(404);
    expect(
      (
        await t.post(
          '/api/account/doctor-requests',
          { patientId: x.patientId, doctorId, kind: 'family_doctor' },
          tok.operator2,
        )
      ).status,
    ).toBe(404);
    const [d2] = await t.db.query<{ id: string }>("select id from users where email = 'doctor@demo2.test'");
    const y = await makeUser('patient', centerA, { patient: true });
    expect(
      (
        await t.post(
          '/api/account/doctor-requests',
          { patientId: y.patientId, doctorId: d2!.id, kind: 'family_doctor' },
          tok.operator,
        )
      ).status,
    ).toBe(404);
    expect(((await t.get('/api/account/doctor-requests', tok.operator2)).body.sent as unknown[]).length).toBe(0);
  });

  it('app search: by id, e-mail, name, specialty (label in either language) and address; near me nearest first with distances', async () => {
    const p = await makeUser('patient', centerA, { patient: true });
    const app = await login(p.email, 'demo', true);
    const hp = await makeUser('doctor', centerB, { specialties: ['pediatrics'] });
    const S = '/api/account/app/doctors';
    const ids = (res: Res) => (res.body.items as Array<{ id: string }>).map((d) => d.id);
    expect(ids(await t.get(`${S}?q=${doctorId}`, app))).toEqual([doctorId]);
    expect(ids(await t.get(`${S}?q=doctor%40demo.test`, app))).toEqual([doctorId]);
    expect(ids(await t.get(`${S}?q=${encodeURIComponent('tim mạch')}`, app))).toContain(doctorId);
    expect(ids(await t.get(`${S}?q=pediatr`, app))).toEqual([hp.id]);
    expect(ids(await t.get(`${S}?q=${encodeURIComponent('Hai Phong')}`, app))).toContain(hp.id);
    expect(ids(await t.get(`${S}?q=${encodeURIComponent('Hai Phong')}`, app))).not.toContain(doctorId);
    expect(ids(await t.get(`${S}?specialty=pediatrics`, app))).toEqual([hp.id]);
    // Near Le Chan (Hai Phong): the center-B doctor first, then the Hanoi one ~90 km away.
    const near = await t.get(`${S}?lat=20.85&lng=106.68`, app);
    expect(near.status).toBe(200);
    const items = near.body.items as Array<{ id: string; distanceKm: number | null }>;
    const iHp = items.findIndex((d) => d.id === hp.id);
    const iHn = items.findIndex((d) => d.id === doctorId);
    expect(iHp).toBeGreaterThanOrEqual(0);
    expect(iHp).toBeLessThan(iHn);
    expect(items[iHp]!.distanceKm).toBeLessThan(2);
    expect(items[iHn]!.distanceKm).toBeGreaterThan(80);
    expect(items[iHn]!.distanceKm).toBeLessThan(100);
    const ds = items.map((d) => d.distanceKm ?? Infinity);
    expect([...ds].sort((a, b) => a - b)).toEqual(ds);
    expect((await t.get(`${S}?lat=20.85`, app)).body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'lng' },
    });
    expect((await t.get(`${S}?lat=95&lng=1`, app)).body).toMatchObject({ details: { field: 'lat' } });
    // Another tenant's doctors never show.
    const other = await login('patient@demo2.test', 'demo2', true);
    expect(ids(await t.get(`${S}?q=${doctorId}`, other))).toEqual([]);
  });
});
