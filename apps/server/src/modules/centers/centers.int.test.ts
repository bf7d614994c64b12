import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { newId } from '../../platform/ids.ts';

let t: TestApp;
let sa: string;
let sa2: string;
let ids: {
  hanoi: string;
  haiPhong: string;
  region: string;
  baDinh: string;
  leChan: string;
  mhscAdmin: string;
  second: string;
  doctor: string;
};

const M = '/api/account/sadmin/mhsc';
const MISSING = '00000000-0000-7000-8000-000000000000';
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f6e1d70000000049454e44ae426082',
  'hex',
);
type Center = {
  id: string;
  name: string;
  enabled: boolean;
  mainAdmin: { userId: string } | null;
  supportAdmins: Array<{ userId: string }>;
};

/** A multipart body: text fields (arrays repeat the field) and an optional file. */
function form(
  fields: Record<string, string | string[]>,
  file?: { name: string; filename: string; data: Buffer; type: string },
) {
  const boundary = '----cwtest' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    for (const value of Array.isArray(v) ? v : [v])
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const send = (method: string, url: string, token: string, f: ReturnType<typeof form>) =>
  t.call(method, url, { token, payload: f.payload, headers: f.headers });
const del = (url: string, token: string) => t.call('DELETE', url, { token });

async function id(sql: string, p: string[]) {
  return (await t.db.query<{ id: string }>(sql, p))[0]!.id;
}

beforeAll(async () => {
  t = await startTestApp();
  sa = (await t.login('superadmin')).access;
  sa2 = (await t.login('superadmin', 'demo2')).access;
  const tenant = await id("select id from tenants where code = 'demo'", []);
  const scope = (n: string) => id('select id from scopes where tenant_id = $1 and name = $2', [tenant, n]);
  const center = (n: string) => id('select id from health_centers where tenant_id = $1 and name = $2', [tenant, n]);
  const user = (e: string) => id('select id from users where tenant_id = $1 and email = $2', [tenant, e]);
  // A second health-center admin (as the staff module would create one: the role, not yet attached).
  const second = newId();
  await t.db.query(
    "insert into users (id, tenant_id, email, first_name, last_name, status) values ($1, $2, 'second.admin@demo.test', 'Second', 'Admin', 'active')",
    [second, tenant],
  );
  await t.db.query(
    "insert into user_roles (id, tenant_id, user_id, role_id) select $1, $2, $3, id from roles where tenant_id = $2 and code = 'mhsc_admin'",
    [newId(), tenant, second],
  );
  ids = {
    hanoi: await scope('Hanoi'),
    haiPhong: await scope('Hai Phong'),
    region: await scope('Northern Region'),
    baDinh: await center('Ba Dinh Health Center'),
    leChan: await center('Le Chan Health Center'),
    mhscAdmin: await user('mhscadmin@demo.test'),
    second,
    doctor: await user('doctor@demo.test'),
  };
});
afterAll(async () => {
  await t?.close();
});

const fullFields = () => ({
  name: 'Tay Ho Clinic',
  type: 'clinic',
  representative: 'Dr. Lan',
  phonePrefix: '+84',
  phoneNumber: '0912345678',
  hotline: '19001234',
  email: 'tayho@clinic.test',
  website: 'https://tayho.clinic.test',
  lat: '21.07',
  lng: '105.82',
  address: '1 Lac Long Quan, Tay Ho',
  scopeId: ids.hanoi,
  level: 'district',
  region: 'North',
  province: 'Hanoi',
  city: 'Hanoi',
  area: 'Tay Ho',
  specialties: ['cardiology', 'pediatrics'],
  mainAdminId: ids.mhscAdmin,
});

describe('health-center list and create', () => {
  test('the super admin lists, searches and filters by scope', async () => {
    const all = await t.get(M, sa);
    expect(all.status).toBe(200);
    expect((all.body.items as Center[]).map((c) => c.name)).toEqual(['Ba Dinh Health Center', 'Le Chan Health Center']);
    expect(all.body.items).toEqual([
      expect.objectContaining({
        mainAdmin: expect.objectContaining({ email: 'mhscadmin@demo.test' }),
        scopeName: 'Hanoi',
      }),
      expect.anything(),
    ]);
    expect((await t.get(`${M}?scopeId=${ids.haiPhong}`, sa)).body).toMatchObject({
      total: 1,
      items: [{ name: 'Le Chan Health Center' }],
    });
    expect((await t.get(`${M}?searchValue=ba%20dinh&page=0&size=5`, sa)).body).toMatchObject({ total: 1, size: 5 });
    expect((await t.get(`${M}?scopeId=nope`, sa)).body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'scopeId' },
    });
  });

  test('create with every field of spec §3, a PNG logo and a main admin; the logo is served back', async () => {
    const res = await send(
      'POST',
      M,
      sa,
      form(fullFields(), { name: 'logo', filename: 'logo.png', data: PNG, type: 'image/png' }),
    );
    expect(res.status, res.raw).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Tay Ho Clinic',
      enabled: true,
      hasLogo: true,
      type: 'clinic',
      representative: 'Dr. Lan',
      phonePrefix: '+84',
      phoneNumber: '0912345678',
      hotline: '19001234',
      email: 'tayho@clinic.test',
      website: 'https://tayho.clinic.test',
      lat: 21.07,
      lng: 105.82,
      address: '1 Lac Long Quan, Tay Ho',
      scopeId: ids.hanoi,
      scopeName: 'Hanoi',
      level: 'district',
      region: 'North',
      province: 'Hanoi',
      city: 'Hanoi',
      area: 'Tay Ho',
      specialties: ['cardiology', 'pediatrics'],
      mainAdmin: { userId: ids.mhscAdmin, isMain: true },
      supportAdmins: [],
    });
    const img = await t.app.inject({
      method: 'GET',
      url: `/api/account/mhsc/${String(res.body.id)}/logo`,
      headers: { authorization: `Bearer ${sa}` },
    });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect(img.rawPayload.equals(PNG)).toBe(true);
    // The admin now has a level at the new center.
    const rows = await t.db.query(
      'select 1 from user_roles where user_id = $1 and center_id = $2 and is_main and scope_id = $3',
      [ids.mhscAdmin, res.body.id as string, ids.hanoi],
    );
    expect(rows.length).toBe(1);
  });

  test('create refuses: duplicate name, no admin, two main admins, ineligible admin, bad fields, bad or oversize logo', async () => {
    const base = { name: 'Long Bien Clinic', scopeId: ids.hanoi, mainAdminId: ids.mhscAdmin };
    const dup = await send('POST', M, sa, form({ ...base, name: 'ba dinh HEALTH center' }));
    expect(dup.status).toBe(400);
    expect(dup.body).toMatchObject({
      code: 'CENTER_NAME_DUPLICATED',
      message: 'Health center name duplicated',
      details: { field: 'name' },
    });
    const none = await send('POST', M, sa, form({ name: 'Long Bien Clinic', scopeId: ids.hanoi }));
    expect(none.body).toMatchObject({ code: 'CENTER_ADMIN_REQUIRED', details: { field: 'mainAdminId' } });
    expect(none.status).toBe(400);
    const two = await send('POST', M, sa, form({ ...base, mainAdminId: [ids.mhscAdmin, ids.second] }));
    expect(two.body).toMatchObject({ code: 'CENTER_MAIN_ADMIN_MAX', details: { field: 'mainAdminId' } });
    expect(two.status).toBe(400);
    expect((await send('POST', M, sa, form({ ...base, mainAdminId: ids.doctor }))).body).toMatchObject({
      code: 'ADMIN_NOT_ELIGIBLE',
      details: { field: 'mainAdminId' },
    });
    expect((await send('POST', M, sa, form({ ...base, supportAdminIds: [ids.doctor] }))).body).toMatchObject({
      code: 'ADMIN_NOT_ELIGIBLE',
      details: { field: 'supportAdminIds' },
    });
    expect((await send('POST', M, sa, form({ ...base, name: '  ' }))).body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'name' },
    });
    expect((await send('POST', M, sa, form({ ...base, email: 'nope' }))).body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'email' },
    });
    expect((await send('POST', M, sa, form({ ...base, lat: '123' }))).body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'lat' },
    });
    expect((await send('POST', M, sa, form({ ...base, phoneNumber: 'abc' }))).body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'phoneNumber' },
    });
    expect((await send('POST', M, sa, form({ ...base, scopeId: MISSING }))).body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'scopeId' },
    });
    const html = await send(
      'POST',
      M,
      sa,
      form(base, {
        name: 'logo',
        filename: 'x.png',
        data: Buffer.from('<html><script>alert(1)</script></html>'),
        type: 'image/png',
      }),
    );
    expect(html.status).toBe(400);
    expect(html.body).toMatchObject({ code: 'INVALID_FILE_TYPE', details: { field: 'logo' } });
    const big = await send(
      'POST',
      M,
      sa,
      form(base, {
        name: 'logo',
        filename: 'big.png',
        data: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 10)]),
        type: 'image/png',
      }),
    );
    expect(big.status).toBe(400);
    expect(big.body).toMatchObject({
      code: 'IMAGE_UPLOAD_FAILED',
      message: 'Unable to upload image',
      details: { field: 'logo', rule: 'max_5mb' },
    });
    expect((await t.post(M, { name: 'JSON' }, sa)).status).toBe(415);
    expect((await t.get(`${M}?searchValue=Long%20Bien`, sa)).body.total).toBe(0);
  });
});

describe('health-center update, admins, deactivation', () => {
  test('update fields; name another main admin (the old one stays as support); the main admin cannot be unassigned directly', async () => {
    const c = await send(
      'POST',
      M,
      sa,
      form({ name: 'Hoan Kiem Clinic', scopeId: ids.hanoi, mainAdminId: ids.mhscAdmin }),
    );
    const url = `${M}/${String(c.body.id)}`;
    const up = await send(
      'PUT',
      url,
      sa,
      form({
        name: 'Hoan Kiem Clinic',
        scopeId: ids.hanoi,
        hotline: '1900555',
        specialties: ['dermatology'],
        mainAdminId: ids.second,
      }),
    );
    expect(up.status, up.raw).toBe(200);
    expect(up.body).toMatchObject({
      hotline: '1900555',
      specialties: ['dermatology'],
      mainAdmin: { userId: ids.second },
      supportAdmins: [{ userId: ids.mhscAdmin, isMain: false }],
    });
    const clear = await send('PUT', url, sa, form({ name: 'Hoan Kiem Clinic', scopeId: ids.hanoi, mainAdminId: '' }));
    expect(clear.status).toBe(400);
    expect(clear.body).toMatchObject({ code: 'MAIN_ADMIN_CANNOT_UNASSIGN', details: { field: 'mainAdminId' } });
    const direct = await del(`${url}/admins/${ids.second}`, sa);
    expect(direct.body).toMatchObject({ code: 'MAIN_ADMIN_CANNOT_UNASSIGN' });
    expect(direct.status).toBe(400);
    const support = await del(`${url}/admins/${ids.mhscAdmin}`, sa);
    expect(support.status).toBe(200);
    expect(support.body).toMatchObject({ mainAdmin: { userId: ids.second }, supportAdmins: [] });
    // Absent admin fields leave the admins as they are; moving scope moves the admins' level too.
    const moved = await send('PUT', url, sa, form({ name: 'Hoan Kiem Clinic 2', scopeId: ids.haiPhong }));
    expect(moved.body).toMatchObject({
      name: 'Hoan Kiem Clinic 2',
      scopeName: 'Hai Phong',
      mainAdmin: { userId: ids.second },
    });
    expect(
      (
        await t.db.query('select 1 from user_roles where center_id = $1 and scope_id = $2', [
          String(c.body.id),
          ids.haiPhong,
        ])
      ).length,
    ).toBe(1);
    expect(
      (await send('PUT', url, sa, form({ name: 'Le Chan Health Center', scopeId: ids.haiPhong }))).body,
    ).toMatchObject({ code: 'CENTER_NAME_DUPLICATED', details: { field: 'name' } });
    const logo = await send(
      'PUT',
      url,
      sa,
      form(
        { name: 'Hoan Kiem Clinic 2', scopeId: ids.haiPhong },
        { name: 'logo', filename: 'l.jpg', data: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]), type: 'image/jpeg' },
      ),
    );
    expect(logo.body.hasLogo).toBe(true);
  });

  test('deactivation is refused while anyone is linked; once unlinked it is deactivated and activated again', async () => {
    const busy = await t.put(`${M}/deactivate/${ids.baDinh}`, { enabled: false }, sa);
    expect(busy.status).toBe(409);
    expect(busy.body).toMatchObject({ code: 'CENTER_IN_USE', message: 'Health center being used' });
    const c = await send('POST', M, sa, form({ name: 'Dong Da Clinic', scopeId: ids.hanoi, mainAdminId: ids.second }));
    const cid = String(c.body.id);
    expect((await t.put(`${M}/deactivate/${cid}`, { enabled: false }, sa)).body.code).toBe('CENTER_IN_USE');
    // The staff module reassigns the admin elsewhere (not this module's call): the center is then free.
    await t.db.query('delete from user_roles where center_id = $1', [cid]);
    const off = await t.put(`${M}/deactivate/${cid}?enabled=false`, undefined, sa);
    expect(off.status, off.raw).toBe(200);
    expect(off.body.enabled).toBe(false);
    const on = await t.put(`${M}/deactivate/${cid}`, { enabled: true }, sa);
    expect(on.body.enabled).toBe(true);
    expect((await t.put(`${M}/deactivate/${cid}`, {}, sa)).body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'enabled' },
    });
    const audit = await t.db.query<{ action: string }>(
      'select action from audit_log where resource_id = $1 order by created_at, action',
      [cid],
    );
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['center.create', 'center.disable', 'center.enable']),
    );
  });

  test('the scope of a center is "in use": it cannot be deactivated', async () => {
    const res = await t.put(
      `/api/account/sadmin/mhsc/scope/name-and-status/${ids.haiPhong}`,
      { name: 'Hai Phong', status: 'inactive' },
      sa,
    );
    expect(res.body.code).toBe('SCOPE_IN_USE');
  });
});

describe('tenancy and levels', () => {
  test("every id-taking center call answers another tenant's id exactly like a missing one (404)", async () => {
    const calls: Array<(id: string) => Promise<{ status: number; body: unknown }>> = [
      (id) => t.get(`${M}/${id}`, sa2),
      (id) => send('PUT', `${M}/${id}`, sa2, form({ name: 'X', scopeId: MISSING })),
      (id) => t.put(`${M}/deactivate/${id}`, { enabled: false }, sa2),
      (id) => del(`${M}/${id}/admins/${ids.mhscAdmin}`, sa2),
      (id) => t.get(`/api/account/mhsc/${id}/logo`, sa2),
      (id) => t.get(`/api/account/smadmin/mhsc/${id}`, sa2),
      (id) => send('PUT', `/api/account/smadmin/mhsc/${id}`, sa2, form({ name: 'X' })),
    ];
    for (const call of calls) {
      const other = await call(ids.baDinh);
      const missing = await call(MISSING);
      expect(other.status).toBe(404);
      expect(other.body).toEqual(missing.body);
      expect(other.body).toMatchObject({ code: 'CENTER_NOT_FOUND', message: 'Health center not found' });
    }
    expect(((await t.get(M, sa2)).body.items as Center[]).map((c) => c.id)).not.toContain(ids.baDinh);
    expect(
      (await send('POST', M, sa2, form({ name: 'Leak', scopeId: ids.hanoi, mainAdminId: ids.mhscAdmin }))).status,
    ).toBe(400);
  });

  test('a health-center admin sees and edits only the center of their level; a scope admin reads their subtree', async () => {
    const admin = await t.login('mhscadmin');
    const level = (await t.post('/api/auth/permission', {}, admin.access)).body.level as {
      centerId: string;
      centerName: string;
    };
    const mine = await t.get('/api/account/smadmin/mhsc/me', admin.access);
    expect((mine.body.items as Center[]).map((c) => c.id)).toEqual([level.centerId]);
    const otherId = level.centerId === ids.baDinh ? ids.leChan : ids.baDinh;
    expect((await t.get(`/api/account/smadmin/mhsc/${otherId}`, admin.access)).status).toBe(404);
    expect((await t.get(M, admin.access)).status).toBe(403);
    const edit = await send(
      'PUT',
      `/api/account/smadmin/mhsc/${level.centerId}`,
      admin.access,
      form({ name: level.centerName, hotline: '1900777', address: '10 Kim Ma' }),
    );
    expect(edit.status, edit.raw).toBe(200);
    expect(edit.body).toMatchObject({ hotline: '1900777', address: '10 Kim Ma' });
    const check = await t.get('/api/account/smadmin/check-mhsc-and-scope', admin.access);
    expect(check.body).toMatchObject({
      hasCenter: true,
      hasScope: true,
      centerId: level.centerId,
      isMainAdmin: true,
      canEditCenter: true,
    });
    const linked = await t.get('/api/account/user/mhsc', admin.access);
    expect((linked.body.items as Center[]).map((c) => c.name)).toEqual(
      expect.arrayContaining(['Ba Dinh Health Center', 'Le Chan Health Center']),
    );

    const scopeAdmin = await t.login('scopeadmin');
    const sub = await t.get('/api/account/smadmin/mhsc/me', scopeAdmin.access);
    expect((sub.body.items as Center[]).map((c) => c.name)).toEqual(
      expect.arrayContaining(['Ba Dinh Health Center', 'Le Chan Health Center']),
    );
    const denied = await send(
      'PUT',
      `/api/account/smadmin/mhsc/${ids.baDinh}`,
      scopeAdmin.access,
      form({ name: 'Ba Dinh Health Center' }),
    );
    expect(denied.status).toBe(403);
    const check2 = await t.get('/api/account/smadmin/check-mhsc-and-scope', scopeAdmin.access);
    expect(check2.body).toMatchObject({
      hasScope: true,
      hasCenter: false,
      scopeName: 'Northern Region',
      canEditCenter: false,
    });
  });
});

describe('/api/manage calls', () => {
  test('create by name, detail, move scope, upload logo, tenants; another tenant name is refused', async () => {
    const q = (o: Record<string, string>) => new URLSearchParams(o).toString();
    const created = await t.post(
      `/api/manage/sadmin/center?${q({ name: 'Cau Giay Clinic', scope: ids.hanoi, tenantName: 'demo', mainAdmin: ids.second })}`,
      undefined,
      sa,
    );
    expect(created.status, created.raw).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Cau Giay Clinic',
      scopeName: 'Hanoi',
      mainAdmin: { userId: ids.second },
    });
    expect(
      (
        await t.post(
          `/api/manage/sadmin/center?${q({ name: 'No Admin', scope: ids.hanoi, tenantName: 'demo' })}`,
          undefined,
          sa,
        )
      ).body.code,
    ).toBe('CENTER_ADMIN_REQUIRED');
    expect(
      (
        await t.post(
          `/api/manage/sadmin/center?${q({ name: 'Elsewhere', scope: ids.hanoi, tenantName: 'demo2', mainAdmin: ids.second })}`,
          undefined,
          sa,
        )
      ).status,
    ).toBe(404);
    expect((await t.get(`/api/manage/sadmin/center/detail?${q({ name: 'cau giay clinic' })}`, sa)).body).toMatchObject({
      name: 'Cau Giay Clinic',
    });
    expect((await t.get(`/api/manage/sadmin/center/detail?${q({ name: 'Cau Giay Clinic' })}`, sa2)).status).toBe(404);
    const moved = await t.put(
      `/api/manage/sadmin/center?${q({ name: 'Cau Giay Clinic', scope: ids.haiPhong, tenantName: 'CareWatch Demo' })}`,
      undefined,
      sa,
    );
    expect(moved.body).toMatchObject({ scopeName: 'Hai Phong', mainAdmin: { userId: ids.second } });
    const f = form({}, { name: 'file', filename: 'l.png', data: PNG, type: 'image/png' });
    const logo = await t.call(
      'POST',
      `/api/manage/sadmin/center/upload-logo?${q({ tenantName: 'demo', name: 'Cau Giay Clinic' })}`,
      { token: sa, payload: f.payload, headers: f.headers },
    );
    expect(logo.status, logo.raw).toBe(200);
    expect(logo.body.hasLogo).toBe(true);
    const bad = form({}, { name: 'file', filename: 'l.png', data: Buffer.from('GIF89a'), type: 'image/png' });
    expect(
      (
        await t.call(
          'POST',
          `/api/manage/sadmin/center/upload-logo?${q({ tenantName: 'demo', name: 'Cau Giay Clinic' })}`,
          { token: sa, payload: bad.payload, headers: bad.headers },
        )
      ).body,
    ).toMatchObject({ code: 'INVALID_FILE_TYPE', details: { field: 'file' } });
    const tenants = await t.get('/api/manage/sadmin/tenant/all', sa);
    expect((tenants.body.items as Array<{ code: string }>).map((x) => x.code).sort()).toEqual(['demo', 'demo2']);
    expect((await t.get('/api/manage/sadmin/tenant/all', (await t.login('doctor')).access)).status).toBe(403);
  });
});
