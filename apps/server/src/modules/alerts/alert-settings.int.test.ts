import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { localMinutesAt } from '@carewatch/clinical/alert-settings';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { alertStatusViolations } from '../../test-support/invariants.ts';
import { DEMO_PASSWORD } from '../seed/demo.ts';
import { runDueDeliveries } from '../delivery/delivery.worker.ts';

let t: TestApp;
let patientToken: string;
let doctorToken: string;
let cskhToken: string;
let otherDoctorToken: string;
let patientId: string;

const INGEST = '/api/ingest/measurements';
const S = `/api/account/patients/:id/alert-settings`;
const settingsUrl = () => S.replace(':id', patientId);
let second = 0;
/** A reading time just before the fake clock's now (future readings are refused); a new second each call. */
const at = () => new Date(t.clock.now().getTime() - 60 * 60_000 + second++ * 1000).toISOString();

async function ingest(metric: string, value: number) {
  const res = await t.call('POST', INGEST, {
    token: patientToken,
    body: { readings: [{ metric, measuredAt: at(), value }] },
  });
  expect(res.status, res.raw).toBe(200);
  expect(res.body.accepted).toBe(1);
}
type Delivery = { channel: string; template: string; recipient_user_id: string | null; recipient_phone: string | null };
const deliveries = (alertId: string) =>
  t.db.query<Delivery>(
    'select channel, template, recipient_user_id, recipient_phone from deliveries where alert_id = $1 order by created_at, id',
    [alertId],
  );
const openAlert = async (metric: string) =>
  (
    await t.db.query<{ id: string; level: string; sos_case_id: string | null }>(
      "select id, level, sos_case_id from alerts where patient_id = $1 and metric = $2 and status <> 'closed'",
      [patientId, metric],
    )
  )[0] ?? null;
type Trail = {
  channel?: string;
  providerStatus?: string;
  detail?: string;
  recipientId?: string | null;
  recipient?: string;
};
const trail = async (alertId: string) =>
  (
    await t.db.query<{ entry: Trail }>(
      "select entry from alert_trail where alert_id = $1 and kind = 'notification' order by seq",
      [alertId],
    )
  ).map((r) => r.entry);
const userId = async (local: string) =>
  (
    await t.db.query<{ id: string }>(
      "select u.id from users u join tenants x on x.id = u.tenant_id where x.code = 'demo' and u.email = $1",
      [`${local}@demo.test`],
    )
  )[0]!.id;
const tick = async (ms: number) => {
  t.clock.advance(ms);
  await t.runJobs();
};
const deliver = async () => {
  while ((await runDueDeliveries(t.deps)) > 0) {
    /* until the outbox is empty */
  }
};
const texts = (alertId: string) =>
  t.db.query<{ recipient: string; body: string }>(
    'select recipient, body from messages where alert_id = $1 order by recipient',
    [alertId],
  );
const putSettings = (body: Record<string, unknown>, token = doctorToken) => t.put(settingsUrl(), body, token);
const DEFAULTS = {
  push: true,
  sms: true,
  automaticCall: false,
  inApp: true,
  validFrom: null,
  validTo: null,
  confirmSeconds: 15,
};
const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

async function signIn() {
  const login = await t.call('POST', '/api/auth/oauth-token', {
    body: { tenant: 'demo', username: 'patient@demo.test', password: DEMO_PASSWORD, grant_type: 'password' },
    headers: { 'x-client': 'app' },
  });
  patientToken = String(login.body.access_token);
  doctorToken = (await t.login('doctor')).access;
  cskhToken = (await t.login('cskh')).access;
  otherDoctorToken = (await t.login('doctor', 'demo2')).access;
}

beforeAll(async () => {
  t = await startTestApp();
  await signIn();
  patientId = (
    await t.db.query<{ id: string }>(
      "select p.id from patients p join tenants x on x.id = p.tenant_id where x.code = 'demo' and p.patient_code = 'DEMO-P0001'",
    )
  )[0]!.id;
  await t.db.query("update patients set status = 'normal' where id = $1", [patientId]);
});
afterAll(async () => {
  await t?.close();
});
// Issue 13: after every engine test, status and open alerts / SOS cases / tickets agree.
afterEach(async () => {
  expect(await alertStatusViolations(t.db)).toEqual([]);
});

describe('alert settings API', () => {
  test('defaults, a merged subset, one source of truth for the confirmation delay, 400s naming the field, 404 for another tenant', async () => {
    const get = await t.get(settingsUrl(), doctorToken);
    expect(get.status, get.raw).toBe(200);
    expect(get.body).toEqual({ patientId, ...DEFAULTS, updatedAt: null });

    const sub = await putSettings({ sms: false });
    expect(sub.status, sub.raw).toBe(200);
    expect(sub.body).toMatchObject({ ...DEFAULTS, sms: false });
    expect(sub.body.updatedAt).toBe(t.clock.now().toISOString());
    const more = await putSettings({ validFrom: '22:00', validTo: '06:00' });
    expect(more.body).toMatchObject({ ...DEFAULTS, sms: false, validFrom: '22:00', validTo: '06:00' });

    expect(await putSettings({ validFrom: '24:00', validTo: '06:00' })).toMatchObject({
      status: 400,
      body: { details: { field: 'validFrom' } },
    });
    expect(await putSettings({ validFrom: '22:00', validTo: null })).toMatchObject({
      status: 400,
      body: { details: { field: 'validTo' } },
    });
    expect(await putSettings({ confirmSeconds: 4 })).toMatchObject({
      status: 400,
      body: { details: { field: 'confirmSeconds' } },
    });
    // Checked after the merge with the stored values: one end against the other stored one.
    expect(await putSettings({ validTo: '22:00' })).toMatchObject({
      status: 400,
      body: { details: { field: 'validTo' } },
    });
    expect(await putSettings({ validFrom: null })).toMatchObject({
      status: 400,
      body: { details: { field: 'validFrom' } },
    });
    const cleared = await putSettings({ validFrom: null, validTo: null });
    expect(cleared.body).toMatchObject({ validFrom: null, validTo: null, sms: false });

    // confirmSeconds is one stored value for PUT thresholds and PUT alert-settings.
    await t.put(
      `/api/account/patients/${patientId}/thresholds`,
      {
        items: [
          {
            index: 'weight',
            low: { atRisk: 40, highRisk: null, sos: null },
            high: { atRisk: 120, highRisk: null, sos: null },
          },
        ],
        confirmSeconds: 30,
      },
      doctorToken,
    );
    expect((await t.get(settingsUrl(), doctorToken)).body).toMatchObject({ confirmSeconds: 30, sms: false });
    await putSettings({ confirmSeconds: 20 });
    expect((await t.get(`/api/account/patients/${patientId}/thresholds`, doctorToken)).body.confirmSeconds).toBe(20);
    // Resetting every threshold resets the delay, not the other settings.
    await t.post(`/api/account/patients/${patientId}/thresholds/reset`, {}, doctorToken);
    expect((await t.get(settingsUrl(), doctorToken)).body).toMatchObject({ confirmSeconds: 15, sms: false });

    // The patient's own view and change; staff routes are not theirs.
    const mine = await t.get('/api/account/me/alert-settings', patientToken);
    expect(mine.status, mine.raw).toBe(200);
    expect(mine.body).toMatchObject({ patientId, sms: false, push: true });
    const mineput = await t.put('/api/account/me/alert-settings', { push: false }, patientToken);
    expect(mineput.status, mineput.raw).toBe(200);
    expect(mineput.body).toMatchObject({ sms: false, push: false });
    expect(
      (await t.put('/api/account/me/alert-settings', { validFrom: '08:00' }, patientToken)).body.details?.field,
    ).toBe('validTo');
    expect((await t.get(settingsUrl(), patientToken)).status).toBe(403);
    expect((await t.get('/api/account/me/alert-settings', doctorToken)).status).toBe(403);

    // Another tenant's staff: 404 like a missing patient, nothing changed.
    expect((await t.get(settingsUrl(), otherDoctorToken)).status).toBe(404);
    expect((await t.put(settingsUrl(), { sms: true }, otherDoctorToken)).status).toBe(404);
    expect((await t.get(settingsUrl(), doctorToken)).body.sms).toBe(false);

    const audits = await t.db.query<{ n: number }>(
      "select count(*)::int as n from audit_log where resource_id = $1 and action = 'patient.alert_settings.update'",
      [patientId],
    );
    expect(audits[0]!.n).toBeGreaterThanOrEqual(5);
    await putSettings({ ...DEFAULTS });
  });
});

describe('alert settings in the engine', () => {
  test('SMS off: followers get no SMS after the 15 s wait (trail says why), but SOS still texts them', async () => {
    await putSettings({ sms: false });
    await ingest('spo2', 91);
    const a = (await openAlert('spo2'))!;
    expect(a.level).toBe('high_risk');
    await tick(16_000);
    await deliver();
    const d = await deliveries(a.id);
    expect(d.filter((x) => x.channel === 'sms' || x.channel === 'call')).toEqual([]);
    expect(await texts(a.id)).toEqual([]);
    const suppressed = (await trail(a.id)).filter((e) => e.providerStatus === 'suppressed');
    expect(suppressed.filter((e) => e.channel === 'sms').map((e) => e.detail)).toEqual([
      'settings:sms_off',
      'settings:sms_off',
      'settings:sms_off',
    ]);
    // Automatic call is off by default: the calls are recorded as suppressed too.
    expect(suppressed.filter((e) => e.channel === 'call').map((e) => e.detail)).toEqual(
      Array(3).fill('settings:automatic_call_off'),
    );
    // Staff are still told nobody answered.
    expect(d.some((x) => x.template === 'alert.high_risk_escalated' && x.channel === 'in_app')).toBe(true);
    await ingest('spo2', 97);

    await ingest('heart_rate', 200);
    const sos = (await openAlert('heart_rate'))!;
    expect(sos.level).toBe('sos');
    await deliver();
    expect((await texts(sos.id)).length).toBe(3);
    expect((await deliveries(sos.id)).filter((x) => x.channel === 'call').length).toBe(3);
    expect((await trail(sos.id)).some((e) => e.providerStatus === 'suppressed')).toBe(false);
    expect(
      (
        await t.post(
          `/api/account/sos-cases/${sos.sos_case_id}/close`,
          { outcome: 'patient_ok', note: 'test' },
          cskhToken,
        )
      ).status,
    ).toBe(200);
    await ingest('heart_rate', 72);
    await putSettings({ sms: true });
  });

  test('automatic call on: followers are texted and called when a high-risk prompt goes unanswered', async () => {
    await putSettings({ automaticCall: true });
    await ingest('spo2', 91);
    const a = (await openAlert('spo2'))!;
    await tick(14_000);
    expect((await deliveries(a.id)).some((x) => x.channel === 'call')).toBe(false);
    await tick(1_500);
    const d = await deliveries(a.id);
    const calls = d.filter((x) => x.channel === 'call');
    expect(calls.length).toBe(3);
    expect(calls.every((x) => x.template === 'alert.high_risk_sms')).toBe(true);
    expect(d.filter((x) => x.channel === 'sms').length).toBe(3);
    await deliver();
    const placed = await t.db.query<{ to_number: string; message: string }>(
      'select to_number, message from calls where alert_id = $1',
      [a.id],
    );
    expect(placed.length).toBe(3);
    expect(placed.every((c) => c.message.includes('high-risk'))).toBe(true);
    await ingest('spo2', 97);
    await putSettings({ automaticCall: false });
  });

  test('at risk outside the alert valid time: not delivered to the patient, staff still notified, the trail shows it suppressed', async () => {
    // A one-hour window starting an hour from now in the patient's time zone (the demo patient's account: Asia/Ho_Chi_Minh).
    const local = localMinutesAt(t.clock.now(), 'Asia/Ho_Chi_Minh');
    const out = await putSettings({ validFrom: hhmm(local + 60), validTo: hhmm(local + 120) });
    expect(out.status, out.raw).toBe(200);
    await ingest('heart_rate', 105);
    const a = (await openAlert('heart_rate'))!;
    expect(a.level).toBe('at_risk');
    const patientUser = await userId('patient');
    const doctor = await userId('doctor');
    const d = await deliveries(a.id);
    expect(d.filter((x) => x.recipient_user_id === patientUser)).toEqual([]);
    expect(
      d
        .filter((x) => x.recipient_user_id === doctor)
        .map((x) => x.channel)
        .sort(),
    ).toEqual(['in_app', 'push']);
    const mine = (await trail(a.id)).filter((e) => e.recipientId === patientUser);
    expect(mine.map((e) => `${e.channel}:${e.providerStatus}:${e.detail}`).sort()).toEqual([
      'in_app:suppressed:outside_valid_time',
      'push:suppressed:outside_valid_time',
    ]);
    // The staff view of the alert shows the same trail.
    const view = await t.get(`/api/account/alerts/${a.id}`, doctorToken);
    expect((view.body.trail as Trail[]).filter((e) => e.providerStatus === 'suppressed').length).toBe(2);
    await ingest('heart_rate', 72);

    // Inside the window (it started an hour ago): the patient is notified.
    await putSettings({ validFrom: hhmm(local + 1440 - 60), validTo: hhmm(local + 60) });
    await ingest('heart_rate', 106);
    const b = (await openAlert('heart_rate'))!;
    expect(
      (await deliveries(b.id))
        .filter((x) => x.recipient_user_id === patientUser)
        .map((x) => x.channel)
        .sort(),
    ).toEqual(['in_app', 'push']);
    await ingest('heart_rate', 72);
    await putSettings({ validFrom: null, validTo: null });
  });
});

describe('alert texts in the recipient language', () => {
  test('a Vietnamese follower gets Vietnamese texts, a Vietnamese doctor a Vietnamese in-app notification; plain numbers use the patient language', async () => {
    const follower = await userId('follower');
    const doctor = await userId('doctor');
    await t.db.query("update users set language = 'vi' where id = any($1::uuid[])", [[follower, doctor]]);
    try {
      await ingest('spo2', 91);
      const a = (await openAlert('spo2'))!;
      await tick(16_000);
      await deliver();
      const sms = await texts(a.id);
      expect(sms.length).toBe(3);
      const toFollower = sms.find((m) => m.recipient.endsWith('00000012'))!;
      // In Vietnamese the family name comes first (contracts/names.ts); an English text gives the given name first.
      const p = (
        await t.db.query<{ first_name: string; last_name: string }>(
          'select first_name, last_name from patients where id = $1',
          [patientId],
        )
      )[0]!;
      expect(toFollower.body).toContain(`CareWatch: ${p.last_name} ${p.first_name} có chỉ số`);
      expect(toFollower.body).toContain('có chỉ số nguy cơ cao (SpO2 91 %) và chưa phản hồi');
      // Contacts known only by their number: the patient's language (English here).
      for (const m of sms.filter((x) => x !== toFollower))
        expect(m.body).toMatch(/has a high-risk reading \(SpO2 91 %\) and has not answered/);

      const bell = await t.db.query<{ user_id: string; title: string; body: string }>(
        'select user_id, title, body from notifications where alert_id = $1 order by created_at',
        [a.id],
      );
      const doctorBell = bell.filter((n) => n.user_id === doctor);
      expect(doctorBell.map((n) => n.title)).toEqual(
        expect.arrayContaining(['Cảnh báo sức khỏe: nguy cơ cao', 'Nguy cơ cao, chưa phản hồi']),
      );
      expect(doctorBell.every((n) => n.body.includes('SpO2 91 %'))).toBe(true);
      const patientUser = await userId('patient');
      const patientBell = bell.find((n) => n.user_id === patientUser);
      expect(patientBell?.title).toBe('Are you all right?');
      expect(patientBell?.body).toBe(
        'Your SpO2 91 % is at a high-risk level. Tap "I am fine" or "Send SOS to followers".',
      );
      // The payload carries data, not English text.
      const payloads = await t.db.query<{ payload: Record<string, unknown> }>(
        'select payload from deliveries where alert_id = $1',
        [a.id],
      );
      for (const { payload } of payloads) {
        expect(payload).toMatchObject({ index: 'spo2', value: 91, unit: '%', level: 'high_risk' });
        expect(payload.title ?? payload.body ?? payload.text).toBeUndefined();
      }
      await ingest('spo2', 97);

      // The patient's account in Vietnamese: their plain-number contacts get Vietnamese texts.
      await t.db.query("update users set language = 'vi' where id = $1", [await userId('patient')]);
      await ingest('spo2', 91);
      const b = (await openAlert('spo2'))!;
      await tick(16_000);
      await deliver();
      const vi = await texts(b.id);
      expect(vi.length).toBe(3);
      expect(vi.every((m) => m.body.includes('chưa phản hồi'))).toBe(true);
      await ingest('spo2', 97);
    } finally {
      await t.db.query("update users set language = 'en' where id = any($1::uuid[])", [
        [follower, doctor, await userId('patient')],
      ]);
    }
  });
});
