import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPatientFollower } from '@carewatch/contracts/contacts';
import { startTestApp, type Res, type TestApp } from '../../test-support/test-app.ts';
import { DEMO_PASSWORD } from '../seed/demo.ts';
import { newId } from '../../platform/ids.ts';
import { grantBasic } from '../../test-support/billing.ts';

const C = '/api/account/contacts';
const followersOf = (patientId: string) => `/api/account/patients/${patientId}/followers`;

describe("staff view of a patient's followers; doctors accepted through contacts follow the patient", () => {
  let t: TestApp;
  let tenantId: string;
  let hash: string;
  let nextPhone = 500;

  /** App users sign in through the patient app (X-Client: app); staff through the portal. */
  async function login(email: string, client: 'app' | 'portal', tenant = 'demo'): Promise<string> {
    const res = await t.call('POST', '/api/auth/oauth-token', {
      form: { tenant, username: email, password: DEMO_PASSWORD, grant_type: 'password' },
      headers: client === 'app' ? { 'x-client': 'app' } : {},
    });
    if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${res.raw}`);
    return String(res.body.access_token);
  }
  /** A new active user with the given role; a doctor works at no health center, so sees only the patients assigned to them. */
  async function makeUser(role: 'patient' | 'doctor', first = 'Test') {
    const id = newId();
    const phone = `0778${String(nextPhone++).padStart(6, '0')}`;
    const email = `f${phone}@demo.test`;
    await t.db.query(
      `insert into users (id, tenant_id, email, phone, password_hash, first_name, last_name, status) values ($1,$2,$3,$4,$5,$6,$7,'active')`,
      [id, tenantId, email, phone, hash, first, `User${phone}`],
    );
    const [r] = await t.db.query<{ id: string }>('select id from roles where tenant_id = $1 and code = $2', [
      tenantId,
      role,
    ]);
    await t.db.query('insert into user_roles (id, tenant_id, user_id, role_id, is_main) values ($1,$2,$3,$4,true)', [
      newId(),
      tenantId,
      id,
      r!.id,
    ]);
    if (role === 'doctor')
      await t.db.query("insert into doctor_profiles (tenant_id, user_id, specialties) values ($1,$2,'{cardiology}')", [
        tenantId,
        id,
      ]);
    return { id, phone, email, name: `${first} User${phone}` };
  }
  /** A patient record without a health center, linked to a new app account unless `withAccount` is false. */
  async function makePatient(withAccount = true) {
    const user = withAccount ? await makeUser('patient', 'Owner') : null;
    const id = newId();
    await t.db.query(
      `insert into patients (id, tenant_id, user_id, first_name, last_name, status) values ($1,$2,$3,'Owner',$4,'normal')`,
      [id, tenantId, user?.id ?? null, `P${nextPhone}`],
    );
    // Asking a doctor from the app is a Basic feature (issue 17).
    if (user) await grantBasic(t.db, tenantId, user.id, t.clock.now());
    return { id, user, token: user ? await login(user.email, 'app') : null };
  }
  const send = (token: string, body: Record<string, unknown>) => t.call('POST', `${C}/requests`, { token, body });
  const act = (token: string, id: string, what: 'accept' | 'reject') =>
    t.call('POST', `${C}/requests/${id}/${what}`, { token });
  const created = (res: Res) => {
    if (res.status !== 201) throw new Error(`expected 201, got ${res.status} ${res.raw}`);
    return String(res.body.id);
  };
  const items = (res: Res) => {
    expect(res.status, res.raw).toBe(200);
    return res.body.items as TPatientFollower[];
  };
  /** Whether the patient is in the doctor's patient list (what the portal's Patients page shows). */
  async function inDoctorsList(token: string, patientId: string): Promise<boolean> {
    const res = await t.get('/api/account/patients?size=100', token);
    expect(res.status, res.raw).toBe(200);
    return (res.body.items as Array<{ id: string }>).some((p) => p.id === patientId);
  }
  const assigned = (patientId: string, doctorId: string) =>
    t.db.query<{ contact_id: string | null }>(
      'select contact_id from patient_doctors where patient_id = $1 and doctor_id = $2',
      [patientId, doctorId],
    );

  beforeAll(async () => {
    t = await startTestApp();
    const [a] = await t.db.query<{ id: string }>("select id from tenants where code = 'demo'");
    tenantId = a!.id;
    const [u] = await t.db.query<{ password_hash: string }>(
      "select password_hash from users where tenant_id = $1 and email = 'patient@demo.test'",
      [tenantId],
    );
    hash = u!.password_hash;
  });
  afterAll(async () => {
    await t?.close();
  });

  it("doctor@demo sees DEMO-P0001's demo followers with their escalation channels", async () => {
    const [p] = await t.db.query<{ id: string }>(
      "select id from patients where tenant_id = $1 and patient_code = 'DEMO-P0001'",
      [tenantId],
    );
    const doctor = (await t.login('doctor')).access;
    const list = items(await t.get(followersOf(p!.id), doctor));
    expect(list.map((f) => [f.kind, f.name, f.phone, f.registered, f.status, f.channels])).toEqual([
      ['emergency', 'Hoang Minh', '0900000021', false, 'accepted', ['sms', 'call']],
      ['emergency', 'Hoang Lan', '0900000022', false, 'accepted', ['sms', 'call']],
      ['caring', 'Phong Hoang', '0900000012', true, 'accepted', ['in_app', 'push', 'sms', 'call']],
    ]);
    expect(list[0]).toMatchObject({ relationship: 'son', specialty: null });
    expect(list[0]!.respondedAt).not.toBeNull();
  });

  it('lists accepted and pending followers, family doctor and specialists in that order; strangers and other tenants get 404', async () => {
    const patient = await makePatient();
    const tok = patient.token!;
    const caring = await makeUser('patient', 'Caring');
    const pendingEmergency = await makeUser('patient', 'Pending');
    const family = await makeUser('doctor', 'Family');
    const specialist = await makeUser('doctor', 'Special');
    const stranger = await makeUser('doctor', 'Stranger');

    // Sent out of display order, to see the order come from the kind (then the time of the request).
    const specialistReq = created(
      await send(tok, { phone: specialist.phone, kind: 'specialist', specialty: 'cardiology' }),
    );
    const familyReq = created(await send(tok, { phone: family.phone, kind: 'family_doctor' }));
    const caringReq = created(
      await send(tok, { phone: caring.phone, kind: 'caring', relationship: 'daughter', aliasName: 'My girl' }),
    );
    const pendingReq = created(await send(tok, { phone: pendingEmergency.phone, kind: 'emergency' }));
    const plainReq = created(
      await send(tok, { phone: '0912345678', kind: 'emergency', name: 'Neighbour Ha', relationship: 'friend' }),
    );
    expect((await act(await login(caring.email, 'app'), caringReq, 'accept')).status).toBe(200);
    const familyTok = await login(family.email, 'portal');
    // Before accepting, the family doctor does not follow the patient: 404, as for any stranger.
    expect((await t.get(followersOf(patient.id), familyTok)).body).toMatchObject({ code: 'PATIENT_NOT_FOUND' });
    expect(await inDoctorsList(familyTok, patient.id)).toBe(false);
    expect((await act(familyTok, familyReq, 'accept')).status).toBe(200);

    const list = items(await t.get(followersOf(patient.id), familyTok));
    expect(
      list.map((f) => ({
        id: f.id,
        kind: f.kind,
        status: f.status,
        name: f.name,
        registered: f.registered,
        channels: f.channels,
      })),
    ).toEqual([
      {
        id: pendingReq,
        kind: 'emergency',
        status: 'pending',
        name: pendingEmergency.name,
        registered: true,
        channels: [],
      },
      {
        id: plainReq,
        kind: 'emergency',
        status: 'accepted',
        name: 'Neighbour Ha',
        registered: false,
        channels: ['sms', 'call'],
      },
      {
        id: caringReq,
        kind: 'caring',
        status: 'accepted',
        name: 'My girl',
        registered: true,
        channels: ['in_app', 'push', 'sms', 'call'],
      },
      { id: familyReq, kind: 'family_doctor', status: 'accepted', name: family.name, registered: true, channels: [] },
      {
        id: specialistReq,
        kind: 'specialist',
        status: 'pending',
        name: specialist.name,
        registered: true,
        channels: [],
      },
    ]);
    expect(list[2]).toMatchObject({ phone: caring.phone, relationship: 'daughter' });
    expect(list[1]).toMatchObject({ phone: '0912345678', relationship: 'friend' });
    expect(list[4]).toMatchObject({ specialty: 'cardiology', respondedAt: null });

    // A doctor who does not follow the patient (no assignment, no center), another tenant's doctor, a missing id: 404.
    expect((await t.get(followersOf(patient.id), await login(stranger.email, 'portal'))).status).toBe(404);
    const other = (await t.login('doctor', 'demo2')).access;
    const otherRes = await t.get(followersOf(patient.id), other);
    expect(otherRes.status).toBe(404);
    expect(otherRes.body.code).toBe('PATIENT_NOT_FOUND');
    expect((await t.get(followersOf(newId()), familyTok)).status).toBe(404);
    expect((await t.get(followersOf('not-a-uuid'), familyTok)).body).toMatchObject({ details: { field: 'id' } });
    // The patient app account itself has no staff permission for this list.
    expect((await t.get(followersOf(patient.id), tok)).status).toBe(403);
  });

  it('a patient without an app account has no followers', async () => {
    const patient = await makePatient(false);
    const admin = (await t.login('sysadmin')).access;
    expect(items(await t.get(followersOf(patient.id), admin))).toEqual([]);
  });

  it("an accepted family doctor follows the patient in the portal until the relation ends; staff's own assignment stays", async () => {
    const patient = await makePatient();
    const tok = patient.token!;
    const doctor = await makeUser('doctor', 'Family');
    const doctorTok = await login(doctor.email, 'portal');
    const req = created(await send(tok, { phone: doctor.phone, kind: 'family_doctor' }));
    expect(await assigned(patient.id, doctor.id)).toEqual([]);
    await act(doctorTok, req, 'accept');
    expect(await inDoctorsList(doctorTok, patient.id)).toBe(true);
    expect((await t.get(`/api/account/patients/${patient.id}`, doctorTok)).status).toBe(200);
    expect(await assigned(patient.id, doctor.id)).toEqual([{ contact_id: req }]);

    // The patient removes the family doctor: the assignment that relation added goes at once.
    expect((await t.call('DELETE', `${C}/${req}`, { token: tok })).body).toMatchObject({ status: 'removed' });
    expect(await assigned(patient.id, doctor.id)).toEqual([]);
    expect(await inDoctorsList(doctorTok, patient.id)).toBe(false);
    expect((await t.get(followersOf(patient.id), doctorTok)).status).toBe(404);

    // Staff had assigned the doctor first: accepting adds nothing of its own, so ending it takes nothing away.
    await t.db.query('insert into patient_doctors (tenant_id, patient_id, doctor_id) values ($1,$2,$3)', [
      tenantId,
      patient.id,
      doctor.id,
    ]);
    const again = created(await send(tok, { phone: doctor.phone, kind: 'family_doctor' }));
    await act(doctorTok, again, 'accept');
    expect((await t.call('DELETE', `${C}/${again}`, { token: tok })).body).toMatchObject({ status: 'removed' });
    expect(await assigned(patient.id, doctor.id)).toEqual([{ contact_id: null }]);
    expect(await inDoctorsList(doctorTok, patient.id)).toBe(true);
  });

  it('a replaced family doctor loses the patient; the same doctor kept as a specialist keeps them', async () => {
    const patient = await makePatient();
    const tok = patient.token!;
    const first = await makeUser('doctor', 'First');
    const second = await makeUser('doctor', 'Second');
    const firstTok = await login(first.email, 'portal');
    const secondTok = await login(second.email, 'portal');
    const asFamily = created(await send(tok, { phone: first.phone, kind: 'family_doctor' }));
    await act(firstTok, asFamily, 'accept');
    const asSpecialist = created(await send(tok, { phone: first.phone, kind: 'specialist', specialty: 'cardiology' }));
    await act(firstTok, asSpecialist, 'accept');
    const replacing = created(await send(tok, { phone: second.phone, kind: 'family_doctor' }));
    await act(secondTok, replacing, 'accept');
    expect(await inDoctorsList(secondTok, patient.id)).toBe(true);
    // The first doctor's family relation was replaced, but they are still the patient's specialist.
    expect(await assigned(patient.id, first.id)).toEqual([{ contact_id: asSpecialist }]);
    expect(await inDoctorsList(firstTok, patient.id)).toBe(true);
    await t.call('DELETE', `${C}/${asSpecialist}`, { token: tok });
    expect(await inDoctorsList(firstTok, patient.id)).toBe(false);

    // Replacing a family doctor who is nothing else removes their assignment.
    const third = await makeUser('doctor', 'Third');
    const r3 = created(await send(tok, { phone: third.phone, kind: 'family_doctor' }));
    await act(await login(third.email, 'portal'), r3, 'accept');
    expect(await assigned(patient.id, second.id)).toEqual([]);
    expect(await inDoctorsList(secondTok, patient.id)).toBe(false);
  });
});
