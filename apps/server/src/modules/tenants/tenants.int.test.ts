import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type Res, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
// The operator allows the local PostgreSQL server for dedicated tenants (TENANT_DB_ALLOWED_HOSTS).
beforeAll(async () => {
  t = await startTestApp({ config: { tenantDbAllowedHosts: ['127.0.0.1'], tenantDbTimeoutMs: 1000 } });
});
afterAll(async () => {
  await t?.close();
});

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f6e1d70000000049454e44ae426082',
  'hex',
);
const DB_PASSWORD = 'Sup3r-Secret-Db-Pass';

type Part = { name: string; value: string } | { name: string; filename: string; data: Buffer; type: string };
function multipart(parts: Part[]) {
  const boundary = '----cwtest' + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if ('data' in p) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type}\r\n\r\n`,
        ),
        p.data,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const png = (name: string, data = PNG) => ({ name, filename: `${name}.png`, data, type: 'image/png' });
const upload = (url: string, parts: Part[], token?: string) => {
  const m = multipart(parts);
  return t.call('POST', url, { token, payload: m.payload, headers: m.headers });
};

const conn = (over: Record<string, unknown> = {}) => ({
  host: '127.0.0.1',
  port: 5432,
  username: 'postgres',
  usernameConfirm: 'postgres',
  password: DB_PASSWORD,
  passwordConfirm: DB_PASSWORD,
  publicUrl: 'https://db.example.com',
  ...over,
});
const tenantIdOf = async (code: string) =>
  (await t.db.query<{ id: string }>('select id from tenants where code = $1', [code]))[0]!.id;
/** The latest e-mail to `to`, unmasked (the demo tenants keep the unmasked copy; others: the masked body). */
const lastMailTo = async (to: string) =>
  (
    await t.db.query<{ subject: string; body: string; tenant_id: string | null }>(
      'select coalesce(secret_subject, subject) as subject, coalesce(secret_body, body) as body, tenant_id from messages where recipient = $1 order by created_at desc, id desc limit 1',
      [to],
    )
  )[0];
const tempPasswordIn = (body: string) => /Temporary password: (\S+)/.exec(body)?.[1] ?? '';
const loginWith = (tenant: string, username: string, password: string) =>
  t.call('POST', '/api/auth/oauth-token', { form: { tenant, username, password, grant_type: 'password' } });
const auditCount = async (action: string, resourceId: string) =>
  (await t.db.query('select 1 from audit_log where action = $1 and resource_id = $2', [action, resourceId])).length;

describe('tenant management (super admin)', () => {
  test('list: paginated, searched, filtered by active; only root/super admins, across tenants', async () => {
    const sa = await t.login('superadmin');
    const all = await t.get('/api/account/sadmin/tenant?page=0&size=10', sa.access);
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(2);
    const search = await t.get('/api/account/sadmin/tenant?searchValue=demo%20two', sa.access);
    expect((search.body.items as Array<{ code: string }>).map((i) => i.code)).toEqual(['demo2']);
    expect((await t.get('/api/account/sadmin/tenant?active=false', sa.access)).body.total).toBe(0);
    expect((await t.get('/api/account/sadmin/tenant?size=0', sa.access)).body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'size' },
    });
    // By design, a super admin of demo2 manages every tenant too (platform-level).
    const sa2 = await t.login('superadmin', 'demo2');
    expect((await t.get('/api/account/sadmin/tenant', sa2.access)).body.total).toBe(2);
    const sys = await t.login('sysadmin');
    expect((await t.get('/api/account/sadmin/tenant', sys.access)).status).toBe(403);
  });

  test('create (shared): default settings and roles, first system admin e-mailed a temporary password that works', async () => {
    const sa = await t.login('superadmin');
    const res = await t.post(
      '/api/account/sadmin/tenant',
      {
        name: 'Hue Clinic',
        officialName: 'Hue Clinic Group',
        code: 'HUE',
        adminEmail: 'Admin@Hue.test',
        connectionType: 'shared',
      },
      sa.access,
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      code: 'hue',
      name: 'Hue Clinic',
      officialName: 'Hue Clinic Group',
      active: true,
      connectionType: 'shared',
      connections: [],
    });
    expect((res.body.settings as Record<string, string>).PASSWORD_RULE).toBe('standard');
    const id = String(res.body.id);
    const roles = await t.db.query('select 1 from roles where tenant_id = $1', [id]);
    expect(roles.length).toBe(12);
    const mail = await lastMailTo('admin@hue.test');
    expect(mail?.body).toContain('Tenant code: hue');
    expect(mail?.tenant_id).toBe(await tenantIdOf('demo'));
    const login = await loginWith('hue', 'admin@hue.test', tempPasswordIn(mail!.body));
    expect(login.status).toBe(200);
    const perm = await t.post('/api/auth/permission', {}, String(login.body.access_token));
    expect(perm.body.role).toBe('system_admin');
    expect(await auditCount('tenant.create', id)).toBe(1);
  });

  test('tenant name and code are unique (name case-insensitively): 400 naming the field', async () => {
    const sa = await t.login('superadmin');
    const dupName = await t.post(
      '/api/account/sadmin/tenant',
      { name: 'carewatch demo', code: 'other', adminEmail: 'a@b.test' },
      sa.access,
    );
    expect(dupName.status).toBe(400);
    expect(dupName.body).toMatchObject({
      code: 'TENANT_NAME_DUPLICATED',
      message: 'Tenant name duplicated',
      details: { field: 'name' },
    });
    const dupCode = await t.post(
      '/api/account/sadmin/tenant',
      { name: 'Fresh', code: 'demo2', adminEmail: 'a@b.test' },
      sa.access,
    );
    expect(dupCode.body).toMatchObject({ code: 'TENANT_CODE_DUPLICATED', details: { field: 'code' } });
    expect(
      (await t.post('/api/account/sadmin/tenant', { name: '', code: 'x1', adminEmail: 'a@b.test' }, sa.access)).body,
    ).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'name' } });
    expect(
      (await t.post('/api/account/sadmin/tenant', { name: 'N', code: 'x1', adminEmail: 'nope' }, sa.access)).body,
    ).toMatchObject({ details: { field: 'adminEmail' } });
  });

  test('dedicated: exactly 3 connections, valid type, user name and password retyped', async () => {
    const sa = await t.login('superadmin');
    const base = { name: 'Dedicated One', code: 'ded1', adminEmail: 'admin@ded1.test', connectionType: 'dedicated' };
    const two = await t.post('/api/account/sadmin/tenant', { ...base, connections: [conn(), conn()] }, sa.access);
    expect(two.body).toMatchObject({
      code: 'TENANT_CONNECTIONS_COUNT',
      message: 'Each tenant must have 3 connections',
      details: { field: 'connections' },
    });
    const four = await t.post(
      '/api/account/sadmin/tenant',
      { ...base, connections: [conn(), conn(), conn(), conn()] },
      sa.access,
    );
    expect(four.status).toBe(400);
    expect(four.body).toMatchObject({ code: 'TENANT_CONNECTIONS_COUNT', details: { field: 'connections' } });
    const type = await t.post(
      '/api/account/sadmin/tenant',
      { ...base, connectionType: 'cluster', connections: [conn(), conn(), conn()] },
      sa.access,
    );
    expect(type.body).toMatchObject({
      code: 'TENANT_CONNECTION_TYPE_INVALID',
      message: 'Cannot save tenant because of invalid connection type',
      details: { field: 'connectionType' },
    });
    const user = await t.post(
      '/api/account/sadmin/tenant',
      { ...base, connections: [conn(), conn({ usernameConfirm: 'postgre' }), conn()] },
      sa.access,
    );
    expect(user.body).toMatchObject({
      code: 'TENANT_USERNAME_MISMATCH',
      details: { field: 'connections.1.usernameConfirm' },
    });
    const pw = await t.post(
      '/api/account/sadmin/tenant',
      { ...base, connections: [conn(), conn(), conn({ passwordConfirm: 'other' })] },
      sa.access,
    );
    expect(pw.body).toMatchObject({ code: 'PASSWORD_MISMATCH', details: { field: 'connections.2.passwordConfirm' } });
    const port = await t.post(
      '/api/account/sadmin/tenant',
      { ...base, connections: [conn({ port: 70000 }), conn(), conn()] },
      sa.access,
    );
    expect(port.body).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'connections.0.port' } });
    expect((await t.db.query("select 1 from tenants where code = 'ded1'")).length).toBe(0);
  });

  test('dedicated: a closed port fails the real connection test ("Could not contact supplied server"); nothing saved', async () => {
    const sa = await t.login('superadmin');
    const res = await t.post(
      '/api/account/sadmin/tenant',
      {
        name: 'Dedicated Two',
        code: 'ded2',
        adminEmail: 'admin@ded2.test',
        connectionType: 'dedicated',
        connections: [conn(), conn(), conn({ port: 1 })],
      },
      sa.access,
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'TENANT_CONNECTION_FAILED',
      message: 'Could not contact supplied server',
      details: { field: 'connections.2.host' },
    });
    expect((await t.db.query("select 1 from tenants where code = 'ded2'")).length).toBe(0);
    const ok = await t.post(
      '/api/account/sadmin/tenant/connection/test',
      { host: '127.0.0.1', port: 5432, username: 'postgres', password: 'x' },
      sa.access,
    );
    expect(ok.body).toEqual({ ok: true });
    const bad = await t.post(
      '/api/account/sadmin/tenant/connection/test',
      { host: '127.0.0.1', port: 1, username: 'postgres', password: 'x' },
      sa.access,
    );
    expect(bad.body).toMatchObject({ code: 'TENANT_CONNECTION_FAILED', details: { field: 'host' } });
  });

  test('dedicated: tested against the real PostgreSQL; passwords encrypted at rest and never returned', async () => {
    const sa = await t.login('superadmin');
    const created = await t.post(
      '/api/account/sadmin/tenant',
      {
        name: 'Dedicated Three',
        code: 'ded3',
        adminEmail: 'admin@ded3.test',
        connectionType: 'dedicated',
        connections: [conn(), conn(), conn()],
      },
      sa.access,
    );
    expect(created.status).toBe(201);
    const id = String(created.body.id);
    expect(created.body.connections).toEqual(
      [0, 1, 2].map((position) => ({
        position,
        host: '127.0.0.1',
        port: 5432,
        username: 'postgres',
        passwordSet: true,
        publicUrl: 'https://db.example.com',
      })),
    );
    const responses: Res[] = [
      created,
      await t.get(`/api/account/sadmin/tenant/${id}`, sa.access),
      await t.get('/api/account/sadmin/tenant', sa.access),
    ];
    // Edit with empty passwords keeps (and re-tests) the stored ones.
    const keep = conn({ password: '', passwordConfirm: '' });
    const edited = await t.put(
      `/api/account/sadmin/tenant/${id}`,
      { name: 'Dedicated Three', officialName: 'D3', connectionType: 'dedicated', connections: [keep, keep, keep] },
      sa.access,
    );
    expect(edited.status).toBe(200);
    responses.push(edited);
    for (const r of responses) expect(r.raw).not.toContain(DB_PASSWORD);
    const rows = await t.db.query<{ password_enc: string }>(
      'select password_enc from tenant_connections where tenant_id = $1',
      [id],
    );
    expect(rows.length).toBe(3);
    const box = t.deps.secrets;
    for (const r of rows) {
      expect(r.password_enc).not.toContain(DB_PASSWORD);
      expect(box.open(r.password_enc)).toBe(DB_PASSWORD);
    }
    expect(await auditCount('tenant.update', id)).toBe(1);
    // Back to shared removes the stored connections.
    const shared = await t.put(
      `/api/account/sadmin/tenant/${id}`,
      { name: 'Dedicated Three', connectionType: 'shared' },
      sa.access,
    );
    expect(shared.body).toMatchObject({ connectionType: 'shared', connections: [] });
  });

  test('activate/deactivate: users of an inactive tenant cannot sign in; own tenant cannot be deactivated; audited', async () => {
    const sa = await t.login('superadmin');
    const demo2 = await tenantIdOf('demo2');
    const off = await t.put(`/api/account/sadmin/tenant/${demo2}/active`, { active: false }, sa.access);
    expect(off.body.active).toBe(false);
    expect((await loginWith('demo2', 'doctor@demo2.test', 'CareWatch@2026')).status).toBe(400);
    const on = await t.put(`/api/account/sadmin/tenant/${demo2}/active`, { active: true }, sa.access);
    expect(on.body.active).toBe(true);
    expect((await loginWith('demo2', 'doctor@demo2.test', 'CareWatch@2026')).status).toBe(200);
    expect(await auditCount('tenant.disable', demo2)).toBe(1);
    expect(await auditCount('tenant.enable', demo2)).toBe(1);
    const self = await t.put(
      `/api/account/sadmin/tenant/${await tenantIdOf('demo')}/active`,
      { active: false },
      sa.access,
    );
    expect(self.body).toMatchObject({ code: 'TENANT_SELF_DISABLE', details: { field: 'active' } });
    expect(
      (
        await t.put(
          '/api/account/sadmin/tenant/00000000-0000-7000-8000-000000000000/active',
          { active: false },
          sa.access,
        )
      ).status,
    ).toBe(404);
  });
});

describe('settings tabs', () => {
  test('branding and logos: PNG by content, at most 2 MB, served publicly with nosniff; header LOGO follows', async () => {
    const sa = await t.login('superadmin');
    const demo = await tenantIdOf('demo');
    const b = await t.put(
      `/api/account/sadmin/tenant/${demo}/settings/branding`,
      { name: 'CareWatch Demo', officialName: 'CareWatch Demo Health Network', color: '#C92A2A', font: 'Roboto' },
      sa.access,
    );
    expect(b.status).toBe(200);
    expect(b.body.settings).toMatchObject({ COLOR: '#c92a2a', FONT: 'Roboto' });
    expect(
      (
        await t.put(
          `/api/account/sadmin/tenant/${demo}/settings/branding`,
          { name: 'CareWatch Demo', color: 'red', font: 'Roboto' },
          sa.access,
        )
      ).body,
    ).toMatchObject({ details: { field: 'color' } });
    expect(
      (
        await t.put(
          `/api/account/sadmin/tenant/${demo}/settings/branding`,
          { name: 'CareWatch Demo', color: '#000000', font: 'Comic Sans' },
          sa.access,
        )
      ).body,
    ).toMatchObject({ details: { field: 'font' } });
    expect(
      (
        await t.put(
          `/api/account/sadmin/tenant/${demo}/settings/branding`,
          { name: 'CareWatch Demo Two', color: '#000000', font: 'Inter' },
          sa.access,
        )
      ).body,
    ).toMatchObject({ code: 'TENANT_NAME_DUPLICATED', details: { field: 'name' } });

    const up = await upload(`/api/account/sadmin/tenant/${demo}/logo/horizontal`, [png('file')], sa.access);
    expect(up.status).toBe(200);
    const url = (up.body.settings as Record<string, string>).LOGO!;
    expect(url).toMatch(/^\/api\/auth\/tenant\/logo\/[0-9a-f-]{36}\/[A-Za-z0-9_-]{24}\.png$/);
    const img = await t.app.inject({ method: 'GET', url });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect(img.rawPayload.equals(PNG)).toBe(true);
    const doctor = await t.login('doctor');
    expect(
      ((await t.get('/api/auth/tenant/setting/getAll', doctor.access)).body.settings as Record<string, string>).LOGO,
    ).toBe(url);
    expect((await t.app.inject({ method: 'GET', url: url.replace(/\/[^/]+$/, '/../../secret.png') })).statusCode).toBe(
      404,
    );

    const html = await upload(
      `/api/account/sadmin/tenant/${demo}/logo/square`,
      [{ name: 'file', filename: 'x.png', data: Buffer.from('<html>x</html>'), type: 'image/png' }],
      sa.access,
    );
    expect(html.body).toMatchObject({ code: 'LOGO_NOT_PNG', details: { field: 'file' } });
    const jpeg = await upload(
      `/api/account/sadmin/tenant/${demo}/logo/square`,
      [{ name: 'file', filename: 'x.png', data: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]), type: 'image/png' }],
      sa.access,
    );
    expect(jpeg.body.code).toBe('LOGO_NOT_PNG');
    const big = await upload(
      `/api/account/sadmin/tenant/${demo}/logo/square`,
      [png('file', Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]))],
      sa.access,
    );
    expect(big.status).toBe(400);
    expect(big.body).toMatchObject({ code: 'LOGO_TOO_LARGE', details: { field: 'file' } });
    expect(await auditCount('tenant.settings.update', demo)).toBeGreaterThanOrEqual(2);
  });

  test('units, security, e-mail template and other tabs validate their values', async () => {
    const sys = await t.login('sysadmin');
    const demo = await tenantIdOf('demo');
    const T = `/api/account/tenant/${demo}/settings`;
    const units = await t.put(
      `${T}/units`,
      { unitSystem: 'imperial', thermalUnit: 'F', bloodGlucoseUnit: 'mg/dL', acidUricUnit: 'mg/dL' },
      sys.access,
    );
    expect(units.body.settings).toMatchObject({
      UNIT_SYSTEM: 'imperial',
      THERMAL_UNIT: 'F',
      BLOOD_GLUCOSE_UNIT: 'mg/dL',
      ACID_URIC_UNIT: 'mg/dL',
    });
    expect(
      (
        await t.put(
          `${T}/units`,
          { unitSystem: 'imperial', thermalUnit: 'K', bloodGlucoseUnit: 'mg/dL', acidUricUnit: 'mg/dL' },
          sys.access,
        )
      ).body,
    ).toMatchObject({ details: { field: 'thermalUnit' } });
    expect(
      (
        await t.put(
          `${T}/units`,
          { unitSystem: 'imperial', thermalUnit: 'F', bloodGlucoseUnit: 'mg/dL', acidUricUnit: 'mmol/L' },
          sys.access,
        )
      ).body,
    ).toMatchObject({ details: { field: 'acidUricUnit' } });
    expect(
      (await t.put(`${T}/security`, { passwordRule: 'weak', phoneRule: 'flexible' }, sys.access)).body,
    ).toMatchObject({ details: { field: 'passwordRule' } });
    const tpl = await t.put(`${T}/email-template`, { subject: 'Your code', body: 'Code: {{code}}' }, sys.access);
    expect(tpl.body.emailTemplate).toEqual({ subject: 'Your code', body: 'Code: {{code}}' });
    // The next one-time code e-mail of this tenant uses the template.
    await t.post('/api/auth/oauth/otp/mail', { tenant: 'demo', email: 'coach@demo.test' });
    const sent = await t.db.query<{ subject: string; body: string; secret_body: string }>(
      "select subject, body, secret_body from messages where recipient = 'coach@demo.test' order by created_at desc, id desc limit 1",
    );
    expect(sent[0]!.subject).toBe('Your code');
    expect(sent[0]!.body).toBe('Code: ••••••');
    expect(sent[0]!.secret_body).toMatch(/^Code: \d{6}$/);
    expect(
      (await t.put(`${T}/email-template`, { subject: 'Your code', body: 'No placeholder' }, sys.access)).body,
    ).toMatchObject({ code: 'EMAIL_TEMPLATE_NO_CODE', details: { field: 'body' } });
    const other = {
      language: 'vi',
      country: 'CA',
      dialCode: '+1',
      organizationName: 'Demo Org',
      aiCloudTenantId: 'ai-123',
      allowWebSosPopup: false,
      ocrHealthDeviceApiKey: 'ocr-secret-key-1',
    };
    const o = await t.put(`${T}/other`, other, sys.access);
    expect(o.status).toBe(200);
    expect(o.body.settings).toMatchObject({
      LANGUAGE: 'vi',
      COUNTRY: 'CA',
      COUNTRY_CODE: 'CA',
      DIAL_CODE: '+1',
      ORGANIZATION_NAME: 'Demo Org',
      AI_CLOUD_TENANT_ID: 'ai-123',
      ALLOW_WEB_SOS_POPUP: 'false',
    });
    expect(o.body).toMatchObject({ ocrHealthDeviceApiKeySet: true, ocrPrescriptionApiKeySet: false });
    expect(o.raw).not.toContain('ocr-secret-key-1');
    const all = await t.get('/api/auth/tenant/setting/getAll', sys.access);
    expect((all.body.settings as Record<string, string>).OCR_HEALTH_DEVICE_API_KEY).toBe('********');
    const stored = await t.db.query<{ value: string }>(
      "select value from tenant_settings where tenant_id = $1 and key = 'OCR_HEALTH_DEVICE_API_KEY'",
      [demo],
    );
    expect(stored[0]!.value).not.toContain('ocr-secret-key-1');
    expect(t.deps.secrets.open(stored[0]!.value)).toBe('ocr-secret-key-1');
    // Absent keeps, '' removes.
    const { ocrHealthDeviceApiKey: _omit, ...rest } = other;
    expect((await t.put(`${T}/other`, rest, sys.access)).body.ocrHealthDeviceApiKeySet).toBe(true);
    expect(
      (await t.put(`${T}/other`, { ...rest, ocrHealthDeviceApiKey: '' }, sys.access)).body.ocrHealthDeviceApiKeySet,
    ).toBe(false);
    expect((await t.put(`${T}/other`, { ...rest, dialCode: '+84' }, sys.access)).body).toMatchObject({
      details: { field: 'dialCode' },
    });
    expect((await t.put(`${T}/other`, { ...rest, language: 'fr' }, sys.access)).body).toMatchObject({
      details: { field: 'language' },
    });
    expect((await t.put(`${T}/other`, { ...rest, country: 'US' }, sys.access)).body).toMatchObject({
      details: { field: 'country' },
    });
    // The patient list's columns follow the tenant setting.
    expect((await t.put(`${T}/other`, { ...rest, patientListColumns: ['age'] }, sys.access)).body).toMatchObject({
      details: { field: 'patientListColumns.0' },
    });
    expect(
      (await t.put(`${T}/other`, { ...rest, patientListColumns: ['fullName', 'status', 'contractId'] }, sys.access))
        .body.settings,
    ).toMatchObject({ PATIENT_LIST_COLUMNS: 'fullName,status,contractId' });
    expect((await t.get('/api/account/patients', sys.access)).body.columns).toEqual([
      'fullName',
      'status',
      'contractId',
    ]);
  });

  test("a system admin reaches only their own tenant's settings: another tenant's id answers 404 like a missing one", async () => {
    const sys2 = await t.login('sysadmin', 'demo2');
    const demo = await tenantIdOf('demo');
    const demo2 = await tenantIdOf('demo2');
    const units = { unitSystem: 'metric', thermalUnit: 'C', bloodGlucoseUnit: 'mmol/L', acidUricUnit: 'umol/L' };
    const other = await t.get(`/api/account/tenant/${demo}/settings`, sys2.access);
    const missing = await t.get('/api/account/tenant/00000000-0000-7000-8000-000000000000/settings', sys2.access);
    expect(other.status).toBe(404);
    expect(other.body).toEqual(missing.body);
    expect((await t.put(`/api/account/tenant/${demo}/settings/units`, units, sys2.access)).status).toBe(404);
    expect(
      (
        await t.put(
          `/api/account/tenant/${demo}/settings/email-template`,
          { subject: 's', body: '{{code}}' },
          sys2.access,
        )
      ).status,
    ).toBe(404);
    const own = await t.get(`/api/account/tenant/${demo2}/settings`, sys2.access);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ code: 'demo2', connections: [] });
    // Branding, logos and connections are the super admin's (a system admin sends a branding request instead).
    expect(
      (
        await t.put(
          `/api/account/sadmin/tenant/${demo2}/settings/branding`,
          { name: 'X', color: '#000000', font: 'Inter' },
          sys2.access,
        )
      ).status,
    ).toBe(403);
    expect((await t.get(`/api/account/sadmin/tenant/${demo2}`, sys2.access)).status).toBe(403);
    const doctor = await t.login('doctor', 'demo2');
    expect((await t.get(`/api/account/tenant/${demo2}/settings`, doctor.access)).status).toBe(403);
  });

  test("the password rule is enforced for that tenant's users only", async () => {
    const sys2 = await t.login('sysadmin', 'demo2');
    const demo2 = await tenantIdOf('demo2');
    expect(
      (
        await t.put(
          `/api/account/tenant/${demo2}/settings/security`,
          { passwordRule: 'strict', phoneRule: 'flexible' },
          sys2.access,
        )
      ).body.settings,
    ).toMatchObject({ PASSWORD_RULE: 'strict' });
    const caret = 'New^Pass2026';
    const coach2 = await t.login('coach', 'demo2');
    const refused = await t.post(
      '/api/account/change-password',
      { password: 'CareWatch@2026', newPassword: caret, confirmPassword: caret },
      coach2.access,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('WEAK_PASSWORD');
    const coach = await t.login('coach');
    expect(
      (
        await t.post(
          '/api/account/change-password',
          { password: 'CareWatch@2026', newPassword: caret, confirmPassword: caret },
          coach.access,
        )
      ).status,
    ).toBe(200);
  });
});

describe('trial and branding requests', () => {
  const trialFields = (over: Record<string, string> = {}): Part[] =>
    Object.entries({
      organizationName: 'Da Nang Care',
      contactName: 'Linh Tran',
      email: 'linh@danang.test',
      phone: '0905123456',
      tenantCode: 'danang',
      color: '#2F9E44',
      ...over,
    }).map(([name, value]) => ({ name, value }));

  test('public trial request: both PNG logos required; fields validated', async () => {
    const missing = await upload('/api/auth/tenant/trial-request', [...trialFields(), png('squareLogo')]);
    expect(missing.body).toMatchObject({ code: 'LOGO_REQUIRED', details: { field: 'horizontalLogo' } });
    const notPng = await upload('/api/auth/tenant/trial-request', [
      ...trialFields(),
      { name: 'squareLogo', filename: 'a.png', data: Buffer.from('GIF89a....'), type: 'image/png' },
      png('horizontalLogo'),
    ]);
    expect(notPng.body).toMatchObject({ code: 'LOGO_NOT_PNG', details: { field: 'squareLogo' } });
    const big = await upload('/api/auth/tenant/trial-request', [
      ...trialFields(),
      png('squareLogo'),
      png('horizontalLogo', Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)])),
    ]);
    expect(big.body).toMatchObject({ code: 'LOGO_TOO_LARGE', details: { field: 'horizontalLogo' } });
    const badEmail = await upload('/api/auth/tenant/trial-request', [
      ...trialFields({ email: 'x' }),
      png('squareLogo'),
      png('horizontalLogo'),
    ]);
    expect(badEmail.body).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'email' } });
    const taken = await upload('/api/auth/tenant/trial-request', [
      ...trialFields({ tenantCode: 'demo' }),
      png('squareLogo'),
      png('horizontalLogo'),
    ]);
    expect(taken.body).toMatchObject({ code: 'TENANT_CODE_DUPLICATED', details: { field: 'tenantCode' } });
    expect((await t.db.query('select 1 from tenant_requests')).length).toBe(0);
  });

  test('approve a trial: creates the tenant with its branding and first admin, e-mails the requester', async () => {
    const sent = await upload('/api/auth/tenant/trial-request', [
      ...trialFields(),
      png('squareLogo'),
      png('horizontalLogo'),
    ]);
    expect(sent.status).toBe(201);
    const id = String(sent.body.id);
    const sa = await t.login('superadmin', 'demo2');
    const list = await t.get('/api/account/sadmin/tenant-request?type=TRIAL_REQUEST&status=new', sa.access);
    const item = (list.body.items as Array<Record<string, string>>).find((r) => r.id === id)!;
    expect(item).toMatchObject({
      organizationName: 'Da Nang Care',
      tenantCode: 'danang',
      status: 'new',
      color: '#2f9e44',
    });
    expect((await t.app.inject({ method: 'GET', url: item.squareLogoUrl! })).statusCode).toBe(200);
    const ok = await t.post(`/api/account/sadmin/tenant-request/${id}/approve`, {}, sa.access);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ status: 'approved', tenantName: 'Da Nang Care' });
    const tenantId = await tenantIdOf('danang');
    const settings = await t.db.query<{ key: string; value: string }>(
      "select key, value from tenant_settings where tenant_id = $1 and key in ('COLOR', 'LOGO', 'ICON')",
      [tenantId],
    );
    expect(Object.fromEntries(settings.map((s) => [s.key, s.value]))).toEqual({
      COLOR: '#2f9e44',
      LOGO: item.horizontalLogoUrl,
      ICON: item.squareLogoUrl,
    });
    const mail = await lastMailTo('linh@danang.test');
    expect(mail?.body).toContain('approved');
    expect((await loginWith('danang', 'linh@danang.test', tempPasswordIn(mail!.body))).status).toBe(200);
    expect(await auditCount('tenant.request.approve', id)).toBe(1);
    expect((await t.post(`/api/account/sadmin/tenant-request/${id}/approve`, {}, sa.access)).body).toMatchObject({
      code: 'TENANT_REQUEST_DECIDED',
    });
    expect(
      (await t.post('/api/account/sadmin/tenant-request/00000000-0000-7000-8000-000000000000/approve', {}, sa.access))
        .status,
    ).toBe(404);
  });

  test('reject needs a reason, which is e-mailed to the requester', async () => {
    const sent = await upload('/api/auth/tenant/trial-request', [
      ...trialFields({ organizationName: 'Can Tho Care', tenantCode: 'cantho', email: 'minh@cantho.test' }),
      png('squareLogo'),
      png('horizontalLogo'),
    ]);
    const id = String(sent.body.id);
    const sa = await t.login('superadmin');
    expect(
      (await t.post(`/api/account/sadmin/tenant-request/${id}/reject`, { reason: '  ' }, sa.access)).body,
    ).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'reason' } });
    const res = await t.post(
      `/api/account/sadmin/tenant-request/${id}/reject`,
      { reason: 'Incomplete information' },
      sa.access,
    );
    expect(res.body).toMatchObject({ status: 'rejected', reason: 'Incomplete information' });
    expect((await lastMailTo('minh@cantho.test'))?.body).toContain('Reason: Incomplete information');
    expect((await t.db.query("select 1 from tenants where code = 'cantho'")).length).toBe(0);
    expect(await auditCount('tenant.request.reject', id)).toBe(1);
    const sys = await t.login('sysadmin');
    expect((await t.post(`/api/account/sadmin/tenant-request/${id}/reject`, { reason: 'x' }, sys.access)).status).toBe(
      403,
    );
  });

  test('a system admin asks for new branding; the super admin approves it and it applies to that tenant', async () => {
    const sys2 = await t.login('sysadmin', 'demo2');
    const bad = await upload(
      '/api/account/tenant/branding-request',
      [{ name: 'color', value: '#1971c2' }, png('squareLogo')],
      sys2.access,
    );
    expect(bad.body).toMatchObject({ code: 'LOGO_REQUIRED', details: { field: 'horizontalLogo' } });
    const sent = await upload(
      '/api/account/tenant/branding-request',
      [{ name: 'color', value: '#1971C2' }, png('squareLogo'), png('horizontalLogo')],
      sys2.access,
    );
    expect(sent.status).toBe(201);
    const sa = await t.login('superadmin');
    const list = await t.get('/api/account/sadmin/tenant-request?type=UPDATE_BRANDING', sa.access);
    expect((list.body.items as Array<Record<string, string>>)[0]).toMatchObject({
      tenantCode: 'demo2',
      email: 'sysadmin@demo2.test',
      color: '#1971c2',
    });
    await t.post(`/api/account/sadmin/tenant-request/${String(sent.body.id)}/approve`, {}, sa.access);
    const doc2 = await t.login('doctor', 'demo2');
    expect(
      ((await t.get('/api/auth/tenant/setting/getAll', doc2.access)).body.settings as Record<string, string>).COLOR,
    ).toBe('#1971c2');
    expect((await lastMailTo('sysadmin@demo2.test'))?.subject).toContain('approved');
  });
});
