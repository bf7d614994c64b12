import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { DEMO_PASSWORD } from '../seed/demo.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
/** The test clock starts 2026-11-22T08:00:00Z = 15:00 in Asia/Ho_Chi_Minh (the demo patient's zone). */
const T0 = new Date('2026-11-22T08:00:00Z');
const local = (isoLocal: string) => new Date(`${isoLocal}+07:00`).toISOString();

type Rx = {
  id: string;
  name: string;
  status: string;
  displayState: string;
  origin: string;
  previousId: string | null;
  nextId: string | null;
  doctorId: string;
  startDate: string;
  endDate: string | null;
  medicines: Array<{ id: string; name: string; reminder: unknown }>;
  history: Array<{ id: string; status: string }>;
  intakes: { counts: Record<string, number>; percent: number | null };
};
type Intake = {
  id: string;
  medicineId: string;
  medicineName: string;
  dueAt: string;
  state: string;
  timeLabel: string | null;
  snoozedUntil: string | null;
};

const med = (name: string, times: Array<{ time: string; label?: string }>, extra: Record<string, unknown> = {}) => ({
  name,
  dose: 1,
  doseUnit: 'TABLET',
  route: 'ORAL',
  form: 'TABLET',
  scheduleType: 'ON_SCHEDULE',
  when: 'AFTER_MEAL',
  reminder: { name: `${name} reminder`, rule: { kind: 'daily' }, times, preAlarmMinutes: 10 },
  ...extra,
});
const rxBody = (meds: unknown[], extra: Record<string, unknown> = {}) => ({
  name: 'Test prescription',
  rxNumber: 'RX-T-1',
  startDate: '2026-11-22',
  endDate: '2026-12-22',
  medicines: meds,
  ...extra,
});

describe('prescriptions, reminders, intakes and adherence', () => {
  let t: TestApp;
  let doctor: string;
  let assistant: string;
  // Customer care: reads health data tenant-wide, writes none (a coach sees only their players, issue 21).
  let cskh: string;
  let otherTenantDoctor: string;
  let patientApp: string;
  let followerApp: string;
  let doctorId: string;
  let patientId: string;
  let patientUserId: string;
  let followerUserId: string;

  const appLogin = async (local: string) => {
    const res = await t.call('POST', '/api/auth/oauth-token', {
      form: { tenant: 'demo', username: `${local}@demo.test`, password: DEMO_PASSWORD, grant_type: 'password' },
      headers: { 'x-client': 'app' },
    });
    if (res.status !== 200) throw new Error(res.raw);
    return String(res.body.access_token);
  };
  const create = (body: unknown, token = doctor, pid = patientId) =>
    t.post(`/api/account/patients/${pid}/prescriptions`, body, token);
  const intakes = async (from: string, to: string, token = doctor) =>
    (
      await t.get(
        `/api/account/patients/${patientId}/intakes?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
        token,
      )
    ).body.items as Intake[];
  /** Moves the fake clock (signing everyone in again: access tokens expire as time passes). */
  const setClock = async (at: Date) => {
    t.clock.set(at);
    [doctor, assistant, cskh] = await Promise.all([t.login('doctor'), t.login('assistant'), t.login('cskh')]).then(
      (r) => r.map((x) => x.access),
    );
    otherTenantDoctor = (await t.login('doctor', 'demo2')).access;
    [patientApp, followerApp] = await Promise.all([appLogin('patient'), appLogin('follower')]);
  };
  const advanceTo = async (at: Date) => {
    await setClock(at);
    await t.runJobs();
  };
  const deliveries = (template: string, like = '%') =>
    t.db.query<{
      channel: string;
      recipient_user_id: string | null;
      recipient_phone: string | null;
      payload: Record<string, unknown>;
      alert_id: string | null;
      dedupe_key: string;
    }>(
      "select channel, recipient_user_id, recipient_phone, payload, alert_id, dedupe_key from deliveries where template = $1 and payload->>'body' like $2 order by created_at, dedupe_key",
      [template, like],
    );

  beforeAll(async () => {
    t = await startTestApp();
    doctor = (await t.login('doctor')).access;
    assistant = (await t.login('assistant')).access;
    cskh = (await t.login('cskh')).access;
    otherTenantDoctor = (await t.login('doctor', 'demo2')).access;
    patientApp = await appLogin('patient');
    followerApp = await appLogin('follower');
    const [d] = await t.db.query<{ id: string }>(
      "select u.id from users u join tenants tn on tn.id = u.tenant_id where tn.code = 'demo' and u.email = 'doctor@demo.test'",
    );
    doctorId = d!.id;
    const [p] = await t.db.query<{ id: string; user_id: string }>(
      "select id, user_id from patients where patient_code = 'DEMO-P0001'",
    );
    patientId = p!.id;
    patientUserId = p!.user_id;
    const [f] = await t.db.query<{ id: string }>(
      "select u.id from users u join tenants tn on tn.id = u.tenant_id where tn.code = 'demo' and u.email = 'follower@demo.test'",
    );
    followerUserId = f!.id;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('the demo patient has an in-use prescription by the demo doctor with two scheduled medicines and a week of doses with misses', async () => {
    const res = await t.get(`/api/account/patients/${patientId}/prescriptions?state=IN_USE`, doctor);
    expect(res.status).toBe(200);
    const [rx] = res.body.items as Rx[];
    expect(rx).toMatchObject({
      name: 'Blood pressure and diabetes',
      status: 'ACTIVE',
      displayState: 'IN_USE',
      doctorId,
    });
    expect(rx!.medicines.map((m) => m.name)).toEqual(['Amlodipine', 'Metformin']);
    const week = await intakes(new Date(T0.getTime() - 7 * 24 * HOUR).toISOString(), T0.toISOString());
    expect(week.length).toBeGreaterThanOrEqual(19);
    expect(week.filter((i) => i.state === 'skipped').length).toBe(2);
    expect(week.filter((i) => i.state === 'unconfirmed').length).toBe(1);
    const adh = await t.get(`/api/account/patients/${patientId}/adherence`, doctor);
    expect(adh.status).toBe(200);
    const overall = adh.body.overall as { percent: number };
    expect(overall.percent).toBeGreaterThan(50);
    expect(overall.percent).toBeLessThan(100);
    expect((adh.body.medicines as Array<{ name: string }>).map((m) => m.name).sort()).toEqual([
      'Amlodipine',
      'Metformin',
    ]);
    // The next 48 hours are planned.
    const ahead = await intakes(T0.toISOString(), new Date(T0.getTime() + 48 * HOUR).toISOString());
    expect(ahead.length).toBe(6);
  });

  it('refuses bad input naming each field in the spec’s words', async () => {
    const bad = async (body: unknown) => {
      const res = await create(body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      return Object.fromEntries(
        (res.body.details!.fields as Array<{ field: string; message: string }>).map((f) => [f.field, f.message]),
      );
    };
    expect(await bad(rxBody([], { name: ' ', rxNumber: '' }))).toMatchObject({
      name: 'A prescription name is required',
      rxNumber: 'An Rx number is required',
      medicines: 'A prescription needs at least 1 medication',
    });
    expect(await bad(rxBody([med('A', [{ time: '08:00' }], { dose: 1.3 })]))).toMatchObject({
      'medicines.0.dose': 'Dose decimals can only be .125, .25, .33, .5, .66 or .75',
    });
    expect(await bad(rxBody([med('A', [{ time: '08:00' }], { dose: 301 })]))).toMatchObject({
      'medicines.0.dose': 'Max value is 300',
    });
    expect(await bad(rxBody([med('A', [])]))).toMatchObject({
      'medicines.0.reminder.times': 'Each medicine needs at least one schedule time',
    });
    expect(
      await bad(
        rxBody([
          med('A', [
            { time: '08:00', label: 'x' },
            { time: '08:00', label: 'y' },
          ]),
        ]),
      ),
    ).toMatchObject({ 'medicines.0.reminder.times': 'Schedule times must be unique per medicine' });
    expect(
      await bad(
        rxBody([
          med('A', [
            { time: '08:00', label: 'Morning' },
            { time: '09:00', label: 'morning' },
          ]),
        ]),
      ),
    ).toMatchObject({ 'medicines.0.reminder.times': 'Time labels must be unique per medicine' });
    expect(await bad(rxBody([med('A', [{ time: '08:00' }], { scheduleType: 'ON_DEMAND' })]))).toMatchObject({
      'medicines.0.reminder': 'On-demand medicines have no reminders',
    });
    expect(
      await bad(
        rxBody([
          med('A', [{ time: '08:00' }], {
            reminder: { name: '', rule: { kind: 'daily' }, times: [{ time: '08:00' }] },
          }),
        ]),
      ),
    ).toMatchObject({ 'medicines.0.reminder.name': 'A reminder needs a name' });
    expect(
      await bad(
        rxBody([
          med('A', [{ time: '08:00' }], {
            reminder: { name: 'r', rule: { kind: 'weekly', daysOfWeek: [] }, times: [{ time: '08:00' }] },
          }),
        ]),
      ),
    ).toMatchObject({ 'medicines.0.reminder.rule.daysOfWeek': 'At least one weekday must be chosen for reminders' });
    expect(await bad(rxBody([med('A', [{ time: '08:00' }])], { endDate: '2026-11-01' }))).toMatchObject({
      endDate: 'End date must be after start date',
    });
    expect(await bad(rxBody([med('A', [{ time: '25:00' }])]))).toMatchObject({
      'medicines.0.reminder.times.0.time': 'Time is not valid (HH:mm)',
    });
  });

  it('plans doses at the patient’s local times, edits as a linked new version, reuses and deactivates', async () => {
    const res = await create(
      rxBody([
        med('Chainmed', [
          { time: '09:00', label: 'Morning' },
          { time: '21:30', label: 'Night' },
        ]),
      ]),
    );
    expect(res.status).toBe(201);
    const rx = res.body as unknown as Rx;
    expect(rx).toMatchObject({ status: 'ACTIVE', displayState: 'IN_USE', origin: 'NEW', doctorId, previousId: null });
    // 21:30 today, then 09:00 and 21:30 tomorrow (15:00 + 48 h): local times in Asia/Ho_Chi_Minh.
    const planned = (await intakes(T0.toISOString(), new Date(T0.getTime() + 72 * HOUR).toISOString())).filter(
      (i) => i.medicineName === 'Chainmed',
    );
    expect(planned.map((i) => [i.dueAt, i.timeLabel, i.state])).toEqual([
      [local('2026-11-22T21:30:00'), 'Night', 'to_take'],
      [local('2026-11-23T09:00:00'), 'Morning', 'to_take'],
      [local('2026-11-23T21:30:00'), 'Night', 'to_take'],
      [local('2026-11-24T09:00:00'), 'Morning', 'to_take'],
    ]);

    const edited = await t.put(
      `/api/account/prescriptions/${rx.id}`,
      rxBody([med('Chainmed', [{ time: '10:00', label: 'Morning' }])], { name: 'Edited' }),
      doctor,
    );
    expect(edited.status).toBe(200);
    const v2 = edited.body as unknown as Rx;
    expect(v2).toMatchObject({ name: 'Edited', status: 'ACTIVE', origin: 'EDIT', previousId: rx.id });
    expect(v2.id).not.toBe(rx.id);
    expect(v2.history.map((h) => [h.id, h.status])).toEqual([
      [rx.id, 'DEACTIVATED'],
      [v2.id, 'ACTIVE'],
    ]);
    const old = (await t.get(`/api/account/prescriptions/${rx.id}`, doctor)).body as unknown as Rx;
    expect(old).toMatchObject({ status: 'DEACTIVATED', displayState: 'DEACTIVATED', nextId: v2.id });
    // The old version's doses to come are gone; the new one has its own.
    const after = (await intakes(T0.toISOString(), new Date(T0.getTime() + 72 * HOUR).toISOString())).filter(
      (i) => i.medicineName === 'Chainmed',
    );
    expect(after.map((i) => i.dueAt)).toEqual([local('2026-11-23T10:00:00'), local('2026-11-24T10:00:00')]);
    // A deactivated prescription cannot be edited or deactivated again.
    expect(
      (await t.put(`/api/account/prescriptions/${rx.id}`, rxBody([med('Chainmed', [{ time: '10:00' }])]), doctor)).body
        .code,
    ).toBe('PRESCRIPTION_DEACTIVATED');
    expect((await t.post(`/api/account/prescriptions/${rx.id}/deactivate`, {}, doctor)).status).toBe(409);

    const reused = await t.post(`/api/account/prescriptions/${rx.id}/reuse`, {}, doctor);
    expect(reused.status).toBe(201);
    expect(reused.body).toMatchObject({
      origin: 'REUSE',
      previousId: rx.id,
      status: 'ACTIVE',
      startDate: '2026-11-22',
      endDate: '2026-12-22',
      name: 'Test prescription',
    });

    const deact = await t.post(`/api/account/prescriptions/${v2.id}/deactivate`, {}, doctor);
    expect(deact.status).toBe(200);
    expect(deact.body).toMatchObject({ status: 'DEACTIVATED', displayState: 'DEACTIVATED' });
    const gone = (await intakes(T0.toISOString(), new Date(T0.getTime() + 72 * HOUR).toISOString())).filter(
      (i) => i.medicineName === 'Chainmed' && i.dueAt === local('2026-11-23T10:00:00'),
    );
    expect(gone.length).toBe(0); // the reuse copied v1 (09:00, 21:30); v2's 10:00 doses went with it
    const list = await t.get(`/api/account/patients/${patientId}/prescriptions?state=DEACTIVATED`, doctor);
    expect((list.body.items as Rx[]).map((r) => r.id)).toEqual(expect.arrayContaining([rx.id, v2.id]));
    await t.post(`/api/account/prescriptions/${(reused.body as unknown as Rx).id}/deactivate`, {}, doctor);
  });

  it('doses follow the patient’s own profile time zone', async () => {
    await t.db.query("update users set timezone = 'America/Toronto' where id = $1", [patientUserId]);
    try {
      const res = await create(rxBody([med('Zonemed', [{ time: '09:00', label: 'Morning' }])]));
      expect(res.status).toBe(201);
      const planned = (await intakes(T0.toISOString(), new Date(T0.getTime() + 48 * HOUR).toISOString())).filter(
        (i) => i.medicineName === 'Zonemed',
      );
      // 09:00 in Toronto (UTC−5 in November) = 14:00 UTC: today's (T0 is 03:00 there) and tomorrow's.
      expect(planned.map((i) => i.dueAt)).toEqual(['2026-11-22T14:00:00.000Z', '2026-11-23T14:00:00.000Z']);
      const rem = await t.get(`/api/account/patients/${patientId}/reminders`, doctor);
      expect(rem.body.timeZone).toBe('America/Toronto');
      await t.post(`/api/account/prescriptions/${String(res.body.id)}/deactivate`, {}, doctor);
    } finally {
      await t.db.query("update users set timezone = 'Asia/Ho_Chi_Minh' where id = $1", [patientUserId]);
    }
  });

  it('doctors and assistants prescribe; other roles may not; other tenants and invisible patients answer 404', async () => {
    const byAssistant = await create(rxBody([med('Assistmed', [{ time: '07:00' }])]), assistant);
    expect(byAssistant.status).toBe(201);
    expect(byAssistant.body.doctorId).toBe(doctorId);
    expect((await create(rxBody([med('X', [{ time: '07:00' }])]), cskh)).status).toBe(403);
    expect((await t.get(`/api/account/patients/${patientId}/prescriptions`, cskh)).status).toBe(200);
    expect((await create(rxBody([med('X', [{ time: '07:00' }])]), otherTenantDoctor)).status).toBe(404);
    expect((await t.get(`/api/account/patients/${patientId}/prescriptions`, otherTenantDoctor)).status).toBe(404);
    expect(
      (await t.get(`/api/account/prescriptions/${String(byAssistant.body.id)}`, otherTenantDoctor)).body.code,
    ).toBe('PRESCRIPTION_NOT_FOUND');
    expect(
      (await t.post(`/api/account/prescriptions/${String(byAssistant.body.id)}/deactivate`, {}, otherTenantDoctor))
        .status,
    ).toBe(404);
    expect((await t.get(`/api/account/patients/${patientId}/adherence`, otherTenantDoctor)).status).toBe(404);
    expect((await t.get(`/api/account/patients/${patientId}/prescriptions`, patientApp)).status).toBe(403);
    // A doctor cannot name a doctor in charge who is not the patient's.
    const [other] = await t.db.query<{ id: string }>(
      "select u.id from users u join tenants tn on tn.id = u.tenant_id where tn.code = 'demo' and u.email = 'coach@demo.test'",
    );
    expect((await create(rxBody([med('X', [{ time: '07:00' }])], { doctorId: other!.id }))).body).toMatchObject({
      code: 'DOCTOR_NOT_FOUND',
      details: { field: 'doctorId' },
    });
    await t.post(`/api/account/prescriptions/${String(byAssistant.body.id)}/deactivate`, {}, doctor);
    // A patient of the assistant's branch whom no doctor they follow has: visible, but not theirs to prescribe for.
    const [branch] = await t.db.query<{ id: string }>(
      `select p.id from patients p join patients me on me.id = $1 and me.center_id = p.center_id
      where p.tenant_id = me.tenant_id and p.id <> me.id and not exists (select 1 from patient_doctors d where d.patient_id = p.id) order by p.patient_code limit 1`,
      [patientId],
    );
    if (branch) {
      expect((await t.get(`/api/account/patients/${branch.id}/prescriptions`, assistant)).status).toBe(200);
      expect((await create(rxBody([med('X', [{ time: '07:00' }])]), assistant, branch.id)).status).toBe(403);
    }
  });

  it('sends the dose notification (and the pre-alarm) at the due time, confirms within the windows, snoozes', async () => {
    const res = await create(rxBody([med('Dosemed', [{ time: '16:00', label: 'Afternoon' }])]));
    expect(res.status).toBe(201);
    const [dose] = (await intakes(T0.toISOString(), new Date(T0.getTime() + 2 * HOUR).toISOString())).filter(
      (i) => i.medicineName === 'Dosemed',
    );
    expect(dose!.dueAt).toBe(local('2026-11-22T16:00:00'));
    await advanceTo(new Date(T0.getTime() + 49 * MIN));
    expect(await deliveries('medication.prealarm', '%Dosemed%')).toHaveLength(0);
    await advanceTo(new Date(T0.getTime() + 50 * MIN)); // 10 minutes before
    expect((await deliveries('medication.prealarm', '%Dosemed%')).map((d) => d.channel).sort()).toEqual([
      'in_app',
      'push',
    ]);
    expect(await deliveries('medication.dose', '%Dosemed%')).toHaveLength(0);
    await advanceTo(new Date(T0.getTime() + 60 * MIN)); // due
    const sent = await deliveries('medication.dose', '%Dosemed%');
    expect(sent.map((d) => [d.channel, d.recipient_user_id])).toEqual([
      ['in_app', patientUserId],
      ['push', patientUserId],
    ]);
    expect(sent[0]!.payload).toMatchObject({ type: 'medication', intakeId: dose!.id, patientId });

    // Snooze: the notification comes again 5 minutes later.
    const snoozed = await t.post(`/api/account/app/medication/intakes/${dose!.id}/snooze`, { minutes: 5 }, patientApp);
    expect(snoozed.status).toBe(200);
    expect(snoozed.body.snoozedUntil).toBe(new Date(T0.getTime() + 65 * MIN).toISOString());
    expect(
      (await t.post(`/api/account/app/medication/intakes/${dose!.id}/snooze`, { minutes: 7 }, patientApp)).status,
    ).toBe(400);
    await advanceTo(new Date(T0.getTime() + 64 * MIN));
    expect(await deliveries('medication.dose', '%Dosemed%')).toHaveLength(2);
    await advanceTo(new Date(T0.getTime() + 65 * MIN));
    expect(await deliveries('medication.dose', '%Dosemed%')).toHaveLength(4);

    // Followers read only; staff cannot answer through the app either.
    expect(
      (await t.post(`/api/account/app/medication/intakes/${dose!.id}`, { action: 'taken' }, followerApp)).status,
    ).toBe(403);
    expect(
      (await t.post(`/api/account/app/medication/intakes/${dose!.id}`, { action: 'taken' }, doctor)).status,
    ).not.toBe(200);
    // Taken 5 minutes after due (within ±30 min) → taken; a second answer is refused.
    const ok = await t.post(`/api/account/app/medication/intakes/${dose!.id}`, { action: 'taken' }, patientApp);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ state: 'taken', answeredAt: new Date(T0.getTime() + 65 * MIN).toISOString() });
    expect(
      (await t.post(`/api/account/app/medication/intakes/${dose!.id}`, { action: 'skipped' }, patientApp)).body.code,
    ).toBe('INTAKE_ANSWERED');

    // Tomorrow's dose: not earlier than due − 120 min; 60 min early → taken_early; the day after, 45 min late → taken_late.
    const next = (await intakes(T0.toISOString(), new Date(T0.getTime() + 49 * HOUR).toISOString())).filter(
      (i) => i.medicineName === 'Dosemed',
    );
    const tomorrow = next.find((i) => i.dueAt === local('2026-11-23T16:00:00'))!;
    await setClock(new Date(new Date(tomorrow.dueAt).getTime() - 121 * MIN));
    expect(
      (await t.post(`/api/account/app/medication/intakes/${tomorrow.id}`, { action: 'taken' }, patientApp)).body.code,
    ).toBe('INTAKE_TOO_EARLY');
    await setClock(new Date(new Date(tomorrow.dueAt).getTime() - 60 * MIN));
    expect(
      (await t.post(`/api/account/app/medication/intakes/${tomorrow.id}`, { action: 'taken' }, patientApp)).body.state,
    ).toBe('taken_early');
    expect(
      (await t.post(`/api/account/app/medication/intakes/${tomorrow.id}`, { action: 'skipped' }, patientApp)).status,
    ).toBe(409);
    expect(
      (
        await t.post(
          `/api/account/app/medication/intakes/${tomorrow.id}`,
          { action: 'taken', at: new Date(T0.getTime() + 30 * HOUR).toISOString() },
          patientApp,
        )
      ).body,
    ).toMatchObject({ details: { field: 'at' } });
    await t.post(`/api/account/prescriptions/${String(res.body.id)}/deactivate`, {}, doctor);
    await setClock(new Date(T0.getTime() + 65 * MIN));
  });

  it('tells the emergency and caring contacts once after 2 consecutive missed doses of one medicine, on the alert trail; never for on-demand', async () => {
    await setClock(T0);
    const res = await create(
      rxBody([
        med('Missmed', [
          { time: '17:00', label: 'A' },
          { time: '18:00', label: 'B' },
        ]),
        { name: 'Ondemandmed', dose: 0.5, doseUnit: 'PILL', route: 'ORAL', form: 'PILL', scheduleType: 'ON_DEMAND' },
      ]),
    );
    expect(res.status).toBe(201);
    const doses = (await intakes(T0.toISOString(), new Date(T0.getTime() + 48 * HOUR).toISOString())).filter(
      (i) => i.medicineName === 'Missmed',
    );
    expect(doses).toHaveLength(4);
    expect(
      (await intakes(T0.toISOString(), new Date(T0.getTime() + 48 * HOUR).toISOString())).filter(
        (i) => i.medicineName === 'Ondemandmed',
      ),
    ).toHaveLength(0);
    // The first dose is skipped (allowed from due − 120 min): one miss, no notice.
    const skip = await t.post(`/api/account/app/medication/intakes/${doses[0]!.id}`, { action: 'skipped' }, patientApp);
    expect(skip.body.state).toBe('skipped');
    expect(await deliveries('medication.missed', '%Missmed%')).toHaveLength(0);
    // The second stays unanswered: at due + 120 min it is unconfirmed — the second miss in a row.
    await advanceTo(new Date(new Date(doses[1]!.dueAt).getTime() + 119 * MIN));
    expect(await deliveries('medication.missed', '%Missmed%')).toHaveLength(0);
    await advanceTo(new Date(new Date(doses[1]!.dueAt).getTime() + 120 * MIN));
    const notices = await deliveries('medication.missed', '%Missmed%');
    const byChannel = notices.map((d) => [d.channel, d.recipient_user_id ?? d.recipient_phone]);
    expect(byChannel).toEqual(
      expect.arrayContaining([
        ['in_app', followerUserId],
        ['push', followerUserId],
        ['sms', '0900000012'],
      ]),
    );
    expect(notices.filter((d) => d.channel === 'sms').length).toBeGreaterThanOrEqual(2); // the emergency numbers too
    expect(new Set(notices.map((d) => d.alert_id)).size).toBe(1);
    const alertId = notices[0]!.alert_id!;
    const alert = await t.get(`/api/account/alerts/${alertId}`, doctor);
    expect(alert.status).toBe(200);
    expect(alert.body).toMatchObject({ source: 'missed_dose', level: 'at_risk', status: 'closed', patientId });
    expect((alert.body.trail as Array<{ kind: string; detail: string }>)[0]).toMatchObject({
      kind: 'rule',
      detail: 'missed_dose:2:Missmed',
    });
    // A third miss in the same run: no second notice.
    await advanceTo(new Date(new Date(doses[2]!.dueAt).getTime() + 121 * MIN));
    expect(await deliveries('medication.missed', '%Missmed%')).toHaveLength(notices.length);
    // The follower got it in the app once the outbox ran.
    const intakeNow = (await intakes(T0.toISOString(), new Date(T0.getTime() + 48 * HOUR).toISOString()))
      .filter((i) => i.medicineName === 'Missmed')
      .map((i) => i.state);
    expect(intakeNow.slice(0, 3)).toEqual(['skipped', 'unconfirmed', 'unconfirmed']);
    await t.post(`/api/account/prescriptions/${String(res.body.id)}/deactivate`, {}, doctor);
  });

  it('the missed-dose threshold is a per-patient setting', async () => {
    expect((await t.get(`/api/account/patients/${patientId}/medication-settings`, doctor)).body).toEqual({
      missedDoseThreshold: 2,
    });
    expect(
      (await t.put(`/api/account/patients/${patientId}/medication-settings`, { missedDoseThreshold: 0 }, doctor))
        .status,
    ).toBe(400);
    expect(
      (await t.put(`/api/account/patients/${patientId}/medication-settings`, { missedDoseThreshold: 3 }, cskh)).status,
    ).toBe(403);
    expect(
      (await t.put(`/api/account/patients/${patientId}/medication-settings`, { missedDoseThreshold: 3 }, doctor)).body,
    ).toEqual({ missedDoseThreshold: 3 });
    await t.put(`/api/account/patients/${patientId}/medication-settings`, { missedDoseThreshold: 2 }, doctor);
  });

  it('adherence: percent of due doses taken on time, per medicine and overall, and the ranking of patients', async () => {
    const now = t.clock.now();
    const adh = await t.get(`/api/account/patients/${patientId}/adherence`, doctor);
    const week = await intakes(
      new Date(now.getTime() - 7 * 24 * HOUR).toISOString(),
      new Date(now.getTime() + 1).toISOString(),
    );
    const due = week.filter((i) => i.state !== 'to_take');
    const expected = Math.round((100 * due.filter((i) => i.state === 'taken').length) / due.length);
    expect(adh.body.overall).toMatchObject({ percent: expected, percent7: expected });
    const miss = (adh.body.medicines as Array<{ name: string; percent7: number }>).find((m) => m.name === 'Missmed');
    expect(miss?.percent7).toBe(0);
    const rank = await t.get('/api/account/adherence?size=100', doctor);
    expect(rank.status).toBe(200);
    const row = (rank.body.items as Array<{ patientId: string; percent7: number | null; missed7: number }>).find(
      (r) => r.patientId === patientId,
    );
    expect(row).toMatchObject({ percent7: expected });
    expect(row!.missed7).toBe(due.filter((i) => i.state === 'skipped' || i.state === 'unconfirmed').length);
    const p7 = (rank.body.items as Array<{ percent7: number | null }>).map((r) => r.percent7 ?? 101);
    expect(p7).toEqual([...p7].sort((a, b) => a - b));
    expect((await t.get('/api/account/adherence', otherTenantDoctor)).body.items).not.toContainEqual(
      expect.objectContaining({ patientId }),
    );
  });

  it('medicine pictures: PNG or JPG under 1 MB by content; a medicine names an uploaded one', async () => {
    const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const upload = (data: Buffer, filename: string) => {
      const boundary = '----cwRxTest';
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        data,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return t.call('POST', '/api/account/prescriptions/medicine-images', {
        token: doctor,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
    };
    expect((await upload(Buffer.from('<html>hi</html>'), 'pill.png')).body.code).toBe('INVALID_FILE_TYPE');
    expect((await upload(Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]), 'big.png')).status).toBe(413);
    const ok = await upload(PNG, 'pill.png');
    expect(ok.status).toBe(201);
    const imageId = String(ok.body.id);
    const missing = await create(
      rxBody([med('Imgmed', [{ time: '07:00' }], { imageId: '0190a0a0-0000-7000-8000-000000000000' })]),
    );
    expect(missing.body).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'medicines.0.imageId' } });
    const res = await create(rxBody([med('Imgmed', [{ time: '07:00' }], { imageId })]));
    expect(res.status).toBe(201);
    const img = await t.get(`/api/account/prescriptions/medicine-images/${imageId}`, doctor);
    expect(img.status).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect((await t.get(`/api/account/app/medication/medicine-images/${imageId}`, patientApp)).status).toBe(200);
    expect((await t.get(`/api/account/prescriptions/medicine-images/${imageId}`, otherTenantDoctor)).status).toBe(404);
    await t.post(`/api/account/prescriptions/${String(res.body.id)}/deactivate`, {}, doctor);
  });

  it('the app shows the Medication tab to the patient and read-only to a follower', async () => {
    const mine = await t.get('/api/account/app/medication', patientApp);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ patientId, timeZone: 'Asia/Ho_Chi_Minh', canConfirm: true });
    expect((mine.body.prescriptions as Rx[]).some((r) => r.name === 'Blood pressure and diabetes')).toBe(true);
    expect((mine.body.reminders as Array<{ medicineName: string }>).map((r) => r.medicineName)).toEqual(
      expect.arrayContaining(['Amlodipine', 'Metformin']),
    );
    const followed = await t.get(`/api/account/app/patients/${patientId}/medication`, followerApp);
    expect(followed.status).toBe(200);
    expect(followed.body.canConfirm).toBe(false);
    expect((await t.get(`/api/account/app/patients/${patientId}/medication`, doctor)).status).not.toBe(200);
    const reminders = await t.get(`/api/account/patients/${patientId}/reminders`, doctor);
    expect(reminders.status).toBe(200);
    expect((reminders.body.items as Array<{ nextDoseAt: string | null }>).every((r) => r.nextDoseAt !== null)).toBe(
      true,
    );
  });
});
