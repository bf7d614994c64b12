import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ZSportSession, ZSportSessionPage, ZSportWeekSummary } from '@carewatch/contracts/sport';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { DEMO_PASSWORD } from '../seed/demo.ts';
import { newId } from '../../platform/ids.ts';

let t: TestApp;
let patient: string;
let follower: string;
let patientId: string;
let subUserId: string;
let otherTenantPatientId: string;

const ME = '/api/account/me/sport-sessions';
const appLogin = async (local: string, tenant = 'demo') => {
  const res = await t.call('POST', '/api/auth/oauth-token', {
    body: { tenant, username: `${local}@${tenant}.test`, password: DEMO_PASSWORD, grant_type: 'password' },
    headers: { 'x-client': 'app' },
  });
  expect(res.status, res.raw).toBe(200);
  return String(res.body.access_token);
};
const session = (over: Record<string, unknown> = {}) => ({
  mode: 'running',
  startedAt: '2026-11-20T06:00:00Z',
  endedAt: '2026-11-20T06:40:00Z',
  durationSec: 2400,
  steps: 6000,
  distanceM: 5200,
  strideCm: 86.7,
  calories: 390,
  avgSpeedKmh: 7.8,
  paceSecPerKm: 462,
  elevationGainM: 24,
  heartRateAvg: 150,
  heartRateMax: 172,
  source: 'watch',
  ...over,
});
/** The first field failure of a 400 (its rule key in the contracts' catalogue). */
const firstField = (body: { details?: Record<string, unknown> }) =>
  (body.details?.fields as Array<Record<string, unknown>> | undefined)?.[0];
const count = async (pid: string) =>
  (await t.db.query<{ n: number }>('select count(*)::int as n from sport_sessions where patient_id = $1', [pid]))[0]!.n;

beforeAll(async () => {
  t = await startTestApp();
  patient = await appLogin('patient');
  follower = await appLogin('follower');
  patientId = (
    await t.db.query<{ id: string }>(
      "select p.id from patients p join users u on u.id = p.user_id where u.email = 'patient@demo.test'",
    )
  )[0]!.id;
  otherTenantPatientId = (
    await t.db.query<{ id: string }>(
      "select p.id from patients p join users u on u.id = p.user_id where u.email = 'patient@demo2.test'",
    )
  )[0]!.id;
  const owner = (
    await t.db.query<{ user_id: string; tenant_id: string }>('select user_id, tenant_id from patients where id = $1', [
      patientId,
    ])
  )[0]!;
  subUserId = newId();
  await t.db.query(
    'insert into patients (id, tenant_id, first_name, last_name, manager_user_id, relationship) values ($1, $2, $3, $4, $5, $6)',
    [subUserId, owner.tenant_id, 'Bé', 'Nguyễn', owner.user_id, 'son'],
  );
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('sport sessions (issue 21)', () => {
  test('a session is stored once: 201 the first time, 200 and the same session on a repeat (same instant in another offset)', async () => {
    const before = await count(patientId);
    const first = await t.post(ME, session(), patient);
    expect(first.status, first.raw).toBe(201);
    const s = ZSportSession.parse(first.body);
    expect(s).toMatchObject({
      patientId,
      mode: 'running',
      startedAt: '2026-11-20T06:00:00.000Z',
      durationSec: 2400,
      steps: 6000,
      distanceM: 5200,
      paceSecPerKm: 462,
      source: 'watch',
      deviceId: null,
    });
    const again = await t.post(
      ME,
      session({
        startedAt: '2026-11-20T13:00:00+07:00',
        endedAt: '2026-11-20T13:45:00+07:00',
        durationSec: 2700,
        steps: 9999,
      }),
      patient,
    );
    expect(again.status, again.raw).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await count(patientId)).toBe(before + 1);
    // Another mode at the same start is another session.
    const walk = await t.post(ME, session({ mode: 'walking' }), patient);
    expect(walk.status).toBe(201);
    expect(walk.body.id).not.toBe(s.id);
    expect(await count(patientId)).toBe(before + 2);
    const [row] = await t.db.query<{ tenant_id: string; created_by: string }>(
      'select tenant_id, created_by from sport_sessions where id = $1',
      [s.id],
    );
    expect(row!.created_by).toBe(
      (await t.db.query<{ user_id: string }>('select user_id from patients where id = $1', [patientId]))[0]!.user_id,
    );
  });

  test('a bad session answers 400 naming the field and its rule; nothing is stored', async () => {
    const before = await count(patientId);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ mode: undefined }, 'mode', 'required'],
      [{ mode: 'skydiving' }, 'mode', 'required'],
      [{ source: 'fax' }, 'source', 'required'],
      [{ startedAt: 'yesterday' }, 'startedAt', 'date'],
      [{ endedAt: '2026-11-19T05:59:00Z' }, 'endedAt', 'endBeforeStart'],
      [{ endedAt: '2026-11-19T06:00:00Z' }, 'endedAt', 'endBeforeStart'],
      [{ endedAt: '2026-11-20T06:00:01Z', durationSec: 3600 }, 'endedAt', 'maxValue'],
      [{ durationSec: 2401 + 60 }, 'durationSec', 'maxValue'],
      [{ steps: -1 }, 'steps', 'minValue'],
      [{ steps: 1.5 }, 'steps', 'number'],
      [{ distanceM: 5_000_000 }, 'distanceM', 'maxValue'],
      [{ avgSpeedKmh: 400 }, 'avgSpeedKmh', 'maxValue'],
      [{ heartRateAvg: 400 }, 'heartRateAvg', 'maxValue'],
      [{ heartRateAvg: 180, heartRateMax: 170 }, 'heartRateAvg', 'maxValue'],
      [{ calories: 'lots' }, 'calories', 'number'],
    ];
    // The field and the rule key of the contracts' catalogue (fieldRules.<key> in the apps).
    for (const [over, field, key] of cases) {
      const res = await t.post(
        ME,
        session({ startedAt: '2026-11-19T06:00:00Z', endedAt: '2026-11-19T06:40:00Z', ...over }),
        patient,
      );
      expect(res.status, `${field}: ${res.raw}`).toBe(400);
      expect(res.body, `${field}: ${res.raw}`).toMatchObject({ code: 'VALIDATION_ERROR', details: { field } });
      expect(firstField(res.body), `${field}: ${res.raw}`).toMatchObject({ field, key });
    }
    // Spec §8: too short in time or distance to save.
    const short = await t.post(
      ME,
      session({ startedAt: '2026-11-19T06:00:00Z', endedAt: '2026-11-19T06:00:40Z', durationSec: 40 }),
      patient,
    );
    expect(short.body).toMatchObject({ code: 'SPORT_SESSION_TOO_SHORT', details: { field: 'durationSec' } });
    const near = await t.post(
      ME,
      session({ startedAt: '2026-11-19T06:00:00Z', endedAt: '2026-11-19T06:40:00Z', distanceM: 4 }),
      patient,
    );
    expect(near.body).toMatchObject({ code: 'SPORT_SESSION_TOO_SHORT', details: { field: 'distanceM' } });
    expect(short.status).toBe(400);
    expect(await count(patientId)).toBe(before);
  });

  test('the history is newest first, filtered by mode and period, paged by cursor without gaps or repeats', async () => {
    const starts: string[] = [];
    for (let i = 0; i < 7; i++) {
      const start = new Date(Date.UTC(2026, 10, 1 + i, 6, 0, 0));
      starts.push(start.toISOString());
      const res = await t.post(
        ME,
        session({
          mode: i % 2 ? 'cycling' : 'hiking',
          startedAt: start.toISOString(),
          endedAt: new Date(start.getTime() + 3600_000).toISOString(),
          durationSec: 3600,
        }),
        patient,
      );
      expect(res.status, res.raw).toBe(201);
    }
    const range = 'from=2026-11-01T00:00:00Z&to=2026-11-08T00:00:00Z';
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await t.get(`${ME}?${range}&limit=3${cursor ? `&cursor=${cursor}` : ''}`, patient);
      expect(res.status, res.raw).toBe(200);
      const page = ZSportSessionPage.parse(res.body);
      seen.push(...page.items.map((s) => s.startedAt));
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual([...starts].reverse());
    const cycling = ZSportSessionPage.parse((await t.get(`${ME}?${range}&mode=cycling`, patient)).body);
    expect(cycling.items.map((s) => s.startedAt)).toEqual([starts[5], starts[3], starts[1]]);
    expect(cycling.nextCursor).toBeNull();
    expect((await t.get(`${ME}?cursor=bm9wZQ`, patient)).body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'cursor' },
    });
    const tooMany = await t.get(`${ME}?limit=500`, patient);
    expect(tooMany.body).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'limit' } });
    expect(firstField(tooMany.body)).toMatchObject({ key: 'maxValue', n: '100' });
  });

  test('weekly totals per mode, the week cut in the reader’s time zone', async () => {
    await t.db.query("update users set timezone = 'Asia/Ho_Chi_Minh' where email = 'patient@demo.test'");
    // Monday 2026-11-09 00:30 in Hanoi is Sunday 17:30 UTC: in that week for the reader, not in the UTC one before.
    const put = async (mode: string, startedAt: string, min: number, extra: Record<string, unknown>) => {
      const start = new Date(startedAt);
      const res = await t.post(
        ME,
        {
          mode,
          startedAt,
          endedAt: new Date(start.getTime() + min * 60_000).toISOString(),
          durationSec: min * 60,
          source: 'phone',
          ...extra,
        },
        patient,
      );
      expect(res.status, res.raw).toBe(201);
    };
    await put('walking', '2026-11-08T17:30:00Z', 30, { steps: 3000, distanceM: 2100, calories: 120 });
    await put('walking', '2026-11-12T10:00:00Z', 45, { steps: 5000, distanceM: 3500.5, calories: 180.5 });
    await put('yoga', '2026-11-14T01:00:00Z', 60, { calories: 200 });
    // Sunday 2026-11-15 23:30 in Hanoi (16:30 UTC) still belongs to the week; Monday 00:10 (17:10 UTC) does not.
    await put('running', '2026-11-15T16:30:00Z', 20, { steps: 3000, distanceM: 3000, calories: 250 });
    await put('running', '2026-11-15T17:10:00Z', 20, { steps: 3100, distanceM: 3100, calories: 260 });
    const res = await t.get(`${ME}/summary?weekOf=2026-11-12`, patient);
    expect(res.status, res.raw).toBe(200);
    const w = ZSportWeekSummary.parse(res.body);
    expect(w).toMatchObject({
      timeZone: 'Asia/Ho_Chi_Minh',
      startDate: '2026-11-09',
      endDate: '2026-11-15',
      from: '2026-11-08T17:00:00.000Z',
      to: '2026-11-15T17:00:00.000Z',
    });
    expect(w.modes).toEqual([
      { mode: 'walking', sessions: 2, durationSec: 4500, distanceM: 5600.5, steps: 8000, calories: 300.5 },
      { mode: 'yoga', sessions: 1, durationSec: 3600, distanceM: 0, steps: 0, calories: 200 },
      { mode: 'running', sessions: 1, durationSec: 1200, distanceM: 3000, steps: 3000, calories: 250 },
    ]);
    expect(w.total).toEqual({ sessions: 4, durationSec: 9300, distanceM: 8600.5, steps: 11000, calories: 750.5 });
    // Without weekOf: the week of the fake clock's today (Sunday 2026-11-22 15:00 in Hanoi).
    expect(ZSportWeekSummary.parse((await t.get(`${ME}/summary`, patient)).body).startDate).toBe('2026-11-16');
    expect((await t.get(`${ME}/summary?weekOf=2026-13-01`, patient)).body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'weekOf' },
    });
  });

  test('viewing as: a sub-user’s sessions are written by their manager; a follower reads and may not write; others 404', async () => {
    const A = (id: string) => `/api/account/app/patients/${id}/sport-sessions`;
    const sub = await t.post(
      A(subUserId),
      session({ startedAt: '2026-11-18T06:00:00Z', endedAt: '2026-11-18T06:40:00Z' }),
      patient,
    );
    expect(sub.status, sub.raw).toBe(201);
    expect(sub.body.patientId).toBe(subUserId);
    const read = await t.get(A(patientId), follower);
    expect(read.status, read.raw).toBe(200);
    expect(ZSportSessionPage.parse(read.body).items.length).toBeGreaterThan(0);
    expect((await t.get(`${A(patientId)}/summary?weekOf=2026-11-12`, follower)).status).toBe(200);
    expect(
      (
        await t.post(
          A(patientId),
          session({ startedAt: '2026-11-17T06:00:00Z', endedAt: '2026-11-17T06:40:00Z' }),
          follower,
        )
      ).body.code,
    ).toBe('PERMISSION_DENIED');
    expect((await t.post(ME, session(), follower)).body.code).toBe('NOT_A_PATIENT');
    expect((await t.get(A(subUserId), follower)).status).toBe(404);
  });

  test('another tenant’s patient answers 404, to the app and to staff; the staff read follows patient visibility', async () => {
    const other = await appLogin('patient', 'demo2');
    expect((await t.get(`/api/account/app/patients/${patientId}/sport-sessions`, other)).status).toBe(404);
    expect((await t.post(`/api/account/app/patients/${patientId}/sport-sessions`, session(), other)).status).toBe(404);
    const sa2 = (await t.login('superadmin', 'demo2')).access;
    expect((await t.get(`/api/account/patients/${patientId}/sport-sessions`, sa2)).body.code).toBe('PATIENT_NOT_FOUND');
    expect((await t.get(`/api/account/patients/${patientId}/sport-sessions/summary`, sa2)).status).toBe(404);
    const doctor = (await t.login('doctor')).access;
    const staff = await t.get(`/api/account/patients/${patientId}/sport-sessions?limit=2`, doctor);
    expect(staff.status, staff.raw).toBe(200);
    expect(ZSportSessionPage.parse(staff.body).items).toHaveLength(2);
    expect((await t.get(`/api/account/patients/${otherTenantPatientId}/sport-sessions`, doctor)).status).toBe(404);
    // Staff accounts have no record of their own in the app.
    expect((await t.post(ME, session(), doctor)).status).toBe(403);
  });
});
