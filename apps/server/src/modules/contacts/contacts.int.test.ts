import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Res, type TestApp } from '../../test-support/test-app.ts';
import { DEMO_PASSWORD } from '../seed/demo.ts';
import { newId } from '../../platform/ids.ts';
import { grantBasic } from '../../test-support/billing.ts';
import { escalationRecipients, followerCanSee } from './contacts.service.ts';

const C = '/api/account/contacts';

describe('followers and contacts', () => {
  let t: TestApp;
  let tenantId: string;
  let tenant2Id: string;
  let hash: string;
  let demoPatientId: string;
  let patientUserId: string;
  let followerUserId: string;
  let nextPhone = 100;

  /** Signs in through the patient app (X-Client: app); staff accounts through the portal. */
  async function login(email: string, tenant = 'demo', client: 'app' | 'portal' = 'app'): Promise<string> {
    const res = await t.call('POST', '/api/auth/oauth-token', {
      form: { tenant, username: email, password: DEMO_PASSWORD, grant_type: 'password' },
      headers: client === 'app' ? { 'x-client': 'app' } : {},
    });
    if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${res.raw}`);
    return String(res.body.access_token);
  }
  /** A new active user of the tenant with the given role (patient = an ordinary app user). */
  async function makeUser(role: 'patient' | 'doctor' = 'patient', tid = tenantId, specialties: string[] = []) {
    const id = newId();
    const phone = `0777${String(nextPhone++).padStart(6, '0')}`;
    const email = `u${phone}@demo.test`;
    await t.db.query(
      `insert into users (id, tenant_id, email, phone, password_hash, first_name, last_name, status) values ($1,$2,$3,$4,$5,'Test',$6,'active')`,
      [id, tid, email, phone, hash, `User${phone}`],
    );
    const [r] = await t.db.query<{ id: string }>('select id from roles where tenant_id = $1 and code = $2', [
      tid,
      role,
    ]);
    await t.db.query('insert into user_roles (id, tenant_id, user_id, role_id, is_main) values ($1,$2,$3,$4,true)', [
      newId(),
      tid,
      id,
      r!.id,
    ]);
    if (role === 'doctor')
      await t.db.query('insert into doctor_profiles (tenant_id, user_id, specialties) values ($1,$2,$3)', [
        tid,
        id,
        specialties,
      ]);
    return { id, phone, email };
  }
  const send = (token: string, body: Record<string, unknown>) => t.call('POST', `${C}/requests`, { token, body });
  const act = (token: string, id: string, what: 'accept' | 'reject' | 'cancel' | 'resend') =>
    t.call('POST', `${C}/requests/${id}/${what}`, { token });
  const created = (res: Res) => {
    if (res.status !== 201) throw new Error(`expected 201, got ${res.status} ${res.raw}`);
    return String(res.body.id);
  };

  beforeAll(async () => {
    t = await startTestApp();
    const [a, b] = await t.db.query<{ id: string }>(
      "select id from tenants where code in ('demo', 'demo2') order by code",
    );
    tenantId = a!.id;
    tenant2Id = b!.id;
    const [p] = await t.db.query<{ id: string; user_id: string; password_hash: string }>(
      `select p.id, p.user_id, u.password_hash from patients p join users u on u.id = p.user_id where p.tenant_id = $1 and p.patient_code = 'DEMO-P0001'`,
      [tenantId],
    );
    demoPatientId = p!.id;
    patientUserId = p!.user_id;
    hash = p!.password_hash;
    const [f] = await t.db.query<{ id: string }>(
      "select id from users where tenant_id = $1 and email = 'follower@demo.test'",
      [tenantId],
    );
    followerUserId = f!.id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('seeds patient@ with two emergency numbers and follower@ as a consented follower, in both tenants', async () => {
    const patient = await login('patient@demo.test');
    const res = await t.get(C, patient);
    expect(res.status).toBe(200);
    const followers = res.body.followers as Array<{
      kind: string;
      contact: { userId: string | null; name: string; phone: string | null };
      status: string;
    }>;
    expect(followers.map((f) => [f.kind, f.contact.name, f.contact.phone, f.status])).toEqual([
      ['emergency', 'Hoang Minh', '0900000021', 'accepted'],
      ['emergency', 'Hoang Lan', '0900000022', 'accepted'],
      ['caring', 'Phong Hoang', '0900000012', 'accepted'],
    ]);
    const follower = await login('follower@demo.test');
    const mine = await t.get(C, follower);
    expect(mine.body.following as Array<{ owner: { name: string }; side: string }>).toMatchObject([
      { owner: { name: 'Phuong Hoang' }, side: 'contact' },
    ]);
    // The follower is an ordinary app user: role patient, no patient record, no staff lists.
    expect(await t.db.query('select 1 from patients where user_id = $1', [followerUserId])).toEqual([]);
    expect((await t.get('/api/account/patients', follower)).status).toBe(403);
    const n = await t.db.query<{ n: number }>(
      `select count(*)::int n from contacts c join users u on u.id = c.owner_id where u.email like 'patient@%' and c.status = 'accepted'`,
    );
    expect(n[0]!.n).toBe(6);
  });

  it('escalationRecipients lists consented followers and emergency numbers with their channels; followerCanSee follows consent', async () => {
    const list = await escalationRecipients(t.db, tenantId, demoPatientId);
    expect(
      list.map((r) => ({ name: r.name, phone: r.phone, kind: r.kind, userId: r.userId, channels: r.channels })),
    ).toEqual([
      { name: 'Hoang Minh', phone: '0900000021', kind: 'emergency', userId: null, channels: ['sms', 'call'] },
      { name: 'Hoang Lan', phone: '0900000022', kind: 'emergency', userId: null, channels: ['sms', 'call'] },
      {
        name: 'Phong Hoang',
        phone: '0900000012',
        kind: 'caring',
        userId: followerUserId,
        channels: ['in_app', 'push', 'sms', 'call'],
      },
    ]);
    expect(await followerCanSee(t.db, tenantId, followerUserId, demoPatientId)).toBe(true);
    // Another tenant's patient id answers nothing.
    expect(await escalationRecipients(t.db, tenant2Id, demoPatientId)).toEqual([]);
    expect(await followerCanSee(t.db, tenant2Id, followerUserId, demoPatientId)).toBe(false);
    const [doctor] = await t.db.query<{ id: string }>("select id from users where email = 'doctor@demo.test'");
    expect(await followerCanSee(t.db, tenantId, doctor!.id, demoPatientId)).toBe(false);
  });

  it('a follower sees data only after accepting, and not after unfollowing; removal takes effect at once', async () => {
    const owner = await makeUser();
    const [pid] = await t.db.query<{ id: string }>(
      `insert into patients (id, tenant_id, user_id, first_name, last_name, status) values ($1,$2,$3,'Owner','One','normal') returning id`,
      [newId(), tenantId, owner.id],
    );
    const f = await makeUser();
    const ownerTok = await login(owner.email);
    const fTok = await login(f.email);
    const id = created(
      await send(ownerTok, { phone: f.phone, kind: 'emergency', relationship: 'daughter', aliasName: 'Lan' }),
    );
    expect(await followerCanSee(t.db, tenantId, f.id, pid!.id)).toBe(false);
    expect(await escalationRecipients(t.db, tenantId, pid!.id)).toEqual([]);
    // The invitation was texted to the follower's phone.
    const sms = await t.db.query<{ body: string }>(
      "select body from messages where recipient = $1 and channel = 'sms'",
      [f.phone],
    );
    expect(sms[0]?.body).toContain('emergency contact');
    const received = await t.get(`${C}/requests`, fTok);
    expect(received.body).toMatchObject({
      sent: [],
      received: [{ id, direction: 'received', side: 'contact', kind: 'emergency', status: 'pending' }],
    });
    expect((await t.get(`${C}/requests`, ownerTok)).body).toMatchObject({
      sent: [{ id, direction: 'sent', aliasName: 'Lan', relationship: 'daughter' }],
      received: [],
    });

    expect((await act(fTok, id, 'accept')).body).toMatchObject({ status: 'accepted', side: 'contact' });
    expect(await followerCanSee(t.db, tenantId, f.id, pid!.id)).toBe(true);
    expect((await escalationRecipients(t.db, tenantId, pid!.id)).map((r) => [r.userId, r.name, r.kind])).toEqual([
      [f.id, 'Lan', 'emergency'],
    ]);

    // Unfollow (by the follower): access and alerts end at once.
    expect((await t.call('DELETE', `${C}/${id}`, { token: fTok })).body).toMatchObject({ status: 'removed' });
    expect(await followerCanSee(t.db, tenantId, f.id, pid!.id)).toBe(false);
    expect(await escalationRecipients(t.db, tenantId, pid!.id)).toEqual([]);
    const [row] = await t.db.query<{ ended_reason: string }>('select ended_reason from contacts where id = $1', [id]);
    expect(row!.ended_reason).toBe('unfollowed');
    // A new request is allowed afterwards; the owner removes it once accepted.
    const again = created(await send(ownerTok, { phone: f.phone, kind: 'caring' }));
    await act(fTok, again, 'accept');
    expect(await followerCanSee(t.db, tenantId, f.id, pid!.id)).toBe(true);
    expect((await t.call('DELETE', `${C}/${again}`, { token: ownerTok })).body).toMatchObject({ status: 'removed' });
    expect(await followerCanSee(t.db, tenantId, f.id, pid!.id)).toBe(false);
    const audits = await t.db.query<{ action: string }>(
      "select action from audit_log where resource = 'contact' and resource_id in ($1, $2) order by created_at, action",
      [id, again],
    );
    expect(audits.map((a) => a.action)).toEqual(
      expect.arrayContaining(['contact.request', 'contact.accept', 'contact.unfollow', 'contact.remove']),
    );
  });

  it('refuses yourself and asking twice; an existing follower is ALREADY_FOLLOWER', async () => {
    const patient = await login('patient@demo.test');
    expect((await send(patient, { phone: '0900000011', kind: 'caring' })).body).toMatchObject({
      code: 'CONTACT_SELF',
      details: { field: 'phone' },
    });
    const qr = await t.get(`${C}/qr`, patient);
    expect((await send(patient, { qrToken: qr.body.token, kind: 'caring' })).body).toMatchObject({
      code: 'CONTACT_SELF',
      details: { field: 'qrToken' },
    });
    const dup = await send(patient, { phone: '0900000012', kind: 'emergency' });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ code: 'ALREADY_FOLLOWER', details: { field: 'phone' } });
    // Asking the follower to follow... the follower already follows: same answer from their side.
    const follower = await login('follower@demo.test');
    expect((await send(follower, { phone: '0900000011', kind: 'caring', direction: 'follow' })).body).toMatchObject({
      code: 'ALREADY_FOLLOWER',
    });
    // A plain emergency number twice.
    expect((await send(patient, { phone: '0900000021', kind: 'emergency', name: 'Hoang Minh' })).body).toMatchObject({
      code: 'ALREADY_FOLLOWER',
    });

    const owner = await makeUser();
    const f = await makeUser();
    const ownerTok = await login(owner.email);
    created(await send(ownerTok, { phone: f.phone, kind: 'caring' }));
    const twice = await send(ownerTok, { phone: f.phone, kind: 'emergency' });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ code: 'CONTACT_ALREADY_ASKED', details: { field: 'phone' } });
  });

  it('validates the request: phone or QR (exactly one), direction, names the field', async () => {
    const patient = await login('patient@demo.test');
    expect((await send(patient, { kind: 'caring' })).body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'phone' },
    });
    expect((await send(patient, { kind: 'caring', phone: '0911', qrToken: 'x' })).body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'phone' },
    });
    expect((await send(patient, { kind: 'caring', phone: 'abc' })).body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'phone' },
    });
    expect((await send(patient, { kind: 'boss', phone: '0911111111' })).body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'kind' },
    });
    expect(
      (await send(patient, { kind: 'family_doctor', phone: '0900000006', direction: 'follow' })).body,
    ).toMatchObject({ details: { field: 'direction' } });
    expect((await send(patient, { kind: 'caring', phone: '0911111111', relationship: 'boss' })).body).toMatchObject({
      details: { field: 'relationship' },
    });
    expect((await t.call('POST', `${C}/requests/not-a-uuid/accept`, { token: patient })).status).toBe(400);
  });

  it('an unregistered phone: a plain emergency contact needs a name and is active at once; other kinds are CONTACT_NOT_REGISTERED', async () => {
    const owner = await makeUser();
    const tok = await login(owner.email);
    expect((await send(tok, { phone: '0966000001', kind: 'emergency' })).body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'name' },
    });
    const nr = await send(tok, { phone: '0966000001', kind: 'caring' });
    expect(nr.status).toBe(404);
    expect(nr.body).toMatchObject({ code: 'CONTACT_NOT_REGISTERED', details: { field: 'phone' } });
    const res = await send(tok, {
      phone: '0966000001',
      kind: 'emergency',
      name: 'Neighbour Ha',
      relationship: 'friend',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'accepted',
      kind: 'emergency',
      contact: { userId: null, name: 'Neighbour Ha', phone: '0966000001' },
      relationship: 'friend',
    });
    const sms = await t.db.query<{ body: string }>("select body from messages where recipient = '0966000001'");
    expect(sms[0]?.body).toContain('Install the CareWatch app');
    expect((await t.get(C, tok)).body).toMatchObject({ followers: [{ id: res.body.id }] });
  });

  it('resends an invitation at most once within 5 minutes', async () => {
    const owner = await makeUser();
    const f = await makeUser();
    const tok = await login(owner.email);
    const id = created(await send(tok, { phone: f.phone, kind: 'caring' }));
    const soon = await act(tok, id, 'resend');
    expect(soon.status).toBe(429);
    expect(soon.body).toMatchObject({ code: 'CONTACT_RESEND_TOO_SOON', details: { retryAfterSeconds: 300 } });
    t.clock.advance(4 * 60_000);
    expect((await act(tok, id, 'resend')).body).toMatchObject({
      code: 'CONTACT_RESEND_TOO_SOON',
      details: { retryAfterSeconds: 60 },
    });
    t.clock.advance(60_000);
    expect((await act(tok, id, 'resend')).status).toBe(200);
    expect((await act(tok, id, 'resend')).body).toMatchObject({ code: 'CONTACT_RESEND_TOO_SOON' });
    const sms = await t.db.query<{ n: number }>(
      "select count(*)::int n from messages where recipient = $1 and channel = 'sms'",
      [f.phone],
    );
    expect(sms[0]!.n).toBe(2);
    // Only the sender resends.
    const fTok = await login(f.email);
    t.clock.advance(5 * 60_000);
    expect((await act(fTok, id, 'resend')).status).toBe(403);
    // A plain emergency contact's invitation too.
    const plain = created(await send(tok, { phone: '0966000002', kind: 'emergency', name: 'Plain' }));
    expect((await act(tok, plain, 'resend')).status).toBe(429);
    t.clock.advance(5 * 60_000);
    expect((await act(await login(owner.email), plain, 'resend')).status).toBe(200);
  });

  it('accept / reject by the receiver, cancel by the sender; answered requests are CONTACT_NOT_PENDING', async () => {
    const owner = await makeUser();
    const f = await makeUser();
    const tok = await login(owner.email);
    const fTok = await login(f.email);
    const a = created(await send(tok, { phone: f.phone, kind: 'caring' }));
    expect((await act(tok, a, 'accept')).status).toBe(403);
    expect((await act(fTok, a, 'cancel')).status).toBe(403);
    expect((await act(tok, a, 'cancel')).body).toMatchObject({ status: 'cancelled' });
    expect((await act(fTok, a, 'accept')).body).toMatchObject({ code: 'CONTACT_NOT_PENDING' });
    expect((await t.get(`${C}/requests`, fTok)).body).toMatchObject({ received: [] });

    // The follower asks to follow; the owner rejects.
    const b = created(
      await send(fTok, { phone: owner.phone, kind: 'emergency', direction: 'follow', aliasName: 'Dad' }),
    );
    expect((await t.get(`${C}/requests`, tok)).body).toMatchObject({
      received: [{ id: b, side: 'owner', direction: 'received', aliasName: null }],
    });
    expect((await act(tok, b, 'reject')).body).toMatchObject({ status: 'rejected' });
    expect((await act(tok, b, 'reject')).status).toBe(409);
    // Asked again, accepted by the owner: consent given.
    const c = created(
      await send(fTok, { phone: owner.phone, kind: 'emergency', direction: 'follow', aliasName: 'Dad' }),
    );
    expect((await act(tok, c, 'accept')).body).toMatchObject({ status: 'accepted' });
    expect((await t.get(C, fTok)).body).toMatchObject({
      following: [{ id: c, aliasName: 'Dad', owner: { userId: owner.id } }],
    });
  });

  it('an owner shares data with at most 3 registered followers (pending or accepted); plain numbers do not count', async () => {
    const owner = await makeUser();
    const tok = await login(owner.email);
    const fs = [await makeUser(), await makeUser(), await makeUser(), await makeUser()];
    created(await send(tok, { phone: '0966000003', kind: 'emergency', name: 'Plain One' }));
    for (const f of fs.slice(0, 3)) created(await send(tok, { phone: f.phone, kind: 'caring' }));
    const over = await send(tok, { phone: fs[3]!.phone, kind: 'emergency' });
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ code: 'CONTACT_MAX_SHARED' });
    // Asking to follow this owner is refused the same way.
    const f4 = await login(fs[3]!.email);
    expect((await send(f4, { phone: owner.phone, kind: 'caring', direction: 'follow' })).body).toMatchObject({
      code: 'CONTACT_MAX_SHARED',
    });
  });

  it('a follower is the emergency contact of at most 5 patients and the caring contact of at most 5', async () => {
    const f = await makeUser();
    const fTok = await login(f.email);
    const owners = [];
    for (let i = 0; i < 12; i++) owners.push(await makeUser());
    for (const o of owners.slice(0, 5))
      created(await send(fTok, { phone: o.phone, kind: 'emergency', direction: 'follow' }));
    expect((await send(fTok, { phone: owners[5]!.phone, kind: 'emergency', direction: 'follow' })).body).toMatchObject({
      code: 'CONTACT_MAX_EMERGENCY_PATIENTS',
    });
    // Invited by a sixth owner: refused too.
    const o6 = await login(owners[5]!.email);
    expect((await send(o6, { phone: f.phone, kind: 'emergency' })).body).toMatchObject({
      code: 'CONTACT_MAX_EMERGENCY_PATIENTS',
    });
    for (const o of owners.slice(5, 10))
      created(await send(fTok, { phone: o.phone, kind: 'caring', direction: 'follow' }));
    expect((await send(fTok, { phone: owners[10]!.phone, kind: 'caring', direction: 'follow' })).body).toMatchObject({
      code: 'CONTACT_MAX_CARING_PATIENTS',
    });
    // Cancelling one frees a slot.
    const sent = (await t.get(`${C}/requests`, fTok)).body.sent as Array<{ id: string; kind: string }>;
    await act(fTok, sent.find((s) => s.kind === 'caring')!.id, 'cancel');
    created(await send(fTok, { phone: owners[10]!.phone, kind: 'caring', direction: 'follow' }));
  });

  it('the limit is checked again on accept', async () => {
    const f = await makeUser();
    const fTok = await login(f.email);
    const owners = [];
    for (let i = 0; i < 6; i++) owners.push(await makeUser());
    // Six owners invite... the sixth invitation is refused at sending; so invite five, then one more owner's request raced in by SQL.
    for (const o of owners.slice(0, 5)) created(await send(await login(o.email), { phone: f.phone, kind: 'caring' }));
    const racing = newId();
    await t.db.query(
      `insert into contacts (id, tenant_id, owner_id, contact_user_id, kind, status, requested_by, phone, last_invited_at, created_at, updated_at)
       values ($1,$2,$3,$4,'caring','pending',$3,$5,now(),now(),now())`,
      [racing, tenantId, owners[5]!.id, f.id, f.phone],
    );
    expect((await act(fTok, racing, 'accept')).body).toMatchObject({ code: 'CONTACT_MAX_CARING_PATIENTS' });
  });

  it('family doctor: only a doctor, one pending request at a time, accepting replaces the current one', async () => {
    const owner = await makeUser();
    // Asking a doctor is a Basic feature (issue 17).
    await grantBasic(t.db, tenantId, owner.id, t.clock.now());
    const tok = await login(owner.email);
    const f = await makeUser();
    expect((await send(tok, { phone: f.phone, kind: 'family_doctor' })).body).toMatchObject({
      code: 'CONTACT_NOT_A_DOCTOR',
      details: { field: 'phone' },
    });
    const d1 = await makeUser('doctor');
    const d2 = await makeUser('doctor');
    const r1 = created(await send(tok, { phone: d1.phone, kind: 'family_doctor' }));
    const second = await send(tok, { phone: d2.phone, kind: 'family_doctor' });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ code: 'CONTACT_ONE_FAMILY_DOCTOR' });
    const d1Tok = await login(d1.email, 'demo', 'portal');
    expect((await t.get(`${C}/requests`, d1Tok)).body).toMatchObject({ received: [{ id: r1, kind: 'family_doctor' }] });
    expect((await act(d1Tok, r1, 'accept')).body).toMatchObject({ status: 'accepted' });
    expect((await t.get(C, d1Tok)).body).toMatchObject({ patients: [{ id: r1, owner: { userId: owner.id } }] });
    const r2 = created(await send(tok, { phone: d2.phone, kind: 'family_doctor' }));
    expect((await t.get(C, tok)).body).toMatchObject({ doctors: [{ id: r1 }] });
    await act(await login(d2.email, 'demo', 'portal'), r2, 'accept');
    const doctors = (await t.get(C, tok)).body.doctors as Array<{ id: string; kind: string }>;
    expect(doctors.map((d) => d.id)).toEqual([r2]);
    const [old] = await t.db.query<{ status: string; ended_reason: string }>(
      'select status, ended_reason from contacts where id = $1',
      [r1],
    );
    expect(old).toEqual({ status: 'removed', ended_reason: 'replaced' });
    // The same doctor twice.
    expect((await send(tok, { phone: d2.phone, kind: 'family_doctor' })).body).toMatchObject({
      code: 'ALREADY_FOLLOWER',
    });
  });

  it('specialists: the specialty must be offered; at most 5 specialties', async () => {
    const owner = await makeUser();
    await grantBasic(t.db, tenantId, owner.id, t.clock.now());
    const tok = await login(owner.email);
    const specs = ['cardiology', 'endocrinology', 'toxicology', 'telemedicine', 'medical_genetics', 'palliative_care'];
    const docs = [];
    for (const s of specs) docs.push(await makeUser('doctor', tenantId, [s, 'cardiology']));
    expect((await send(tok, { phone: docs[0]!.phone, kind: 'specialist' })).body).toMatchObject({
      details: { field: 'specialty' },
    });
    expect(
      (await send(tok, { phone: docs[0]!.phone, kind: 'specialist', specialty: 'tuberculosis' })).body,
    ).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'specialty', rule: 'not_offered' } });
    for (let i = 0; i < 5; i++)
      created(await send(tok, { phone: docs[i]!.phone, kind: 'specialist', specialty: specs[i] }));
    expect((await send(tok, { phone: docs[5]!.phone, kind: 'specialist', specialty: specs[5] })).body).toMatchObject({
      code: 'CONTACT_MAX_SPECIALTIES',
    });
    // A sixth specialist in a specialty already covered is fine.
    created(await send(tok, { phone: docs[5]!.phone, kind: 'specialist', specialty: 'cardiology' }));
  });

  it('QR: a signed short-lived token names its user; tampered, expired or other-tenant tokens are refused', async () => {
    const owner = await makeUser();
    const f = await makeUser();
    const tok = await login(owner.email);
    const fTok = await login(f.email);
    const qr = await t.get(`${C}/qr`, fTok);
    expect(qr.status).toBe(200);
    expect(new Date(String(qr.body.expiresAt)).getTime() - t.clock.now().getTime()).toBe(300_000);
    const token = String(qr.body.token);
    expect((await send(tok, { qrToken: `${token.slice(0, -2)}xx`, kind: 'caring' })).body).toMatchObject({
      code: 'CONTACT_QR_INVALID',
      details: { field: 'qrToken' },
    });
    expect((await send(tok, { qrToken: 'garbage', kind: 'caring' })).body).toMatchObject({
      code: 'CONTACT_QR_INVALID',
    });
    const ok = await send(tok, { qrToken: token, kind: 'caring' });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ contact: { userId: f.id }, status: 'pending' });
    t.clock.advance(301_000);
    expect((await send(tok, { qrToken: token, kind: 'caring' })).body).toMatchObject({ code: 'CONTACT_QR_INVALID' });
    // A demo2 user's QR is meaningless in demo.
    const other = await login('follower@demo2.test', 'demo2');
    const qr2 = await t.get(`${C}/qr`, other);
    expect((await send(tok, { qrToken: qr2.body.token, kind: 'caring' })).body).toMatchObject({
      code: 'CONTACT_QR_INVALID',
    });
  });

  it('aliases per side; only the owner sets the relationship', async () => {
    const patient = await login('patient@demo.test');
    const follower = await login('follower@demo.test');
    const id = ((await t.get(C, follower)).body.following as Array<{ id: string }>)[0]!.id;
    expect((await t.put(`${C}/${id}`, { aliasName: 'Mum' }, follower)).body).toMatchObject({
      aliasName: 'Mum',
      side: 'contact',
    });
    expect((await t.put(`${C}/${id}`, { relationship: 'mother' }, follower)).status).toBe(403);
    expect((await t.put(`${C}/${id}`, { aliasName: 'Phong', relationship: 'son' }, patient)).body).toMatchObject({
      aliasName: 'Phong',
      relationship: 'son',
      side: 'owner',
    });
    expect((await t.get(C, follower)).body).toMatchObject({ following: [{ aliasName: 'Mum' }] });
    expect((await t.put(`${C}/${id}`, { aliasName: 'x'.repeat(65) }, patient)).body).toMatchObject({
      details: { field: 'aliasName' },
    });
    expect(
      (await escalationRecipients(t.db, tenantId, demoPatientId)).find((r) => r.userId === followerUserId)?.name,
    ).toBe('Phong');
  });

  it("another tenant's or a stranger's contact answers 404 like a missing one", async () => {
    const [row] = await t.db.query<{ id: string }>(
      'select id from contacts where tenant_id = $1 and owner_id = $2 and contact_user_id is not null',
      [tenantId, patientUserId],
    );
    const id = row!.id;
    const other = await login('patient@demo2.test', 'demo2');
    const stranger = await login((await makeUser()).email);
    for (const tok of [other, stranger]) {
      for (const [method, url] of [
        ['DELETE', `${C}/${id}`],
        ['PUT', `${C}/${id}`],
        ['POST', `${C}/requests/${id}/accept`],
        ['POST', `${C}/requests/${id}/resend`],
      ] as const) {
        const res = await t.call(method, url, { token: tok, body: method === 'PUT' ? { aliasName: 'x' } : undefined });
        expect(res.status, `${method} ${url}`).toBe(404);
        expect(res.body.code).toBe('CONTACT_NOT_FOUND');
      }
    }
    const missing = await t.call('DELETE', `${C}/${newId()}`, { token: other });
    expect(missing.body.code).toBe('CONTACT_NOT_FOUND');
    // demo2 sees only its own seed.
    const list = await t.get(C, other);
    expect((list.body.followers as unknown[]).length).toBe(3);
    // demo2's follower phone in demo is not a user: caring to it is CONTACT_NOT_REGISTERED.
    const p = await login('patient@demo.test');
    expect((await send(p, { phone: '0800000012', kind: 'caring' })).body).toMatchObject({
      code: 'CONTACT_NOT_REGISTERED',
    });
  });

  it('requires RelativeManage to send; staff without it are refused', async () => {
    const cskh = await login('cskh@demo.test', 'demo', 'portal');
    expect((await send(cskh, { phone: '0900000012', kind: 'caring' })).status).toBe(403);
    expect((await t.get(C, cskh)).status).toBe(200);
  });
});
