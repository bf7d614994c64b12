import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { alertStatusViolations } from '../../test-support/invariants.ts';
import { DEMO_PASSWORD } from '../seed/demo.ts';
import { createServer, JOB_HANDLERS } from '../../server.ts';
import { runDueJobs } from '../../platform/jobs.ts';

let t: TestApp;
let patientToken: string;
let doctorToken: string;
let cskhToken: string;
let otherDoctorToken: string;
let patientId: string;
let tenantId: string;

const INGEST = '/api/ingest/measurements';
let minute = 0;
/** A reading time just before the fake clock's now (future readings are refused); each call a new minute, no duplicates. */
const at = () => new Date(t.clock.now().getTime() - 60 * 60_000 + minute++ * 1000).toISOString();

async function ingest(metric: string, value: number) {
  const res = await t.call('POST', INGEST, {
    token: patientToken,
    body: { readings: [{ metric, measuredAt: at(), value }] },
  });
  expect(res.status, res.raw).toBe(200);
  expect(res.body.accepted).toBe(1);
}
type Delivery = {
  channel: string;
  template: string;
  recipient_user_id: string | null;
  recipient_phone: string | null;
  alert_id: string;
  dedupe_key: string;
};
const deliveries = (alertId: string) =>
  t.db.query<Delivery>(
    'select channel, template, recipient_user_id, recipient_phone, alert_id, dedupe_key from deliveries where alert_id = $1 order by created_at, id',
    [alertId],
  );
const openAlert = async (metric: string | null) =>
  (
    await t.db.query<{ id: string; level: string; status: string; sos_case_id: string | null }>(
      "select id, level, status, sos_case_id from alerts where patient_id = $1 and metric is not distinct from $2 and status <> 'closed'",
      [patientId, metric],
    )
  )[0] ?? null;
const patientStatus = async () =>
  (await t.db.query<{ status: string }>('select status from patients where id = $1', [patientId]))[0]!.status;
const ids = async (local: string) =>
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

/** Signs everyone in again (after the fake clock jumps past the access tokens' lifetime). */
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
  const rows = await t.db.query<{ id: string; tenant_id: string }>(
    `select p.id, p.tenant_id from patients p join tenants x on x.id = p.tenant_id where x.code = 'demo' and p.patient_code = 'DEMO-P0001'`,
  );
  patientId = rows[0]!.id;
  tenantId = rows[0]!.tenant_id;
  // Start every scenario from a quiet patient.
  await t.db.query("update patients set status = 'normal' where id = $1", [patientId]);
});
afterAll(async () => {
  await t?.close();
});
// Issue 13: after every engine test, status and open alerts / SOS cases / tickets agree.
afterEach(async () => {
  expect(await alertStatusViolations(t.db)).toEqual([]);
});

describe('thresholds', () => {
  test('defaults for every index, set by the doctor, locked for the patient, reset; audited; bad input is a 400 naming the field', async () => {
    const get = await t.get(`/api/account/patients/${patientId}/thresholds`, doctorToken);
    expect(get.status, get.raw).toBe(200);
    expect((get.body.items as unknown[]).length).toBe(10);
    expect(get.body.confirmSeconds).toBe(15);

    const bad = await t.put(
      `/api/account/patients/${patientId}/thresholds`,
      {
        items: [
          {
            index: 'spo2',
            low: { atRisk: 90, highRisk: 95, sos: null },
            high: { atRisk: null, highRisk: null, sos: null },
          },
        ],
      },
      doctorToken,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.details?.field).toBe('items.0.low.highRisk');

    const put = await t.put(
      `/api/account/patients/${patientId}/thresholds`,
      {
        items: [
          {
            index: 'weight',
            low: { atRisk: 40, highRisk: null, sos: null },
            high: { atRisk: 120, highRisk: null, sos: null },
            locked: true,
          },
        ],
        confirmSeconds: 20,
      },
      doctorToken,
    );
    expect(put.status, put.raw).toBe(200);
    const weight = (put.body.items as Array<{ index: string; source: string; locked: boolean }>).find(
      (i) => i.index === 'weight',
    )!;
    expect(weight).toMatchObject({ source: 'custom', locked: true });
    expect(put.body.confirmSeconds).toBe(20);

    const mine = {
      items: [
        {
          index: 'weight',
          low: { atRisk: 45, highRisk: null, sos: null },
          high: { atRisk: 110, highRisk: null, sos: null },
        },
      ],
    };
    const locked = await t.put('/api/account/me/thresholds', mine, patientToken);
    expect(locked.status).toBe(403);
    expect(locked.body.code).toBe('THRESHOLD_LOCKED');
    await t.put(
      `/api/account/patients/${patientId}/thresholds`,
      {
        items: [
          {
            index: 'weight',
            low: { atRisk: 40, highRisk: null, sos: null },
            high: { atRisk: 120, highRisk: null, sos: null },
            patientMayEdit: true,
          },
        ],
      },
      doctorToken,
    );
    const allowed = await t.put('/api/account/me/thresholds', mine, patientToken);
    expect(allowed.status, allowed.raw).toBe(200);

    const reset = await t.post(`/api/account/patients/${patientId}/thresholds/reset`, {}, doctorToken);
    expect(reset.status).toBe(200);
    expect((reset.body.items as Array<{ source: string }>).every((i) => i.source === 'default')).toBe(true);
    expect(reset.body.confirmSeconds).toBe(15);
    const audits = await t.db.query<{ action: string }>(
      "select action from audit_log where resource_id = $1 and action like 'patient.thresholds.%'",
      [patientId],
    );
    expect(audits.map((a) => a.action)).toEqual(
      expect.arrayContaining(['patient.thresholds.update', 'patient.thresholds.reset']),
    );

    // Another tenant's doctor: 404 like a missing patient.
    expect((await t.get(`/api/account/patients/${patientId}/thresholds`, otherDoctorToken)).status).toBe(404);
  });
});

describe('escalation', () => {
  test('at risk notifies the patient and the following staff; back to normal closes and the patient is normal again', async () => {
    await ingest('heart_rate', 105);
    const a = await openAlert('heart_rate');
    expect(a).toMatchObject({ level: 'at_risk', status: 'open' });
    expect(await patientStatus()).toBe('at_risk');
    const d = await deliveries(a!.id);
    const doctorId = await ids('doctor');
    const assistantId = await ids('assistant');
    const patientUser = await ids('patient');
    const to = new Set(d.map((x) => `${x.channel}:${x.recipient_user_id}`));
    for (const u of [doctorId, assistantId, patientUser]) {
      expect(to.has(`in_app:${u}`)).toBe(true);
      expect(to.has(`push:${u}`)).toBe(true);
    }
    expect(d.some((x) => x.channel === 'sms' || x.channel === 'call')).toBe(false);

    // Still at risk: nothing re-fires.
    await ingest('heart_rate', 108);
    expect((await deliveries(a!.id)).length).toBe(d.length);

    const list = await t.get(`/api/account/alerts?patientId=${patientId}&level=at_risk&status=open`, doctorToken);
    expect(list.status, list.raw).toBe(200);
    expect((list.body.items as Array<{ id: string }>).map((i) => i.id)).toContain(a!.id);
    const one = await t.get(`/api/account/alerts/${a!.id}`, doctorToken);
    const kinds = (one.body.trail as Array<{ kind: string }>).map((e) => e.kind);
    expect(kinds.slice(0, 3)).toEqual(['reading', 'rule', 'tier']);
    expect(kinds).toContain('notification');

    // A consented follower may snooze an at-risk alert; another tenant's user cannot see it.
    const follower = await t.call('POST', '/api/auth/oauth-token', {
      body: { tenant: 'demo', username: 'follower@demo.test', password: DEMO_PASSWORD, grant_type: 'password' },
      headers: { 'x-client': 'app' },
    });
    const snooze = await t.post(
      `/api/account/alerts/${a!.id}/snooze`,
      { minutes: 30 },
      String(follower.body.access_token),
    );
    expect(snooze.status, snooze.raw).toBe(200);
    expect((snooze.body.trail as Array<{ kind: string }>).some((e) => e.kind === 'snooze')).toBe(true);
    expect((await t.post(`/api/account/alerts/${a!.id}/snooze`, { minutes: 30 }, otherDoctorToken)).status).toBe(404);
    expect((await t.post(`/api/account/alerts/${a!.id}/snooze`, { minutes: 1 }, doctorToken)).body.details?.field).toBe(
      'minutes',
    );

    await ingest('heart_rate', 72);
    expect(await openAlert('heart_rate')).toBeNull();
    expect(await patientStatus()).toBe('normal');
    const closed = await t.get(`/api/account/alerts/${a!.id}`, doctorToken);
    expect(closed.body.status).toBe('closed');
  });

  test('high risk waits for the patient 15 s, then texts the followers', async () => {
    await ingest('spo2', 91);
    const a = (await openAlert('spo2'))!;
    expect(a.level).toBe('high_risk');
    const first = await deliveries(a.id);
    expect(
      first
        .filter((x) => x.template === 'alert.high_risk_confirm')
        .map((x) => x.channel)
        .sort(),
    ).toEqual(['in_app', 'push']);
    expect(first.some((x) => x.channel === 'sms')).toBe(false);
    type Mine = Array<{ id: string; pendingPrompt: boolean; promptDeadline: string | null; openedAt: string }>;
    const mine = await t.get('/api/account/me/alerts', patientToken);
    const waiting = (mine.body.items as Mine).find((x) => x.id === a.id)!;
    expect(waiting.pendingPrompt).toBe(true);
    expect(Date.parse(waiting.promptDeadline!) - Date.parse(waiting.openedAt)).toBe(15_000);

    await tick(14_000);
    expect((await deliveries(a.id)).some((x) => x.channel === 'sms')).toBe(false);
    await tick(1_500);
    // The followers were texted: the prompt is history, it no longer blocks the app.
    const escalated = (await t.get('/api/account/me/alerts', patientToken)).body.items as Mine;
    expect(escalated.find((x) => x.id === a.id)).toMatchObject({ pendingPrompt: false, promptDeadline: null });
    const sms = (await deliveries(a.id)).filter((x) => x.channel === 'sms');
    expect(sms.map((x) => x.recipient_phone).sort()).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/00000021$/),
        expect.stringMatching(/00000022$/),
        expect.stringMatching(/00000012$/),
      ]),
    );
    expect(sms.length).toBe(3);
    expect(sms.every((x) => x.template === 'alert.high_risk_sms')).toBe(true);
    // Running the jobs again sends nothing twice.
    await tick(60_000);
    expect((await deliveries(a.id)).filter((x) => x.channel === 'sms').length).toBe(3);

    await ingest('spo2', 97);
    expect(await openAlert('spo2')).toBeNull();
  });

  test('"I am fine" suppresses the SMS and pauses high risk until normal', async () => {
    await ingest('spo2', 91);
    const a = (await openAlert('spo2'))!;
    const res = await t.post(`/api/account/me/alerts/${a.id}/respond`, { response: 'i_am_fine' }, patientToken);
    expect(res.status, res.raw).toBe(200);
    expect(res.body.status).toBe('suppressed');
    const n = (await deliveries(a.id)).length;
    await tick(20_000);
    await ingest('spo2', 90);
    const after = await deliveries(a.id);
    expect(after.some((x) => x.channel === 'sms')).toBe(false);
    expect(after.filter((x) => x.template !== 'alert.patient_fine').length).toBe(
      n - after.filter((x) => x.template === 'alert.patient_fine').length,
    );
    // Answering twice: no prompt pending any more.
    const again = await t.post(`/api/account/me/alerts/${a.id}/respond`, { response: 'i_am_fine' }, patientToken);
    expect(again.status).toBe(409);
    await ingest('spo2', 97);
    expect(await openAlert('spo2')).toBeNull();
  });

  test('"Send SOS" calls and texts followers at once and opens an SOS case with a ticket; customer care closes it', async () => {
    await ingest('spo2', 91);
    const a = (await openAlert('spo2'))!;
    const res = await t.post(`/api/account/me/alerts/${a.id}/respond`, { response: 'send_sos' }, patientToken);
    expect(res.status, res.raw).toBe(200);
    expect(res.body.level).toBe('sos');
    const d = await deliveries(a.id);
    expect(d.filter((x) => x.channel === 'call').length).toBe(3);
    expect(d.filter((x) => x.channel === 'sms').length).toBe(3);
    const caseId = res.body.sosCaseId as string;
    expect(caseId).toBeTruthy();
    const ticket = await t.db.query<{ type: string }>('select type from tickets where sos_case_id = $1', [caseId]);
    expect(ticket.map((x) => x.type)).toEqual(['sos_call']);
    expect(await patientStatus()).toBe('sos');

    // Values back to normal do not close a manual SOS.
    await ingest('spo2', 97);
    expect((await openAlert('spo2'))?.id).toBe(a.id);

    const cases = await t.get('/api/account/sos-cases?status=open', cskhToken);
    expect(cases.status, cases.raw).toBe(200);
    expect((cases.body.items as Array<{ id: string }>).map((c) => c.id)).toContain(caseId);
    const detail = await t.get(`/api/account/sos-cases/${caseId}`, doctorToken);
    expect(detail.status, detail.raw).toBe(200);
    expect((detail.body.alert as { trail: Array<{ kind: string }> }).trail.map((e) => e.kind)).toEqual(
      expect.arrayContaining(['patient_response', 'sos_case', 'notification']),
    );
    expect((await t.post(`/api/account/sos-cases/${caseId}/close`, {}, doctorToken)).status).toBe(403);
    // Closing needs an outcome and a note (400 naming the field); the ticket cannot be finished apart from its case.
    const noOutcome = await t.post(`/api/account/sos-cases/${caseId}/close`, { note: 'called the patient' }, cskhToken);
    expect([noOutcome.status, noOutcome.body.details?.field]).toEqual([400, 'outcome']);
    const noNote = await t.post(
      `/api/account/sos-cases/${caseId}/close`,
      { outcome: 'patient_ok', note: '  ' },
      cskhToken,
    );
    expect([noNote.status, noNote.body.details?.field]).toEqual([400, 'note']);
    expect((await t.get(`/api/account/sos-cases/${caseId}`, cskhToken)).body.status).toBe('open');
    const ticketId = (await t.db.query<{ id: string }>('select id from tickets where sos_case_id = $1', [caseId]))[0]!
      .id;
    for (const to of ['confirm', 'processing'])
      expect((await t.post(`/api/account/tickets/${ticketId}/transition`, { to }, cskhToken)).status).toBe(200);
    const early = await t.post(`/api/account/tickets/${ticketId}/transition`, { to: 'success' }, cskhToken);
    expect([early.status, early.body.details?.rule]).toEqual([409, 'close_the_sos_case']);
    const close = await t.post(
      `/api/account/sos-cases/${caseId}/close`,
      { outcome: 'patient_ok', note: 'called the patient' },
      cskhToken,
    );
    expect(close.status, close.raw).toBe(200);
    expect(close.body).toMatchObject({ status: 'closed', outcome: 'patient_ok', closeNote: 'called the patient' });
    expect(await openAlert('spo2')).toBeNull();
    expect(await patientStatus()).toBe('normal');
    // The ticket moved with the case, its trail saying why.
    const ticket2 = await t.get(`/api/account/tickets/${ticketId}`, cskhToken);
    expect(ticket2.body.status).toBe('success');
    expect((ticket2.body.activities as Array<{ toStatus: string | null; note: string | null }>).at(-1)).toMatchObject({
      toStatus: 'success',
      note: 'called the patient',
    });
    expect(
      (await t.post(`/api/account/sos-cases/${caseId}/close`, { outcome: 'patient_ok', note: 'again' }, cskhToken)).body
        .code,
    ).toBe('SOS_CASE_CLOSED');
  });

  test('SOS level: call + SMS + SOS case + ticket; an acknowledgement stops re-fire until it times out', async () => {
    await ingest('heart_rate', 200);
    const a = (await openAlert('heart_rate'))!;
    expect(a.level).toBe('sos');
    expect(a.sos_case_id).toBeTruthy();
    const d = await deliveries(a.id);
    expect(d.filter((x) => x.channel === 'call').length).toBe(3);
    expect(d.filter((x) => x.channel === 'sms').length).toBe(3);
    const cskhId = await ids('cskh');
    expect(d.some((x) => x.channel === 'in_app' && x.recipient_user_id === cskhId)).toBe(true);
    const ticket = await t.db.query<{ type: string }>('select type from tickets where sos_case_id = $1', [
      a.sos_case_id,
    ]);
    expect(ticket.map((x) => x.type)).toEqual(['sos_indicator']);
    expect(await patientStatus()).toBe('sos');

    const ack = await t.post(`/api/account/alerts/${a.id}/ack`, { note: 'seen' }, doctorToken);
    expect(ack.status, ack.raw).toBe(200);
    expect(ack.body.status).toBe('acknowledged');
    expect((ack.body.trail as Array<{ kind: string }>).some((e) => e.kind === 'acknowledgement')).toBe(true);
    await ingest('heart_rate', 205);
    expect((await deliveries(a.id)).length).toBe(d.length);

    // The acknowledgement holds 30 minutes; then the alert, still open, fires again (round 2).
    await tick(31 * 60_000);
    await signIn();
    const after = await deliveries(a.id);
    expect(after.length).toBeGreaterThan(d.length);
    expect(after.some((x) => x.dedupe_key.includes(':sos:2:'))).toBe(true);

    const close = await t.post(
      `/api/account/sos-cases/${a.sos_case_id}/close`,
      { outcome: 'help_sent', note: 'ambulance' },
      cskhToken,
    );
    expect(close.status, close.raw).toBe(200);
    await ingest('heart_rate', 70);
    expect(await patientStatus()).toBe('normal');
  });

  test('a sensor SpO2 below the manual-entry floor reaches the engine as SOS; the same value typed by hand is refused', async () => {
    const dev = (
      await t.db.query<{ id: string }>('select id from devices where patient_id = $1 order by created_at limit 1', [
        patientId,
      ])
    )[0]!;
    const typed = await t.call('POST', INGEST, {
      token: patientToken,
      body: { readings: [{ metric: 'spo2', measuredAt: at(), value: 84 }] },
    });
    expect(typed.body).toMatchObject({ accepted: 0, rejected: [{ index: 0, code: 'OUT_OF_RANGE', field: 'value' }] });
    const sensed = await t.call('POST', INGEST, {
      token: patientToken,
      body: { readings: [{ metric: 'spo2', measuredAt: at(), value: 84, deviceId: dev.id }] },
    });
    expect(sensed.body).toMatchObject({ accepted: 1, rejected: [] });
    const a = (await openAlert('spo2'))!;
    expect(a.level).toBe('sos');
    expect((await deliveries(a.id)).filter((x) => x.channel === 'call').length).toBe(3);
    await t.post(
      `/api/account/sos-cases/${a.sos_case_id}/close`,
      { outcome: 'help_sent', note: 'ambulance' },
      cskhToken,
    );
    await t.call('POST', INGEST, {
      token: patientToken,
      body: { readings: [{ metric: 'spo2', measuredAt: at(), value: 98, deviceId: dev.id }] },
    });
  });

  test('a restart in the middle of the high-risk wait still sends the SMS', async () => {
    await ingest('spo2', 91);
    const a = (await openAlert('spo2'))!;
    // A second server process on the same database, as after a restart: the timer is a durable job.
    const other = await createServer({
      db: t.db,
      clock: t.clock,
      config: {
        seedDemo: false,
        databaseUrl: undefined,
        mqttPort: 'off',
        mqttUrl: undefined,
        dataDir: t.deps.config.dataDir,
      },
      jobs: false,
    });
    try {
      t.clock.advance(16_000);
      await runDueJobs(other.deps, JOB_HANDLERS);
    } finally {
      await other.close();
    }
    expect((await deliveries(a.id)).filter((x) => x.channel === 'sms').length).toBe(3);
    await ingest('spo2', 97);
    expect(await openAlert('spo2')).toBeNull();
  });

  test('SOS button: main user only, case with message and location; snooze only at risk', async () => {
    const sub = await t.post(
      '/api/account/me/sos',
      { message: { kind: 'choice', choice: 'need_help' }, profileId: tenantId },
      patientToken,
    );
    expect(sub.status).toBe(403);
    expect(sub.body.code).toBe('SOS_SUB_PROFILE');
    const bad = await t.post('/api/account/me/sos', { message: { kind: 'choice', choice: 'nope' } }, patientToken);
    expect(bad.status).toBe(400);
    const res = await t.post(
      '/api/account/me/sos',
      { message: { kind: 'choice', choice: 'had_a_fall' }, location: { lat: 21.03, lng: 105.85 } },
      patientToken,
    );
    expect(res.status, res.raw).toBe(201);
    const detail = await t.get(`/api/account/sos-cases/${res.body.sosCaseId}`, cskhToken);
    expect(detail.body).toMatchObject({
      reason: 'sos_button',
      status: 'open',
      message: { kind: 'choice', choice: 'had_a_fall' },
      location: { lat: 21.03, lng: 105.85 },
    });
    const d = await deliveries(res.body.alertId as string);
    expect(d.filter((x) => x.channel === 'call').length).toBe(3);
    const snooze = await t.post(`/api/account/alerts/${res.body.alertId}/snooze`, { minutes: 30 }, doctorToken);
    expect(snooze.body.code).toBe('ALERT_ONLY_AT_RISK');
    expect(
      (
        await t.post(
          `/api/account/sos-cases/${res.body.sosCaseId}/close`,
          { outcome: 'false_alarm', note: 'pressed by mistake' },
          cskhToken,
        )
      ).status,
    ).toBe(200);
  });

  test('tenant isolation and visibility: 404 for another tenant, lists hold only visible patients', async () => {
    const any = (
      await t.db.query<{ id: string; sos_case_id: string | null }>(
        'select id, sos_case_id from alerts where patient_id = $1 and sos_case_id is not null limit 1',
        [patientId],
      )
    )[0]!;
    expect((await t.get(`/api/account/alerts/${any.id}`, otherDoctorToken)).status).toBe(404);
    expect((await t.get(`/api/account/alerts/${any.id}`, otherDoctorToken)).body.code).toBe('ALERT_NOT_FOUND');
    expect((await t.post(`/api/account/alerts/${any.id}/ack`, {}, otherDoctorToken)).status).toBe(404);
    expect((await t.get(`/api/account/sos-cases/${any.sos_case_id}`, otherDoctorToken)).status).toBe(404);
    // The other tenant's lists hold its own patients only (its demo patients have alerts of their own).
    const list = await t.get('/api/account/alerts?size=100', otherDoctorToken);
    expect((list.body.items as Array<{ patientId: string }>).some((a) => a.patientId === patientId)).toBe(false);
    const otherCases = (await t.get('/api/account/sos-cases?size=100', otherDoctorToken)).body.items as Array<{
      patientId: string;
    }>;
    expect(otherCases.some((c) => c.patientId === patientId)).toBe(false);
    expect((await t.get('/api/account/alerts', patientToken)).status).toBe(403);
    expect((await t.get('/api/account/alerts?level=nope', doctorToken)).body.details?.field).toBe('level');
  });
});
