import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { DEMO_PASSWORD } from '../seed/demo.ts';
import { newId } from '../../platform/ids.ts';

let t: TestApp;
let tenantId: string;
let patient: string;
let patientUserId: string;
let patientId: string;
let doctorId: string;
let strangerDoctorId: string;
let cskh: string;
let sysadmin2: string;
let sysadmin: string;
let doctorToken: string;
let seq = 900_000;

async function appToken(username: string, tenant = 'demo') {
  const res = await t.call('POST', '/api/auth/oauth-token', {
    body: { tenant, username, password: DEMO_PASSWORD, grant_type: 'password' },
    headers: { 'x-client': 'app' },
  });
  expect(res.status, res.raw).toBe(200);
  return String(res.body.access_token);
}
/** An appointment of the demo patient with a doctor, in a given status. */
async function appointment(doctor: string, status: string): Promise<string> {
  const id = newId();
  const start = new Date('2026-11-20T08:00:00Z');
  await t.db.query(
    `insert into appointments (id, tenant_id, seq, patient_id, doctor_id, start_at, end_at, location, reason, status, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, 'AT_THE_CLINIC', 'Check-up', $8, $6, $6)`,
    [id, tenantId, seq++, patientId, doctor, start, new Date(start.getTime() + 30 * 60_000), status],
  );
  return id;
}
const rate = (body: Record<string, unknown>, token = patient) => t.post('/api/account/app/ratings', body, token);

beforeAll(async () => {
  t = await startTestApp();
  tenantId = (await t.db.query<{ id: string }>("select id from tenants where code = 'demo'"))[0]!.id;
  const [p] = await t.db.query<{ id: string; user_id: string; password_hash: string }>(
    "select p.id, p.user_id, u.password_hash from patients p join users u on u.id = p.user_id where u.email = 'patient@demo.test'",
  );
  patientId = p!.id;
  patientUserId = p!.user_id;
  doctorId = (
    await t.db.query<{ id: string }>("select id from users where tenant_id = $1 and email = 'doctor@demo.test'", [
      tenantId,
    ])
  )[0]!.id;
  // A doctor the patient has no relationship with.
  strangerDoctorId = newId();
  await t.db.query(
    `insert into users (id, tenant_id, email, phone, password_hash, first_name, last_name, status) values ($1, $2, 'stranger.doc@demo.test', '0788999001', $3, 'Stranger', 'Doc', 'active')`,
    [strangerDoctorId, tenantId, p!.password_hash],
  );
  const [role] = await t.db.query<{ id: string }>("select id from roles where tenant_id = $1 and code = 'doctor'", [
    tenantId,
  ]);
  await t.db.query('insert into user_roles (id, tenant_id, user_id, role_id, is_main) values ($1, $2, $3, $4, true)', [
    newId(),
    tenantId,
    strangerDoctorId,
    role!.id,
  ]);
  patient = await appToken('patient@demo.test');
  cskh = (await t.login('cskh')).access;
  doctorToken = (await t.login('doctor')).access;
  sysadmin2 = (await t.login('sysadmin', 'demo2')).access;
  sysadmin = (await t.login('sysadmin')).access;
});
afterAll(async () => {
  await t?.close();
});

describe('rating a doctor', () => {
  test('stars must be a whole number from 1 to 5; the comment has a length limit (400 naming the field)', async () => {
    for (const stars of [0, 6, 3.5, '4', null]) {
      const res = await rate({ doctorId, stars });
      expect(res.status, res.raw).toBe(400);
      expect(res.body.details?.field).toBe('stars');
    }
    const long = await rate({ doctorId, stars: 4, comment: 'x'.repeat(1001) });
    expect(long.status).toBe(400);
    expect(long.body.details?.field).toBe('comment');
    expect((await t.db.query('select 1 from doctor_ratings')).length).toBe(0);
  });

  test('from the profile only with a relationship; after an appointment only once it is completed', async () => {
    const none = await rate({ doctorId: strangerDoctorId, stars: 5 });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ code: 'NO_DOCTOR_PATIENT_RELATION', details: { field: 'doctorId' } });

    const upcoming = await appointment(strangerDoctorId, 'UPCOMING');
    const early = await rate({ doctorId: strangerDoctorId, appointmentId: upcoming, stars: 5 });
    expect(early.status).toBe(400);
    expect(early.body).toMatchObject({ code: 'APPOINTMENT_NOT_COMPLETED', details: { field: 'appointmentId' } });

    const done = await appointment(strangerDoctorId, 'COMPLETED');
    const wrongDoctor = await rate({ doctorId, appointmentId: done, stars: 5 });
    expect(wrongDoctor.status).toBe(400);
    expect(wrongDoctor.body.details?.field).toBe('doctorId');

    const ok = await rate({ doctorId: strangerDoctorId, appointmentId: done, stars: 2, comment: 'Late' });
    expect(ok.status, ok.raw).toBe(200);
    expect(ok.body).toMatchObject({ doctorId: strangerDoctorId, appointmentId: done, stars: 2, comment: 'Late' });
    // Rating again updates the same rating.
    const again = await rate({ doctorId: strangerDoctorId, appointmentId: done, stars: 3, comment: '' });
    expect(again.body).toMatchObject({ id: ok.body.id, stars: 3, comment: null });
    expect(
      (await t.db.query('select stars from doctor_ratings where doctor_id = $1', [strangerDoctorId])).map(
        (r) => r.stars,
      ),
    ).toEqual([3]);
    // The completed visit is now a relationship: the profile rating is allowed too (a second rating).
    expect((await rate({ doctorId: strangerDoctorId, stars: 4 })).status).toBe(200);

    // The demo patient's own doctor (assigned) may be rated from the profile.
    const own = await rate({ doctorId, stars: 5, comment: 'Very kind' });
    expect(own.status, own.raw).toBe(200);
    const mine = await t.get('/api/account/app/ratings', patient);
    expect(mine.status).toBe(200);
    expect((mine.body.items as unknown[]).length).toBe(3);
  });

  test("another patient's appointment is not found; staff cannot rate", async () => {
    const other = newId();
    const [p2] = await t.db.query<{ id: string }>('select id from patients where tenant_id = $1 and id <> $2 limit 1', [
      tenantId,
      patientId,
    ]);
    await t.db.query(
      `insert into appointments (id, tenant_id, seq, patient_id, doctor_id, start_at, end_at, location, reason, status, created_at, updated_at)
       values ($1, $2, $3, $4, $5, now(), now(), 'AT_THE_CLINIC', 'x', 'COMPLETED', now(), now())`,
      [other, tenantId, seq++, p2!.id, doctorId],
    );
    const res = await rate({ doctorId, appointmentId: other, stars: 5 });
    expect(res.status).toBe(404);
    expect((await rate({ doctorId, stars: 5 }, doctorToken)).status).toBe(403);
  });
});

describe('averages, reports and the staff list', () => {
  test("the doctor's average excludes reported reviews; restore brings it back", async () => {
    const profile = await t.get(`/api/account/app/doctors/${strangerDoctorId}/ratings`, patient);
    expect(profile.status, profile.raw).toBe(200);
    expect(profile.body).toMatchObject({ summary: { average: 3.5, count: 2 }, canRate: true });
    expect((profile.body.mine as unknown[]).length).toBe(2);

    const list = await t.get(`/api/account/ratings?doctorId=${strangerDoctorId}&stars=3`, cskh);
    expect(list.status, list.raw).toBe(200);
    expect(list.body.total).toBe(1);
    const item = (list.body.items as { id: string; authorName: string; reported: boolean }[])[0]!;
    expect(item.reported).toBe(false);

    const empty = await t.post(`/api/account/ratings/${item.id}/report`, { message: ' ' }, cskh);
    expect(empty.status).toBe(400);
    expect(empty.body.details?.field).toBe('message');
    const reported = await t.post(`/api/account/ratings/${item.id}/report`, { message: 'Abusive language' }, cskh);
    expect(reported.status, reported.raw).toBe(200);
    expect(reported.body).toMatchObject({ reported: true, reportMessage: 'Abusive language' });
    expect(
      (await t.db.query("select 1 from audit_log where action = 'rating.report' and resource_id = $1", [item.id]))
        .length,
    ).toBe(1);

    const after = await t.get(`/api/account/app/doctors/${strangerDoctorId}/ratings`, patient);
    expect(after.body.summary).toMatchObject({ average: 4, count: 1 });
    expect((after.body.reviews as { id: string }[]).map((r) => r.id)).not.toContain(item.id);
    const portal = await t.get(`/api/account/doctors/${strangerDoctorId}/rating`, sysadmin);
    expect(portal.status, portal.raw).toBe(200);
    expect(portal.body).toMatchObject({ average: 4, count: 1 });
    expect((await t.get('/api/account/ratings?reported=true', cskh)).body.total).toBe(1);
    expect((await t.get('/api/account/ratings?reported=false', cskh)).body.total).toBe(2);

    const restored = await t.post(`/api/account/ratings/${item.id}/restore`, {}, cskh);
    expect(restored.body).toMatchObject({ reported: false, reportMessage: null });
    expect((await t.get(`/api/account/doctors/${strangerDoctorId}/rating`, sysadmin)).body).toMatchObject({
      average: 3.5,
      count: 2,
    });
  });

  test('date filters and bad filters', async () => {
    expect((await t.get('/api/account/ratings?from=2026-11-22&to=2026-11-22', cskh)).body.total).toBe(3);
    expect((await t.get('/api/account/ratings?from=2026-11-23', cskh)).body.total).toBe(0);
    const bad = await t.get('/api/account/ratings?stars=9', cskh);
    expect(bad.status).toBe(400);
    expect(bad.body.details?.field).toBe('stars');
  });

  test('another tenant sees nothing and gets 404; roles without RatingManage get 403', async () => {
    const [r] = await t.db.query<{ id: string }>('select id from doctor_ratings limit 1');
    expect((await t.get('/api/account/ratings', sysadmin2)).body.total).toBe(0);
    expect((await t.post(`/api/account/ratings/${r!.id}/report`, { message: 'x' }, sysadmin2)).status).toBe(404);
    expect((await t.post(`/api/account/ratings/${r!.id}/restore`, {}, sysadmin2)).status).toBe(404);
    expect((await t.get(`/api/account/doctors/${strangerDoctorId}/rating`, sysadmin2)).status).toBe(404);
    expect((await t.get('/api/account/ratings', doctorToken)).status).toBe(403);
    expect((await t.post(`/api/account/ratings/${r!.id}/report`, { message: 'x' }, doctorToken)).status).toBe(403);
    expect((await t.get('/api/account/ratings', patient)).status).toBe(403);
    expect(patientUserId).toBeTruthy();
  });
});
