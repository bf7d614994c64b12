import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type Res, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f6e1d70000000049454e44ae426082',
  'hex',
);

/** multipart/form-data with text fields and an optional file (field `file`). */
function form(fields: Record<string, string>, file?: { name: string; data: Buffer; type: string }) {
  const boundary = '----cwstaff' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
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

type Options = {
  centers: Array<{ id: string; name: string }>;
  scopes: Array<{ id: string; name: string }>;
  roles: Array<{ code: string }>;
};
let sa: string;
let opts: Options;
let baDinh: string;
let leChan: string;
const uniq = () => Math.random().toString(36).slice(2, 8);
let phoneSeq = 100;
const nextPhone = () => `0912${String(phoneSeq++).padStart(6, '0')}`;

async function idOf(email: string): Promise<string> {
  const rows = await t.db.query<{ id: string }>('select id from users where email = $1', [email]);
  return rows[0]!.id;
}
async function createDoctor(token: string, centerId: string, extra: Record<string, unknown> = {}): Promise<Res> {
  const email = `doc-${uniq()}@demo.test`;
  return t.post(
    '/api/account/staff',
    {
      firstName: 'Linh',
      lastName: 'Pham',
      email,
      phone: nextPhone(),
      levels: [{ roleCode: 'doctor', centerId }],
      ...extra,
    },
    token,
  );
}
async function auditCount(action: string, resourceId: string): Promise<number> {
  const rows = await t.db.query<{ n: number }>(
    'select count(*)::int as n from audit_log where action = $1 and resource_id = $2',
    [action, resourceId],
  );
  return rows[0]!.n;
}

beforeAll(async () => {
  sa = (await t.login('superadmin')).access;
  opts = (await t.get('/api/account/staff/options', sa)).body as unknown as Options;
  baDinh = opts.centers.find((c) => c.name === 'Ba Dinh Health Center')!.id;
  leChan = opts.centers.find((c) => c.name === 'Le Chan Health Center')!.id;
});

describe('create staff', () => {
  test('a doctor is created active, the temporary password is e-mailed and works, the creation is audited', async () => {
    const res = await t.post(
      '/api/account/staff',
      {
        firstName: 'Hoa',
        lastName: 'Tran',
        email: 'Hoa.Tran@Demo.test',
        phone: '0912000001',
        levels: [{ roleCode: 'doctor', centerId: baDinh, isMain: true }],
        doctorProfile: {
          specialties: ['cardiology', 'internal_medicine'],
          degree: 4,
          examinationCost: 300000,
          doctorType: 'specialist',
          yearsOfExperience: 12,
        },
      },
      sa,
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      email: 'hoa.tran@demo.test',
      status: 'active',
      specialties: ['cardiology', 'internal_medicine'],
      levels: [{ roleCode: 'doctor', centerId: baDinh, centerName: 'Ba Dinh Health Center', isMain: true }],
      doctorProfile: { degree: 4, examinationCost: 300000, doctorType: 'specialist', yearsOfExperience: 12 },
    });
    const id = String(res.body.id);
    const mail = await t.db.query<{ body: string; secret_body: string }>(
      "select body, secret_body from messages where recipient = 'hoa.tran@demo.test' and channel = 'email'",
    );
    expect(mail).toHaveLength(1);
    const pw = /Temporary password: (\S+)/.exec(mail[0]!.secret_body)![1]!;
    expect(mail[0]!.body).toContain('Temporary password: ••••••');
    const login = await t.call('POST', '/api/auth/oauth-token', {
      form: { tenant: 'demo', username: 'hoa.tran@demo.test', password: pw, grant_type: 'password' },
    });
    expect(login.status).toBe(200);
    expect(await auditCount('staff.create', id)).toBe(1);
    // Through the Messages API the password is masked; the demo's super admin may reveal it.
    const msgs = await t.get('/api/account/messages?channel=email&search=hoa.tran', sa);
    const item = (msgs.body.items as Array<{ id: string; body: string }>)[0]!;
    expect(item.body).not.toContain(pw);
    expect((await t.post(`/api/account/messages/${item.id}/reveal`, {}, sa)).body.body).toContain(pw);
  });

  test('e-mail and phone are unique per tenant; phone follows the tenant rule; names have no digits; a role is required', async () => {
    const base = { firstName: 'Minh', lastName: 'Le', levels: [{ roleCode: 'customer_care' }] };
    expect((await t.post('/api/account/staff', { ...base, email: 'doctor@demo.test' }, sa)).body).toMatchObject({
      code: 'EMAIL_USED',
      details: { field: 'email' },
    });
    const phoneUsed = await t.post(
      '/api/account/staff',
      { ...base, email: 'minh1@demo.test', phone: '0900000006' },
      sa,
    );
    expect(phoneUsed.status).toBe(409);
    expect(phoneUsed.body).toMatchObject({ code: 'PHONE_USED', details: { field: 'phone' } });
    const badPhone = await t.post('/api/account/staff', { ...base, email: 'minh2@demo.test', phone: '12ab' }, sa);
    expect(badPhone.status).toBe(400);
    expect(badPhone.body).toMatchObject({ message: 'Phone number is not valid', details: { field: 'phone' } });
    expect(
      (await t.post('/api/account/staff', { ...base, email: 'minh3@demo.test', firstName: 'M1nh' }, sa)).body,
    ).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'firstName' } });
    expect(
      (await t.post('/api/account/staff', { ...base, email: 'minh4@demo.test', lastName: '' }, sa)).body,
    ).toMatchObject({ details: { field: 'lastName' } });
    expect((await t.post('/api/account/staff', { ...base, email: 'not-mail' }, sa)).body).toMatchObject({
      details: { field: 'email' },
    });
    const noRole = await t.post('/api/account/staff', { ...base, email: 'minh5@demo.test', levels: [] }, sa);
    expect(noRole.status).toBe(400);
    expect(noRole.body).toMatchObject({ details: { field: 'levels' } });
    expect(
      (await t.post('/api/account/staff', { ...base, email: 'minh6@demo.test', levels: [{ roleCode: 'patient' }] }, sa))
        .body,
    ).toMatchObject({ details: { field: 'levels.0.roleCode' } });
    expect(
      (
        await t.post(
          '/api/account/staff',
          {
            ...base,
            email: 'minh7@demo.test',
            levels: [{ roleCode: 'doctor', centerId: '00000000-0000-4000-8000-000000000000' }],
          },
          sa,
        )
      ).body,
    ).toMatchObject({ details: { field: 'levels.0.centerId' } });
    // The same e-mail and phone in another tenant are fine.
    const other = await t.login('superadmin', 'demo2');
    const ok = await t.post(
      '/api/account/staff',
      { ...base, email: 'doctor@demo.test', phone: '0900000006' },
      other.access,
    );
    expect(ok.status).toBe(201);
    // A customer-care account (spec: customer care management).
    const cskh = await t.post('/api/account/staff', { ...base, email: 'minh8@demo.test', phone: nextPhone() }, sa);
    expect(cskh.status).toBe(201);
    expect(cskh.body).toMatchObject({ levels: [{ roleCode: 'customer_care', centerId: null }] });
  });

  test('nobody grants more than they hold: center admins cannot create doctors; only the super admin creates system admins', async () => {
    const mhsc = (await t.login('mhscadmin')).access;
    const esc = await createDoctor(mhsc, baDinh);
    expect(esc.status).toBe(403);
    expect(esc.body.code).toBe('PERMISSION_DENIED');
    const coach = await t.post(
      '/api/account/staff',
      {
        firstName: 'Khoa',
        lastName: 'Do',
        email: `coach-${uniq()}@demo.test`,
        levels: [{ roleCode: 'coach', centerId: baDinh }],
      },
      mhsc,
    );
    expect(coach.status).toBe(201);
    // Out of the admin's center: refused like an unknown center.
    expect(
      (
        await t.post(
          '/api/account/staff',
          {
            firstName: 'Khoa',
            lastName: 'Do',
            email: `coach-${uniq()}@demo.test`,
            levels: [{ roleCode: 'coach', centerId: leChan }],
          },
          mhsc,
        )
      ).body,
    ).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'levels.0.centerId' } });
    const sys = (await t.login('sysadmin')).access;
    const sysAdmin = { firstName: 'Quang', lastName: 'Bui', levels: [{ roleCode: 'system_admin' }] };
    const denied = await t.post('/api/account/staff', { ...sysAdmin, email: `sys-${uniq()}@demo.test` }, sys);
    expect(denied.status).toBe(403);
    expect(
      (
        await t.post(
          '/api/account/staff',
          { ...sysAdmin, email: `sa-${uniq()}@demo.test`, levels: [{ roleCode: 'super_admin' }] },
          sys,
        )
      ).status,
    ).toBe(403);
    const created = await t.post('/api/account/staff', { ...sysAdmin, email: `sys-${uniq()}@demo.test` }, sa);
    expect(created.status).toBe(201);
    // Nor does a system admin edit one.
    const edit = await t.put(
      `/api/account/staff/${String(created.body.id)}`,
      { ...sysAdmin, email: String(created.body.email), firstName: 'Quan' },
      sys,
    );
    expect(edit.status).toBe(403);
    expect((await t.get('/api/account/staff/options', sys)).body.roles).not.toContainEqual(
      expect.objectContaining({ code: 'system_admin' }),
    );
    // Operators create accounts, within their permissions only.
    const op = (await t.login('operator')).access;
    expect(
      (
        await t.post(
          '/api/account/staff',
          {
            firstName: 'Vy',
            lastName: 'Ngo',
            email: `vy-${uniq()}@demo.test`,
            levels: [{ roleCode: 'coach', centerId: baDinh }],
          },
          op,
        )
      ).status,
    ).toBe(201);
    expect((await createDoctor(op, baDinh)).status).toBe(403);
  });

  test('at most one main health-center admin per center', async () => {
    const res = await t.post(
      '/api/account/staff',
      {
        firstName: 'Tam',
        lastName: 'Vu',
        email: `tam-${uniq()}@demo.test`,
        levels: [{ roleCode: 'mhsc_admin', centerId: baDinh, isMain: true }],
      },
      sa,
    );
    expect(res.body).toMatchObject({ code: 'MAIN_ADMIN_EXISTS', details: { field: 'levels.0.isMain' } });
    const support = await t.post(
      '/api/account/staff',
      {
        firstName: 'Tam',
        lastName: 'Vu',
        email: `tam-${uniq()}@demo.test`,
        levels: [{ roleCode: 'mhsc_admin', centerId: baDinh, isMain: false }],
      },
      sa,
    );
    expect(support.status).toBe(201);
  });
  test('the parsed output of the contract is accepted back (empty optional fields as null)', async () => {
    const res = await t.post(
      '/api/account/staff',
      {
        firstName: 'Nam',
        lastName: 'Ho',
        email: `nam-${uniq()}@demo.test`,
        phone: null,
        levels: [{ roleCode: 'doctor', centerId: baDinh, scopeId: null, isMain: false }],
        doctorProfile: {
          specialties: [],
          degree: null,
          examinationCost: null,
          officeAddress: null,
          officeEmail: null,
          officePhone: null,
          introduction: null,
          placeOfEducation: null,
          yearsOfExperience: null,
          doctorType: 'family',
        },
        doctorIds: [],
      },
      sa,
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ phone: null, doctorProfile: { officeAddress: null, degree: null } });
  });
});

describe('update staff', () => {
  test('names, contact and levels change; the change is audited; rules hold', async () => {
    const doc = await createDoctor(sa, baDinh);
    const id = String(doc.body.id);
    const res = await t.put(
      `/api/account/staff/${id}`,
      {
        firstName: 'Lan',
        lastName: 'Pham',
        email: String(doc.body.email),
        phone: nextPhone(),
        levels: [
          { roleCode: 'doctor', centerId: leChan },
          { roleCode: 'coach', centerId: leChan },
        ],
      },
      sa,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ firstName: 'Lan' });
    expect(
      (res.body.levels as Array<{ roleCode: string; centerId: string }>)
        .map((l) => `${l.roleCode}@${l.centerId}`)
        .sort(),
    ).toEqual([`coach@${leChan}`, `doctor@${leChan}`]);
    expect(await auditCount('staff.update', id)).toBe(1);
    expect(
      (
        await t.put(
          `/api/account/staff/${id}`,
          {
            firstName: 'Lan',
            lastName: 'Pham',
            email: 'doctor@demo.test',
            levels: [{ roleCode: 'doctor', centerId: leChan }],
          },
          sa,
        )
      ).body,
    ).toMatchObject({ code: 'EMAIL_USED', details: { field: 'email' } });
    expect(
      (
        await t.put(
          `/api/account/staff/${id}`,
          { firstName: 'Lan', lastName: 'Pham', email: String(doc.body.email), levels: [] },
          sa,
        )
      ).body,
    ).toMatchObject({ details: { field: 'levels' } });
  });
});

describe('doctors: profile and licenses', () => {
  test('profile: ≤ 5 specialties from the list, degree 1 to 7; the doctor list shows specialties', async () => {
    const doc = await createDoctor(sa, baDinh);
    const id = String(doc.body.id);
    const p = {
      specialties: ['cardiology'],
      degree: 7,
      examinationCost: 500000,
      officeAddress: '1 Tran Phu, Hanoi',
      officeEmail: 'office@clinic.vn',
      officePhone: '0243000111',
      introduction: 'Hello',
      placeOfEducation: 'Hanoi Medical University',
      yearsOfExperience: 20,
      doctorType: 'family',
    };
    const ok = await t.put(`/api/account/staff/${id}/doctor-profile`, p, sa);
    expect(ok.status).toBe(200);
    expect(ok.body.doctorProfile).toMatchObject(p);
    expect(await auditCount('staff.doctor_profile.update', id)).toBe(1);
    expect(
      (
        await t.put(
          `/api/account/staff/${id}/doctor-profile`,
          { ...p, specialties: ['cardiology', 'neurology', 'oncology', 'urology', 'dermatology', 'pediatrics'] },
          sa,
        )
      ).body,
    ).toMatchObject({ details: { field: 'specialties' } });
    expect(
      (await t.put(`/api/account/staff/${id}/doctor-profile`, { ...p, specialties: ['astrology'] }, sa)).body,
    ).toMatchObject({ details: { field: 'specialties.0' } });
    expect((await t.put(`/api/account/staff/${id}/doctor-profile`, { ...p, degree: 8 }, sa)).body).toMatchObject({
      details: { field: 'degree' },
    });
    expect(
      (await t.put(`/api/account/staff/${id}/doctor-profile`, { ...p, officePhone: 'x1' }, sa)).body,
    ).toMatchObject({ details: { field: 'officePhone' } });
    const list = await t.get('/api/account/staff?role=doctor&specialty=cardiology&size=100', sa);
    expect(
      (list.body.items as Array<{ id: string; specialties: string[] }>).find((i) => i.id === id)?.specialties,
    ).toEqual(['cardiology']);
    // Not a doctor: no profile.
    const op = await idOf('operator@demo.test');
    expect((await t.put(`/api/account/staff/${op}/doctor-profile`, p, sa)).body).toMatchObject({
      code: 'PROFILE_NOT_FOUND',
    });
    expect((await t.get(`/api/account/staff/${op}/licenses`, sa)).status).toBe(404);
  });

  test('licenses: list, add with image, edit; an expired license is refused; image by content', async () => {
    const id = String((await createDoctor(sa, baDinh)).body.id);
    // The fake clock says 2026-11-22.
    const expired = await sendForm('POST', `/api/account/staff/${id}/licenses`, sa, {
      name: 'Practice license',
      number: 'HN-1',
      expiryDate: '2026-11-21',
    });
    expect(expired.status).toBe(400);
    expect(expired.body).toMatchObject({
      code: 'MEDICAL_LICENSE_EXPIRED',
      message: 'Medical license expired',
      details: { field: 'expiryDate' },
    });
    expect(
      (await sendForm('POST', `/api/account/staff/${id}/licenses`, sa, { name: '', expiryDate: '2030-01-01' })).body,
    ).toMatchObject({ details: { field: 'name' } });
    expect(
      (await sendForm('POST', `/api/account/staff/${id}/licenses`, sa, { name: 'X', expiryDate: '01/01/2030' })).body,
    ).toMatchObject({ details: { field: 'expiryDate' } });
    const html = await sendForm(
      'POST',
      `/api/account/staff/${id}/licenses`,
      sa,
      { name: 'X', expiryDate: '2030-01-01' },
      { name: 'x.png', data: Buffer.from('<html></html>'), type: 'image/png' },
    );
    expect(html.body).toMatchObject({ code: 'INVALID_FILE_TYPE', details: { field: 'file' } });
    const added = await sendForm(
      'POST',
      `/api/account/staff/${id}/licenses`,
      sa,
      { name: 'Practice license', number: 'HN-1', expiryDate: '2026-11-22' },
      { name: 'l.png', data: PNG, type: 'image/png' },
    );
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      name: 'Practice license',
      number: 'HN-1',
      expiryDate: '2026-11-22',
      hasImage: true,
      expired: false,
    });
    const licenseId = String(added.body.id);
    expect(await auditCount('staff.license.create', licenseId)).toBe(1);
    const img = await t.app.inject({
      method: 'GET',
      url: `/api/account/staff/${id}/licenses/${licenseId}/image`,
      headers: { authorization: `Bearer ${sa}` },
    });
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(PNG)).toBe(true);
    const edited = await sendForm('PUT', `/api/account/staff/${id}/licenses/${licenseId}`, sa, {
      name: 'Practice license (renewed)',
      number: 'HN-2',
      expiryDate: '2031-06-30',
    });
    expect(edited.body).toMatchObject({ name: 'Practice license (renewed)', expiryDate: '2031-06-30', hasImage: true });
    expect(await auditCount('staff.license.update', licenseId)).toBe(1);
    expect(
      (
        await sendForm('PUT', `/api/account/staff/${id}/licenses/${licenseId}`, sa, {
          name: 'X',
          expiryDate: '2020-01-01',
        })
      ).body,
    ).toMatchObject({ code: 'MEDICAL_LICENSE_EXPIRED', details: { field: 'expiryDate' } });
    const list = await t.get(`/api/account/staff/${id}/licenses`, sa);
    expect(list.body.items).toEqual([expect.objectContaining({ id: licenseId, expiryDate: '2031-06-30' })]);
    // An unknown license of this doctor answers 404.
    expect(
      (
        await sendForm('PUT', `/api/account/staff/${id}/licenses/00000000-0000-4000-8000-000000000000`, sa, {
          name: 'X',
          expiryDate: '2031-01-01',
        })
      ).body.code,
    ).toBe('LICENSE_NOT_FOUND');
  });
});

describe('doctor assistants', () => {
  test('an assistant follows at least one doctor; the last one cannot be unassigned', async () => {
    const d1 = String((await createDoctor(sa, baDinh)).body.id);
    const d2 = String((await createDoctor(sa, baDinh)).body.id);
    const base = { firstName: 'Thu', lastName: 'Ha', levels: [{ roleCode: 'doctor_assistant', centerId: baDinh }] };
    const none = await t.post('/api/account/staff', { ...base, email: `as-${uniq()}@demo.test` }, sa);
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({
      code: 'ASSISTANT_NEEDS_DOCTOR',
      message: 'Doctor assistant must follow at least 1 doctor',
      details: { field: 'doctorIds' },
    });
    const op = await idOf('operator@demo.test');
    expect(
      (await t.post('/api/account/staff', { ...base, email: `as-${uniq()}@demo.test`, doctorIds: [op] }, sa)).body,
    ).toMatchObject({ details: { field: 'doctorIds.0' } });
    const created = await t.post(
      '/api/account/staff',
      { ...base, email: `as-${uniq()}@demo.test`, doctorIds: [d1] },
      sa,
    );
    expect(created.status).toBe(201);
    expect((created.body.doctors as Array<{ id: string }>).map((d) => d.id)).toEqual([d1]);
    const a = String(created.body.id);
    const last = await t.call('DELETE', `/api/account/staff/${a}/doctors/${d1}`, { token: sa });
    expect(last.status).toBe(400);
    expect(last.body).toMatchObject({ code: 'LAST_DOCTOR_UNASSIGN', details: { field: 'doctorId' } });
    const followed = await t.post(`/api/account/staff/${a}/doctors`, { doctorId: d2 }, sa);
    expect((followed.body.items as Array<{ id: string }>).map((d) => d.id)).toEqual([d1, d2]);
    expect(await auditCount('staff.assistant.follow', a)).toBe(1);
    const un = await t.call('DELETE', `/api/account/staff/${a}/doctors/${d1}`, { token: sa });
    expect(un.status).toBe(200);
    expect((un.body.items as Array<{ id: string }>).map((d) => d.id)).toEqual([d2]);
    expect(await auditCount('staff.assistant.unfollow', a)).toBe(1);
    expect((await t.get(`/api/account/staff/${a}/doctors`, sa)).body.items).toHaveLength(1);
    // The doctor sees the assistant following them (§7 GET doctor/assistants) — log in as d2 via its e-mail.
    const d2mail = String((await t.get(`/api/account/staff/${d2}`, sa)).body.email);
    const pw = /Temporary password: (\S+)/.exec(
      (
        await t.db.query<{ body: string }>('select secret_body as body from messages where recipient = $1', [d2mail])
      )[0]!.body,
    )![1]!;
    const d2tok = String(
      (
        await t.call('POST', '/api/auth/oauth-token', {
          form: { tenant: 'demo', username: d2mail, password: pw, grant_type: 'password' },
        })
      ).body.access_token,
    );
    expect(
      ((await t.get('/api/account/doctor/assistants', d2tok)).body.items as Array<{ id: string }>).map((x) => x.id),
    ).toEqual([a]);
  });
});

describe('visibility by level', () => {
  test('a center admin sees only their center; after switching level the other center; scope admins see their subtree', async () => {
    const far = String((await createDoctor(sa, leChan)).body.id);
    const mhsc = (await t.login('mhscadmin')).access;
    const doctorId = await idOf('doctor@demo.test');
    const list = await t.get('/api/account/staff?size=200', mhsc);
    const ids = (list.body.items as Array<{ id: string }>).map((i) => i.id);
    expect(ids).toContain(doctorId);
    expect(ids).not.toContain(far);
    expect(ids).not.toContain(await idOf('superadmin@demo.test'));
    expect((await t.get(`/api/account/staff/${doctorId}`, mhsc)).status).toBe(200);
    const hidden = await t.get(`/api/account/staff/${far}`, mhsc);
    const missing = await t.get('/api/account/staff/00000000-0000-4000-8000-000000000000', mhsc);
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual(missing.body);
    // Switch level to Le Chan.
    const levels = (await t.get('/api/auth/levels', mhsc)).body.items as Array<{ id: string; centerId: string }>;
    const sw = await t.post('/api/auth/switch-level', { levelId: levels.find((l) => l.centerId === leChan)!.id }, mhsc);
    const lc = String(sw.body.access_token);
    expect((await t.get(`/api/account/staff/${far}`, lc)).status).toBe(200);
    expect((await t.get(`/api/account/staff/${doctorId}`, lc)).status).toBe(404);
    expect(
      ((await t.get('/api/account/staff/options', lc)).body.centers as Array<{ id: string }>).map((c) => c.id),
    ).toEqual([leChan]);
    // Scope admin of the Northern Region sees both centers' staff.
    const scope = (await t.login('scopeadmin')).access;
    const sIds = ((await t.get('/api/account/staff?size=200', scope)).body.items as Array<{ id: string }>).map(
      (i) => i.id,
    );
    expect(sIds).toEqual(expect.arrayContaining([far, doctorId]));
  });

  test('filters: search, role, center, status; paging answers total', async () => {
    const res = await t.get(
      `/api/account/staff?searchValue=duc&role=doctor&centerId=${baDinh}&status=active&page=0&size=5`,
      sa,
    );
    expect(res.body).toMatchObject({
      total: 1,
      page: 0,
      size: 5,
      items: [{ email: 'doctor@demo.test', levels: [{ roleCode: 'doctor' }] }],
    });
    expect((await t.get('/api/account/staff?size=0', sa)).body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'size' },
    });
    expect((await t.get('/api/account/staff?status=sleeping', sa)).body).toMatchObject({
      details: { field: 'status' },
    });
    // Patients are not staff.
    const all = await t.get('/api/account/staff?size=200', sa);
    expect((all.body.items as Array<{ email: string }>).map((i) => i.email)).not.toContain('patient@demo.test');
  });
});

describe('tenant isolation', () => {
  test('a demo2 user gets 404 for every id-taking route on demo ids, with the same body as a missing id', async () => {
    const docId = String((await createDoctor(sa, baDinh)).body.id);
    const lic = await sendForm(
      'POST',
      `/api/account/staff/${docId}/licenses`,
      sa,
      { name: 'L', expiryDate: '2030-01-01' },
      { name: 'l.png', data: PNG, type: 'image/png' },
    );
    const licId = String(lic.body.id);
    const asst = await t.post(
      '/api/account/staff',
      {
        firstName: 'Ngoc',
        lastName: 'Lam',
        email: `as-${uniq()}@demo.test`,
        levels: [{ roleCode: 'doctor_assistant', centerId: baDinh }],
        doctorIds: [docId],
      },
      sa,
    );
    const aId = String(asst.body.id);
    const other = (await t.login('superadmin', 'demo2')).access;
    const missing = await t.get('/api/account/staff/00000000-0000-4000-8000-000000000000', other);
    const body = { firstName: 'X', lastName: 'Y', email: 'x@demo2.test', levels: [{ roleCode: 'coach' }] };
    const calls: Res[] = [
      await t.get(`/api/account/staff/${docId}`, other),
      await t.put(`/api/account/staff/${docId}`, body, other),
      await t.put(`/api/account/staff/${docId}/doctor-profile`, { specialties: [] }, other),
      await t.get(`/api/account/staff/${docId}/licenses`, other),
      await sendForm('POST', `/api/account/staff/${docId}/licenses`, other, { name: 'L', expiryDate: '2030-01-01' }),
      await sendForm('PUT', `/api/account/staff/${docId}/licenses/${licId}`, other, {
        name: 'L',
        expiryDate: '2030-01-01',
      }),
      await t.get(`/api/account/staff/${docId}/licenses/${licId}/image`, other),
      await t.get(`/api/account/staff/${aId}/doctors`, other),
      await t.post(`/api/account/staff/${aId}/doctors`, { doctorId: docId }, other),
      await t.call('DELETE', `/api/account/staff/${aId}/doctors/${docId}`, { token: other }),
      await t.get(`/api/account/staff/${docId}/avatar`, other),
    ];
    for (const r of calls) {
      expect(r.status).toBe(404);
      expect(r.body).toEqual(missing.body);
    }
    const av = form({}, { name: 'a.png', data: PNG, type: 'image/png' });
    const byName = await t.call(
      'POST',
      `/api/account/admin/user/adminUploadAvatarForUser?username=${encodeURIComponent(String(asst.body.email))}`,
      { token: other, payload: av.payload, headers: av.headers },
    );
    expect(byName.status).toBe(404);
    // A demo id as a doctor to follow in demo2 is bad input, not a leak.
    const asst2 = await t.post(
      '/api/account/staff',
      {
        firstName: 'Ngoc',
        lastName: 'Lam',
        email: `as-${uniq()}@demo2.test`,
        levels: [{ roleCode: 'doctor_assistant' }],
        doctorIds: [docId],
      },
      other,
    );
    expect(asst2.body).toMatchObject({ details: { field: 'doctorIds.0' } });
  });
});

describe('§7 profile calls and avatars', () => {
  test('doctor and assistant self profiles, qualification, system-admin profile and password', async () => {
    const doc = (await t.login('doctor')).access;
    const me = await t.get('/api/account/doctor/me/profile', doc);
    expect(me.status).toBe(200);
    // The demo doctor has one valid licence (seed/demo-doctors.ts).
    expect(me.body).toMatchObject({
      account: { email: 'doctor@demo.test' },
      licenses: [{ name: 'Medical practising certificate', expired: false }],
    });
    const up = await t.put(
      '/api/account/doctor/me/profile',
      { specialties: ['pediatrics'], degree: 2, doctorType: 'specialist' },
      doc,
    );
    expect(up.body).toMatchObject({
      account: { doctorProfile: { specialties: ['pediatrics'], degree: 2, doctorType: 'specialist' } },
    });
    const q = await sendForm('POST', '/api/account/doctor/v2/register/qualification', doc, {
      name: 'Board cert',
      expiryDate: '2028-01-01',
    });
    expect(q.status).toBe(201);
    expect(
      (
        await sendForm('POST', '/api/account/doctor/v2/register/qualification', doc, {
          name: 'Old',
          expiryDate: '2025-01-01',
        })
      ).body,
    ).toMatchObject({ code: 'MEDICAL_LICENSE_EXPIRED', details: { field: 'expiryDate' } });
    const op = (await t.login('operator')).access;
    expect((await t.get('/api/account/doctor/me/profile', op)).body).toMatchObject({ code: 'PROFILE_NOT_FOUND' });
    const asst = (await t.login('assistant')).access;
    expect((await t.get('/api/account/doctor-assistant/me/profile', asst)).body).toMatchObject({
      email: 'assistant@demo.test',
      levels: [{ roleCode: 'doctor_assistant' }],
    });
    expect(
      (
        await t.put(
          '/api/account/doctor-assistant/me/profile',
          { firstName: 'Anh', lastName: 'Tran', phone: '0912999999' },
          asst,
        )
      ).body,
    ).toMatchObject({ firstName: 'Anh', phone: '0912999999' });
    expect(
      (
        await t.put(
          '/api/account/doctor-assistant/me/profile',
          { firstName: 'Anh', lastName: 'Tran', phone: '0900000006' },
          asst,
        )
      ).body,
    ).toMatchObject({ code: 'PHONE_USED' });
    const sys = (await t.login('sysadmin')).access;
    expect((await t.get('/api/account/system-admin/me/profile', sys)).body).toMatchObject({
      email: 'sysadmin@demo.test',
      levels: [{ roleCode: 'system_admin' }],
    });
    expect((await t.get('/api/account/system-admin/me/profile', doc)).status).toBe(403);
    expect(
      (
        await t.put(
          '/api/account/system-admin/change-password',
          { password: 'wrong', newPassword: 'NewPass@2027', confirmPassword: 'NewPass@2027' },
          sys,
        )
      ).body.code,
    ).toBe('WRONG_CURRENT_PASSWORD');
    expect(
      (
        await t.put(
          '/api/account/system-admin/change-password',
          { password: 'CareWatch@2026', newPassword: 'NewPass@2027', confirmPassword: 'NewPass@2027' },
          doc,
        )
      ).status,
    ).toBe(403);
  });

  test('an admin uploads the avatar of a staff account by username', async () => {
    const av = form({}, { name: 'a.png', data: PNG, type: 'image/png' });
    const res = await t.call('POST', '/api/account/admin/user/adminUploadAvatarForUser?username=coach@demo.test', {
      token: sa,
      payload: av.payload,
      headers: av.headers,
    });
    expect(res.status).toBe(200);
    expect(res.body.hasAvatar).toBe(true);
    expect(await auditCount('staff.avatar.update', String(res.body.id))).toBe(1);
    const img = await t.app.inject({
      method: 'GET',
      url: `/api/account/staff/${String(res.body.id)}/avatar`,
      headers: { authorization: `Bearer ${sa}` },
    });
    expect(img.rawPayload.equals(PNG)).toBe(true);
    const bad = form({}, { name: 'a.png', data: Buffer.from('GIF89a'), type: 'image/png' });
    expect(
      (
        await t.call('POST', '/api/account/avatar?username=coach@demo.test', {
          token: sa,
          payload: bad.payload,
          headers: bad.headers,
        })
      ).body,
    ).toMatchObject({ code: 'INVALID_FILE_TYPE', details: { field: 'file' } });
    expect(
      (await t.call('POST', '/api/account/avatar', { token: sa, payload: av.payload, headers: av.headers })).body,
    ).toMatchObject({ details: { field: 'username' } });
  });
});
