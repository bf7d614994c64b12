import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

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

function multipart(name: string, filename: string, data: Buffer, type: string) {
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

describe('profile', () => {
  test('read and update; names without digits; e-mail unique in the tenant', async () => {
    const s = await t.login('operator');
    const me = await t.get('/api/account/me/profile/get', s.access);
    expect(me.body).toMatchObject({ email: 'operator@demo.test', firstName: 'Olivia', role: 'operator' });
    const up = await t.put(
      '/api/account/me/profile',
      { firstName: 'Olive', lastName: 'Pham', phone: '0911222333' },
      s.access,
    );
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({ firstName: 'Olive', phone: '0911222333' });
    expect(
      (await t.put('/api/account/me/profile', { firstName: 'Ol1ve', lastName: 'Pham' }, s.access)).body,
    ).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'firstName' } });
    expect(
      (
        await t.put(
          '/api/account/me/profile',
          { firstName: 'Olive', lastName: 'Pham', email: 'doctor@demo.test' },
          s.access,
        )
      ).body,
    ).toMatchObject({ code: 'EMAIL_USED', details: { field: 'email' } });
    expect(
      (
        await t.put(
          '/api/account/me/profile',
          { firstName: 'Olive', lastName: 'Pham', email: 'not-an-email' },
          s.access,
        )
      ).body,
    ).toMatchObject({ details: { field: 'email' } });
    // The same e-mail in another tenant is fine: uniqueness is per tenant.
    const other = await t.login('operator', 'demo2');
    expect(
      (
        await t.put(
          '/api/account/me/profile',
          { firstName: 'Olivia', lastName: 'Pham', email: 'coach@demo.test' },
          other.access,
        )
      ).status,
    ).toBe(200);
  });

  test('language (can → en, unsupported refused), timezone (invalid refused), units', async () => {
    const s = await t.login('coach');
    expect((await t.post('/api/account/me/profile/update-language?lang=vi', {}, s.access)).body.language).toBe('vi');
    expect((await t.post('/api/account/me/profile/update-language?lang=can', {}, s.access)).body.language).toBe('en');
    expect((await t.post('/api/account/me/profile/update-language?lang=fr', {}, s.access)).body).toMatchObject({
      code: 'INVALID_LANGUAGE',
      details: { field: 'lang' },
    });
    expect((await t.post('/api/account/me/profile/update-language', {}, s.access)).body).toMatchObject({
      details: { field: 'lang' },
    });
    expect(
      (await t.post('/api/account/me/profile/update-time-zone?tz=America/Toronto', {}, s.access)).body.timezone,
    ).toBe('America/Toronto');
    expect((await t.post('/api/account/me/profile/update-time-zone?tz=Moon/Base', {}, s.access)).body).toMatchObject({
      code: 'INVALID_TIMEZONE',
      details: { field: 'tz' },
    });
    const units = await t.post(
      '/api/account/me/profile/update-units',
      { unitSystem: 'imperial', thermalUnit: 'F', bloodGlucoseUnit: 'mg/dL' },
      s.access,
    );
    expect(units.body).toMatchObject({ unitSystem: 'imperial', thermalUnit: 'F', bloodGlucoseUnit: 'mg/dL' });
    expect(
      (
        await t.post(
          '/api/account/me/profile/update-units',
          { unitSystem: 'cubits', thermalUnit: 'F', bloodGlucoseUnit: 'mg/dL' },
          s.access,
        )
      ).body,
    ).toMatchObject({ details: { field: 'unitSystem' } });
  });

  test('avatar: PNG by content accepted and served back; HTML named .png refused; over 1 MB refused', async () => {
    const s = await t.login('assistant');
    const ok = multipart('file', 'me.png', PNG, 'image/png');
    const up = await t.call('POST', '/api/account/me/profile/upload-avatar', {
      token: s.access,
      payload: ok.payload,
      headers: ok.headers,
    });
    expect(up.status).toBe(200);
    expect(up.body.hasAvatar).toBe(true);
    const img = await t.app.inject({
      method: 'GET',
      url: '/api/account/me/avatar',
      headers: { authorization: `Bearer ${s.access}` },
    });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(PNG)).toBe(true);
    // A second picture replaces the first: the first is gone from the store (not kept for ever).
    const avatars = async () =>
      (await t.db.query<{ key: string }>('select key from stored_files where key like $1', [`files/avatars/%`])).map(
        (r) => r.key,
      );
    const first = (
      await t.db.query<{ avatar_path: string }>("select avatar_path from users where email = 'assistant@demo.test'")
    )[0]!.avatar_path;
    expect(await avatars()).toContain(first);
    const again = multipart('file', 'me2.png', PNG, 'image/png');
    expect(
      (
        await t.call('POST', '/api/account/me/profile/upload-avatar', {
          token: s.access,
          payload: again.payload,
          headers: again.headers,
        })
      ).status,
    ).toBe(200);
    const second = (
      await t.db.query<{ avatar_path: string }>("select avatar_path from users where email = 'assistant@demo.test'")
    )[0]!.avatar_path;
    expect(second).not.toBe(first);
    expect(await avatars()).toContain(second);
    expect(await avatars()).not.toContain(first);

    const html = multipart('file', 'evil.png', Buffer.from('<html><script>alert(1)</script></html>'), 'image/png');
    const bad = await t.call('POST', '/api/account/me/profile/upload-avatar', {
      token: s.access,
      payload: html.payload,
      headers: html.headers,
    });
    expect(bad.body).toMatchObject({ code: 'INVALID_FILE_TYPE', details: { field: 'file' } });
    const big = multipart('file', 'big.png', Buffer.concat([PNG, Buffer.alloc(1024 * 1024 + 10)]), 'image/png');
    const tooBig = await t.call('POST', '/api/account/me/profile/upload-avatar', {
      token: s.access,
      payload: big.payload,
      headers: big.headers,
    });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.code).toBe('FILE_TOO_LARGE');
    expect((await t.post('/api/account/me/profile/upload-avatar', {}, s.access)).status).toBe(415);
  });
});

describe('tenant settings and messages', () => {
  test('settings carry every spec key, secrets masked; tenant list by role', async () => {
    const doc = await t.login('doctor', 'demo2');
    const res = await t.get('/api/auth/tenant/setting/getAll', doc.access);
    expect(res.body).toMatchObject({
      tenantCode: 'demo2',
      settings: { COLOR: '#6741d9', PASSWORD_RULE: 'standard', ALLOW_WEB_SOS_POPUP: 'true' },
    });
    const keys = Object.keys(res.body.settings as object);
    for (const k of [
      'COLOR',
      'FONT',
      'LOGO',
      'ICON',
      'PASSWORD_RULE',
      'LANGUAGE',
      'UNIT_SYSTEM',
      'THERMAL_UNIT',
      'COUNTRY',
      'COUNTRY_CODE',
      'DIAL_CODE',
      'ORGANIZATION_NAME',
      'ACID_URIC_UNIT',
      'BLOOD_GLUCOSE_UNIT',
      'AI_CLOUD_TENANT_ID',
      'ALLOW_WEB_SOS_POPUP',
    ])
      expect(keys).toContain(k);
    const root = await t.login('root');
    expect(((await t.get('/api/auth/tenant/all', root.access)).body.items as unknown[]).length).toBe(2);
    const sys = await t.login('sysadmin');
    expect(
      ((await t.get('/api/auth/tenant/all', sys.access)).body.items as Array<{ code: string }>).map((x) => x.code),
    ).toEqual(['demo']);
  });

  test('a super admin reads the recorded messages of their own tenant only', async () => {
    await t.post('/api/auth/oauth/otp/mail', { tenant: 'demo', email: 'coach@demo.test' });
    await t.post('/api/auth/oauth/otp/mail', { tenant: 'demo2', email: 'coach@demo2.test' });
    const sa = await t.login('superadmin');
    const res = await t.get('/api/account/messages?channel=email&search=coach', sa.access);
    const items = res.body.items as Array<{
      id: string;
      recipient: string;
      body: string;
      masked: boolean;
      revealable: boolean;
    }>;
    expect(items.map((i) => i.recipient)).toEqual(['coach@demo.test']);
    // The code is masked in the list; the demo's super admin may reveal it.
    expect(items[0]).toMatchObject({ masked: true, revealable: true });
    expect(items[0]!.body).not.toMatch(/\d{6}/);
    expect((await t.post(`/api/account/messages/${items[0]!.id}/reveal`, {}, sa.access)).body.body).toMatch(
      /\b\d{6}\b/,
    );
    expect((await t.get('/api/account/messages?size=0', sa.access)).body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'size' },
    });
  });

  test('health and OpenAPI document answer', async () => {
    expect((await t.get('/api/health')).body).toMatchObject({ status: 'ok' });
    const doc = await t.get('/api/docs/json');
    expect(doc.status).toBe(200);
    expect(Object.keys(doc.body.paths as object)).toEqual(
      expect.arrayContaining(['/api/auth/oauth-token', '/api/account/me/profile/get', '/api/account/roles']),
    );
  });
});
