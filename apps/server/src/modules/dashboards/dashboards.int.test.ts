import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ZCoachDashboard, ZDoctorDashboard, ZSportProfile } from '@carewatch/contracts/dashboards';
import { ZContact } from '@carewatch/contracts/contacts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { DEMO_PASSWORD } from '../seed/demo.ts';
import { DEMO_TEAM } from '../seed/demo-sport.ts';

/** Issue 21: the app's coach team dashboard, the doctor's patient list and the player's sport profile. */
let t: TestApp;
let patient: string;
let patientId: string;
const players: Record<string, string> = {};

const COACH = '/api/account/dashboards/coach';
const DOCTOR = '/api/account/dashboards/doctor';
const PROFILE = '/api/account/me/sport-profile';

const appLogin = async (local: string, tenant = 'demo') => {
  const res = await t.call('POST', '/api/auth/oauth-token', {
    body: { tenant, username: `${local}@${tenant}.test`, password: DEMO_PASSWORD, grant_type: 'password' },
    headers: { 'x-client': 'app' },
  });
  expect(res.status, res.raw).toBe(200);
  return String(res.body.access_token);
};
const patientOfUser = async (email: string) =>
  (
    await t.db.query<{ id: string }>(
      'select p.id from patients p join users u on u.id = p.user_id and u.tenant_id = p.tenant_id where u.email = $1',
      [email],
    )
  )[0]!.id;

beforeAll(async () => {
  t = await startTestApp();
  patient = await appLogin('patient');
  patientId = await patientOfUser('patient@demo.test');
  for (const local of ['player1', 'player2']) players[local] = await patientOfUser(`${local}@demo.test`);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('coach team dashboard (issue 21)', () => {
  test('the demo coach sees exactly their two accepted players with team info, weekly load and health state', async () => {
    const coach = await appLogin('coach');
    const res = await t.get(COACH, coach);
    expect(res.status, res.raw).toBe(200);
    const d = ZCoachDashboard.parse(res.body);
    expect(d.players.map((p) => p.patientId).sort()).toEqual(Object.values(players).sort());
    expect(d.players.map((p) => p.patientId)).not.toContain(patientId);
    expect(d.coach).toMatchObject(DEMO_TEAM);
    // The seed's sessions: player1 ran or walked 1, 3 and 4 days ago (8 is out of the week), player2 rode and swam 2 and 5.
    expect(d.to).toBe('2026-11-22T08:00:00.000Z');
    expect(d.from).toBe('2026-11-15T08:00:00.000Z');
    const p1 = d.players.find((p) => p.patientId === players.player1)!;
    const p2 = d.players.find((p) => p.patientId === players.player2)!;
    expect(p1.sport).toEqual({ ...DEMO_TEAM, rank: 'A', skill: 'Long distance' });
    expect(p2.sport).toEqual({ ...DEMO_TEAM, rank: 'B', skill: 'Cycling' });
    expect(p1.week).toMatchObject({ sessions: 3, durationSec: (35 + 42 + 50) * 60, distanceM: 15100, calories: 1050 });
    expect(p2.week).toMatchObject({ sessions: 2, durationSec: (75 + 40) * 60, distanceM: 25700, calories: 950 });
    expect(d.total).toMatchObject({ sessions: 5, distanceM: 40800, steps: 6100 + 7000 + 5600 });
    for (const p of d.players) {
      expect(p.userId).not.toBeNull();
      expect(p.level).toBe(p.openAlert?.level ?? 'normal');
    }
    // A coach reads: the doctor dashboard is a doctor's only.
    const asDoctor = await t.get(DOCTOR, coach);
    expect(asDoctor.status).toBe(403);
    expect(asDoctor.body.code).toBe('DOCTOR_ACCOUNT_REQUIRED');
  });

  test('an open alert of a player shows on the dashboard, most urgent first', async () => {
    const coach = await appLogin('coach');
    const [tenant] = await t.db.query<{ id: string }>("select id from tenants where code = 'demo'");
    const alertId = crypto.randomUUID();
    // A reading alert of its own metric name (one open alert per metric: never the seed's).
    await t.db.query(
      `insert into alerts (id, tenant_id, patient_id, metric, idx, level, status, source, value, state, opened_at, updated_at)
       values ($1, $2, $3, 'dashboard_test', 'heart_rate', 'sos', 'open', 'reading', 150, '{}', $4, $4)`,
      [alertId, tenant!.id, players.player2, new Date('2026-11-15T09:00:00Z')],
    );
    const d = ZCoachDashboard.parse((await t.get(COACH, coach)).body);
    expect(d.players[0]).toMatchObject({
      patientId: players.player2,
      level: 'sos',
      openAlert: { id: alertId, level: 'sos', since: '2026-11-15T09:00:00.000Z' },
    });
    expect(d.players[0]!.openAlerts).toBeGreaterThanOrEqual(1);
    await t.db.query('delete from alerts where id = $1', [alertId]);
  });

  test('another tenant’s coach sees only their own players, none of this tenant’s', async () => {
    const other = await appLogin('coach', 'demo2');
    const d = ZCoachDashboard.parse((await t.get(COACH, other)).body);
    const ids = d.players.map((p) => p.patientId);
    for (const id of [...Object.values(players), patientId]) expect(ids).not.toContain(id);
    const [{ n }] = (await t.db.query<{ n: number }>(
      "select count(*)::int as n from patients p join tenants x on x.id = p.tenant_id where x.code = 'demo' and p.id = any($1::uuid[])",
      [ids],
    )) as [{ n: number }];
    expect(n).toBe(0);
    expect(ids.sort()).toEqual(
      [await patientOfUser('player1@demo2.test'), await patientOfUser('player2@demo2.test')].sort(),
    );
  });

  test('a pending request is not a player; once accepted the player appears, with the profile they saved', async () => {
    const coach = await appLogin('coach');
    const saved = await t.put(
      PROFILE,
      { teamName: '  Blue Sharks ', clubName: 'Swim Club', rank: '', skill: 'Butterfly' },
      patient,
    );
    expect(saved.status, saved.raw).toBe(200);
    expect(ZSportProfile.parse(saved.body)).toMatchObject({
      teamName: 'Blue Sharks',
      clubName: 'Swim Club',
      rank: null,
      skill: 'Butterfly',
    });
    expect(ZSportProfile.parse((await t.get(PROFILE, patient)).body).teamName).toBe('Blue Sharks');
    const tooLong = await t.put(PROFILE, { teamName: 'x'.repeat(81) }, patient);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'teamName' } });

    const [{ phone }] = (await t.db.query<{ phone: string }>(
      "select phone from users where email = 'coach@demo.test'",
    )) as [{ phone: string }];
    const sent = await t.post('/api/account/contacts/requests', { phone, kind: 'coach' }, patient);
    expect(sent.status, sent.raw).toBe(201);
    const req = ZContact.parse(sent.body);
    const pending = ZCoachDashboard.parse((await t.get(COACH, coach)).body);
    expect(pending.players.map((p) => p.patientId)).not.toContain(patientId);

    expect((await t.post(`/api/account/contacts/requests/${req.id}/accept`, {}, coach)).status).toBe(200);
    const accepted = ZCoachDashboard.parse((await t.get(COACH, coach)).body);
    const me = accepted.players.find((p) => p.patientId === patientId);
    expect(me?.sport).toEqual({ teamName: 'Blue Sharks', clubName: 'Swim Club', rank: null, skill: 'Butterfly' });
    expect(me?.week.sessions).toBe(0);

    expect((await t.call('DELETE', `/api/account/contacts/${req.id}`, { token: patient })).status).toBe(200);
    const removed = ZCoachDashboard.parse((await t.get(COACH, coach)).body);
    expect(removed.players.map((p) => p.patientId)).not.toContain(patientId);
  });

  test('a patient or a doctor has no team dashboard (403)', async () => {
    expect((await t.get(COACH, patient)).status).toBe(403);
    expect((await t.get(COACH, await appLogin('doctor'))).body.code).toBe('PERMISSION_DENIED');
  });
});

describe('doctor patient list (issue 21)', () => {
  test('the doctor sees their patients (the portal’s list), with level, open alert and last reading', async () => {
    const doctor = await appLogin('doctor');
    const res = await t.get(`${DOCTOR}?size=200`, doctor);
    expect(res.status, res.raw).toBe(200);
    const d = ZDoctorDashboard.parse(res.body);
    expect(d.items.map((p) => p.patientId)).toContain(patientId);
    // The portal's list for the same doctor, in its "most severe status first" order.
    const portal = await t.get('/api/account/patients?size=200&sort=status', (await t.login('doctor')).access);
    expect(d.total).toBe(portal.body.total);
    expect(d.items.map((p) => p.patientId)).toEqual((portal.body.items as Array<{ id: string }>).map((p) => p.id));
    const mine = d.items.find((p) => p.patientId === patientId)!;
    expect(mine.patientCode).toBe('DEMO-P0001');
    // The seed gives the demo patient two days of readings.
    expect(mine.lastMeasuredAt).not.toBeNull();
    for (const p of d.items) expect(p.level).toBe(p.openAlert?.level ?? 'normal');
    // Paging.
    const first = ZDoctorDashboard.parse((await t.get(`${DOCTOR}?size=1`, doctor)).body);
    expect(first).toMatchObject({ page: 0, size: 1, total: d.total });
    expect(first.items).toHaveLength(Math.min(1, d.total));
  });

  test('another tenant’s doctor sees none of this tenant’s patients', async () => {
    const other = await appLogin('doctor', 'demo2');
    const d = ZDoctorDashboard.parse((await t.get(`${DOCTOR}?size=200`, other)).body);
    expect(d.items.map((p) => p.patientId)).not.toContain(patientId);
    expect(d.items.every((p) => p.patientCode === null || p.patientCode.startsWith('DEMO2-'))).toBe(true);
  });

  test('a patient asking for the doctor view: 403 "Please login with Doctor account"', async () => {
    const res = await t.get(DOCTOR, patient);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'DOCTOR_ACCOUNT_REQUIRED', message: 'Please login with Doctor account' });
  });
});
