import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FEEDBACK_IMAGE_MAX_BYTES, MAX_SUB_USERS } from '@carewatch/contracts/app-profile';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { runDueJobs } from '../../platform/jobs.ts';
import { JOB_HANDLERS } from '../../server.ts';
import { APP_PROFILE_JOBS } from './app-profile.service.ts';
import { DEMO_PASSWORD } from '../seed/demo.ts';

let t: TestApp;
let patient: string;
let follower: string;
let doctor: string;
let patientId: string;
/** Patients sign in with the app client (the portal refuses them). */
async function appToken(username: string, password = DEMO_PASSWORD) {
  const res = await t.call('POST', '/api/auth/oauth-token', {
    body: { tenant: 'demo', username, password, grant_type: 'password' },
    headers: { 'x-client': 'app' },
  });
  expect(res.status, res.raw).toBe(200);
  return String(res.body.access_token);
}
beforeAll(async () => {
  t = await startTestApp();
  patient = await appToken('patient@demo.test');
  follower = await appToken('follower@demo.test');
  doctor = (await t.login('doctor')).access;
  patientId = (
    await t.db.query<{ id: string }>(
      "select p.id from patients p join users u on u.id = p.user_id where u.email = 'patient@demo.test'",
    )
  )[0]!.id;
});
afterAll(async () => {
  await t?.close();
});

const APP = { 'x-client': 'app' };
const PW = 'Patient@2026';
const DAY = 24 * 3600 * 1000;
/** The app's jobs with this module's own (wired into the server's handlers by the coordinator). */
const runJobs = () => runDueJobs(t.deps, { ...JOB_HANDLERS, ...APP_PROFILE_JOBS });
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAAAAACw=', 'base64');

function multipart(
  fields: Record<string, string>,
  file?: { name: string; data: Buffer; filename?: string; type?: string },
) {
  const boundary = `----cwFeedback${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    chunks.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${file.name}"; filename="${file.filename ?? 'shot.png'}"\r\ncontent-type: ${file.type ?? 'image/png'}\r\n\r\n`,
      ),
    );
    chunks.push(file.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: Buffer.concat(chunks) };
}
const feedback = (token: string, fields: Record<string, string>, file?: Parameters<typeof multipart>[1]) =>
  t.call('POST', '/api/account/me/feedback', { token, ...multipart(fields, file) });

const validProfile = {
  firstName: 'Phuong',
  middleName: 'Thi',
  lastName: 'Hoang',
  nickName: 'Phu',
  birthday: '1970-03-04',
  gender: 'female',
  phone: '0900000011',
  email: 'patient@demo.test',
  address: '12 Tran Hung Dao, Hanoi',
  heightCm: 160,
  weightKg: 55.5,
};

describe('app profile', () => {
  test('reads and updates the profile; the patient record follows', async () => {
    const got = await t.get('/api/account/me/app-profile', patient);
    expect(got.status, got.raw).toBe(200);
    // One record, one truth (issue 13): what the clinic's record holds shows in the app, nothing to retype.
    expect(got.body).toMatchObject({
      firstName: 'Phuong',
      lastName: 'Hoang',
      patientId,
      birthday: '1958-04-12',
      gender: 'female',
      address: '12 Kim Ma, Ba Dinh, Hanoi',
    });
    // The clinic corrects the address: the app shows it.
    await t.db.query("update patients set address = '14 Kim Ma, Ba Dinh, Hanoi' where id = $1", [patientId]);
    expect((await t.get('/api/account/me/app-profile', patient)).body.address).toBe('14 Kim Ma, Ba Dinh, Hanoi');
    const put = await t.put('/api/account/me/app-profile', validProfile, patient);
    expect(put.status, put.raw).toBe(200);
    expect(put.body).toMatchObject({
      middleName: 'Thi',
      nickName: 'Phu',
      birthday: '1970-03-04',
      heightCm: 160,
      weightKg: 55.5,
      address: '12 Tran Hung Dao, Hanoi',
    });
    const [p] = await t.db.query<{ middle_name: string; height_cm: number; birthday: string; address: string }>(
      'select middle_name, height_cm, birthday::text as birthday, address from patients where id = $1',
      [patientId],
    );
    expect(p).toEqual({
      middle_name: 'Thi',
      height_cm: 160,
      birthday: '1970-03-04',
      address: '12 Tran Hung Dao, Hanoi',
    });
    // And the staff read the same record.
    const staff = await t.get(`/api/account/patients/${patientId}`, doctor);
    expect(staff.body).toMatchObject({ birthday: '1970-03-04', address: '12 Tran Hung Dao, Hanoi', gender: 'female' });
  });

  test('400s name the field: digits in a name, future or under-18 birthday, bad e-mail, weight out of range', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ firstName: 'Ph1' }, 'firstName', 'Names must not contain digits'],
      [{ birthday: '2099-01-01' }, 'birthday', 'Date of birth cannot be later than today'],
      [{ birthday: '2015-01-01' }, 'birthday', 'You must be 18 or older to use the app'],
      [{ birthday: '0000-01-01' }, 'birthday', 'Date of birth is not valid'],
      [{ email: 'not-an-email' }, 'email', 'Email is not valid'],
      [{ weightKg: 900 }, 'weightKg', 'Weight must be above 1 kg and below 700 kg'],
      [{ address: '' }, 'address', 'Required'],
    ];
    for (const [over, field, message] of cases) {
      const res = await t.put('/api/account/me/app-profile', { ...validProfile, ...over }, patient);
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.details?.field).toBe(field);
      expect(res.raw).toContain(message);
    }
  });

  test('an empty e-mail is allowed with a phone', async () => {
    const res = await t.put('/api/account/me/app-profile', { ...validProfile, email: '' }, patient);
    expect(res.status, res.raw).toBe(200);
    expect(res.body.email).toBeNull();
    await t.put('/api/account/me/app-profile', validProfile, patient);
  });
});

describe('medical profile', () => {
  const medical = {
    bloodType: 'A+',
    skinColour: 'type_3',
    backgroundDiseases: ['DIABETES', 'HIGH_BLOOD_PRESSURE'],
    medicalHistory: 'Appendix removed 1999',
    heightCm: 161,
    weightKg: 56,
  };

  test('a patient reads it locked, cannot change it until the doctor allows it', async () => {
    const got = await t.get('/api/account/me/medical-profile', patient);
    expect(got.status, got.raw).toBe(200);
    expect(got.body.editable).toBe(false);
    const locked = await t.put('/api/account/me/medical-profile', medical, patient);
    expect(locked.status).toBe(403);
    expect(locked.body.code).toBe('MEDICAL_PROFILE_LOCKED');

    const staffView = await t.get(`/api/account/patients/${patientId}/medical-profile`, doctor);
    expect(staffView.status, staffView.raw).toBe(200);
    expect(staffView.body.editable).toBe(false);
    const allow = await t.put(
      `/api/account/patients/${patientId}/medical-profile-editable`,
      { editable: true },
      doctor,
    );
    expect(allow.status, allow.raw).toBe(200);
    expect(allow.body).toEqual({ patientId, editable: true });
    const put = await t.put('/api/account/me/medical-profile', medical, patient);
    expect(put.status, put.raw).toBe(200);
    expect(put.body).toEqual({ ...medical, editable: true });
    const [row] = await t.db.query<{ blood_type: string; background_diseases: string[] }>(
      'select blood_type, background_diseases from patients where id = $1',
      [patientId],
    );
    expect(row).toEqual({ blood_type: 'A+', background_diseases: ['DIABETES', 'HIGH_BLOOD_PRESSURE'] });

    await t.put(`/api/account/patients/${patientId}/medical-profile-editable`, { editable: false }, doctor);
    expect((await t.put('/api/account/me/medical-profile', medical, patient)).status).toBe(403);
    expect((await t.get(`/api/account/patients/${patientId}/medical-profile`, doctor)).body).toEqual({
      ...medical,
      editable: false,
    });
  });

  test('an unknown condition is refused naming the field', async () => {
    const res = await t.put('/api/account/me/medical-profile', { ...medical, backgroundDiseases: ['FLU'] }, follower);
    expect(res.status).toBe(400);
    expect(res.body.details?.field).toBe('backgroundDiseases.0');
  });

  test('a follower-only account keeps its own, always editable', async () => {
    const res = await t.put('/api/account/me/medical-profile', medical, follower);
    expect(res.status, res.raw).toBe(200);
    expect(res.body.editable).toBe(true);
    expect((await t.get('/api/account/me/medical-profile', follower)).body.bloodType).toBe('A+');
  });

  test('the switch is staff-only and other tenants’ or invisible patients answer 404', async () => {
    expect(
      (await t.put(`/api/account/patients/${patientId}/medical-profile-editable`, { editable: true }, patient)).status,
    ).toBe(403);
    const missing = await t.put(
      '/api/account/patients/00000000-0000-7000-8000-000000000000/medical-profile-editable',
      { editable: true },
      doctor,
    );
    expect(missing.status).toBe(404);
    // Another tenant's patient looks missing too.
    const [other] = await t.db.query<{ id: string }>(
      "select p.id from patients p join tenants x on x.id = p.tenant_id where x.code <> 'demo' limit 1",
    );
    expect(other).toBeDefined();
    expect(
      (await t.put(`/api/account/patients/${other!.id}/medical-profile-editable`, { editable: true }, doctor)).status,
    ).toBe(404);
    expect((await t.get(`/api/account/patients/${other!.id}/medical-profile`, doctor)).status).toBe(404);
  });
});

describe('sub-users', () => {
  const kid = { firstName: 'Bao', lastName: 'Hoang', relationship: 'son', birthday: '2015-06-01' };
  let subId: string;

  test('add, list, edit; the sub-user is a patient managed by the account, in its center', async () => {
    const add = await t.post('/api/account/me/sub-users', kid, patient);
    expect(add.status, add.raw).toBe(201);
    subId = String(add.body.id);
    expect(add.body).toMatchObject(kid);
    const list = await t.get('/api/account/me/sub-users', patient);
    expect(list.body).toMatchObject({ max: MAX_SUB_USERS, items: [{ id: subId, firstName: 'Bao' }] });
    const [row] = await t.db.query<{ user_id: string | null; center_ok: boolean; manager_ok: boolean }>(
      `select s.user_id, s.center_id is not distinct from o.center_id as center_ok, s.manager_user_id = o.user_id as manager_ok
         from patients s, patients o where s.id = $1 and o.id = $2`,
      [subId, patientId],
    );
    expect(row).toEqual({ user_id: null, center_ok: true, manager_ok: true });
    const edit = await t.put(`/api/account/me/sub-users/${subId}`, { ...kid, firstName: 'Bao Anh' }, patient);
    expect(edit.status, edit.raw).toBe(200);
    expect(edit.body.firstName).toBe('Bao Anh');
  });

  test('rules: digits in names, future birthday, missing relationship', async () => {
    const digits = await t.post('/api/account/me/sub-users', { ...kid, lastName: 'H0ang' }, patient);
    expect(digits.status).toBe(400);
    expect(digits.body.details?.field).toBe('lastName');
    const future = await t.post('/api/account/me/sub-users', { ...kid, birthday: '2099-01-01' }, patient);
    expect(future.status).toBe(400);
    expect(future.body.details?.field).toBe('birthday');
    const rel = await t.post('/api/account/me/sub-users', { ...kid, relationship: undefined }, patient);
    expect(rel.status).toBe(400);
    expect(rel.body.details?.field).toBe('relationship');
  });

  test("another account's sub-user answers 404 (read-as, edit, delete)", async () => {
    expect((await t.put(`/api/account/me/sub-users/${subId}`, kid, follower)).status).toBe(404);
    expect((await t.call('DELETE', `/api/account/me/sub-users/${subId}`, { token: follower })).status).toBe(404);
    expect((await t.get('/api/account/me/sub-users', follower)).body.items).toEqual([]);
  });

  test(`at most ${MAX_SUB_USERS}: the next add answers SUB_USER_MAX`, async () => {
    for (let i = 1; i < MAX_SUB_USERS; i++)
      expect(
        (await t.post('/api/account/me/sub-users', { ...kid, firstName: `Kid ${'I'.repeat(i)}` }, patient)).status,
      ).toBe(201);
    const over = await t.post('/api/account/me/sub-users', kid, patient);
    expect(over.status).toBe(400);
    expect(over.body.code).toBe('SUB_USER_MAX');
  });

  test('remove deletes the record', async () => {
    const del = await t.call('DELETE', `/api/account/me/sub-users/${subId}`, { token: patient });
    expect(del.status, del.raw).toBe(200);
    expect(await t.db.query('select id from patients where id = $1', [subId])).toEqual([]);
    expect((await t.get('/api/account/me/sub-users', patient)).body.items).toHaveLength(MAX_SUB_USERS - 1);
  });
});

describe('feedback', () => {
  const fields = {
    kind: 'ERROR',
    category: 'SOFTWARE',
    description: 'The chart does not load',
    suggestion: 'Retry automatically',
  };

  test('an ERROR without an image is refused naming the image', async () => {
    const res = await feedback(patient, fields);
    expect(res.status).toBe(400);
    expect(res.body.details).toMatchObject({ field: 'image', rule: 'required' });
  });

  test('an ERROR with a PNG is stored with the image under DATA_DIR', async () => {
    const res = await feedback(patient, fields, { name: 'image', data: PNG });
    expect(res.status, res.raw).toBe(201);
    expect(res.body.hasImage).toBe(true);
    const [row] = await t.db.query<{ kind: string; category: string; image_path: string }>(
      'select kind, category, image_path from app_feedback where id = $1',
      [String(res.body.id)],
    );
    expect(row).toMatchObject({ kind: 'ERROR', category: 'SOFTWARE' });
    expect(row!.image_path).toMatch(/^files\/feedback\/[^/]+\/[A-Za-z0-9_-]+\.png$/);
  });

  test('IMPROVE needs no image; GIF is accepted', async () => {
    expect((await feedback(patient, { ...fields, kind: 'IMPROVE' })).status).toBe(201);
    expect(
      (
        await feedback(
          patient,
          { ...fields, kind: 'IMPROVE', category: 'SERVICE' },
          { name: 'image', data: GIF, filename: 'a.gif', type: 'image/gif' },
        )
      ).status,
    ).toBe(201);
  });

  test('over 5 MB, a non-image named .png, an unknown kind or category: 4xx naming the field', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(FEEDBACK_IMAGE_MAX_BYTES)]);
    const tooBig = await feedback(patient, fields, { name: 'image', data: big });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toMatchObject({ code: 'FILE_TOO_LARGE', details: { field: 'image' } });
    const html = await feedback(patient, fields, {
      name: 'image',
      data: Buffer.from('<html><script>alert(1)</script></html>'),
    });
    expect(html.status).toBe(400);
    expect(html.body).toMatchObject({ code: 'INVALID_FILE_TYPE', details: { field: 'image' } });
    const kind = await feedback(patient, { ...fields, kind: 'BUG' }, { name: 'image', data: PNG });
    expect(kind.status).toBe(400);
    expect(kind.body.details?.field).toBe('kind');
    const cat = await feedback(patient, { ...fields, category: 'OTHER' }, { name: 'image', data: PNG });
    expect(cat.body.details?.field).toBe('category');
    const desc = await feedback(patient, { ...fields, description: '' }, { name: 'image', data: PNG });
    expect(desc.body.details?.field).toBe('description');
  });
});

describe('account deletion', () => {
  async function register(phone: string) {
    expect((await t.post('/api/auth/app/register/otp', { tenant: 'demo', channel: 'phone', phone })).status).toBe(200);
    const otp = await t.lastCodeTo(phone);
    const res = await t.post('/api/auth/app/register', {
      tenant: 'demo',
      channel: 'phone',
      phone,
      otp,
      firstName: 'Minh',
      lastName: 'Tran',
      birthday: '1985-01-01',
      gender: 'male',
      address: '5 Le Loi, Hue',
      bloodType: 'B+',
      skinColour: 'type_3',
      relationship: 'self',
      accountType: 'patient',
      password: PW,
      confirmPassword: PW,
      acceptTerms: true,
      acceptHealthProcessing: true,
    });
    expect(res.status, res.raw).toBe(201);
    return {
      token: String(res.body.access_token),
      userId: String(res.body.userId),
      patientId: String(res.body.patientId),
    };
  }
  const appLogin = (username: string) =>
    t.call('POST', '/api/auth/oauth-token', {
      body: { tenant: 'demo', username, password: PW, grant_type: 'password' },
      headers: APP,
    });

  test('a wrong password or a missing confirmation deletes nothing', async () => {
    const a = await register('0912000101');
    const wrong = await t.post('/api/account/me/delete', { password: 'Nope@2026x', confirm: true }, a.token);
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'WRONG_CURRENT_PASSWORD', details: { field: 'password' } });
    const unconfirmed = await t.post('/api/account/me/delete', { password: PW, confirm: false }, a.token);
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.details?.field).toBe('confirm');
    expect((await appLogin('0912000101')).status).toBe(200);
  });

  test('disables at once (sessions revoked, sign-in refused, no recovery), erases the data after 30 days', async () => {
    const a = await register('0912000102');
    const sub = await t.post(
      '/api/account/me/sub-users',
      { firstName: 'Lan', lastName: 'Tran', relationship: 'daughter', birthday: '2012-02-02' },
      a.token,
    );
    expect(sub.status).toBe(201);
    const res = await t.post('/api/account/me/delete', { password: PW, confirm: true }, a.token);
    expect(res.status, res.raw).toBe(200);
    expect(res.body.deletionDueAt).toBe(new Date(t.clock.now().getTime() + 30 * DAY).toISOString());

    expect((await t.get('/api/account/me/app-profile', a.token)).status).toBe(401);
    const login = await appLogin('0912000102');
    expect(login.status).toBe(403);
    expect(login.body.code).toBe('ACCOUNT_DISABLED');
    // Recovery at sign-in is for approved deactivations only: a deleted account stays disabled.
    const recover = await t.call('POST', '/api/auth/oauth-token', {
      body: { tenant: 'demo', username: '0912000102', password: PW, grant_type: 'password', recover: 'true' },
      headers: APP,
    });
    expect(recover.status).toBe(403);

    t.clock.advance(29 * DAY);
    await runJobs();
    expect(await t.db.query('select id from patients where id = $1', [a.patientId])).toHaveLength(1);

    t.clock.advance(1 * DAY + 60_000);
    await runJobs();
    expect(
      await t.db.query('select id from patients where id = $1 or id = $2', [a.patientId, String(sub.body.id)]),
    ).toEqual([]);
    const [u] = await t.db.query<{
      status: string;
      phone: string | null;
      first_name: string;
      password_hash: string | null;
    }>('select status, phone, first_name, password_hash from users where id = $1', [a.userId]);
    expect(u).toEqual({ status: 'deleted', phone: null, first_name: 'Deleted', password_hash: null });
    expect((await appLogin('0912000102')).status).toBe(400);
  });
});
