import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { DEMO_PASSWORD } from '../seed/demo.ts';
import { disabledUntil } from './lifecycle.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const DAY = 24 * 3600 * 1000;
const userId = async (email: string) =>
  (await t.db.query<{ id: string }>('select id from users where email = $1', [email]))[0]!.id;
const loginRes = (email: string, tenant = 'demo', path = '/api/auth/oauth-token') =>
  t.post(path, { tenant, username: email, password: DEMO_PASSWORD, grant_type: 'password' });

describe('temporary disable', () => {
  test('disabled for 3 days: sessions end, login refused, re-enabled by the durable job when the period ends', async () => {
    const admin = await t.login('sysadmin');
    const coach = await t.login('coach');
    const id = await userId('coach@demo.test');
    const res = await t.post(`/api/account/users/${id}/disable`, { period: '3d', reason: 'holiday' }, admin.access);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'disabled',
      disabledUntil: new Date(t.clock.now().getTime() + 3 * DAY).toISOString(),
    });
    expect((await t.get('/api/auth/check-token', coach.access)).status).toBe(401);
    expect((await loginRes('coach@demo.test')).body.code).toBe('ACCOUNT_DISABLED');

    t.clock.advance(2 * DAY);
    expect(await t.runJobs()).toBe(0);
    expect((await loginRes('coach@demo.test')).body.code).toBe('ACCOUNT_DISABLED');
    t.clock.advance(DAY + 1000);
    expect(await t.runJobs()).toBe(1);
    const row = await t.db.query<{ status: string }>('select status from users where id = $1', [id]);
    expect(row[0]!.status).toBe('active');
    expect((await loginRes('coach@demo.test')).status).toBe(200);
  });

  test('indefinite stays disabled until enabled by hand; re-disabling replaces the timer', async () => {
    const admin = await t.login('sysadmin');
    const id = await userId('cskh@demo.test');
    await t.post(`/api/account/users/${id}/disable`, { period: '2w' }, admin.access);
    await t.post(`/api/account/users/${id}/disable`, { period: 'indefinite' }, admin.access);
    t.clock.advance(40 * DAY);
    await t.runJobs();
    expect((await loginRes('cskh@demo.test')).body.code).toBe('ACCOUNT_DISABLED');
    const admin2 = await t.login('sysadmin');
    const en = await t.post(`/api/account/users/${id}/enable`, {}, admin2.access);
    expect(en.body, JSON.stringify(en.body)).toMatchObject({ status: 'active' });
    expect((await loginRes('cskh@demo.test')).status).toBe(200);
  });

  test('a month is a calendar month', () => {
    expect(disabledUntil(new Date('2026-01-31T10:00:00Z'), '1m')!.toISOString()).toBe('2026-03-03T10:00:00.000Z');
    expect(disabledUntil(new Date('2026-11-22T08:00:00Z'), '1m')!.toISOString()).toBe('2026-12-22T08:00:00.000Z');
    expect(disabledUntil(new Date(), 'indefinite')).toBeNull();
  });

  test('bad input, self, above own level, and other tenants', async () => {
    const admin = await t.login('sysadmin');
    const me = await userId('sysadmin@demo.test');
    const doctor = await userId('doctor@demo.test');
    expect((await t.post(`/api/account/users/${doctor}/disable`, { period: '5y' }, admin.access)).body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'period' },
    });
    expect((await t.post(`/api/account/users/${me}/disable`, { period: '3d' }, admin.access)).body.code).toBe(
      'CANNOT_DISABLE_SELF',
    );
    const root = await userId('root@demo.test');
    expect((await t.post(`/api/account/users/${root}/disable`, { period: '3d' }, admin.access)).status).toBe(403);
    const other = await t.login('sysadmin', 'demo2');
    const res = await t.post(`/api/account/users/${doctor}/disable`, { period: '3d' }, other.access);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('ACCOUNT_NOT_FOUND');
    const opr = await t.login('operator');
    expect((await t.post(`/api/account/users/${doctor}/disable`, { period: '3d' }, opr.access)).status).toBe(403);
  });
});

describe('deactivation, recovery and deletion', () => {
  test('request → approval → deactivated; login offers recovery within 30 days', async () => {
    const asst = await t.login('assistant');
    const req = await t.post('/api/account/me/deactivation-request', { reason: 'leaving' }, asst.access);
    expect(req.status).toBe(201);
    expect((await t.post('/api/account/me/deactivation-request', {}, asst.access)).body.code).toBe(
      'DEACTIVATION_PENDING',
    );
    const admin = await t.login('sysadmin');
    const list = await t.get('/api/account/deactivation-requests?status=pending', admin.access);
    expect((list.body.items as Array<{ id: string }>).map((i) => i.id)).toContain(req.body.id);
    expect(
      (await t.post(`/api/account/deactivation-requests/${String(req.body.id)}/reject`, { reason: ' ' }, admin.access))
        .body,
    ).toMatchObject({ details: { field: 'reason' } });
    const other = await t.login('sysadmin', 'demo2');
    expect(
      (await t.post(`/api/account/deactivation-requests/${String(req.body.id)}/approve`, {}, other.access)).status,
    ).toBe(404);
    expect(
      (await t.post(`/api/account/deactivation-requests/${String(req.body.id)}/approve`, {}, admin.access)).status,
    ).toBe(200);

    expect((await t.get('/api/auth/check-token', asst.access)).status).toBe(401);
    const refused = await loginRes('assistant@demo.test');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'ACCOUNT_DEACTIVATED' });
    t.clock.advance(29 * DAY);
    expect(
      (
        await t.post('/api/auth/recover', {
          tenant: 'demo',
          username: 'assistant@demo.test',
          password: 'Wrong@2026',
          grant_type: 'password',
        })
      ).body.code,
    ).toBe('WRONG_LOGIN');
    const recovered = await loginRes('assistant@demo.test', 'demo', '/api/auth/recover');
    expect(recovered.status).toBe(200);
    t.clock.advance(5 * DAY);
    await t.runJobs();
    expect(
      (await t.db.query<{ status: string }>("select status from users where email = 'assistant@demo.test'"))[0]!.status,
    ).toBe('active');
  });

  test('not recovered: personal data removed after 30 days, the row itself within 90', async () => {
    const op = await t.login('operator', 'demo2');
    const id = await userId('operator@demo2.test');
    const req = await t.post('/api/account/me/deactivation-request', {}, op.access);
    const admin = await t.login('superadmin', 'demo2');
    await t.post(`/api/account/deactivation-requests/${String(req.body.id)}/approve`, {}, admin.access);
    t.clock.advance(30 * DAY + 1000);
    expect((await loginRes('operator@demo2.test', 'demo2', '/api/auth/recover')).body.code).toBe('RECOVERY_EXPIRED');
    await t.runJobs();
    const row = await t.db.query<{
      status: string;
      email: string | null;
      phone: string | null;
      password_hash: string | null;
    }>('select status, email, phone, password_hash from users where id = $1', [id]);
    expect(row[0]).toEqual({ status: 'deleted', email: null, phone: null, password_hash: null });
    expect((await loginRes('operator@demo2.test', 'demo2')).body.code).toBe('WRONG_LOGIN');
    t.clock.advance(60 * DAY);
    await t.runJobs();
    expect(await t.db.query('select 1 from users where id = $1', [id])).toHaveLength(0);
  });
});

describe('jobs survive a failing handler', () => {
  test('a job is retried with backoff and is not lost', async () => {
    const { scheduleJob, runDueJobs } = await import('../../platform/jobs.ts');
    let calls = 0;
    await scheduleJob(t.deps, { kind: 'test.flaky', runAt: t.clock.now(), payload: {} });
    const handlers = {
      'test.flaky': async () => {
        calls++;
        if (calls < 3) throw new Error('provider down');
      },
    };
    await runDueJobs(t.deps, handlers);
    await runDueJobs(t.deps, handlers);
    expect(calls).toBe(1);
    for (let i = 0; i < 5; i++) {
      t.clock.advance(60_000);
      await runDueJobs(t.deps, handlers);
    }
    expect(calls).toBe(3);
    const rows = await t.db.query<{ status: string; attempts: number }>(
      "select status, attempts from jobs where kind = 'test.flaky'",
    );
    expect(rows[0]).toEqual({ status: 'done', attempts: 3 });
  });
});

describe('audit log', () => {
  test('super and system admins search it with filters; others are refused; tenants are separate', async () => {
    const admin = await t.login('sysadmin');
    const all = await t.get('/api/account/audit-log?action=account.disable', admin.access);
    expect(all.status).toBe(200);
    const items = all.body.items as Array<{ action: string; actorEmail: string; resource: string }>;
    expect(items.length).toBeGreaterThanOrEqual(2);
    expect(items.every((i) => i.action === 'account.disable' && i.actorEmail === 'sysadmin@demo.test')).toBe(true);
    const logins = await t.get('/api/account/audit-log?action=auth.login&outcome=ok&actor=coach', admin.access);
    expect((logins.body.items as unknown[]).length).toBeGreaterThan(0);
    const bad = await t.get('/api/account/audit-log?from=2026-12-01&to=2026-01-01', admin.access);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'to' } });
    expect((await t.get('/api/account/audit-log?from=yesterday', admin.access)).body).toMatchObject({
      details: { field: 'from' },
    });
    const doc = await t.login('doctor');
    expect((await t.get('/api/account/audit-log', doc.access)).status).toBe(403);
    const other = await t.login('sysadmin', 'demo2');
    const theirs = await t.get('/api/account/audit-log?action=account.disable', other.access);
    expect(theirs.body.items).toEqual([]);
  });
});
