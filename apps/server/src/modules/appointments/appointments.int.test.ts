import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { DEMO_PASSWORD } from '../seed/demo.ts';
import { createServer, JOB_HANDLERS } from '../../server.ts';
import { runDueJobs } from '../../platform/jobs.ts';

const A = '/api/account/appointments';
const at = (isoLocal: string) => new Date(`${isoLocal}+07:00`).toISOString();
type Slot = { id: string; start: string; end: string; booked: boolean };
type Appt = {
  id: string;
  code: string;
  status: string;
  start: string;
  overdue: boolean;
  location: string;
  meetingRoom: string | null;
  address: string | null;
  history: Array<{ from: string | null; to: string; actorName: string | null; note: string | null }>;
};

describe('appointments', () => {
  let t: TestApp;
  let operator: string;
  let doctor: string;
  let assistant: string;
  let coach: string;
  let otherDoctor: string;
  let patientApp: string;
  let followerApp: string;
  let doctorId: string;
  let patientId: string;
  let patientUserId: string;

  const appLogin = async (local: string) => {
    const res = await t.call('POST', '/api/auth/oauth-token', {
      form: { tenant: 'demo', username: `${local}@demo.test`, password: DEMO_PASSWORD, grant_type: 'password' },
      headers: { 'x-client': 'app' },
    });
    if (res.status !== 200) throw new Error(res.raw);
    return String(res.body.access_token);
  };

  beforeAll(async () => {
    t = await startTestApp();
    operator = (await t.login('operator')).access;
    doctor = (await t.login('doctor')).access;
    assistant = (await t.login('assistant')).access;
    coach = (await t.login('coach')).access;
    otherDoctor = (await t.login('doctor', 'demo2')).access;
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
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const freeSlot = async (date: string, n = 0): Promise<Slot> => {
    const res = await t.get(`/api/account/doctors/${doctorId}/slots?date=${date}`, operator);
    return (res.body.items as Slot[]).filter((s) => !s.booked)[n]!;
  };
  const book = (token: string, slotId: string, extra: Record<string, unknown> = {}) =>
    t.post(A, { patientId, doctorId, slotId, location: 'AT_THE_CLINIC', reason: 'Check-up', ...extra }, token);

  it('the demo patient has three appointments: a video visit tomorrow, a clinic visit, a completed one', async () => {
    const res = await t.get(`${A}?patientId=${patientId}&size=50`, operator);
    expect(res.status).toBe(200);
    const items = res.body.items as Appt[];
    expect(items.map((a) => a.status).sort()).toEqual(['COMPLETED', 'UPCOMING', 'UPCOMING']);
    const online = items.find((a) => a.location === 'ONLINE')!;
    expect(online.start).toBe(at('2026-11-23T09:00:00'));
    expect(online.meetingRoom).toBeTruthy();
  });

  it('the operator books a free slot: one slot, one appointment; history, reminders and the invitation are written', async () => {
    const slot = await freeSlot('2026-11-24');
    const res = await book(operator, slot.id, { note: 'Bring previous results', paid: true });
    expect(res.status).toBe(201);
    const a = res.body as unknown as Appt;
    expect(a).toMatchObject({ status: 'UPCOMING', start: slot.start, address: 'Ba Dinh Health Center' });
    expect(a.code).toMatch(/^A-\d{6}$/);
    expect(a.history).toEqual([expect.objectContaining({ from: null, to: 'UPCOMING', actorName: expect.any(String) })]);
    expect((await t.get(`/api/account/doctors/${doctorId}/slots?date=2026-11-24`, operator)).body.items).toContainEqual(
      expect.objectContaining({ id: slot.id, booked: true }),
    );
    const again = await book(operator, slot.id);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('SLOT_TAKEN');
    const jobs = await t.db.query<{ dedupe_key: string; run_at: Date }>(
      "select dedupe_key, run_at from jobs where dedupe_key like $1 and status = 'pending' order by run_at",
      [`appointment:${a.id}:%`],
    );
    expect(jobs.map((j) => j.run_at.toISOString())).toEqual([
      new Date(Date.parse(slot.start) - 24 * 3600_000).toISOString(),
      new Date(Date.parse(slot.start) - 15 * 60_000).toISOString(),
    ]);
    const invited = await t.db.query<{ channel: string }>(
      "select channel from deliveries where template = 'appointment.invited' and payload->>'appointmentId' = $1 and recipient_user_id = $2",
      [a.id, patientUserId],
    );
    expect(invited.map((d) => d.channel).sort()).toEqual(['in_app', 'push']);
  });

  it('the doctor books in their own slots too; an assistant does not book', async () => {
    const res = await book(doctor, (await freeSlot('2026-11-24')).id, { reason: 'Follow-up I asked for' });
    expect(res.status).toBe(201);
    expect((res.body.history as Array<{ actorName: string }>)[0]!.actorName).toBe('Duc Nguyen');
    expect((await book(assistant, (await freeSlot('2026-11-24')).id)).status).toBe(403);
  });

  it('concurrent bookings of one slot: exactly one wins', async () => {
    const slot = await freeSlot('2026-11-25');
    const results = await Promise.all(Array.from({ length: 8 }, () => book(operator, slot.id)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.code === 'SLOT_TAKEN')).toBe(true);
    expect(results.filter((r) => r.status === 409)).toHaveLength(7);
    const rows = await t.db.query('select id from appointments where slot_id = $1', [slot.id]);
    expect(rows).toHaveLength(1);
  });

  it('bad bookings get a 400 or 404 naming the field', async () => {
    const missing = await t.post(A, { location: 'AT_THE_CLINIC', reason: 'x' }, operator);
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toMatch(/patientId/);
    const addressless = await t.post(
      A,
      {
        patientId,
        doctorId,
        slotId: (await freeSlot('2026-11-26')).id,
        location: 'PATIENT_ADDRESS',
        reason: 'Home visit',
      },
      operator,
    );
    expect(addressless.status).toBe(400);
    expect(JSON.stringify(addressless.body)).toMatch(/address/);
    const [foreignSlot] = await t.db.query<{ id: string }>(
      "select sl.id from doctor_slots sl join tenants tn on tn.id = sl.tenant_id where tn.code = 'demo2' limit 1",
    );
    const foreign = await book(operator, foreignSlot!.id);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: 'SLOT_NOT_FOUND', details: { field: 'slotId' } });
    const [past] = await t.db.query<{ id: string }>(
      "select id from doctor_slots where doctor_id = $1 and start_at < '2026-11-22T08:00:00Z' limit 1",
      [doctorId],
    );
    expect((await book(operator, past!.id)).body.code).toBe('SLOT_NOT_FOUND');
    // Coaches see no appointments; another tenant's doctor gets 404 like a missing id.
    expect((await t.get(A, coach)).status).toBe(403);
    const mine = (await t.get(`${A}?patientId=${patientId}`, operator)).body.items as Appt[];
    expect((await t.get(`${A}/${mine[0]!.id}`, otherDoctor)).status).toBe(404);
  });

  it('walks UPCOMING → PROCESSING → COMPLETED with a diagnosis, each change kept; bad moves refused', async () => {
    const created = (await book(operator, (await freeSlot('2026-11-26', 1)).id, { location: 'ONLINE' }))
      .body as unknown as Appt;
    expect(created.meetingRoom).toBeTruthy();
    // Starting and completing are the doctor's.
    const byOperator = await t.post(`${A}/${created.id}/status`, { status: 'PROCESSING' }, operator);
    expect(byOperator.status).toBe(403);
    expect((await t.post(`${A}/${created.id}/complete`, { diagnosis: 'x' }, doctor)).body.code).toBe(
      'APPOINTMENT_TRANSITION_INVALID',
    );
    expect((await t.post(`${A}/${created.id}/status`, { status: 'PROCESSING' }, doctor)).status).toBe(200);
    const noDiagnosis = await t.post(`${A}/${created.id}/complete`, { diagnosis: '  ' }, doctor);
    expect(noDiagnosis.status).toBe(400);
    expect(JSON.stringify(noDiagnosis.body)).toContain('diagnosis');
    const done = await t.post(
      `${A}/${created.id}/complete`,
      { diagnosis: 'Hypertension, controlled', advice: 'Keep the current dose' },
      assistant,
    );
    expect(done.status).toBe(200);
    const d = done.body as unknown as Appt & { diagnosis: string; advice: string };
    expect(d).toMatchObject({
      status: 'COMPLETED',
      diagnosis: 'Hypertension, controlled',
      advice: 'Keep the current dose',
    });
    expect(d.history.map((h) => `${h.from}→${h.to}`)).toEqual([
      'null→UPCOMING',
      'UPCOMING→PROCESSING',
      'PROCESSING→COMPLETED',
    ]);
    const late = await t.post(`${A}/${created.id}/cancel`, { reason: 'too late' }, operator);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('APPOINTMENT_TRANSITION_INVALID');
    expect(
      await t.db.query("select id from jobs where dedupe_key like $1 and status = 'pending'", [
        `appointment:${created.id}:%`,
      ]),
    ).toHaveLength(0);
  });

  it('cancel needs a reason, frees the slot and drops the reminders', async () => {
    const slot = await freeSlot('2026-11-27');
    const a = (await book(operator, slot.id)).body as unknown as Appt;
    expect((await t.post(`${A}/${a.id}/cancel`, {}, operator)).status).toBe(400);
    const res = await t.post(`${A}/${a.id}/cancel`, { reason: 'Patient travelling' }, doctor);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'CANCELED', cancelReason: 'Patient travelling' });
    expect(
      await t.db.query("select id from jobs where dedupe_key like $1 and status = 'pending'", [
        `appointment:${a.id}:%`,
      ]),
    ).toHaveLength(0);
    expect((await book(operator, slot.id)).status).toBe(201);
  });

  it('reminders go 24 h and 15 min before, from durable jobs, through a restart of the server', async () => {
    const slot = await freeSlot('2026-11-28');
    const a = (await book(operator, slot.id, { location: 'ONLINE' })).body as unknown as Appt;
    const start = Date.parse(slot.start);
    // Another server process on the same database runs the jobs (the first one's memory holds nothing of them).
    const second = await createServer({
      db: t.db,
      clock: t.clock,
      config: {
        seedDemo: false,
        mqttPort: 'off',
        mqttUrl: undefined,
        databaseUrl: undefined,
        dataDir: t.deps.config.dataDir,
      },
      jobs: false,
    });
    try {
      const sent = async () =>
        await t.db.query<{ template: string; channel: string; recipient_user_id: string | null }>(
          "select template, channel, recipient_user_id from deliveries where payload->>'appointmentId' = $1 and template like 'appointment.reminder%' order by template, channel",
          [a.id],
        );
      t.clock.set(new Date(start - 24 * 3600_000 - 60_000));
      await runDueJobs(second.deps, JOB_HANDLERS);
      expect(await sent()).toHaveLength(0);
      t.clock.set(new Date(start - 24 * 3600_000 + 1000));
      await runDueJobs(second.deps, JOB_HANDLERS);
      const day = await sent();
      expect(day.map((d) => `${d.template}/${d.channel}`)).toEqual([
        'appointment.reminder_1440/in_app',
        'appointment.reminder_1440/in_app',
        'appointment.reminder_1440/push',
        'appointment.reminder_1440/push',
        'appointment.reminder_1440/sms',
      ]);
      expect(day.filter((d) => d.recipient_user_id === doctorId)).toHaveLength(2);
      t.clock.set(new Date(start - 15 * 60_000 + 1000));
      await runDueJobs(second.deps, JOB_HANDLERS);
      expect((await sent()).filter((d) => d.template === 'appointment.reminder_15')).toHaveLength(5);
      const [sms] = await t.db.query<{ payload: { text: string } }>(
        "select payload from deliveries where payload->>'appointmentId' = $1 and template = 'appointment.reminder_15' and channel = 'sms'",
        [a.id],
      );
      expect(sms!.payload.text).toMatch(
        /starts at \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}|bắt đầu lúc \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/,
      );
    } finally {
      await second.close();
      t.clock.set(new Date('2026-11-22T08:00:00Z'));
    }
  });

  it('reschedule: another free slot of the doctor; the old slot is freed, the reminders and the patient follow', async () => {
    const first = await freeSlot('2026-11-27', 1);
    const a = (await book(operator, first.id)).body as unknown as Appt;
    const target = await freeSlot('2026-11-28', 3);
    const [foreign] = await t.db.query<{ id: string }>(
      "select sl.id from doctor_slots sl join tenants tn on tn.id = sl.tenant_id where tn.code = 'demo2' limit 1",
    );
    expect((await t.post(`${A}/${a.id}/reschedule`, { slotId: foreign!.id }, operator)).body.code).toBe(
      'SLOT_NOT_FOUND',
    );
    const taken = (await t.get(`/api/account/doctors/${doctorId}/slots?date=2026-11-23`, operator)).body
      .items as Slot[];
    expect(
      (await t.post(`${A}/${a.id}/reschedule`, { slotId: taken.find((x) => x.booked)!.id }, operator)).body.code,
    ).toBe('SLOT_TAKEN');
    const res = await t.post(
      `${A}/${a.id}/reschedule`,
      { slotId: target.id, note: 'Patient asked for Monday' },
      operator,
    );
    expect(res.status).toBe(200);
    const moved = res.body as unknown as Appt & {
      history: Array<{ rescheduledTo: string | null; note: string | null }>;
    };
    expect(moved.start).toBe(target.start);
    expect(moved.history.at(-1)).toMatchObject({ rescheduledTo: target.start, note: 'Patient asked for Monday' });
    const day1 = (await t.get(`/api/account/doctors/${doctorId}/slots?date=2026-11-27`, operator)).body.items as Slot[];
    expect(day1.find((x) => x.id === first.id)?.booked).toBe(false);
    const jobs = await t.db.query<{ run_at: Date }>(
      "select run_at from jobs where dedupe_key like $1 and status = 'pending' order by run_at",
      [`appointment:${a.id}:%`],
    );
    expect(jobs.map((j) => j.run_at.toISOString())).toEqual([
      new Date(Date.parse(target.start) - 24 * 3600_000).toISOString(),
      new Date(Date.parse(target.start) - 15 * 60_000).toISOString(),
    ]);
    const told = await t.db.query<{ channel: string }>(
      "select channel from deliveries where template = 'appointment.updated' and payload->>'appointmentId' = $1 and (recipient_user_id = $2 or channel = 'sms')",
      [a.id, patientUserId],
    );
    expect(told.map((d) => d.channel).sort()).toEqual(['in_app', 'push', 'sms']);
    // Done with: no more moves.
    await t.post(`${A}/${a.id}/cancel`, { reason: 'test' }, operator);
    expect((await t.post(`${A}/${a.id}/reschedule`, { slotId: first.id }, operator)).body.code).toBe(
      'APPOINTMENT_TRANSITION_INVALID',
    );
  });

  it('an open appointment past its end is flagged overdue for confirmation', async () => {
    const slot = await freeSlot('2026-11-23');
    const a = (await book(operator, slot.id)).body as unknown as Appt;
    expect(a.overdue).toBe(false);
    t.clock.set(new Date(Date.parse(slot.end) + 60_000));
    try {
      const fresh = (await t.login('operator')).access;
      const list = await t.get(`${A}?overdue=true&size=100`, fresh);
      expect((list.body.items as Appt[]).map((x) => x.id)).toContain(a.id);
      expect((await t.get(`${A}/${a.id}`, fresh)).body.overdue).toBe(true);
    } finally {
      t.clock.set(new Date('2026-11-22T08:00:00Z'));
    }
  });

  it('the app: My Events with reminders (max 20, no two at one time), appointments, cancel with a reason; followers read only', async () => {
    const ev = await t.get('/api/account/app/events', patientApp);
    expect(ev.status).toBe(200);
    const appts = ev.body.appointments as { upcoming: Appt[]; history: Appt[] };
    expect(appts.upcoming.length).toBeGreaterThanOrEqual(2);
    expect(appts.history.some((a) => a.status === 'COMPLETED')).toBe(true);

    const first = await t.post(
      '/api/account/app/events',
      { arrivalTime: '2026-11-23T01:00:00Z', label: 'Blood test', icon: 'doctor' },
      patientApp,
    );
    expect(first.status).toBe(201);
    const dup = await t.post(
      '/api/account/app/events',
      { arrivalTime: '2026-11-23T01:00:00Z', label: 'Other' },
      patientApp,
    );
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: 'EVENT_DUPLICATE_TIME', message: 'No duplicate event at the same time' });
    expect((await t.post('/api/account/app/events', { arrivalTime: '2026-11-23T02:00:00Z' }, patientApp)).status).toBe(
      400,
    );
    for (let i = 1; i < 20; i++) {
      expect(
        (
          await t.post(
            '/api/account/app/events',
            { arrivalTime: new Date(Date.parse('2026-12-01T00:00:00Z') + i * 3600_000).toISOString(), label: `E${i}` },
            patientApp,
          )
        ).status,
      ).toBe(201);
    }
    const over = await t.post(
      '/api/account/app/events',
      { arrivalTime: '2027-01-01T00:00:00Z', label: 'One too many' },
      patientApp,
    );
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ code: 'MAX_EVENTS', message: 'Max events (20) reached' });
    const id = String(first.body.id);
    const edited = await t.put(
      `/api/account/app/events/${id}`,
      { arrivalTime: '2026-11-23T01:30:00Z', label: 'Blood test (fasting)', icon: 'doctor' },
      patientApp,
    );
    expect(edited.body).toMatchObject({ label: 'Blood test (fasting)', arrivalTime: '2026-11-23T01:30:00.000Z' });
    // The reminder at its time.
    t.clock.set(new Date('2026-11-23T01:30:01Z'));
    try {
      await t.runJobs();
      const rows = await t.db.query<{ channel: string; payload: { title: string } }>(
        "select channel, payload from deliveries where template = 'event.reminder' and recipient_user_id = $1",
        [patientUserId],
      );
      expect(rows.map((r) => r.channel).sort()).toEqual(['in_app', 'push']);
      expect(rows[0]!.payload.title).toContain('Blood test (fasting)');
    } finally {
      t.clock.set(new Date('2026-11-22T08:00:00Z'));
    }
    expect((await t.call('DELETE', `/api/account/app/events/${id}`, { token: patientApp })).body).toEqual({ ok: true });
    expect((await t.call('DELETE', `/api/account/app/events/${id}`, { token: patientApp })).status).toBe(404);

    const upcoming = appts.upcoming.find((a) => a.location === 'AT_THE_CLINIC')!;
    // A follower sees the upcoming appointments, read only.
    const followed = await t.get(`/api/account/app/patients/${patientId}/events`, followerApp);
    expect(followed.status).toBe(200);
    expect((followed.body.appointments as { upcoming: Appt[]; history: Appt[] }).history).toEqual([]);
    expect((followed.body.reminders as { upcoming: unknown[] }).upcoming).toEqual([]);
    expect(
      (await t.post(`/api/account/app/appointments/${upcoming.id}/cancel`, { reason: 'x' }, followerApp)).status,
    ).toBe(403);
    expect((await t.post(`/api/account/app/appointments/${upcoming.id}/cancel`, {}, patientApp)).status).toBe(400);
    const canceled = await t.post(
      `/api/account/app/appointments/${upcoming.id}/cancel`,
      { reason: 'I feel better' },
      patientApp,
    );
    expect(canceled.status).toBe(200);
    expect(canceled.body).toMatchObject({ status: 'CANCELED', cancelReason: 'I feel better' });
    // Staff see who cancelled and why.
    const seen = await t.get(`${A}/${upcoming.id}`, doctor);
    expect((seen.body.history as Appt['history']).at(-1)).toMatchObject({
      from: 'UPCOMING',
      to: 'CANCELED',
      note: 'I feel better',
    });
    // Another tenant's patient app cannot see it.
    const res2 = await t.call('POST', '/api/auth/oauth-token', {
      form: { tenant: 'demo2', username: 'patient@demo2.test', password: DEMO_PASSWORD, grant_type: 'password' },
      headers: { 'x-client': 'app' },
    });
    expect((await t.get(`/api/account/app/appointments/${upcoming.id}`, String(res2.body.access_token))).status).toBe(
      404,
    );
  });
});
