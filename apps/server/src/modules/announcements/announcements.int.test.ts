import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { DEMO_PASSWORD } from '../seed/demo.ts';
import { runDueDeliveries } from '../delivery/delivery.worker.ts';
import { fanOutBatch } from './announcements.jobs.ts';

let t: TestApp;
let demoId: string;
let demo2Id: string;
let sysadmin: string;
let superadmin: string;
let operator: string;
let cskh: string;
let patient: string;
let patient2: string;

async function appToken(username: string, tenant = 'demo') {
  const res = await t.call('POST', '/api/auth/oauth-token', {
    body: { tenant, username, password: DEMO_PASSWORD, grant_type: 'password' },
    headers: { 'x-client': 'app' },
  });
  expect(res.status, res.raw).toBe(200);
  return String(res.body.access_token);
}
/** Active patient-app users (patient role) of a tenant. */
async function appUsers(tenantId: string): Promise<string[]> {
  return (
    await t.db.query<{ id: string }>(
      `select distinct u.id from users u join user_roles ur on ur.user_id = u.id join roles r on r.id = ur.role_id
      where u.tenant_id = $1 and u.status = 'active' and r.code = 'patient' order by u.id`,
      [tenantId],
    )
  ).map((r) => r.id);
}
async function deliverAll() {
  await t.runJobs();
  while ((await runDueDeliveries(t.deps, 500)) > 0) {
    /* until the outbox is empty */
  }
}

beforeAll(async () => {
  t = await startTestApp();
  demoId = (await t.db.query<{ id: string }>("select id from tenants where code = 'demo'"))[0]!.id;
  demo2Id = (await t.db.query<{ id: string }>("select id from tenants where code = 'demo2'"))[0]!.id;
  sysadmin = (await t.login('sysadmin')).access;
  superadmin = (await t.login('superadmin')).access;
  operator = (await t.login('operator')).access;
  cskh = (await t.login('cskh')).access;
  patient = await appToken('patient@demo.test');
  patient2 = await appToken('patient@demo2.test', 'demo2');
});
afterAll(async () => {
  await t?.close();
});

describe('announcements', () => {
  test('title and message are required (400 naming the field); roles without the permission get 403', async () => {
    const noTitle = await t.post('/api/account/announcements', { title: ' ', message: 'Hello' }, sysadmin);
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.details?.field).toBe('title');
    const long = await t.post('/api/account/announcements', { title: 'Hi', message: 'x'.repeat(2001) }, sysadmin);
    expect(long.body.details?.field).toBe('message');
    expect((await t.post('/api/account/announcements', { title: 'Hi', message: 'Hello' }, operator)).status).toBe(403);
    expect((await t.post('/api/account/announcements', { title: 'Hi', message: 'Hello' }, cskh)).status).toBe(403);
    expect((await t.get('/api/account/announcements/sent', operator)).status).toBe(403);
    expect((await t.db.query('select 1 from announcements')).length).toBe(0);
  });

  test("reaches every app user's inbox in-app (and queues a push), is listed in the app and counted in the portal", async () => {
    const res = await t.post(
      '/api/account/announcements',
      { title: 'Clinic closed Friday', message: 'Our clinics are closed on Friday 4 December.' },
      sysadmin,
    );
    expect(res.status, res.raw).toBe(201);
    expect(res.body).toMatchObject({ tenantId: demoId, status: 'pending', recipients: 0 });
    const id = String(res.body.id);
    await deliverAll();

    const users = await appUsers(demoId);
    expect(users.length).toBeGreaterThanOrEqual(2);
    const inbox = await t.db.query<{ user_id: string }>(
      "select user_id from notifications where tenant_id = $1 and type = 'announcement' and title = 'Clinic closed Friday' order by user_id",
      [demoId],
    );
    expect(inbox.map((r) => r.user_id)).toEqual(users);
    const pushes = await t.db.query(
      "select 1 from deliveries where tenant_id = $1 and template = 'announcement' and channel = 'push'",
      [demoId],
    );
    expect(pushes.length).toBe(users.length);
    // Nobody of the other tenant, and no staff.
    expect(
      (await t.db.query("select 1 from notifications where tenant_id = $1 and type = 'announcement'", [demo2Id]))
        .length,
    ).toBe(0);

    const sent = await t.get('/api/account/announcements/sent', sysadmin);
    expect(sent.status, sent.raw).toBe(200);
    expect(sent.body.items).toEqual([
      expect.objectContaining({
        id,
        status: 'sent',
        recipients: users.length,
        inApp: { sent: users.length, pending: 0, failed: 0 },
      }),
    ]);

    const app = await t.get('/api/account/announcements', patient);
    expect(app.status, app.raw).toBe(200);
    expect(app.body).toMatchObject({ total: 1, items: [{ id, title: 'Clinic closed Friday' }] });
    const inApp = await t.get('/api/account/notification/inbox', patient);
    expect((inApp.body.items as { type: string }[]).some((n) => n.type === 'announcement')).toBe(true);
    expect((await t.get('/api/account/announcements', patient2)).body.total).toBe(0);
  });

  test('the fan-out goes by batches and a repeated batch adds nothing', async () => {
    const res = await t.post('/api/account/announcements', { title: 'Batches', message: 'Small batches' }, sysadmin);
    const id = String(res.body.id);
    const users = await appUsers(demoId);
    let batches = 0;
    for (;;) {
      batches++;
      if ((await fanOutBatch(t.db, demoId, id, t.clock.now(), 1)).done) break;
    }
    expect(batches).toBe(users.length + 1);
    expect((await fanOutBatch(t.db, demoId, id, t.clock.now(), 1)).added).toBe(0);
    await t.runJobs(); // the scheduled job finds it done
    const rows = await t.db.query(
      "select 1 from deliveries where tenant_id = $1 and template = 'announcement' and payload->>'announcementId' = $2",
      [demoId, id],
    );
    expect(rows.length).toBe(users.length * 2);
  });

  test('a tenant admin sends to their own tenant only; a super admin may pick the tenant', async () => {
    const other = await t.post(
      '/api/account/announcements',
      { tenantId: demo2Id, title: 'Hi', message: 'Hello' },
      sysadmin,
    );
    expect(other.status).toBe(403);
    expect(other.body.details?.field).toBe('tenantId');
    expect((await t.get(`/api/account/announcements/sent?tenantId=${demo2Id}`, sysadmin)).status).toBe(403);

    const picked = await t.post(
      '/api/account/announcements',
      { tenantId: demo2Id, title: 'For demo2', message: 'Hello demo2' },
      superadmin,
    );
    expect(picked.status, picked.raw).toBe(201);
    expect(picked.body.tenantId).toBe(demo2Id);
    await deliverAll();
    expect((await t.get('/api/account/announcements', patient2)).body).toMatchObject({
      total: 1,
      items: [{ title: 'For demo2' }],
    });
    expect((await t.get('/api/account/announcements', patient)).body.total).toBe(2);
    const users2 = await appUsers(demo2Id);
    expect(
      (await t.db.query("select 1 from notifications where tenant_id = $1 and type = 'announcement'", [demo2Id]))
        .length,
    ).toBe(users2.length);
    const list2 = await t.get(`/api/account/announcements/sent?tenantId=${demo2Id}`, superadmin);
    expect(list2.body.total).toBe(1);
    const missing = await t.post(
      '/api/account/announcements',
      { tenantId: '00000000-0000-4000-8000-000000000000', title: 'x', message: 'y' },
      superadmin,
    );
    expect(missing.status).toBe(404);
  });
});
