import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { DEMO_PASSWORD } from '../seed/demo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const APP = { 'x-client': 'app' };
const PW = 'Patient@2026';
const profile = {
  firstName: 'Lan',
  middleName: 'Thi',
  lastName: 'Nguyen',
  birthday: '1980-05-01',
  gender: 'female',
  address: '1 Hang Bai, Hoan Kiem, Hanoi',
  bloodType: 'O+',
  skinColour: 'type_4',
  relationship: 'self',
  accountType: 'patient',
  password: PW,
  confirmPassword: PW,
  acceptTerms: true,
  acceptHealthProcessing: true,
  language: 'vi',
  region: 'VN',
};
const byPhone = (phone: string, over: Record<string, unknown> = {}) => ({
  tenant: 'demo',
  channel: 'phone',
  phone,
  ...profile,
  ...over,
});
const byEmail = (email: string, over: Record<string, unknown> = {}) => ({
  tenant: 'demo',
  channel: 'email',
  email,
  ...profile,
  ...over,
});
const appLogin = (username: string, password: string, tenant = 'demo') =>
  t.call('POST', '/api/auth/oauth-token', {
    body: { tenant, username, password, grant_type: 'password' },
    headers: APP,
  });
const wrongOf = (code: string) => (code === '000000' ? '111111' : '000000');

/** Sends a registration code and returns it, read from the recorded SMS/e-mail. */
async function registerCode(to: { phone?: string; email?: string }, tenant = 'demo') {
  const res = await t.post('/api/auth/app/register/otp', { tenant, channel: to.phone ? 'phone' : 'email', ...to });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ sent: true, expiresInSeconds: 600 });
  // E-mail addresses are stored (and sent to) lower-cased.
  return t.lastCodeTo(to.phone ?? to.email!.toLowerCase());
}

describe('registration by phone and by e-mail', () => {
  test('by phone: code by SMS, active patient account signed in at once, patient record with every field', async () => {
    const phone = '+84911000001';
    const otp = await registerCode({ phone });
    const sms = await t.db.query<{ channel: string }>('select channel from messages where recipient = $1', [phone]);
    expect(sms.map((m) => m.channel)).toEqual(['sms']);

    const res = await t.post('/api/auth/app/register', byPhone(phone, { otp, email: 'lan.nguyen@example.com' }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ token_type: 'Bearer', expires_in: 900 });
    expect(typeof res.body.patientId).toBe('string');
    expect((await t.get('/api/auth/check-token', String(res.body.access_token))).status).toBe(200);

    const [p] = await t.db.query<Record<string, unknown>>(
      `select user_id, first_name, middle_name, last_name, birthday::text as birthday, gender, address, blood_type, phone, email, status, skin_colour, center_id
         from patients where tenant_id = (select id from tenants where code = 'demo') and id = $1`,
      [res.body.patientId as string],
    );
    expect(p).toEqual({
      user_id: res.body.userId,
      first_name: 'Lan',
      middle_name: 'Thi',
      last_name: 'Nguyen',
      birthday: '1980-05-01',
      gender: 'female',
      address: '1 Hang Bai, Hoan Kiem, Hanoi',
      blood_type: 'O+',
      phone,
      email: 'lan.nguyen@example.com',
      status: 'unassigned',
      skin_colour: 'type_4',
      center_id: null,
    });
    const [u] = await t.db.query<Record<string, unknown>>(
      `select u.status, u.language, u.region, u.skin_colour, u.relationship, u.birthday::text as birthday, u.terms_accepted_at is not null as terms,
              u.health_consent_at is not null as consent, r.code as role
         from users u join user_roles ur on ur.user_id = u.id join roles r on r.id = ur.role_id where u.id = $1`,
      [res.body.userId as string],
    );
    expect(u).toEqual({
      status: 'active',
      language: 'vi',
      region: 'VN',
      skin_colour: 'type_4',
      relationship: 'self',
      birthday: '1980-05-01',
      terms: true,
      consent: true,
      role: 'patient',
    });
    const audited = await t.db.query<{ details: Record<string, unknown> }>(
      "select details from audit_log where action = 'auth.app.register' and actor_id = $1",
      [res.body.userId as string],
    );
    expect(audited).toHaveLength(1);
    expect(JSON.stringify(audited[0]!.details)).not.toContain('O+');

    // The password works from the app (by phone and by e-mail); the staff portal still refuses a patient.
    expect((await appLogin(phone, PW)).status).toBe(200);
    expect((await appLogin('lan.nguyen@example.com', PW)).status).toBe(200);
    expect(
      (await t.post('/api/auth/oauth-token', { tenant: 'demo', username: phone, password: PW, grant_type: 'password' }))
        .body.code,
    ).toBe('PERMISSION_DENIED');
  });

  test('by e-mail as a follower: code by e-mail, no patient record', async () => {
    const email = 'Follower.New@Example.com';
    const otp = await registerCode({ email });
    const res = await t.post(
      '/api/auth/app/register',
      byEmail(email, {
        otp,
        accountType: 'follower',
        relationship: 'daughter',
        middleName: '',
        language: 'en-CA',
        region: 'CA',
        timezone: 'America/Toronto',
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body.patientId).toBeNull();
    const mine = await t.db.query('select 1 from patients where user_id = $1', [res.body.userId as string]);
    expect(mine).toHaveLength(0);
    const [u] = await t.db.query<Record<string, unknown>>(
      'select email, phone, middle_name, relationship, language, region, timezone from users where id = $1',
      [res.body.userId as string],
    );
    expect(u).toEqual({
      email: 'follower.new@example.com',
      phone: null,
      middle_name: null,
      relationship: 'daughter',
      language: 'en-CA',
      region: 'CA',
      timezone: 'America/Toronto',
    });
    expect((await appLogin('follower.new@example.com', PW)).status).toBe(200);
  });

  test("a staff-made patient record without an account, found by the proven phone, becomes the new account's record", async () => {
    const [rec] = await t.db.query<{ id: string; phone: string; first_name: string }>(
      "select p.id, p.phone, p.first_name from patients p join tenants tn on tn.id = p.tenant_id where tn.code = 'demo' and p.user_id is null and p.phone is not null order by p.patient_code limit 1",
    );
    const otp = await registerCode({ phone: rec!.phone });
    const res = await t.post('/api/auth/app/register', byPhone(rec!.phone, { otp }));
    expect(res.status).toBe(201);
    expect(res.body.patientId).toBe(rec!.id);
    const [after] = await t.db.query<{ user_id: string; first_name: string; skin_colour: string }>(
      'select user_id, first_name, skin_colour from patients where id = $1',
      [rec!.id],
    );
    // The clinic's values win; the app only fills what was blank.
    expect(after).toEqual({ user_id: res.body.userId, first_name: rec!.first_name, skin_colour: 'type_4' });
  });
});

describe('validation: every 400 names its field', () => {
  const fieldOf = async (body: Record<string, unknown>) => {
    const res = await t.post('/api/auth/app/register', body);
    expect(res.status).toBe(400);
    return { code: res.body.code, field: res.body.details?.field, rule: res.body.details?.rule };
  };
  const withOut = (k: string) => {
    const b: Record<string, unknown> = byPhone('+84911000100', { otp: '123456' });
    delete b[k];
    return b;
  };

  test('names with digits, missing choices, agreements, mismatch (the contract)', async () => {
    for (const k of ['firstName', 'middleName', 'lastName']) {
      expect(await fieldOf(byPhone('+84911000100', { otp: '123456', [k]: 'L4n' }))).toMatchObject({
        code: 'VALIDATION_ERROR',
        field: k,
      });
    }
    for (const k of ['bloodType', 'skinColour', 'relationship', 'accountType', 'address', 'birthday', 'gender']) {
      expect(await fieldOf(withOut(k))).toMatchObject({ code: 'VALIDATION_ERROR', field: k });
    }
    expect(await fieldOf(byPhone('+84911000100', { otp: '123456', acceptTerms: false }))).toMatchObject({
      field: 'acceptTerms',
    });
    expect(await fieldOf(byPhone('+84911000100', { otp: '123456', acceptHealthProcessing: false }))).toMatchObject({
      field: 'acceptHealthProcessing',
    });
    expect(await fieldOf(byPhone('+84911000100', { otp: '123456', confirmPassword: 'Other@2026' }))).toMatchObject({
      field: 'confirmPassword',
    });
    expect(await fieldOf(byPhone('+84911000100', { otp: '12345' }))).toMatchObject({ field: 'otp' });
    expect(await fieldOf(byPhone('+84911000100', { otp: '123456', birthday: '1980-02-30' }))).toMatchObject({
      field: 'birthday',
    });
    expect(await fieldOf(byEmail('not-an-email', { otp: '123456' }))).toMatchObject({ field: 'email' });
    expect(await fieldOf({ ...byPhone('+84911000100', { otp: '123456' }), phone: undefined })).toMatchObject({
      field: 'phone',
    });
    expect(
      (await t.post('/api/auth/app/register/otp', { tenant: 'demo', channel: 'phone' })).body.details,
    ).toMatchObject({ field: 'phone' });
  });

  test("future birthday (server clock), the tenant's phone rule and password rule", async () => {
    expect(await fieldOf(byPhone('+84911000100', { otp: '123456', birthday: '2026-11-24' }))).toMatchObject({
      code: 'VALIDATION_ERROR',
      field: 'birthday',
      rule: 'future',
    });
    // Today passes the birthday check and reaches the code check.
    expect(await fieldOf(byPhone('+84911000100', { otp: '123456', birthday: '2026-11-22' }))).toMatchObject({
      code: 'OTP_WRONG',
      field: 'otp',
    });
    expect(
      await fieldOf(byPhone('+84911000100', { otp: '123456', password: 'weak', confirmPassword: 'weak' })),
    ).toMatchObject({ code: 'WEAK_PASSWORD', field: 'password', rule: 'min' });
    expect(
      await fieldOf(
        byPhone('+84911000100', { otp: '123456', password: 'patient@2026', confirmPassword: 'patient@2026' }),
      ),
    ).toMatchObject({ code: 'WEAK_PASSWORD', field: 'password', rule: 'upper' });
    expect(await fieldOf(byPhone('abc', { otp: '123456' }))).toMatchObject({
      code: 'VALIDATION_ERROR',
      field: 'phone',
      rule: 'phone',
    });
    expect(
      (await t.post('/api/auth/app/register/otp', { tenant: 'demo', channel: 'phone', phone: '12ab' })).body.details,
    ).toMatchObject({ field: 'phone', rule: 'phone' });

    // demo2 switches to the patient-app password rule (no '$') and ten-digit phones.
    await t.db.query(
      "insert into tenant_settings (tenant_id, key, value) select id, 'PASSWORD_RULE', 'app' from tenants where code = 'demo2' on conflict (tenant_id, key) do update set value = excluded.value",
    );
    await t.db.query(
      "insert into tenant_settings (tenant_id, key, value) select id, 'PHONE_RULE', 'ten_digits' from tenants where code = 'demo2' on conflict (tenant_id, key) do update set value = excluded.value",
    );
    expect(
      await fieldOf(
        byPhone('0811000100', {
          tenant: 'demo2',
          otp: '123456',
          password: 'Patient$2026',
          confirmPassword: 'Patient$2026',
        }),
      ),
    ).toMatchObject({ code: 'WEAK_PASSWORD', field: 'password', rule: 'forbidden' });
    expect(
      (await t.post('/api/auth/app/register/otp', { tenant: 'demo2', channel: 'phone', phone: '+84811000100' })).body
        .details,
    ).toMatchObject({ field: 'phone', rule: 'phone' });
    await t.db.query(
      "delete from tenant_settings where key in ('PASSWORD_RULE', 'PHONE_RULE') and tenant_id = (select id from tenants where code = 'demo2')",
    );
  });

  test('an unknown tenant is refused like every other auth call', async () => {
    const res = await t.post('/api/auth/app/register/otp', { tenant: 'nope', channel: 'phone', phone: '+84911000100' });
    expect(res.body).toMatchObject({ code: 'WRONG_TENANT', details: { field: 'tenant' } });
  });
});

describe('one-time codes', () => {
  test('wrong code, then blocked after more than 3 wrong tries; resend waits 30 s', async () => {
    const phone = '+84911000200';
    const otp = await registerCode({ phone });
    expect((await t.post('/api/auth/app/register/otp', { tenant: 'demo', channel: 'phone', phone })).body.code).toBe(
      'OTP_TOO_SOON',
    );
    for (let i = 0; i < 3; i++) {
      expect((await t.post('/api/auth/app/register', byPhone(phone, { otp: wrongOf(otp) }))).body).toMatchObject({
        code: 'OTP_WRONG',
        details: { field: 'otp' },
      });
    }
    expect((await t.post('/api/auth/app/register', byPhone(phone, { otp: wrongOf(otp) }))).body.code).toBe(
      'OTP_BLOCKED',
    );
    expect((await t.post('/api/auth/app/register', byPhone(phone, { otp }))).body.code).toBe('OTP_BLOCKED');
    expect(await t.db.query('select 1 from users where phone = $1', [phone])).toHaveLength(0);

    t.clock.advance(31_000);
    const fresh = await registerCode({ phone });
    expect((await t.post('/api/auth/app/register', byPhone(phone, { otp: fresh }))).status).toBe(201);
  });

  test('an expired code is refused with its own code; a used one cannot be reused', async () => {
    const phone = '+84911000300';
    const otp = await registerCode({ phone });
    t.clock.advance(10 * 60 * 1000 + 1);
    expect((await t.post('/api/auth/app/register', byPhone(phone, { otp }))).body).toMatchObject({
      code: 'OTP_EXPIRED',
      details: { field: 'otp' },
    });

    const fresh = await registerCode({ phone });
    expect((await t.post('/api/auth/app/register', byPhone(phone, { otp: fresh }))).status).toBe(201);
    const again = await t.post(
      '/api/auth/app/register',
      byPhone(phone, { otp: fresh, email: 'someone.else@example.com' }),
    );
    expect(again.body).toMatchObject({ code: 'OTP_WRONG', details: { field: 'otp' } });
    expect(await t.db.query("select 1 from users where email = 'someone.else@example.com'")).toHaveLength(0);
  });
});

describe('existing accounts and tenants', () => {
  test('a phone or e-mail that already has an account: 409, offer the login', async () => {
    const countTo = async () =>
      (await t.db.query("select 1 from messages where recipient in ('0900000006', 'doctor@demo.test')")).length;
    const before = await countTo();
    const byPhoneRes = await t.post('/api/auth/app/register/otp', {
      tenant: 'demo',
      channel: 'phone',
      phone: '0900000006',
    });
    expect(byPhoneRes.status).toBe(409);
    expect(byPhoneRes.body).toMatchObject({ code: 'ACCOUNT_EXISTS', details: { field: 'phone', redirect: 'login' } });
    const byMail = await t.post('/api/auth/app/register/otp', {
      tenant: 'demo',
      channel: 'email',
      email: 'Doctor@demo.test',
    });
    expect(byMail.body).toMatchObject({ code: 'ACCOUNT_EXISTS', details: { field: 'email' } });
    expect(await countTo()).toBe(before);

    // Checked again on submit: an e-mail given beside a phone code.
    const phone = '+84911000400';
    const otp = await registerCode({ phone });
    const dup = await t.post('/api/auth/app/register', byPhone(phone, { otp, email: 'patient@demo.test' }));
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: 'ACCOUNT_EXISTS', details: { field: 'email' } });
    expect(await t.db.query('select 1 from users where phone = $1', [phone])).toHaveLength(0);
  });

  test("another tenant is a separate account space; one tenant's code is not valid in another", async () => {
    const phone = '+84911000500';
    const otp = await registerCode({ phone });
    expect((await t.post('/api/auth/app/register', byPhone(phone, { otp }))).status).toBe(201);
    expect((await t.post('/api/auth/app/register/otp', { tenant: 'demo', channel: 'phone', phone })).status).toBe(409);

    const res2 = await t.post('/api/auth/app/register/otp', { tenant: 'demo2', channel: 'phone', phone });
    expect(res2.status).toBe(200);
    const code2 = await t.lastCodeTo(phone);
    expect(
      (await t.post('/api/auth/app/register', byPhone(phone, { tenant: 'demo2', otp: wrongOf(code2) }))).body.code,
    ).toBe('OTP_WRONG');
    const ok = await t.post(
      '/api/auth/app/register',
      byPhone(phone, { tenant: 'demo2', otp: code2, password: 'Other@2026', confirmPassword: 'Other@2026' }),
    );
    expect(ok.status).toBe(201);
    const rows = await t.db.query<{ code: string }>(
      'select tn.code from users u join tenants tn on tn.id = u.tenant_id where u.phone = $1 order by tn.code',
      [phone],
    );
    expect(rows.map((r) => r.code)).toEqual(['demo', 'demo2']);
    expect((await appLogin(phone, 'Other@2026', 'demo2')).status).toBe(200);
    expect((await appLogin(phone, 'Other@2026', 'demo')).status).toBe(400);
  });
});

describe('app password reset', () => {
  test('by phone: code by SMS, new password works, the old one and old sessions stop working', async () => {
    const phone = '+84911000600';
    const otp = await registerCode({ phone });
    const reg = await t.post('/api/auth/app/register', byPhone(phone, { otp }));
    expect(reg.status).toBe(201);

    const sent = await t.post('/api/auth/app/forgot-password/otp', { tenant: 'demo', channel: 'phone', phone });
    expect(sent.status).toBe(200);
    const code = await t.lastCodeTo(phone);
    expect(code).not.toBe(otp);
    const url = '/api/auth/app/forgot-password/reset';
    expect(
      (
        await t.post(url, {
          tenant: 'demo',
          channel: 'phone',
          phone,
          otp: code,
          newPassword: 'weak',
          confirmPassword: 'weak',
        })
      ).body,
    ).toMatchObject({ code: 'WEAK_PASSWORD', details: { field: 'newPassword' } });
    expect(
      (
        await t.post(url, {
          tenant: 'demo',
          channel: 'phone',
          phone,
          otp: code,
          newPassword: 'Renewed@2026',
          confirmPassword: 'Renewed@2027',
        })
      ).body,
    ).toMatchObject({ details: { field: 'confirmPassword' } });
    expect(
      (
        await t.post(url, {
          tenant: 'demo',
          channel: 'phone',
          phone,
          otp: wrongOf(code),
          newPassword: 'Renewed@2026',
          confirmPassword: 'Renewed@2026',
        })
      ).body.code,
    ).toBe('OTP_WRONG');
    const res = await t.post(url, {
      tenant: 'demo',
      channel: 'phone',
      phone,
      otp: code,
      newPassword: 'Renewed@2026',
      confirmPassword: 'Renewed@2026',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });

    expect((await appLogin(phone, PW)).body.code).toBe('WRONG_LOGIN');
    expect((await appLogin(phone, 'Renewed@2026')).status).toBe(200);
    expect((await t.get('/api/auth/check-token', String(reg.body.access_token))).status).toBe(401);
    expect(
      (
        await t.post(url, {
          tenant: 'demo',
          channel: 'phone',
          phone,
          otp: code,
          newPassword: 'Again@2026',
          confirmPassword: 'Again@2026',
        })
      ).body.code,
    ).toBe('OTP_WRONG');
  });

  test('by e-mail works for the demo patient; an unknown account gets the same answer and no message, and the reset fails on the code', async () => {
    const known = await t.post('/api/auth/app/forgot-password/otp', {
      tenant: 'demo2',
      channel: 'email',
      email: 'patient@demo2.test',
    });
    const unknown = await t.post('/api/auth/app/forgot-password/otp', {
      tenant: 'demo2',
      channel: 'phone',
      phone: '+84999999999',
    });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(await t.db.query("select 1 from messages where recipient = '+84999999999'")).toHaveLength(0);
    // The 30-second resend rule answers alike too.
    expect(
      (await t.post('/api/auth/app/forgot-password/otp', { tenant: 'demo2', channel: 'phone', phone: '+84999999999' }))
        .body.code,
    ).toBe('OTP_TOO_SOON');
    for (const otp of ['000000', '123456']) {
      const r = await t.post('/api/auth/app/forgot-password/reset', {
        tenant: 'demo2',
        channel: 'phone',
        phone: '+84999999999',
        otp,
        newPassword: 'Renewed@2026',
        confirmPassword: 'Renewed@2026',
      });
      expect(r.body).toMatchObject({ code: 'OTP_WRONG', details: { field: 'otp' } });
    }

    const code = await t.lastCodeTo('patient@demo2.test');
    const res = await t.post('/api/auth/app/forgot-password/reset', {
      tenant: 'demo2',
      channel: 'email',
      email: 'patient@demo2.test',
      otp: code,
      newPassword: 'Renewed@2026',
      confirmPassword: 'Renewed@2026',
    });
    expect(res.status).toBe(200);
    expect((await appLogin('patient@demo2.test', DEMO_PASSWORD, 'demo2')).status).toBe(400);
    expect((await appLogin('patient@demo2.test', 'Renewed@2026', 'demo2')).status).toBe(200);
  });
});
