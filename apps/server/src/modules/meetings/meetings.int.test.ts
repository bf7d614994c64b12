import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { DEMO_PASSWORD } from '../seed/demo.ts';

type Meeting = {
  appointmentId: string;
  status: string;
  me: { userId: string; role: string; state: string };
  participants: Array<{ userId: string; role: string; state: string }>;
  iceServers: unknown[];
};

describe('video visits', () => {
  let t: TestApp;
  let doctor: string;
  let assistant: string;
  let operator: string;
  let patient: string;
  let follower: string;
  let otherPatient: string;
  let room: string;
  let clinic: string;
  let doctorId: string;
  let patientUserId: string;

  const appLogin = async (local: string, tenant = 'demo') => {
    const res = await t.call('POST', '/api/auth/oauth-token', {
      form: { tenant, username: `${local}@${tenant}.test`, password: DEMO_PASSWORD, grant_type: 'password' },
      headers: { 'x-client': 'app' },
    });
    return String(res.body.access_token);
  };
  const M = (id: string) => `/api/account/meetings/${id}`;

  beforeAll(async () => {
    t = await startTestApp({ config: { iceServers: [{ urls: 'stun:stun.example.test:3478' }] } });
    doctor = (await t.login('doctor')).access;
    assistant = (await t.login('assistant')).access;
    operator = (await t.login('operator')).access;
    patient = await appLogin('patient');
    follower = await appLogin('follower');
    otherPatient = await appLogin('patient', 'demo2');
    const [v] = await t.db.query<{ id: string; doctor_id: string }>(
      "select a.id, a.doctor_id from appointments a join tenants tn on tn.id = a.tenant_id where tn.code = 'demo' and a.location = 'ONLINE'",
    );
    room = v!.id;
    doctorId = v!.doctor_id;
    const [c] = await t.db.query<{ id: string }>(
      "select a.id from appointments a join tenants tn on tn.id = a.tenant_id where tn.code = 'demo' and a.location = 'AT_THE_CLINIC' and a.status = 'UPCOMING'",
    );
    clinic = c!.id;
    const [p] = await t.db.query<{ user_id: string }>("select user_id from patients where patient_code = 'DEMO-P0001'");
    patientUserId = p!.user_id;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('only the doctor, the patient and the doctor’s assistant may enter; others are refused or see nothing', async () => {
    expect((await t.post(`${M(room)}/join`, {}, operator)).body.code).toBe('MEETING_NOT_ALLOWED');
    expect((await t.post(`${M(room)}/join`, {}, follower)).body.code).toBe('MEETING_NOT_ALLOWED');
    expect((await t.post(`${M(room)}/join`, {}, otherPatient)).status).toBe(404);
    expect((await t.post(`${M(clinic)}/join`, {}, doctor)).body.code).toBe('MEETING_NOT_ALLOWED');
  });

  it('waiting room → admitted → signals both ways → PROCESSING; a dropped patient rejoins admitted', async () => {
    const p = (await t.post(`${M(room)}/join`, {}, patient)).body as unknown as Meeting;
    expect(p.me).toMatchObject({ role: 'patient', state: 'waiting' });
    expect(p.iceServers).toEqual([{ urls: 'stun:stun.example.test:3478' }]);
    expect(p.status).toBe('WAITING_FOR_DOCTOR');
    const d = (await t.post(`${M(room)}/join`, {}, doctor)).body as unknown as Meeting;
    expect(d.me).toMatchObject({ role: 'doctor', state: 'admitted' });
    expect(d.participants.find((x) => x.userId === patientUserId)?.state).toBe('waiting');
    // No media before admission.
    expect(
      (await t.post(`${M(room)}/signals`, { to: patientUserId, kind: 'offer', data: 'v=0' }, doctor)).body.code,
    ).toBe('MEETING_NOT_ALLOWED');
    expect((await t.post(`${M(room)}/admit`, { userId: patientUserId }, patient)).status).toBe(403);
    const admitted = (await t.post(`${M(room)}/admit`, { userId: patientUserId }, doctor)).body as unknown as Meeting;
    expect(admitted.status).toBe('PROCESSING');
    const big = 'v=0\r\n' + 'a=candidate:x '.repeat(800);
    const sent = await t.post(`${M(room)}/signals`, { to: patientUserId, kind: 'offer', data: big }, doctor);
    expect(sent.status).toBe(200);
    const got = await t.get(`${M(room)}/signals?after=0`, patient);
    expect(got.body.items as Array<{ kind: string; data: string; from: string }>).toEqual([
      expect.objectContaining({ kind: 'offer', data: big, from: doctorId }),
    ]);
    const seq = (got.body.items as Array<{ seq: number }>)[0]!.seq;
    expect(
      (await t.post(`${M(room)}/signals`, { to: doctorId, kind: 'answer', data: 'v=0 answer' }, patient)).status,
    ).toBe(200);
    expect((await t.get(`${M(room)}/signals?after=${seq}`, patient)).body.items).toEqual([]);
    expect(((await t.get(`${M(room)}/signals?after=0`, doctor)).body.items as unknown[]).length).toBe(1);
    // The patient's connection drops and comes back: still admitted.
    expect(((await t.post(`${M(room)}/join`, {}, patient)).body as unknown as Meeting).me.state).toBe('admitted');
    // The assistant following the doctor may join.
    expect(((await t.post(`${M(room)}/join`, {}, assistant)).body as unknown as Meeting).me).toMatchObject({
      role: 'assistant',
      state: 'admitted',
    });
    const history = (await t.get(`/api/account/appointments/${room}`, doctor)).body.history as Array<{
      from: string;
      to: string;
    }>;
    expect(history.map((h) => `${h.from}→${h.to}`)).toEqual([
      'null→UPCOMING',
      'UPCOMING→WAITING_FOR_DOCTOR',
      'WAITING_FOR_DOCTOR→PROCESSING',
    ]);
    const left = (await t.post(`${M(room)}/leave`, {}, doctor)).body as unknown as Meeting;
    expect(left.participants.find((x) => x.userId === doctorId)?.state).toBe('left');
    // The doctor completes it afterwards: the room closes.
    expect((await t.post(`/api/account/appointments/${room}/complete`, { diagnosis: 'Stable' }, doctor)).status).toBe(
      200,
    );
    expect((await t.post(`${M(room)}/join`, {}, patient)).body.code).toBe('MEETING_NOT_ALLOWED');
  });
});
