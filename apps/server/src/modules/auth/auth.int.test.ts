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

const tokenReq = (username: string, password: string, tenant = 'demo') => ({
  tenant,
  username,
  password,
  grant_type: 'password',
});

describe('password login', () => {
  test('form and JSON bodies both log in and return a token pair', async () => {
    const form = await t.call('POST', '/api/auth/oauth-token', { form: tokenReq('doctor@demo.test', DEMO_PASSWORD) });
    expect(form.status).toBe(200);
    expect(form.body).toMatchObject({ token_type: 'Bearer', expires_in: 900 });
    const json = await t.post('/api/auth/oauth-token', tokenReq('0900000006', DEMO_PASSWORD));
    expect(json.status).toBe(200);
    expect(typeof json.body.refresh_token).toBe('string');
  });

  test('unknown user and wrong password get the same answer', async () => {
    const wrong = await t.post('/api/auth/oauth-token', tokenReq('operator@demo.test', 'Nope@12345'));
    const unknown = await t.post('/api/auth/oauth-token', tokenReq('ghost@demo.test', 'Nope@12345'));
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body.code).toBe('WRONG_LOGIN');
    const rows = await t.db.query<{ outcome: string }>(
      "select outcome from audit_log where action = 'auth.login' and outcome = 'failed'",
    );
    expect(rows.length).toBeGreaterThanOrEqual(2);
  });

  test('an unknown tenant is refused naming the tenant field', async () => {
    const res = await t.post('/api/auth/oauth-token', tokenReq('doctor@demo.test', DEMO_PASSWORD, 'nope'));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'WRONG_TENANT', details: { field: 'tenant' } });
  });

  test('missing fields are a 400 naming each field; a wrong content type is 415', async () => {
    const res = await t.post('/api/auth/oauth-token', { tenant: 'demo' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    const fields = (res.body.details as { fields: Array<{ field: string }> }).fields.map((f) => f.field);
    expect(fields).toEqual(expect.arrayContaining(['username', 'password', 'grant_type']));
    const txt = await t.call('POST', '/api/auth/oauth-token', {
      payload: 'x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(txt.status).toBe(415);
    const bad = await t.call('POST', '/api/auth/oauth-token', {
      payload: '{oops',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.status).toBe(400);
  });

  test('after 5 failures in a row the account is locked for 24 hours, even for the right password', async () => {
    for (let i = 0; i < 5; i++) {
      const r = await t.post('/api/auth/oauth-token', tokenReq('coach@demo.test', 'Wrong@1234'));
      expect(r.body.code).toBe('WRONG_LOGIN');
    }
    const locked = await t.post('/api/auth/oauth-token', tokenReq('coach@demo.test', DEMO_PASSWORD));
    expect(locked.status).toBe(423);
    expect(locked.body.code).toBe('ACCOUNT_LOCKED');
    t.clock.advance(23 * 3600 * 1000);
    expect((await t.post('/api/auth/oauth-token', tokenReq('coach@demo.test', DEMO_PASSWORD))).body.code).toBe(
      'ACCOUNT_LOCKED',
    );
    t.clock.advance(3600 * 1000 + 1000);
    expect((await t.post('/api/auth/oauth-token', tokenReq('coach@demo.test', DEMO_PASSWORD))).status).toBe(200);
  });

  test('an unknown login name locks exactly like a real one (no account enumeration)', async () => {
    for (let i = 0; i < 5; i++) await t.post('/api/auth/oauth-token', tokenReq('ghost2@demo.test', 'Wrong@1234'));
    expect((await t.post('/api/auth/oauth-token', tokenReq('ghost2@demo.test', 'Wrong@1234'))).body.code).toBe(
      'ACCOUNT_LOCKED',
    );
  });

  test('a patient cannot sign in to the staff portal but can from the patient app', async () => {
    const portal = await t.post('/api/auth/oauth-token', tokenReq('patient@demo.test', DEMO_PASSWORD));
    expect(portal.status).toBe(403);
    expect(portal.body.code).toBe('PERMISSION_DENIED');
    const app = await t.call('POST', '/api/auth/oauth-token', {
      body: tokenReq('patient@demo.test', DEMO_PASSWORD),
      headers: { 'x-client': 'app' },
    });
    expect(app.status).toBe(200);
  });
});

describe('sessions', () => {
  test('check-token, refresh rotation, reuse revokes the session, logout', async () => {
    const s = await t.login('assistant');
    expect((await t.get('/api/auth/check-token', s.access)).status).toBe(200);
    expect((await t.get('/api/auth/check-token')).status).toBe(401);
    expect((await t.get('/api/auth/check-token', 'garbage')).status).toBe(401);

    const r1 = await t.post('/api/auth/refresh-token', { refresh_token: s.refresh });
    expect(r1.status).toBe(200);
    expect(r1.body.refresh_token).not.toBe(s.refresh);
    const reuse = await t.post('/api/auth/refresh-token', { refresh_token: s.refresh });
    expect(reuse.status).toBe(401);
    // The whole session is gone: the new tokens no longer work either.
    expect((await t.get('/api/auth/check-token', String(r1.body.access_token))).status).toBe(401);
    expect((await t.post('/api/auth/refresh-token', { refresh_token: String(r1.body.refresh_token) })).status).toBe(
      401,
    );

    const s2 = await t.login('assistant');
    expect((await t.post('/api/auth/logout', {}, s2.access)).status).toBe(200);
    expect((await t.get('/api/auth/check-token', s2.access)).status).toBe(401);
    expect((await t.post('/api/auth/refresh-token', { refresh_token: s2.refresh })).status).toBe(401);
  });

  test('an access token expires after 15 minutes and answers "session expired"', async () => {
    const s = await t.login('operator');
    t.clock.advance(16 * 60 * 1000);
    const res = await t.get('/api/auth/check-token', s.access);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('SESSION_EXPIRED');
    expect((await t.post('/api/auth/refresh-token', { refresh_token: s.refresh })).status).toBe(200);
  });

  test('a new login ends the older session, whose next call gets 403 logged in elsewhere', async () => {
    const first = await t.login('cskh');
    const second = await t.login('cskh');
    const old = await t.get('/api/account/me/profile/get', first.access);
    expect(old.status).toBe(403);
    expect(old.body).toMatchObject({
      code: 'LOGGED_IN_ELSEWHERE',
      message: 'Your account was logged in somewhere else. Please login to continue',
    });
    expect((await t.get('/api/account/me/profile/get', second.access)).status).toBe(200);
  });

  test('logins and logouts are audited', async () => {
    const rows = await t.db.query<{ action: string }>(
      "select distinct action from audit_log where action in ('auth.login', 'auth.logout')",
    );
    expect(rows.map((r) => r.action).sort()).toEqual(['auth.login', 'auth.logout']);
  });
});

describe('one-time codes', () => {
  test('e-mail OTP login: random, single use, 3 wrong tries allowed, the 4th blocks the code', async () => {
    expect((await t.post('/api/auth/oauth/otp/mail', { tenant: 'demo', email: 'mhscadmin@demo.test' })).status).toBe(
      200,
    );
    const code = await t.lastCodeTo('mhscadmin@demo.test');
    const wrongCode = code === '000000' ? '111111' : '000000';
    const req = { tenantId: 'demo', type: 'email', username: 'mhscadmin@demo.test' };
    for (let i = 0; i < 3; i++)
      expect((await t.post('/api/auth/oauth/otp/token-web', { ...req, otp: wrongCode })).body.code).toBe('OTP_WRONG');
    expect((await t.post('/api/auth/oauth/otp/token-web', { ...req, otp: wrongCode })).body.code).toBe('OTP_BLOCKED');
    expect((await t.post('/api/auth/oauth/otp/token-web', { ...req, otp: code })).body.code).toBe('OTP_BLOCKED');

    t.clock.advance(60_000);
    await t.post('/api/auth/oauth/otp/mail', { tenant: 'demo', email: 'mhscadmin@demo.test' });
    const fresh = await t.lastCodeTo('mhscadmin@demo.test');
    const ok = await t.post('/api/auth/oauth/otp/token-web', { ...req, otp: fresh });
    expect(ok.status).toBe(200);
    expect(typeof ok.body.access_token).toBe('string');
    expect((await t.post('/api/auth/oauth/otp/token-web', { ...req, otp: fresh })).body.code).toBe('OTP_WRONG');
    // Codes are stored hashed, never in clear.
    const stored = await t.db.query<{ code_hash: string }>('select code_hash from otp_codes');
    expect(stored.every((r) => r.code_hash.length === 64 && r.code_hash !== fresh)).toBe(true);
  });

  test('SMS OTP expires after 10 minutes; unknown e-mail says it does not exist', async () => {
    expect((await t.post('/api/auth/oauth/otp/send', { tenant: 'demo', phoneNumber: '0900000010' })).status).toBe(200);
    const code = await t.lastCodeTo('0900000010');
    t.clock.advance(10 * 60 * 1000 + 1);
    const res = await t.post('/api/auth/oauth/otp/token-web', {
      tenantId: 'demo',
      type: 'phone',
      username: '0900000010',
      otp: code,
    });
    expect(res.body.code).toBe('OTP_EXPIRED');
    const missing = await t.post('/api/auth/oauth/otp/mail', { tenant: 'demo', email: 'nobody@demo.test' });
    expect(missing.body).toMatchObject({ code: 'EMAIL_NOT_FOUND', message: 'Email address does not exist' });
    expect((await t.post('/api/auth/oauth/otp/send', { tenant: 'demo', phoneNumber: 'abc' })).body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'phoneNumber' },
    });
  });
});

describe('registration', () => {
  const reg = {
    tenant: 'demo',
    email: 'new.doctor@example.com',
    firstName: 'Lan',
    lastName: 'Vu',
    password: 'Newdoc@2026',
    confirmPassword: 'Newdoc@2026',
    acceptTerms: true,
    acceptPrivacy: true,
  };

  test('needs a verified e-mail, accepted terms, a valid password; then waits for approval', async () => {
    expect((await t.post('/api/auth/register', reg)).body.code).toBe('EMAIL_NOT_VERIFIED');
    expect((await t.post('/api/auth/register', { ...reg, acceptTerms: false })).body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'acceptTerms' },
    });
    expect((await t.post('/api/auth/register', { ...reg, firstName: 'L4n' })).body).toMatchObject({
      details: { field: 'firstName' },
    });
    expect(
      (await t.post('/api/auth/oauth/create-verification-token', { tenant: 'demo', email: 'doctor@demo.test' })).body
        .code,
    ).toBe('EMAIL_USED');

    await t.post('/api/auth/oauth/create-verification-token', { tenant: 'demo', email: reg.email });
    const code = await t.lastCodeTo(reg.email);
    expect(
      (await t.post('/api/auth/oauth/verifyRegisterByEmailOTP', { tenant: 'demo', email: reg.email, token: code }))
        .body,
    ).toEqual({ verified: true });
    expect(
      (await t.post('/api/auth/register', { ...reg, password: 'weak', confirmPassword: 'weak' })).body,
    ).toMatchObject({ code: 'WEAK_PASSWORD', details: { field: 'password', rule: 'min' } });
    expect((await t.post('/api/auth/register', { ...reg, confirmPassword: 'Other@2026x' })).body.code).toBe(
      'PASSWORD_MISMATCH',
    );
    const ok = await t.post('/api/auth/register', reg);
    expect(ok.status).toBe(201);
    expect(ok.body).toEqual({ status: 'pending_approval' });

    const waiting = await t.post('/api/auth/oauth-token', tokenReq(reg.email, reg.password));
    expect(waiting.body.code).toBe('ACCOUNT_PENDING_APPROVAL');

    const admin = await t.login('sysadmin');
    const list = await t.get('/api/account/registrations', admin.access);
    const item = (list.body.items as Array<{ id: string; email: string }>).find((r) => r.email === reg.email)!;
    expect(item).toBeDefined();
    // Another tenant's admin cannot see or approve it.
    const other = await t.login('sysadmin', 'demo2');
    expect((await t.post(`/api/account/registrations/${item.id}/approve`, {}, other.access)).status).toBe(404);
    expect((await t.post(`/api/account/registrations/${item.id}/approve`, {}, admin.access)).status).toBe(200);
    expect((await t.post('/api/auth/oauth-token', tokenReq(reg.email, reg.password))).status).toBe(200);
  });
});

describe('passwords', () => {
  test('forgot password: code, new password, every session ends', async () => {
    const s = await t.login('operator', 'demo2');
    await t.post('/api/auth/forgot-password/send', { tenant: 'demo2', email: 'operator@demo2.test' });
    const code = await t.lastCodeTo('operator@demo2.test');
    const res = await t.post('/api/auth/forgot-password/reset', {
      tenant: 'demo2',
      email: 'operator@demo2.test',
      otp: code,
      newPassword: 'Reset@2026',
      confirmPassword: 'Reset@2026',
    });
    expect(res.status).toBe(200);
    expect((await t.get('/api/auth/check-token', s.access)).status).toBe(401);
    expect(
      (await t.post('/api/auth/oauth-token', tokenReq('operator@demo2.test', DEMO_PASSWORD, 'demo2'))).status,
    ).toBe(400);
    expect((await t.post('/api/auth/oauth-token', tokenReq('operator@demo2.test', 'Reset@2026', 'demo2'))).status).toBe(
      200,
    );
  });

  test('change password: current checked, new differs, confirmation matches, rule holds; other sessions end', async () => {
    const web = await t.login('doctor', 'demo2');
    const appSession = await t.call('POST', '/api/auth/oauth-token', {
      body: tokenReq('doctor@demo2.test', DEMO_PASSWORD, 'demo2'),
      headers: { 'x-client': 'app' },
    });
    const url = '/api/account/change-password';
    expect(
      (
        await t.post(
          url,
          { password: 'Wrong@2026', newPassword: 'Fresh@2026', confirmPassword: 'Fresh@2026' },
          web.access,
        )
      ).body,
    ).toMatchObject({ code: 'WRONG_CURRENT_PASSWORD', details: { field: 'password' } });
    expect(
      (
        await t.post(
          url,
          { password: DEMO_PASSWORD, newPassword: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD },
          web.access,
        )
      ).body.code,
    ).toBe('SAME_PASSWORD');
    expect(
      (
        await t.post(
          url,
          { password: DEMO_PASSWORD, newPassword: 'Fresh@2026', confirmPassword: 'Fresh@2027' },
          web.access,
        )
      ).body.code,
    ).toBe('PASSWORD_MISMATCH');
    expect(
      (
        await t.post(
          url,
          { password: DEMO_PASSWORD, newPassword: 'fresh@2026', confirmPassword: 'fresh@2026' },
          web.access,
        )
      ).body,
    ).toMatchObject({ code: 'WEAK_PASSWORD', details: { rule: 'upper' } });
    expect(
      (
        await t.post(
          url,
          { password: DEMO_PASSWORD, newPassword: 'Fresh~2026', confirmPassword: 'Fresh~2026' },
          web.access,
        )
      ).body,
    ).toMatchObject({ code: 'WEAK_PASSWORD', details: { rule: 'forbidden' } });
    expect(
      (
        await t.post(
          url,
          { password: DEMO_PASSWORD, newPassword: 'Fresh@2026', confirmPassword: 'Fresh@2026' },
          web.access,
        )
      ).status,
    ).toBe(200);
    expect((await t.get('/api/auth/check-token', web.access)).status).toBe(200);
    expect((await t.get('/api/auth/check-token', String(appSession.body.access_token))).status).toBe(401);
    const audited = await t.db.query(
      "select 1 from audit_log where action = 'account.password.change' and outcome = 'ok'",
    );
    expect(audited.length).toBe(1);
  });
});
