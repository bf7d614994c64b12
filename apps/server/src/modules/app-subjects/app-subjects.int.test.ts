import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { DEMO_PASSWORD } from '../seed/demo.ts';
import { newId } from '../../platform/ids.ts';

const P = '/api/account/app/patients';

describe('patient-app subjects ("viewing as", follower dashboards, SOS case detail)', () => {
  let t: TestApp;
  let tenantId: string;
  let demoPatientId: string;
  let patientTok: string;
  let followerTok: string;
  let strangerTok: string;
  let followerUserId: string;
  let sosCaseId: string;

  async function login(email: string): Promise<string> {
    const res = await t.call('POST', '/api/auth/oauth-token', {
      form: { tenant: 'demo', username: email, password: DEMO_PASSWORD, grant_type: 'password' },
      headers: { 'x-client': 'app' },
    });
    if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${res.raw}`);
    return String(res.body.access_token);
  }
  const get = (url: string, token: string) => t.call('GET', url, { token });

  beforeAll(async () => {
    t = await startTestApp();
    tenantId = (await t.db.query<{ id: string }>("select id from tenants where code = 'demo'"))[0]!.id;
    const [p] = await t.db.query<{ id: string; password_hash: string }>(
      `select p.id, u.password_hash from patients p join users u on u.id = p.user_id where p.tenant_id = $1 and p.patient_code = 'DEMO-P0001'`,
      [tenantId],
    );
    demoPatientId = p!.id;
    followerUserId = (
      await t.db.query<{ id: string }>("select id from users where tenant_id = $1 and email = 'follower@demo.test'", [
        tenantId,
      ])
    )[0]!.id;
    // An app user related to nobody.
    const strangerId = newId();
    await t.db.query(
      `insert into users (id, tenant_id, email, phone, password_hash, first_name, last_name, status) values ($1,$2,'stranger@demo.test','0777999001',$3,'Stan','Stranger','active')`,
      [strangerId, tenantId, p!.password_hash],
    );
    const [role] = await t.db.query<{ id: string }>("select id from roles where tenant_id = $1 and code = 'patient'", [
      tenantId,
    ]);
    await t.db.query('insert into user_roles (id, tenant_id, user_id, role_id, is_main) values ($1,$2,$3,$4,true)', [
      newId(),
      tenantId,
      strangerId,
      role!.id,
    ]);
    patientTok = await login('patient@demo.test');
    followerTok = await login('follower@demo.test');
    strangerTok = await login('stranger@demo.test');
    // The SOS button with a location (the demo patient has readings of the last hours).
    const sos = await t.call('POST', '/api/account/me/sos', {
      token: patientTok,
      body: { message: { kind: 'choice', choice: 'need_help' }, location: { lat: 10.7769, lng: 106.7009 } },
    });
    expect(sos.status, sos.raw).toBe(201);
    sosCaseId = String(sos.body.sosCaseId);
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the patient themself, with the open SOS alert and the last reading time', async () => {
    const res = await get(P, patientTok);
    expect(res.status, res.raw).toBe(200);
    const items = res.body.items as Array<Record<string, unknown>>;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      patientId: demoPatientId,
      relation: 'self',
      level: 'sos',
      openAlert: { level: 'sos' },
    });
    const [newest] = await t.db.query<{ at: Date }>(
      'select max(measured_at) as at from latest_measurements where patient_id = $1',
      [demoPatientId],
    );
    expect(items[0]!.lastMeasuredAt).toBe(newest!.at.toISOString());
  });

  it('lists a followed patient for the caring follower, and a sub-user they manage', async () => {
    const subId = newId();
    await t.db.query(
      "insert into patients (id, tenant_id, first_name, last_name, manager_user_id, status) values ($1,$2,'Bao','Hoang',$3,'normal')",
      [subId, tenantId, followerUserId],
    );
    const res = await get(P, followerTok);
    expect(res.status, res.raw).toBe(200);
    const items = res.body.items as Array<Record<string, unknown>>;
    expect(items.map((i) => [i.relation, i.name])).toEqual([
      ['sub_user', 'Bao Hoang'],
      ['caring', 'Phuong Hoang'],
    ]);
    expect(items[1]).toMatchObject({ patientId: demoPatientId, level: 'sos' });
    expect((await get(`${P}/${subId}/vitals/latest`, followerTok)).status).toBe(200);
    await t.db.query('delete from patients where id = $1', [subId]);
  });

  it("lets the follower read the followed patient's latest values, thresholds and alerts; a follower-only account has no `me`", async () => {
    const latest = await get(`${P}/${demoPatientId}/vitals/latest`, followerTok);
    expect(latest.status, latest.raw).toBe(200);
    const [hr] = await t.db.query<{ value: number }>(
      "select value from latest_measurements where patient_id = $1 and metric = 'heart_rate'",
      [demoPatientId],
    );
    expect(latest.body.items).toEqual(
      expect.arrayContaining([expect.objectContaining({ metric: 'heart_rate', value: hr!.value, unit: 'bpm' })]),
    );
    const thresholds = await get(`${P}/${demoPatientId}/thresholds`, followerTok);
    expect(thresholds.status, thresholds.raw).toBe(200);
    expect(thresholds.body).toMatchObject({ patientId: demoPatientId });
    expect((thresholds.body.items as unknown[]).length).toBeGreaterThan(5);
    const alerts = await get(`${P}/${demoPatientId}/alerts?size=5`, followerTok);
    expect(alerts.status, alerts.raw).toBe(200);
    expect(alerts.body.items).toEqual([expect.objectContaining({ source: 'sos_button', level: 'sos', sosCaseId })]);
    expect((await get(`${P}/me/vitals/latest`, followerTok)).body.code).toBe('NOT_A_PATIENT');
    const audits = await t.db.query<{ action: string }>(
      "select action from audit_log where actor_id = $1 and action = 'vitals.read'",
      [followerUserId],
    );
    expect(audits.length).toBeGreaterThanOrEqual(2);
  });

  it('shows an SOS case: reason, vital indexes at the time, location, timeline; followers without recipients', async () => {
    const own = await get(`${P}/me/sos-cases/${sosCaseId}`, patientTok);
    expect(own.status, own.raw).toBe(200);
    expect(own.body).toMatchObject({
      id: sosCaseId,
      reason: 'sos_button',
      status: 'open',
      level: 'sos',
      message: { kind: 'choice', choice: 'need_help' },
    });
    const vitals = own.body.vitals as Array<{ metric: string; measuredAt: string }>;
    expect(vitals.map((v) => v.metric)).toContain('heart_rate');
    expect(vitals.map((v) => v.metric)).not.toContain('ecg');
    expect(vitals.every((v) => v.measuredAt <= String(own.body.openedAt))).toBe(true);
    expect(own.body.locations).toEqual([expect.objectContaining({ lat: 10.7769, lng: 106.7009 })]);
    const timeline = own.body.timeline as Array<Record<string, unknown>>;
    expect(timeline.length).toBeGreaterThan(0);
    // The readable timeline (issue 13): the press and each person told, by name, with a phone to call back.
    expect(timeline.some((e) => e.kind === 'notified' && e.recipient && e.phone)).toBe(true);

    const viaFollower = await get(`${P}/${demoPatientId}/sos-cases/${sosCaseId}`, followerTok);
    expect(viaFollower.status, viaFollower.raw).toBe(200);
    const fTimeline = viaFollower.body.timeline as Array<Record<string, unknown>>;
    expect(fTimeline.length).toBe(timeline.length);
    expect(fTimeline.every((e) => !e.recipient && !e.phone && !e.actor)).toBe(true);
  });

  it('answers 404 to a user with no relation, and for a case of another patient', async () => {
    expect((await get(P, strangerTok)).body).toEqual({ items: [] });
    for (const url of [
      `${P}/${demoPatientId}/vitals/latest`,
      `${P}/${demoPatientId}/thresholds`,
      `${P}/${demoPatientId}/alerts`,
      `${P}/${demoPatientId}/sos-cases/${sosCaseId}`,
    ]) {
      const res = await get(url, strangerTok);
      expect(res.status, url).toBe(404);
      expect(res.body.code).toBe('PATIENT_NOT_FOUND');
    }
    // The follower's own sub-user does not open the patient's case.
    const subId = newId();
    await t.db.query(
      "insert into patients (id, tenant_id, first_name, last_name, manager_user_id) values ($1,$2,'Sub','User',$3)",
      [subId, tenantId, followerUserId],
    );
    const cross = await get(`${P}/${subId}/sos-cases/${sosCaseId}`, followerTok);
    expect(cross.status).toBe(404);
    expect(cross.body.code).toBe('SOS_CASE_NOT_FOUND');
    expect((await get(`${P}/${demoPatientId}/sos-cases/${newId()}`, patientTok)).status).toBe(404);
    await t.db.query('delete from patients where id = $1', [subId]);
  });

  it('answers 404 across tenants', async () => {
    const res = await t.call('POST', '/api/auth/oauth-token', {
      form: { tenant: 'demo2', username: 'patient@demo2.test', password: DEMO_PASSWORD, grant_type: 'password' },
      headers: { 'x-client': 'app' },
    });
    expect(res.status, res.raw).toBe(200);
    const other = String(res.body.access_token);
    const [p2] = await t.db.query<{ id: string }>(
      "select p.id from patients p join tenants x on x.id = p.tenant_id where x.code = 'demo2' and p.user_id is not null limit 1",
    );
    expect((await get(`${P}/${demoPatientId}/vitals/latest`, other)).status).toBe(404);
    expect((await get(`${P}/${demoPatientId}/sos-cases/${sosCaseId}`, other)).status).toBe(404);
    expect((await get(`${P}/${p2!.id}/alerts`, patientTok)).status).toBe(404);
    expect((await get(P, other)).body.items).toEqual([expect.objectContaining({ relation: 'self' })]);
  });

  it('removes access when the follower unfollows (spec §6)', async () => {
    const overview = await get('/api/account/contacts', followerTok);
    const rel = (overview.body.following as Array<{ id: string; owner: { userId: string | null } }>)[0]!;
    const del = await t.call('DELETE', `/api/account/contacts/${rel.id}`, { token: followerTok });
    expect(del.status, del.raw).toBe(200);
    expect((await get(P, followerTok)).body).toEqual({ items: [] });
    const res = await get(`${P}/${demoPatientId}/vitals/latest`, followerTok);
    expect(res.status).toBe(404);
    expect((await get(`${P}/${demoPatientId}/sos-cases/${sosCaseId}`, followerTok)).status).toBe(404);
  });
});
