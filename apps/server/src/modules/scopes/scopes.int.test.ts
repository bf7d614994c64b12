import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
let sa: string;
let sa2: string;
beforeAll(async () => {
  t = await startTestApp();
  sa = (await t.login('superadmin')).access;
  sa2 = (await t.login('superadmin', 'demo2')).access;
});
afterAll(async () => {
  await t?.close();
});

const S = '/api/account/sadmin/mhsc/scope';
type Scope = { id: string; name: string; level: number; parentId: string | null; status: string; type: string | null };
const MISSING = '00000000-0000-7000-8000-000000000000';
const del = (url: string, token: string) => t.call('DELETE', url, { token });

async function scopeByName(name: string, token = sa): Promise<Scope> {
  const res = await t.get(`${S}?searchValue=${encodeURIComponent(name)}&size=50`, token);
  const hit = (res.body.items as Scope[]).find((s) => s.name === name);
  if (!hit) throw new Error(`no scope ${name}`);
  return hit;
}
async function create(body: Record<string, unknown>, token = sa) {
  return t.post(S, body, token);
}

describe('scope list and detail', () => {
  test('the super admin lists, searches, filters and pages the demo scopes', async () => {
    const all = await t.get(S, sa);
    expect(all.status).toBe(200);
    expect((all.body.items as Scope[]).map((s) => s.name)).toEqual(['Northern Region', 'Hai Phong', 'Hanoi']);
    expect(all.body).toMatchObject({ total: 3, page: 0, size: 15 });
    const region = await scopeByName('Northern Region');
    const cities = await t.get(`${S}?type=city&parentId=${region.id}`, sa);
    expect((cities.body.items as Scope[]).map((s) => s.name)).toEqual(['Hai Phong', 'Hanoi']);
    const paged = await t.get(`${S}?page=1&size=1`, sa);
    expect(paged.body).toMatchObject({ total: 3, page: 1, size: 1 });
    expect((paged.body.items as Scope[]).map((s) => s.name)).toEqual(['Hai Phong']);
    expect((await t.get(`${S}?searchValue=han`, sa)).body.items).toHaveLength(1);
    expect((await t.get(`${S}?size=0`, sa)).body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'size' },
    });
    expect((await t.get(`${S}?type=galaxy`, sa)).body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'type' },
    });
  });

  test('detail shows children, linked health centers and admins; children and hierarchy calls', async () => {
    const region = await scopeByName('Northern Region');
    const d = await t.get(`${S}/${region.id}`, sa);
    expect(d.status).toBe(200);
    expect((d.body.children as Scope[]).map((c) => c.name)).toEqual(['Hai Phong', 'Hanoi']);
    expect(d.body.mainAdmin).toMatchObject({ email: 'scopeadmin@demo.test', isMain: true });
    const hanoi = await scopeByName('Hanoi');
    expect(((await t.get(`${S}/${hanoi.id}`, sa)).body.centers as Array<{ name: string }>).map((c) => c.name)).toEqual([
      'Ba Dinh Health Center',
    ]);
    const kids = await t.get(`${S}/children?scopeId=${region.id}`, sa);
    expect((kids.body.items as Scope[]).map((c) => c.name)).toEqual(['Hai Phong', 'Hanoi']);
    const h = await t.get(`${S}/hierarchy?scopeId=${hanoi.id}&isFetchParent=true&isFetchChildren=true`, sa);
    expect(h.body).toMatchObject({ scope: { name: 'Hanoi' }, parents: [{ name: 'Northern Region' }], children: [] });
    const noParents = await t.get(`${S}/hierarchy?scopeId=${hanoi.id}&isFetchParent=false`, sa);
    expect(noParents.body.parents).toEqual([]);
    const whole = await t.get(`${S}/hierarchy`, sa);
    expect(whole.body.scope).toBeNull();
    expect((whole.body.children as Scope[]).length).toBeGreaterThanOrEqual(3);
    const admins = await t.get(`${S}/support-admin?scopeId=${region.id}&page=0&size=10`, sa);
    expect(admins.body).toMatchObject({
      total: 1,
      items: [{ email: 'scopeadmin@demo.test', isMain: true, scopeName: 'Northern Region' }],
    });
  });

  test('only ScopeManage holders reach the sadmin calls', async () => {
    const doctor = await t.login('doctor');
    expect((await t.get(S, doctor.access)).status).toBe(403);
    const scopeAdmin = await t.login('scopeadmin');
    expect((await create({ name: 'Sneaky', level: 1 }, scopeAdmin.access)).status).toBe(403);
  });
});

describe('scope rules', () => {
  test('levels 1 to 5, each parent exactly one level up', async () => {
    let parentId: string | null = null;
    for (let level = 1; level <= 5; level++) {
      const res = await create({ name: `Chain ${level}`, level, type: 'other', parentId });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body).toMatchObject({ level, parentId, status: 'active' });
      parentId = String(res.body.id);
    }
    expect((await create({ name: 'Chain 6', level: 6, parentId })).body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'level' },
    });
    expect((await create({ name: 'Chain 0', level: 0 })).body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'level' },
    });
    const l1 = await scopeByName('Chain 1');
    expect((await create({ name: 'Skipper', level: 3, parentId: l1.id })).body).toMatchObject({
      code: 'SCOPE_PARENT_INVALID',
      details: { field: 'parentId', rule: 'one_level_up' },
    });
    expect((await create({ name: 'Orphan', level: 2 })).body).toMatchObject({
      code: 'SCOPE_PARENT_INVALID',
      details: { field: 'parentId', rule: 'required' },
    });
    expect((await create({ name: 'Rooted', level: 1, parentId: l1.id })).body).toMatchObject({
      code: 'SCOPE_PARENT_INVALID',
      details: { field: 'parentId' },
    });
    expect((await create({ name: 'Lost', level: 2, parentId: MISSING })).status).toBe(400);
  });

  test('a name is not blank and unique within its level (case-insensitive); the same name at another level is fine', async () => {
    const blank = await create({ name: '   ', level: 1 });
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'name' } });
    const dup = await create({ name: 'northern REGION', level: 1 });
    expect(dup.status).toBe(400);
    expect(dup.body).toMatchObject({
      code: 'SCOPE_NAME_DUPLICATED',
      message: 'Scope name already exists in this level',
      details: { field: 'name' },
    });
    const region = await scopeByName('Northern Region');
    expect((await create({ name: 'Northern Region', level: 2, parentId: region.id })).status).toBe(201);
    const hanoi = await scopeByName('Hanoi');
    expect(
      (await t.put(`${S}/name-and-status/${hanoi.id}`, { name: 'hai phong', status: 'active' }, sa)).body,
    ).toMatchObject({ code: 'SCOPE_NAME_DUPLICATED', details: { field: 'name' } });
    expect(
      (await t.put(`${S}/${hanoi.id}`, { name: 'Hai Phong', level: 2, parentId: region.id }, sa)).body,
    ).toMatchObject({ code: 'SCOPE_NAME_DUPLICATED', details: { field: 'name' } });
  });

  test('deactivation and deletion are refused while health centers, admins or child scopes are linked', async () => {
    const region = await scopeByName('Northern Region');
    const off = await t.put(`${S}/name-and-status/${region.id}`, { name: 'Northern Region', status: 'inactive' }, sa);
    expect(off.status).toBe(409);
    expect(off.body).toMatchObject({ code: 'SCOPE_IN_USE', message: 'Scope in use cannot be deactivated' });
    const hanoi = await scopeByName('Hanoi');
    expect((await t.put(`${S}/name-and-status/${hanoi.id}`, { name: 'Hanoi', status: 'inactive' }, sa)).body.code).toBe(
      'SCOPE_IN_USE',
    );
    expect((await del(`${S}/${hanoi.id}`, sa)).body.code).toBe('SCOPE_IN_USE');
    expect((await scopeByName('Hanoi')).status).toBe('active');
  });

  test('an unused scope is renamed, deactivated, refused re-activation under an inactive parent, and deleted', async () => {
    const top = await create({ name: 'Central Region', level: 1, type: 'region' });
    const leaf = await create({ name: 'Hue', level: 2, type: 'city', parentId: top.body.id });
    const renamed = await t.put(`${S}/name-and-status/${leaf.body.id}`, { name: 'Hue City', status: 'inactive' }, sa);
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Hue City', status: 'inactive' });
    // The parent has only an inactive child left: it may be deactivated too.
    expect(
      (await t.put(`${S}/name-and-status/${top.body.id}`, { name: 'Central Region', status: 'inactive' }, sa)).body
        .status,
    ).toBe('inactive');
    const back = await t.put(`${S}/name-and-status/${leaf.body.id}`, { name: 'Hue City', status: 'active' }, sa);
    expect(back.status).toBe(409);
    expect(back.body).toMatchObject({ code: 'SCOPE_STATE_CHANGE_REFUSED', message: "Can't change scope state" });
    expect((await create({ name: 'Da Nang', level: 2, parentId: top.body.id })).body).toMatchObject({
      code: 'SCOPE_INACTIVE',
      details: { field: 'parentId' },
    });
    expect((await del(`${S}/${top.body.id}`, sa)).body.code).toBe('SCOPE_IN_USE');
    expect((await del(`${S}/${leaf.body.id}`, sa)).status).toBe(200);
    expect((await t.get(`${S}/${leaf.body.id}`, sa)).status).toBe(404);
    expect((await del(`${S}/${top.body.id}`, sa)).status).toBe(200);
  });

  test('update: level and parent move together; a scope with children keeps its level', async () => {
    const a = await create({ name: 'Mekong', level: 1 });
    const b = await create({ name: 'Can Tho', level: 2, parentId: a.body.id });
    const moved = await t.put(`${S}/${b.body.id}`, { name: 'Can Tho', level: 1, type: 'province', parentId: null }, sa);
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ level: 1, parentId: null, type: 'province' });
    await create({ name: 'Ninh Kieu', level: 2, parentId: b.body.id });
    const locked = await t.put(`${S}/${b.body.id}`, { name: 'Can Tho', level: 2, parentId: a.body.id }, sa);
    expect(locked.body).toMatchObject({ code: 'SCOPE_IN_USE', details: { field: 'level' } });
  });

  test('main and supporting scope admins: only scope admins; the main one is replaced, never simply removed', async () => {
    const cands = await t.get(`${S}/admin-candidates`, sa);
    const scopeAdmin = (cands.body.items as Array<{ userId: string; email: string }>).find(
      (c) => c.email === 'scopeadmin@demo.test',
    )!;
    expect(scopeAdmin).toBeTruthy();
    const doctorId = (await t.db.query<{ id: string }>("select id from users where email = 'doctor@demo.test'"))[0]!.id;
    expect((await create({ name: 'South', level: 1, mainAdminId: doctorId })).body).toMatchObject({
      code: 'ADMIN_NOT_ELIGIBLE',
      details: { field: 'mainAdminId' },
    });
    const south = await create({ name: 'South', level: 1, mainAdminId: scopeAdmin.userId });
    expect(south.status).toBe(201);
    expect(south.body).toMatchObject({
      mainAdmin: { userId: scopeAdmin.userId, isMain: true },
      supportAdmins: [],
      adminCount: 1,
    });
    const unassign = await t.put(`${S}/${south.body.id}`, { name: 'South', level: 1, mainAdminId: null }, sa);
    expect(unassign.body).toMatchObject({ code: 'MAIN_ADMIN_CANNOT_UNASSIGN', details: { field: 'mainAdminId' } });
    // Renaming without admin fields keeps the admins.
    const renamed = await t.put(`${S}/${south.body.id}`, { name: 'Southern Region', level: 1, type: 'region' }, sa);
    expect(renamed.body).toMatchObject({ name: 'Southern Region', mainAdmin: { userId: scopeAdmin.userId } });
    expect(
      (await t.put(`${S}/name-and-status/${south.body.id}`, { name: 'Southern Region', status: 'inactive' }, sa)).body
        .code,
    ).toBe('SCOPE_IN_USE');
  });
});

describe('tenancy, levels, audit, cache', () => {
  test("every id-taking scope call answers another tenant's id exactly like a missing one (404)", async () => {
    const hanoi = await scopeByName('Hanoi');
    const calls: Array<(id: string) => Promise<{ status: number; body: unknown }>> = [
      (id) => t.get(`${S}/${id}`, sa2),
      (id) => t.put(`${S}/${id}`, { name: 'X', level: 1 }, sa2),
      (id) => t.put(`${S}/name-and-status/${id}`, { name: 'X', status: 'inactive' }, sa2),
      (id) => del(`${S}/${id}`, sa2),
      (id) => t.get(`${S}/children?scopeId=${id}`, sa2),
      (id) => t.get(`${S}/hierarchy?scopeId=${id}`, sa2),
      (id) => t.get(`${S}/support-admin?scopeId=${id}`, sa2),
    ];
    for (const call of calls) {
      const other = await call(hanoi.id);
      const missing = await call(MISSING);
      expect(other.status).toBe(404);
      expect(other.body).toEqual(missing.body);
      expect(other.body).toMatchObject({ code: 'SCOPE_NOT_FOUND', message: 'Scope not found' });
    }
    expect((await create({ name: 'Leak', level: 2, parentId: hanoi.id }, sa2)).status).toBe(400);
    expect(((await t.get(S, sa2)).body.items as Scope[]).every((s) => s.id !== hanoi.id)).toBe(true);
  });

  test('a scope admin sees only their subtree; a center admin only their center’s scope', async () => {
    const scopeAdmin = await t.login('scopeadmin');
    const mine = await t.get('/api/account/smadmin/scope/me', scopeAdmin.access);
    expect(mine.body).toMatchObject({ name: 'Northern Region', mainAdmin: { email: 'scopeadmin@demo.test' } });
    const list = await t.get('/api/account/smadmin/scope?size=50', scopeAdmin.access);
    const names = (list.body.items as Scope[]).map((s) => s.name);
    expect(names).toEqual(expect.arrayContaining(['Northern Region', 'Hanoi', 'Hai Phong']));
    expect(names).not.toContain('Chain 1');
    const h = await t.get('/api/account/smadmin/scope/hierarchy', scopeAdmin.access);
    expect(h.body).toMatchObject({ scope: { name: 'Northern Region' }, parents: [] });

    const centerAdmin = await t.login('mhscadmin');
    const level = (await t.post('/api/auth/permission', {}, centerAdmin.access)).body.level as { scopeName: string };
    const own = await t.get('/api/account/smadmin/scope', centerAdmin.access);
    expect((own.body.items as Scope[]).map((s) => s.name)).toEqual([level.scopeName]);
    const region = await scopeByName('Northern Region');
    const h2 = await t.get('/api/account/smadmin/scope/hierarchy', centerAdmin.access);
    expect(h2.body).toMatchObject({ scope: { name: level.scopeName }, parents: [{ id: region.id }] });
  });

  test('create, update, enable/disable and delete write audit rows', async () => {
    const rows = await t.db.query<{ action: string; n: number }>(
      "select action, count(*)::int as n from audit_log where resource = 'scope' group by action",
    );
    const actions = Object.fromEntries(rows.map((r) => [r.action, r.n]));
    for (const a of ['scope.create', 'scope.update', 'scope.disable', 'scope.delete'])
      expect(actions[a], a).toBeGreaterThan(0);
    const failedEnable = await t.db.query("select 1 from audit_log where action = 'scope.enable'");
    expect(failedEnable.length).toBe(0);
  });

  test('GET /api/manage/scope/all is cacheable: Cache-Control, ETag, 304 when unchanged', async () => {
    const res = await t.get('/api/manage/scope/all', sa);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toContain('max-age');
    expect((res.body.items as Scope[]).length).toBeGreaterThanOrEqual(3);
    const etag = String(res.headers.etag);
    const again = await t.call('GET', '/api/manage/scope/all', { token: sa, headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    const other = await t.get('/api/manage/scope/all', sa2);
    expect((other.body.items as Scope[]).some((s) => (res.body.items as Scope[]).some((x) => x.id === s.id))).toBe(
      false,
    );
  });
});
