import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { runDueDeliveries } from '../delivery/delivery.worker.ts';

// Issue 13, point 9: one name order per reader, on every staff answer that names a person — not only the patient page,
// alerts, cases and tickets, but also devices, the audit log, deactivation requests, scope and center admins and the
// notification list. Vietnamese: family name first; English: given name first. The screen's language (Accept-Language)
// decides; without it, the reader's profile language.

let t: TestApp;
let superadmin: string;
let sysadmin: string;
let operator: string;
let doctor: string;

beforeAll(async () => {
  t = await startTestApp();
  superadmin = (await t.login('superadmin')).access;
  sysadmin = (await t.login('sysadmin')).access;
  operator = (await t.login('operator')).access;
  doctor = (await t.login('doctor')).access;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** GET as the given reader, with the screen's language when given. */
async function read(url: string, token: string, language?: 'vi' | 'en') {
  const res = await t.call('GET', url, { token, headers: language ? { 'accept-language': language } : {} });
  expect(res.status, `${url}: ${res.raw}`).toBe(200);
  return res.body;
}

describe('names in the reader\u2019s language convention on every staff answer', () => {
  test('a device names its patient (Phuong Hoang) as the patient page does', async () => {
    const created = await t.post(
      '/api/account/devices',
      { model: 'GT5', account: 'patient@demo.test', mac: 'F0:0D:00:13:BE:EF', serial: 'SN-NAMES-1', name: 'Wrist' },
      operator,
    );
    expect(created.status, created.raw).toBe(201);
    const url = `/api/account/devices/${String(created.body.id)}`;
    expect((await read(url, operator, 'vi')).patientName).toBe('Hoang Phuong');
    expect((await read(url, operator, 'en')).patientName).toBe('Phuong Hoang');
    const list = await read('/api/account/devices?size=200', operator, 'vi');
    expect(
      (list.items as Array<{ id: string; patientName: string | null }>).find((d) => d.id === created.body.id)
        ?.patientName,
    ).toBe('Hoang Phuong');
    // No header: the reader's profile language.
    expect((await t.call('POST', '/api/account/me/profile/update-language?lang=vi', { token: operator })).status).toBe(
      200,
    );
    expect((await read(url, operator)).patientName).toBe('Hoang Phuong');
    expect((await t.call('POST', '/api/account/me/profile/update-language?lang=en', { token: operator })).status).toBe(
      200,
    );
    expect((await read(url, operator)).patientName).toBe('Phuong Hoang');
  });

  test('the audit log names its actor (Duc Nguyen)', async () => {
    const patientId = (
      await t.db.query<{ id: string }>("select id from patients where patient_code = 'DEMO-P0001'")
    )[0]!.id;
    expect((await t.get(`/api/account/patients/${patientId}`, doctor)).status).toBe(200);
    const actor = async (language: 'vi' | 'en') => {
      const page = await read(
        '/api/account/audit-log?action=patient.read&actor=doctor@demo.test',
        superadmin,
        language,
      );
      return (page.items as Array<{ actorName: string | null }>)[0]?.actorName;
    };
    expect(await actor('vi')).toBe('Nguyen Duc');
    expect(await actor('en')).toBe('Duc Nguyen');
    // Searched by the name as a Vietnamese reader writes it.
    const found = await read(
      `/api/account/audit-log?action=patient.read&actor=${encodeURIComponent('Nguyen Duc')}`,
      superadmin,
      'vi',
    );
    expect(found.total).toBeGreaterThan(0);
  });

  test('a deactivation request names its user', async () => {
    expect((await t.post('/api/account/me/deactivation-request', { reason: 'moving' }, doctor)).status).toBe(201);
    const user = async (language: 'vi' | 'en') =>
      (
        (await read('/api/account/deactivation-requests?status=pending', sysadmin, language)).items as Array<{
          userName: string;
          email: string;
        }>
      ).find((r) => r.email === 'doctor@demo.test')?.userName;
    expect(await user('vi')).toBe('Nguyen Duc');
    expect(await user('en')).toBe('Duc Nguyen');
  });

  test('scope and center admins (Scott Scope, Mai Center)', async () => {
    const region = (
      (await read('/api/account/sadmin/mhsc/scope?size=50', superadmin, 'en')).items as Array<{
        id: string;
        name: string;
      }>
    ).find((s) => s.name === 'Northern Region')!;
    expect((await read(`/api/account/sadmin/mhsc/scope/${region.id}`, superadmin, 'vi')).mainAdmin).toMatchObject({
      name: 'Scope Scott',
    });
    expect((await read(`/api/account/sadmin/mhsc/scope/${region.id}`, superadmin, 'en')).mainAdmin).toMatchObject({
      name: 'Scott Scope',
    });
    const centerAdmin = async (language: 'vi' | 'en') =>
      (
        (await read('/api/account/sadmin/mhsc', superadmin, language)).items as Array<{
          name: string;
          mainAdmin: { name: string } | null;
        }>
      ).find((c) => c.name === 'Ba Dinh Health Center')?.mainAdmin?.name;
    expect(await centerAdmin('vi')).toBe('Center Mai');
    expect(await centerAdmin('en')).toBe('Mai Center');
  });

  test('the notification list names each recipient', async () => {
    const sent = await t.call('POST', '/api/account/notification/send', {
      token: superadmin,
      body: { title: 'Names', body: 'one order', username: 'doctor@demo.test' },
    });
    expect(sent.status, sent.raw).toBeLessThan(300);
    expect(await runDueDeliveries(t.deps)).toBeGreaterThan(0);
    const recipient = async (language: 'vi' | 'en') =>
      (
        (await read('/api/account/admin/notification?username=doctor@demo&type=message', superadmin, language))
          .items as Array<{ title: string; recipientName: string }>
      ).find((n) => n.title === 'Names')?.recipientName;
    expect(await recipient('vi')).toBe('Nguyen Duc');
    expect(await recipient('en')).toBe('Duc Nguyen');
  });
});
