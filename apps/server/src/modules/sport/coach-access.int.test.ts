import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ZSportSessionPage, ZSportWeekSummary } from '@carewatch/contracts/sport';
import { ZContact, ZContactRequests, ZContactsOverview } from '@carewatch/contracts/contacts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { DEMO_PASSWORD } from '../seed/demo.ts';

/** Issue 21: a coach sees only the players who accepted them; a player joins a coach through the contacts requests. */
let t: TestApp;
let coach: string;
let patient: string;
let patientId: string;
const players: Record<string, string> = {};

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
const P = (id: string) => `/api/account/patients/${id}`;

beforeAll(async () => {
  t = await startTestApp();
  coach = (await t.login('coach')).access;
  patient = await appLogin('patient');
  patientId = await patientOfUser('patient@demo.test');
  for (const local of ['player1', 'player2']) players[local] = await patientOfUser(`${local}@demo.test`);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('coach access (issue 21)', () => {
  test('the demo coach sees exactly their two accepted players, with sessions; patient@ and anyone else answer 404', async () => {
    const list = await t.get('/api/account/patients?size=50', coach);
    expect(list.status, list.raw).toBe(200);
    const ids = (list.body.items as Array<{ id: string }>).map((p) => p.id).sort();
    expect(ids).toEqual(Object.values(players).sort());
    expect(list.body.total).toBe(2);
    for (const id of Object.values(players)) {
      expect((await t.get(P(id), coach)).status).toBe(200);
      const sessions = ZSportSessionPage.parse((await t.get(`${P(id)}/sport-sessions`, coach)).body);
      expect(sessions.items.length).toBeGreaterThanOrEqual(3);
      expect(sessions.items.every((s) => s.patientId === id)).toBe(true);
    }
    const week = ZSportWeekSummary.parse(
      (await t.get(`${P(players.player1!)}/sport-sessions/summary?weekOf=2026-11-18`, coach)).body,
    );
    expect(week.total.sessions).toBeGreaterThan(0);
    expect(week.modes.map((m) => m.mode)).toContain('running');
    // patient@ is not a player; another patient of the tenant and another tenant's player neither.
    expect((await t.get(P(patientId), coach)).body.code).toBe('PATIENT_NOT_FOUND');
    expect((await t.get(`${P(patientId)}/sport-sessions`, coach)).status).toBe(404);
    const [stranger] = await t.db.query<{ id: string }>(
      "select p.id from patients p join tenants x on x.id = p.tenant_id where x.code = 'demo' and p.patient_code = 'DEMO-P0002'",
    );
    expect((await t.get(P(stranger!.id), coach)).status).toBe(404);
    const otherTenantPlayer = await patientOfUser('player1@demo2.test');
    expect((await t.get(P(otherTenantPlayer), coach)).status).toBe(404);
    expect((await t.get(`${P(otherTenantPlayer)}/sport-sessions`, coach)).status).toBe(404);
    // The coach's overview lists the players; a coach reads, never writes.
    const overview = ZContactsOverview.parse((await t.get('/api/account/contacts', coach)).body);
    expect(overview.players.map((c) => c.owner.userId).sort()).toHaveLength(2);
    expect((await t.post('/api/account/me/sport-sessions', {}, coach)).status).toBe(403);
  });

  test('a player asks a coach (kind coach) → the coach accepts → the player is readable; removed → 404 again', async () => {
    const coachPhone = (
      await t.db.query<{ phone: string }>("select phone from users where email = 'coach@demo.test'")
    )[0]!.phone;
    const sent = await t.post('/api/account/contacts/requests', { phone: coachPhone, kind: 'coach' }, patient);
    expect(sent.status, sent.raw).toBe(201);
    const req = ZContact.parse(sent.body);
    expect(req).toMatchObject({ kind: 'coach', status: 'pending', side: 'owner', direction: 'sent' });
    // Pending: not yet visible.
    expect((await t.get(P(patientId), coach)).status).toBe(404);
    const received = ZContactRequests.parse((await t.get('/api/account/contacts/requests', coach)).body).received;
    expect(received.map((r) => r.id)).toContain(req.id);
    // Not twice.
    expect(
      (await t.post('/api/account/contacts/requests', { phone: coachPhone, kind: 'coach' }, patient)).body.code,
    ).toBe('CONTACT_ALREADY_ASKED');

    const accepted = await t.post(`/api/account/contacts/requests/${req.id}/accept`, {}, coach);
    expect(accepted.status, accepted.raw).toBe(200);
    expect(accepted.body).toMatchObject({ kind: 'coach', status: 'accepted' });
    expect((await t.get(P(patientId), coach)).status).toBe(200);
    const own = await t.post(
      '/api/account/me/sport-sessions',
      {
        mode: 'running',
        startedAt: '2026-11-21T06:00:00Z',
        endedAt: '2026-11-21T06:30:00Z',
        durationSec: 1800,
        distanceM: 4000,
        source: 'phone',
      },
      patient,
    );
    expect(own.status, own.raw).toBe(201);
    const read = ZSportSessionPage.parse((await t.get(`${P(patientId)}/sport-sessions`, coach)).body);
    expect(read.items.map((s) => s.id)).toContain(own.body.id);
    expect(
      ZContactsOverview.parse((await t.get('/api/account/contacts', patient)).body).coaches.map((c) => c.id),
    ).toEqual([req.id]);
    expect(
      ZContactsOverview.parse((await t.get('/api/account/contacts', coach)).body).players.map((c) => c.id),
    ).toContain(req.id);

    const removed = await t.call('DELETE', `/api/account/contacts/${req.id}`, { token: patient });
    expect(removed.status, removed.raw).toBe(200);
    expect((await t.get(P(patientId), coach)).status).toBe(404);
    expect((await t.get(`${P(patientId)}/sport-sessions`, coach)).status).toBe(404);
  });

  test('a coach request goes only to a coach, from an account with a health record, as an invite', async () => {
    const phoneOf = async (email: string) =>
      (await t.db.query<{ phone: string }>('select phone from users where email = $1', [email]))[0]!.phone;
    const toDoctor = await t.post(
      '/api/account/contacts/requests',
      { phone: await phoneOf('doctor@demo.test'), kind: 'coach' },
      patient,
    );
    expect(toDoctor.body).toMatchObject({ code: 'CONTACT_NOT_A_COACH', details: { field: 'phone' } });
    const follower = await appLogin('follower');
    expect(
      (
        await t.post(
          '/api/account/contacts/requests',
          { phone: await phoneOf('coach@demo.test'), kind: 'coach' },
          follower,
        )
      ).body.code,
    ).toBe('NOT_A_PATIENT');
    const follow = await t.post(
      '/api/account/contacts/requests',
      { phone: await phoneOf('coach@demo.test'), kind: 'coach', direction: 'follow' },
      patient,
    );
    expect(follow.body).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'direction' } });
    // None of the refused requests was stored.
    expect((await t.db.query("select 1 from contacts where kind = 'coach' and status = 'pending'")).length).toBe(0);
  });
});
