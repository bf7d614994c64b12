import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { DEMO_PASSWORD } from '../seed/demo.ts';

let t: TestApp;
const URL = '/api/account/staff/bulk/disable';
const MISSING = '00000000-0000-7000-8000-000000000000';
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const userId = async (email: string) =>
  (await t.db.query<{ id: string }>('select id from users where email = $1', [email]))[0]!.id;
const statusOf = async (id: string) =>
  (await t.db.query<{ status: string }>('select status from users where id = $1', [id]))[0]!.status;
const login = (email: string) =>
  t.post('/api/auth/oauth-token', { tenant: 'demo', username: email, password: DEMO_PASSWORD, grant_type: 'password' });

describe('bulk disable', () => {
  test("each account is disabled as by the single action; oneself, a higher account, another tenant's and a missing id fail alone", async () => {
    const admin = await t.login('sysadmin');
    const [coach, cskh, me, root, other] = [
      await userId('coach@demo.test'),
      await userId('cskh@demo.test'),
      await userId('sysadmin@demo.test'),
      await userId('root@demo.test'),
      await userId('coach@demo2.test'),
    ];
    const res = await t.post(
      URL,
      { userIds: [coach, cskh, me, root, other, MISSING], period: '2w', reason: 'audit' },
      admin.access,
    );
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toEqual({
      done: [coach, cskh],
      failed: [
        { id: me, code: 'CANNOT_DISABLE_SELF' },
        { id: root, code: 'PERMISSION_DENIED' },
        { id: other, code: 'ACCOUNT_NOT_FOUND' },
        { id: MISSING, code: 'ACCOUNT_NOT_FOUND' },
      ],
    });
    expect(await statusOf(coach)).toBe('disabled');
    expect(await statusOf(cskh)).toBe('disabled');
    expect(await statusOf(me)).toBe('active');
    expect(await statusOf(root)).toBe('active');
    expect(await statusOf(other)).toBe('active');
    expect((await login('coach@demo.test')).body.code).toBe('ACCOUNT_DISABLED');
    const audits = await t.db.query<{ resource_id: string }>(
      "select resource_id from audit_log where action = 'account.disable' and resource_id = any($1::text[])",
      [[coach, cskh]],
    );
    expect(audits.map((r) => r.resource_id).sort()).toEqual([coach, cskh].sort());
    // The re-enable timer of the single action, one per account.
    const jobs = await t.db.query(
      "select 1 from jobs where kind = 'account.reenable' and payload->>'userId' = any($1::text[])",
      [[coach, cskh]],
    );
    expect(jobs.length).toBe(2);
  });

  test('a role without the disable permission: 403, nothing changed', async () => {
    const operator = await t.login('operator');
    const doctor = await userId('doctor@demo.test');
    expect((await t.post(URL, { userIds: [doctor], period: '3d' }, operator.access)).status).toBe(403);
    expect(await statusOf(doctor)).toBe('active');
  });

  test('bad input: 400 naming the field', async () => {
    const admin = await t.login('sysadmin');
    const doctor = await userId('doctor@demo.test');
    const cases: Array<[unknown, string]> = [
      [{ userIds: [], period: '3d' }, 'userIds'],
      [{ userIds: [doctor], period: '5y' }, 'period'],
      [{ userIds: ['x'], period: '3d' }, 'userIds.0'],
      [{ period: '3d' }, 'userIds'],
      [{ userIds: Array.from({ length: 201 }, () => doctor), period: '3d' }, 'userIds'],
    ];
    for (const [body, field] of cases) {
      const res = await t.post(URL, body, admin.access);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', details: { field } });
    }
    expect(await statusOf(doctor)).toBe('active');
  });
});
