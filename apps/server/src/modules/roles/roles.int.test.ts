import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Permission } from '@carewatch/contracts/permissions';
import { DEFAULT_ROLE_PERMISSIONS } from '@carewatch/contracts/roles';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Role = { id: string; code: string; name: string; permissions: number[] };

describe('permissions and roles', () => {
  test('each demo role gets its default permissions from POST /api/auth/permission', async () => {
    for (const [local, code] of [
      ['doctor', 'doctor'],
      ['operator', 'operator'],
      ['superadmin', 'super_admin'],
      ['cskh', 'customer_care'],
    ] as const) {
      const s = await t.login(local);
      const res = await t.post('/api/auth/permission', {}, s.access);
      expect(res.status).toBe(200);
      expect(res.body.role).toBe(code);
      expect(res.body.permissions).toEqual([...DEFAULT_ROLE_PERMISSIONS[code]].sort((a, b) => a - b));
    }
  });

  test('a route refuses a caller without its permission with 403', async () => {
    const doctor = await t.login('doctor');
    const res = await t.get('/api/account/roles', doctor.access);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('PERMISSION_DENIED');
    expect((await t.get('/api/account/messages', doctor.access)).status).toBe(403);
  });

  test('custom role: created with permissions, duplicate name refused, unknown permission refused', async () => {
    const admin = await t.login('sysadmin');
    const res = await t.post(
      '/api/account/roles',
      {
        name: 'Night nurse',
        description: 'Watches alerts at night',
        permissions: [Permission.DashboardView, Permission.PatientView],
      },
      admin.access,
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Night nurse',
      isDefault: false,
      permissions: [Permission.DashboardView, Permission.PatientView],
    });
    const dup = await t.post('/api/account/roles', { name: 'night NURSE' }, admin.access);
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: 'ROLE_EXISTED', details: { field: 'name' } });
    expect((await t.post('/api/account/roles', { name: '  ' }, admin.access)).body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'name' },
    });
    expect((await t.post('/api/account/roles', { name: 'X', permissions: [9999] }, admin.access)).body).toMatchObject({
      details: { field: 'permissions', rule: 'unknown_permission' },
    });
  });

  test('nobody grants a permission they do not hold', async () => {
    const admin = await t.login('sysadmin');
    // System admins do not hold TenantManage (super admin alone manages tenants).
    const res = await t.post(
      '/api/account/roles',
      { name: 'Sneaky', permissions: [Permission.TenantManage] },
      admin.access,
    );
    expect(res.status).toBe(403);
  });

  test('toggling a permission changes the role and asks its holders to log in again', async () => {
    const admin = await t.login('superadmin');
    const doctor = await t.login('doctor');
    const roles = (await t.get('/api/account/roles', admin.access)).body.items as Role[];
    const doctorRole = roles.find((r) => r.code === 'doctor')!;
    expect(doctorRole.permissions).toContain(Permission.HealthView);
    const off = await t.put(
      `/api/account/roles/${doctorRole.id}/permissions`,
      { permissionId: Permission.HealthView, enabled: false },
      admin.access,
    );
    expect(off.status).toBe(200);
    expect(off.body.permissions).not.toContain(Permission.HealthView);

    const next = await t.get('/api/account/me/profile/get', doctor.access);
    expect(next.status).toBe(401);
    expect(next.body.code).toBe('PERMISSIONS_CHANGED');
    expect((await t.post('/api/auth/refresh-token', { refresh_token: doctor.refresh })).body.code).toBe(
      'PERMISSIONS_CHANGED',
    );

    const again = await t.login('doctor');
    const perms = (await t.post('/api/auth/permission', {}, again.access)).body.permissions as number[];
    expect(perms).not.toContain(Permission.HealthView);
    const audited = await t.db.query("select 1 from audit_log where action = 'role.permission.revoke'");
    expect(audited.length).toBe(1);
    await t.put(
      `/api/account/roles/${doctorRole.id}/permissions`,
      { permissionId: Permission.HealthView, enabled: true },
      admin.access,
    );
  });

  test('a system admin cannot switch off permissions of root (or any role not below its own): root keeps the portal', async () => {
    const sys = await t.login('sysadmin');
    const roles = (await t.get('/api/account/roles', sys.access)).body.items as Role[];
    const byCode = (c: string) => roles.find((r) => r.code === c)!;
    for (const code of ['root', 'super_admin', 'system_admin']) {
      const res = await t.put(
        `/api/account/roles/${byCode(code).id}/permissions`,
        { permissionId: Permission.AccountProfileView, enabled: false },
        sys.access,
      );
      expect(res.status, code).toBe(403);
      expect(res.body.details).toMatchObject({ field: 'permissionId', rule: 'rank' });
    }
    const root = await t.login('root');
    expect((await t.post('/api/auth/permission', {}, root.access)).status).toBe(200);
    // Root may grant to the roles below it, never remove from a top role.
    const off = await t.put(
      `/api/account/roles/${byCode('system_admin').id}/permissions`,
      { permissionId: Permission.AccountProfileView, enabled: false },
      root.access,
    );
    expect(off.body.details).toMatchObject({ rule: 'top_role' });
    const grant = await t.put(
      `/api/account/roles/${byCode('system_admin').id}/permissions`,
      { permissionId: Permission.TenantManage, enabled: true },
      root.access,
    );
    expect(grant.status).toBe(200);
    expect(grant.body.permissions).toContain(Permission.TenantManage);
    // Below the caller, a removal is fine (the grant above asked the system admin to sign in again).
    const sys2 = await t.login('sysadmin');
    const coach = await t.put(
      `/api/account/roles/${byCode('coach').id}/permissions`,
      { permissionId: Permission.HealthView, enabled: false },
      sys2.access,
    );
    expect(coach.status).toBe(200);
    const denied = await t.db.query(
      "select 1 from audit_log where action = 'role.permission.revoke' and outcome = 'denied'",
    );
    expect(denied.length).toBe(4);
  });

  test("another tenant's role answers 404, like a missing one", async () => {
    const admin = await t.login('superadmin');
    const demoRoles = (await t.get('/api/account/roles', admin.access)).body.items as Role[];
    const other = await t.login('superadmin', 'demo2');
    const res = await t.put(
      `/api/account/roles/${demoRoles[0]!.id}/permissions`,
      { permissionId: Permission.DashboardView, enabled: false },
      other.access,
    );
    expect(res.status).toBe(404);
    const missing = await t.put(
      '/api/account/roles/00000000-0000-7000-8000-000000000000/permissions',
      { permissionId: Permission.DashboardView, enabled: false },
      other.access,
    );
    expect(missing.status).toBe(404);
    expect(res.body).toEqual(missing.body);
    expect(
      (await t.put('/api/account/roles/not-a-uuid/permissions', { permissionId: 50, enabled: true }, other.access))
        .body,
    ).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'id' } });
  });

  test('the permission catalogue has every group with ids in 9..267', async () => {
    const admin = await t.login('superadmin');
    const items = (await t.get('/api/account/permissions', admin.access)).body.items as Array<{
      id: number;
      group: string;
    }>;
    expect(new Set(items.map((i) => i.group)).size).toBe(12);
    expect(items.every((i) => i.id >= 9 && i.id <= 267)).toBe(true);
  });
});

describe('levels', () => {
  test('a health-center admin with two centers lists both and switches between them', async () => {
    const s = await t.login('mhscadmin');
    const perm = await t.post('/api/auth/permission', {}, s.access);
    expect(perm.body.levelCount).toBe(2);
    const levels = await t.get('/api/auth/levels', s.access);
    const items = levels.body.items as Array<{ id: string; centerName: string }>;
    expect(items.map((l) => l.centerName).sort()).toEqual(['Ba Dinh Health Center', 'Le Chan Health Center']);
    const other = items.find((l) => l.id !== levels.body.current)!;
    const sw = await t.post('/api/auth/switch-level', { levelId: other.id }, s.access);
    expect(sw.status).toBe(200);
    const after = await t.post('/api/auth/permission', {}, String(sw.body.access_token));
    expect((after.body.level as { id: string }).id).toBe(other.id);
    expect(
      (await t.post('/api/auth/switch-level', { levelId: '00000000-0000-7000-8000-000000000000' }, s.access)).status,
    ).toBe(404);
  });
});
