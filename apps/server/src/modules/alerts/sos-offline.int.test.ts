import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { alertStatusViolations } from '../../test-support/invariants.ts';
import { DEMO_PASSWORD } from '../seed/demo.ts';
import { plausiblePressTime } from './alerts.service.ts';

// Issue 13: an SOS pressed offline is queued by the app and sent (and maybe resent) when the connection returns; while
// it waits the app offers to call the SOS contacts and the emergency number itself.

let t: TestApp;
let patientToken: string;
let patientId: string;
let tenantId: string;

async function appLogin(email: string) {
  const res = await t.call('POST', '/api/auth/oauth-token', {
    body: { tenant: 'demo', username: email, password: DEMO_PASSWORD, grant_type: 'password' },
    headers: { 'x-client': 'app' },
  });
  expect(res.status, res.raw).toBe(200);
  return String(res.body.access_token);
}

beforeAll(async () => {
  t = await startTestApp();
  patientToken = await appLogin('patient@demo.test');
  const rows = await t.db.query<{ id: string; tenant_id: string }>(
    `select p.id, p.tenant_id from patients p join tenants x on x.id = p.tenant_id where x.code = 'demo' and p.patient_code = 'DEMO-P0001'`,
  );
  patientId = rows[0]!.id;
  tenantId = rows[0]!.tenant_id;
});
afterAll(async () => {
  await t?.close();
});
// Issue 13: after every engine test, status and open alerts / SOS cases / tickets agree.
afterEach(async () => {
  expect(await alertStatusViolations(t.db)).toEqual([]);
});

/** Customer care closes the SOS case (and with it the alert and the ticket), as in use. */
async function closeCase(alertId: string) {
  const cskh = await t.login('cskh');
  const c = (
    await t.db.query<{ id: string }>("select id from sos_cases where alert_id = $1 and status = 'open'", [alertId])
  )[0]!;
  const res = await t.post(
    `/api/account/sos-cases/${c.id}/close`,
    { outcome: 'false_alarm', note: 'test' },
    cskh.access,
  );
  expect(res.status, res.raw).toBe(200);
}

const deliveryCount = async (alertId: string) =>
  Number(
    (await t.db.query<{ n: string }>('select count(*) as n from deliveries where alert_id = $1', [alertId]))[0]!.n,
  );

describe('SOS sent with a client id', () => {
  test('a resend of the same press answers the first result and calls nobody twice; the trail shows when it was pressed', async () => {
    const clientId = crypto.randomUUID();
    const pressedAt = new Date(t.clock.now().getTime() - 10 * 60_000).toISOString();
    const body = { message: { kind: 'choice', choice: 'need_help' }, clientId, pressedAt };
    const first = await t.post('/api/account/me/sos', body, patientToken);
    expect(first.status, first.raw).toBe(201);
    const alertId = String(first.body.alertId);
    expect(first.body.sosCaseId).toBeTruthy();
    const sent = await deliveryCount(alertId);
    expect(sent).toBeGreaterThan(0);

    const again = await t.post('/api/account/me/sos', body, patientToken);
    expect(again.status, again.raw).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await deliveryCount(alertId)).toBe(sent);

    const stored = await t.db.query<{ pressed_at: Date; alert_id: string }>(
      'select pressed_at, alert_id from sos_requests where tenant_id = $1 and client_id = $2',
      [tenantId, clientId],
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]!.pressed_at.toISOString()).toBe(pressedAt);
    const trail = await t.db.query<{ entry: { kind: string; at: string; detail?: string } }>(
      'select entry from alert_trail where alert_id = $1 order by seq',
      [alertId],
    );
    const press = trail.find((r) => r.entry.kind === 'patient_response' && r.entry.detail === 'sos_button:need_help');
    expect(press?.entry.at).toBe(pressedAt);

    // A new press (a new client id) is a new round of calls, as before.
    const second = await t.post(
      '/api/account/me/sos',
      { ...body, clientId: crypto.randomUUID(), pressedAt: undefined },
      patientToken,
    );
    expect(second.status, second.raw).toBe(201);
    expect(second.body.alertId).toBe(alertId);
    expect(await deliveryCount(alertId)).toBeGreaterThan(sent);

    await closeCase(alertId);
  });

  test('a phone clock far off never refuses an SOS: its press time is left out', async () => {
    const now = t.clock.now();
    expect(plausiblePressTime(new Date(now.getTime() + 3_600_000).toISOString(), now)).toBeNull();
    expect(plausiblePressTime(new Date(now.getTime() - 2 * 86_400_000).toISOString(), now)).toBeNull();
    expect(plausiblePressTime(new Date(now.getTime() + 30_000).toISOString(), now)?.toISOString()).toBe(
      now.toISOString(),
    );
    expect(plausiblePressTime(undefined, now)).toBeNull();

    const res = await t.post(
      '/api/account/me/sos',
      {
        message: { kind: 'choice', choice: 'had_a_fall' },
        clientId: crypto.randomUUID(),
        pressedAt: '2001-01-01T00:00:00Z',
      },
      patientToken,
    );
    expect(res.status, res.raw).toBe(201);
    const bad = await t.post(
      '/api/account/me/sos',
      { message: { kind: 'choice', choice: 'had_a_fall' }, clientId: 'nope' },
      patientToken,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.details?.field).toBe('clientId');
    await closeCase(String(res.body.alertId));
  });
});

describe('offline SOS contacts', () => {
  test("the patient's SOS recipients with a phone and the region's emergency number; the tenant may change the number", async () => {
    const res = await t.get('/api/account/me/sos/contacts', patientToken);
    expect(res.status, res.raw).toBe(200);
    expect(res.body.emergencyNumber).toBe('115');
    const contacts = res.body.contacts as Array<{ name: string; phone: string; kind: string }>;
    expect(contacts.map((c) => c.phone)).toEqual(
      expect.arrayContaining([expect.stringMatching(/00000021$/), expect.stringMatching(/00000022$/)]),
    );
    expect(contacts.every((c) => c.phone.length > 0)).toBe(true);
    expect(contacts[0]!.kind).toBe('emergency');

    const sys = await t.login('sysadmin');
    const T = `/api/account/tenant/${tenantId}/settings`;
    const other = {
      language: 'en',
      country: 'CA',
      dialCode: '+1',
      organizationName: '',
      aiCloudTenantId: '',
      allowWebSosPopup: true,
    };
    const bad = await t.put(`${T}/other`, { ...other, emergencyNumber: '11a' }, sys.access);
    expect(bad.status).toBe(400);
    expect(bad.body.details?.field).toBe('emergencyNumber');
    expect((await t.put(`${T}/other`, other, sys.access)).status).toBe(200);
    expect((await t.get('/api/account/me/sos/contacts', patientToken)).body.emergencyNumber).toBe('911');
    expect((await t.put(`${T}/other`, { ...other, emergencyNumber: '112' }, sys.access)).status).toBe(200);
    expect((await t.get('/api/account/me/sos/contacts', patientToken)).body.emergencyNumber).toBe('112');
    expect(
      (await t.put(`${T}/other`, { ...other, country: 'VN', dialCode: '+84', emergencyNumber: '' }, sys.access)).status,
    ).toBe(200);
    expect((await t.get('/api/account/me/sos/contacts', patientToken)).body.emergencyNumber).toBe('115');
  });

  test('an account without a health record of its own has no SOS contacts', async () => {
    const follower = await appLogin('follower@demo.test');
    const res = await t.get('/api/account/me/sos/contacts', follower);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body.code).toBe('NOT_A_PATIENT');
    void patientId;
  });
});

describe('live location while an SOS case is open', () => {
  test('kept on the case trail (one per 10 s), shown to staff as the last location and to the app as the list', async () => {
    const none = await t.post('/api/account/me/sos/location', { lat: 21.03, lng: 105.85 }, patientToken);
    expect([none.status, none.body.code]).toEqual([404, 'SOS_CASE_NOT_FOUND']);
    const bad = await t.post('/api/account/me/sos/location', { lat: 121, lng: 105.85 }, patientToken);
    expect([bad.status, bad.body.details?.field]).toEqual([400, 'lat']);

    const sos = await t.post(
      '/api/account/me/sos',
      {
        message: { kind: 'choice', choice: 'need_help' },
        location: { lat: 21.0285, lng: 105.8542 },
        clientId: crypto.randomUUID(),
      },
      patientToken,
    );
    expect(sos.status, sos.raw).toBe(201);
    const caseId = String(sos.body.sosCaseId);
    const first = await t.post(
      '/api/account/me/sos/location',
      { lat: 21.0301, lng: 105.8502, accuracyM: 12 },
      patientToken,
    );
    expect(first.body).toEqual({ stored: true, sosCaseId: caseId });
    const soon = await t.post('/api/account/me/sos/location', { lat: 21.0302, lng: 105.8503 }, patientToken);
    expect(soon.body.stored).toBe(false);
    t.clock.advance(11_000);
    const later = await t.post('/api/account/me/sos/location', { lat: 21.031, lng: 105.849 }, patientToken);
    expect(later.body.stored).toBe(true);

    const cskh = await t.login('cskh');
    const detail = await t.get(`/api/account/sos-cases/${caseId}`, cskh.access);
    expect(detail.body.lastLocation).toMatchObject({ lat: 21.031, lng: 105.849, at: t.clock.now().toISOString() });
    const app = await t.get(`/api/account/app/patients/me/sos-cases/${caseId}`, patientToken);
    expect(app.status, app.raw).toBe(200);
    expect((app.body.locations as Array<{ lat: number }>).map((l) => l.lat)).toEqual([21.0285, 21.0301, 21.031]);
    await closeCase(String(sos.body.alertId));
    const closed = await t.post('/api/account/me/sos/location', { lat: 21.03, lng: 105.85 }, patientToken);
    expect(closed.status).toBe(404);
  });
});
