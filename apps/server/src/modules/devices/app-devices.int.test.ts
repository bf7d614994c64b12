import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { DEMO_PASSWORD } from '../seed/demo.ts';

let t: TestApp;
let patient: string;
let follower: string;
let doctor: string;

const ME = '/api/account/me';
const appLogin = async (local: string) => {
  const res = await t.call('POST', '/api/auth/oauth-token', {
    body: { tenant: 'demo', username: `${local}@demo.test`, password: DEMO_PASSWORD, grant_type: 'password' },
    headers: { 'x-client': 'app' },
  });
  expect(res.status, res.raw).toBe(200);
  return String(res.body.access_token);
};
type Device = { id: string; mac: string; userId: string | null; patientId: string | null; connectionStatus: number };

beforeAll(async () => {
  t = await startTestApp();
  patient = await appLogin('patient');
  follower = await appLogin('follower');
  doctor = (await t.login('doctor')).access;
});
afterAll(async () => {
  await t?.close();
});

describe('patient app: my devices', () => {
  test('a paired watch is listed, forgotten (unbound), and another user may then pair it', async () => {
    const mac = 'C2:11:22:33:44:55';
    const paired = await t.post(`${ME}/device-status`, { mac, model: 'GT5', status: 1 }, patient);
    expect(paired.status, paired.raw).toBe(200);
    const id = String(paired.body.id);

    const mine = await t.get(`${ME}/devices`, patient);
    expect(mine.status).toBe(200);
    expect((mine.body.items as Device[]).map((d) => d.mac)).toContain(mac);
    // Someone else's watch is neither listed nor forgettable by them (404 like a missing one).
    expect((await t.get(`${ME}/devices`, follower)).body.items as Device[]).not.toContainEqual(
      expect.objectContaining({ id }),
    );
    expect((await t.call('DELETE', `${ME}/devices/${id}`, { token: follower })).status).toBe(404);
    expect((await t.post(`${ME}/device-status`, { mac, model: 'GT5', status: 1 }, follower)).status).toBe(409);

    const forgot = await t.call('DELETE', `${ME}/devices/${id}`, { token: patient });
    expect(forgot.status, forgot.raw).toBe(200);
    expect(forgot.body).toEqual({ ok: true });
    const [row] = await t.db.query<{ user_id: string | null; patient_id: string | null; connection_status: number }>(
      'select user_id, patient_id, connection_status from devices where id = $1',
      [id],
    );
    expect(row).toEqual({ user_id: null, patient_id: null, connection_status: 0 });
    expect((await t.get(`${ME}/devices`, patient)).body.items as Device[]).not.toContainEqual(
      expect.objectContaining({ id }),
    );
    expect((await t.call('DELETE', `${ME}/devices/${id}`, { token: patient })).status).toBe(404);

    const taken = await t.post(`${ME}/device-status`, { mac, model: 'GT5', status: 1 }, follower);
    expect(taken.status, taken.raw).toBe(200);
    expect(taken.body).toMatchObject({ id, connectionStatus: 1 });
    expect((await t.get(`${ME}/devices`, follower)).body.items as Device[]).toContainEqual(
      expect.objectContaining({ id }),
    );
  });

  test('cellular devices are not forgotten from the app; staff without the own-data permission are refused', async () => {
    const [cellular] = await t.db.query<{ id: string }>(
      "select id from devices where model in ('J2025E', 'J2025B') limit 1",
    );
    if (cellular) {
      await t.db.query(
        "update devices set user_id = (select id from users where email = 'patient@demo.test' and tenant_id = devices.tenant_id) where id = $1",
        [cellular.id],
      );
      expect((await t.call('DELETE', `${ME}/devices/${cellular.id}`, { token: patient })).status).toBe(404);
    }
    expect(
      (await t.call('DELETE', `${ME}/devices/00000000-0000-7000-8000-000000000000`, { token: patient })).status,
    ).toBe(404);
    expect((await t.call('DELETE', `${ME}/devices/not-a-uuid`, { token: patient })).status).toBe(400);
    expect((await t.get(`${ME}/devices`, doctor)).status).toBe(403);
  });
});
