import type { Db } from '../../platform/db.ts';

export type ContactRow = {
  id: string;
  tenant_id: string;
  owner_id: string;
  contact_user_id: string | null;
  kind: string;
  status: string;
  requested_by: string;
  name: string | null;
  phone: string | null;
  relationship: string | null;
  owner_alias: string | null;
  contact_alias: string | null;
  specialty: string | null;
  last_invited_at: Date;
  responded_at: Date | null;
  created_at: Date;
  owner_first: string;
  owner_last: string;
  owner_phone: string | null;
  contact_first: string | null;
  contact_last: string | null;
  contact_phone: string | null;
};

const SELECT = `select c.id, c.tenant_id, c.owner_id, c.contact_user_id, c.kind, c.status, c.requested_by, c.name, c.phone, c.relationship,
    c.owner_alias, c.contact_alias, c.specialty, c.last_invited_at, c.responded_at, c.created_at,
    o.first_name as owner_first, o.last_name as owner_last, o.phone as owner_phone,
    u.first_name as contact_first, u.last_name as contact_last, u.phone as contact_phone
  from contacts c join users o on o.id = c.owner_id left join users u on u.id = c.contact_user_id`;

export type UserRef = { id: string; first_name: string; last_name: string; phone: string | null };

/** An active user of the tenant with this phone number. */
export async function findActiveUserByPhone(db: Db, tenantId: string, phone: string): Promise<UserRef | null> {
  const rows = await db.query<UserRef>(
    "select id, first_name, last_name, phone from users where tenant_id = $1 and phone = $2 and status = 'active'",
    [tenantId, phone],
  );
  return rows[0] ?? null;
}
export async function findActiveUser(db: Db, tenantId: string, id: string): Promise<UserRef | null> {
  const rows = await db.query<UserRef>(
    "select id, first_name, last_name, phone from users where tenant_id = $1 and id = $2::uuid and status = 'active'",
    [tenantId, id],
  );
  return rows[0] ?? null;
}

/** A doctor's specialties, or null when the user holds no doctor level. */
export async function doctorSpecialties(db: Db, tenantId: string, userId: string): Promise<string[] | null> {
  const rows = await db.query<{ specialties: string[] | null }>(
    `select dp.specialties from user_roles ur join roles r on r.id = ur.role_id and r.tenant_id = ur.tenant_id
       left join doctor_profiles dp on dp.tenant_id = ur.tenant_id and dp.user_id = ur.user_id
     where ur.tenant_id = $1 and ur.user_id = $2::uuid and r.code = 'doctor' limit 1`,
    [tenantId, userId],
  );
  return rows[0] ? (rows[0].specialties ?? []) : null;
}

/** Whether the user holds a coach level (a player may join them). */
export async function isCoach(db: Db, tenantId: string, userId: string): Promise<boolean> {
  const rows = await db.query(
    `select 1 from user_roles ur join roles r on r.id = ur.role_id and r.tenant_id = ur.tenant_id
     where ur.tenant_id = $1 and ur.user_id = $2::uuid and r.code = 'coach' limit 1`,
    [tenantId, userId],
  );
  return rows.length > 0;
}

/** A relation the user is a party of (owner or contact); other tenants' and strangers' ids answer null. */
export async function findForParty(db: Db, tenantId: string, id: string, userId: string): Promise<ContactRow | null> {
  const rows = await db.query<ContactRow>(
    `${SELECT} where c.tenant_id = $1 and c.id = $2::uuid and (c.owner_id = $3::uuid or c.contact_user_id = $3::uuid)`,
    [tenantId, id, userId],
  );
  return rows[0] ?? null;
}
/** Like findForParty, or the sender of a request made on someone's behalf (staff asking a doctor to take a patient). */
export async function findForPartyOrSender(
  db: Db,
  tenantId: string,
  id: string,
  userId: string,
): Promise<ContactRow | null> {
  const rows = await db.query<ContactRow>(
    `${SELECT} where c.tenant_id = $1 and c.id = $2::uuid and (c.owner_id = $3::uuid or c.contact_user_id = $3::uuid or c.requested_by = $3::uuid)`,
    [tenantId, id, userId],
  );
  return rows[0] ?? null;
}
export async function findById(db: Db, tenantId: string, id: string): Promise<ContactRow | null> {
  const rows = await db.query<ContactRow>(`${SELECT} where c.tenant_id = $1 and c.id = $2::uuid`, [tenantId, id]);
  return rows[0] ?? null;
}

/** Every relation of a user in the given statuses, either side. */
export async function listForParty(
  db: Db,
  tenantId: string,
  userId: string,
  statuses: string[],
): Promise<ContactRow[]> {
  return db.query<ContactRow>(
    `${SELECT} where c.tenant_id = $1 and (c.owner_id = $2::uuid or c.contact_user_id = $2::uuid) and c.status = any($3::text[]) order by c.created_at, c.id`,
    [tenantId, userId, statuses],
  );
}

/** The live (pending or accepted) relation between an owner and a user in a kind group ('follower' = emergency or caring). */
export async function findLiveWithUser(
  db: Db,
  tenantId: string,
  ownerId: string,
  userId: string,
  group: 'follower' | 'family_doctor' | 'specialist' | 'coach',
): Promise<ContactRow | null> {
  const kinds = group === 'follower' ? ['emergency', 'caring'] : [group];
  const rows = await db.query<ContactRow>(
    `${SELECT} where c.tenant_id = $1 and c.owner_id = $2::uuid and c.contact_user_id = $3::uuid and c.kind = any($4::text[]) and c.status in ('pending', 'accepted')`,
    [tenantId, ownerId, userId, kinds],
  );
  return rows[0] ?? null;
}
export async function findLivePlain(
  db: Db,
  tenantId: string,
  ownerId: string,
  phone: string,
): Promise<ContactRow | null> {
  const rows = await db.query<ContactRow>(
    `${SELECT} where c.tenant_id = $1 and c.owner_id = $2::uuid and c.contact_user_id is null and c.phone = $3 and c.status in ('pending', 'accepted')`,
    [tenantId, ownerId, phone],
  );
  return rows[0] ?? null;
}

/** Counts of live relations for the limits, leaving out `excludeId` (the request being accepted). */
export async function countLive(
  db: Db,
  tenantId: string,
  where: { ownerId?: string; contactUserId?: string; kinds: string[]; statuses: string[]; registeredOnly?: boolean },
  excludeId: string | null,
): Promise<number> {
  const rows = await db.query<{ n: number }>(
    `select count(*)::int as n from contacts c where c.tenant_id = $1 and c.kind = any($2::text[]) and c.status = any($3::text[])
       and ($4::uuid is null or c.owner_id = $4::uuid) and ($5::uuid is null or c.contact_user_id = $5::uuid)
       and (not $6::boolean or c.contact_user_id is not null) and ($7::uuid is null or c.id <> $7::uuid)`,
    [
      tenantId,
      where.kinds,
      where.statuses,
      where.ownerId ?? null,
      where.contactUserId ?? null,
      where.registeredOnly ?? false,
      excludeId,
    ],
  );
  return rows[0]?.n ?? 0;
}

/** Distinct specialties of an owner's live specialists, leaving out `excludeId`. */
export async function liveSpecialties(
  db: Db,
  tenantId: string,
  ownerId: string,
  statuses: string[],
  excludeId: string | null,
): Promise<string[]> {
  const rows = await db.query<{ specialty: string }>(
    `select distinct specialty from contacts where tenant_id = $1 and owner_id = $2::uuid and kind = 'specialist' and status = any($3::text[])
       and ($4::uuid is null or id <> $4::uuid)`,
    [tenantId, ownerId, statuses, excludeId],
  );
  return rows.map((r) => r.specialty);
}

export async function pendingFamilyDoctor(db: Db, tenantId: string, ownerId: string): Promise<boolean> {
  const rows = await db.query(
    "select 1 from contacts where tenant_id = $1 and owner_id = $2::uuid and kind = 'family_doctor' and status = 'pending' limit 1",
    [tenantId, ownerId],
  );
  return rows.length > 0;
}

export type NewContact = {
  id: string;
  ownerId: string;
  contactUserId: string | null;
  kind: string;
  status: 'pending' | 'accepted';
  requestedBy: string;
  name: string | null;
  phone: string | null;
  relationship: string | null;
  ownerAlias: string | null;
  contactAlias: string | null;
  specialty: string | null;
  now: Date;
};
export async function insert(db: Db, tenantId: string, c: NewContact): Promise<void> {
  await db.query(
    `insert into contacts (id, tenant_id, owner_id, contact_user_id, kind, status, requested_by, name, phone, relationship, owner_alias, contact_alias, specialty,
       last_invited_at, responded_at, created_at, updated_at)
     values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$14,$14)`,
    [
      c.id,
      tenantId,
      c.ownerId,
      c.contactUserId,
      c.kind,
      c.status,
      c.requestedBy,
      c.name,
      c.phone,
      c.relationship,
      c.ownerAlias,
      c.contactAlias,
      c.specialty,
      c.now,
      c.status === 'accepted' ? c.now : null,
    ],
  );
}

/** Moves a relation from one status to another; false when it was no longer in `from` (a concurrent answer). */
export async function transition(
  db: Db,
  tenantId: string,
  id: string,
  from: string[],
  to: string,
  by: string,
  now: Date,
  reason: string | null = null,
): Promise<boolean> {
  const ending = ['rejected', 'cancelled', 'removed'].includes(to);
  const rows = await db.query(
    `update contacts set status = $4::text, updated_at = $6::timestamptz, responded_at = case when $4::text in ('accepted', 'rejected') then $6::timestamptz else responded_at end,
       ended_by = case when $7::boolean then $5::uuid else ended_by end, ended_reason = case when $7::boolean then $8::text else ended_reason end
     where tenant_id = $1 and id = $2::uuid and status = any($3::text[]) returning id`,
    [tenantId, id, from, to, by, now, ending, reason],
  );
  return rows.length > 0;
}

/** Ends the owner's accepted family doctor (replaced by a newly accepted one). */
export async function endFamilyDoctor(
  db: Db,
  tenantId: string,
  ownerId: string,
  by: string,
  now: Date,
): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `update contacts set status = 'removed', ended_by = $3::uuid, ended_reason = 'replaced', updated_at = $4
     where tenant_id = $1 and owner_id = $2::uuid and kind = 'family_doctor' and status = 'accepted' returning id`,
    [tenantId, ownerId, by, now],
  );
  return rows.map((r) => r.id);
}

export async function touchInvited(db: Db, tenantId: string, id: string, now: Date): Promise<void> {
  await db.query('update contacts set last_invited_at = $3, updated_at = $3 where tenant_id = $1 and id = $2::uuid', [
    tenantId,
    id,
    now,
  ]);
}

export async function updateNames(
  db: Db,
  tenantId: string,
  id: string,
  p: { ownerAlias?: string | null; contactAlias?: string | null; relationship?: string | null },
  now: Date,
): Promise<void> {
  await db.query(
    `update contacts set owner_alias = case when $3::boolean then $4::text else owner_alias end, contact_alias = case when $5::boolean then $6::text else contact_alias end,
       relationship = case when $7::boolean then $8::text else relationship end, updated_at = $9
     where tenant_id = $1 and id = $2::uuid`,
    [
      tenantId,
      id,
      p.ownerAlias !== undefined,
      p.ownerAlias ?? null,
      p.contactAlias !== undefined,
      p.contactAlias ?? null,
      p.relationship !== undefined,
      p.relationship ?? null,
      now,
    ],
  );
}

export type RecipientRow = {
  id: string;
  contact_user_id: string | null;
  kind: string;
  name: string | null;
  phone: string | null;
  owner_alias: string | null;
  first_name: string | null;
  last_name: string | null;
  user_phone: string | null;
};
/** A patient's consented followers and plain emergency contacts (accepted), emergency first. */
export async function escalationRows(db: Db, tenantId: string, patientId: string): Promise<RecipientRow[]> {
  return db.query<RecipientRow>(
    `select c.id, c.contact_user_id, c.kind, c.name, c.phone, c.owner_alias, u.first_name, u.last_name, u.phone as user_phone
     from patients p join contacts c on c.tenant_id = p.tenant_id and c.owner_id = p.user_id
       left join users u on u.id = c.contact_user_id and u.tenant_id = c.tenant_id
     where p.tenant_id = $1 and p.id = $2::uuid and c.kind in ('emergency', 'caring') and c.status = 'accepted'
       and (c.contact_user_id is null or u.status = 'active')
     order by case c.kind when 'emergency' then 0 else 1 end, c.created_at, c.id`,
    [tenantId, patientId],
  );
}

export async function isAcceptedFollower(
  db: Db,
  tenantId: string,
  userId: string,
  patientId: string,
): Promise<boolean> {
  const rows = await db.query(
    `select 1 from patients p join contacts c on c.tenant_id = p.tenant_id and c.owner_id = p.user_id
     where p.tenant_id = $1 and p.id = $2::uuid and c.contact_user_id = $3::uuid and c.kind in ('emergency', 'caring') and c.status = 'accepted' limit 1`,
    [tenantId, patientId, userId],
  );
  return rows.length > 0;
}

/** A patient's live (pending or accepted) relations, for staff: emergency, caring, family doctor, specialists. None without an app account. */
export async function liveOfPatient(db: Db, tenantId: string, patientId: string): Promise<ContactRow[]> {
  return db.query<ContactRow>(
    `${SELECT} join patients p on p.tenant_id = c.tenant_id and p.user_id = c.owner_id
     where c.tenant_id = $1 and p.id = $2::uuid and c.status in ('pending', 'accepted')
     order by case c.kind when 'emergency' then 0 when 'caring' then 1 when 'family_doctor' then 2 else 3 end, c.created_at, c.id`,
    [tenantId, patientId],
  );
}

/** The patient record of an app user (the owner of contacts), if any. */
export async function patientIdOfUser(db: Db, tenantId: string, userId: string): Promise<string | null> {
  const rows = await db.query<{ id: string }>('select id from patients where tenant_id = $1 and user_id = $2::uuid', [
    tenantId,
    userId,
  ]);
  return rows[0]?.id ?? null;
}

/** Assigns the doctor of an accepted doctor relation to the patient; an existing assignment (staff's or another relation's) is kept as it is. */
export async function assignContactDoctor(
  db: Db,
  tenantId: string,
  patientId: string,
  doctorId: string,
  contactId: string,
  now: Date,
): Promise<void> {
  await db.query(
    'insert into patient_doctors (tenant_id, patient_id, doctor_id, created_at, contact_id) values ($1,$2,$3,$4,$5) on conflict do nothing',
    [tenantId, patientId, doctorId, now, contactId],
  );
}

/** Another accepted doctor relation (family doctor or specialist) between the same owner and doctor, to carry the assignment over. */
export async function otherDoctorRelation(db: Db, tenantId: string, contactId: string): Promise<string | null> {
  const rows = await db.query<{ id: string }>(
    `select o.id from contacts c join contacts o on o.tenant_id = c.tenant_id and o.owner_id = c.owner_id and o.contact_user_id = c.contact_user_id
     where c.tenant_id = $1 and c.id = $2::uuid and o.id <> c.id and o.kind in ('family_doctor', 'specialist') and o.status = 'accepted'
     order by o.created_at, o.id limit 1`,
    [tenantId, contactId],
  );
  return rows[0]?.id ?? null;
}
/** Moves the assignments a relation added to another relation. */
export async function moveContactDoctor(
  db: Db,
  tenantId: string,
  fromContactId: string,
  toContactId: string,
): Promise<void> {
  await db.query('update patient_doctors set contact_id = $3 where tenant_id = $1 and contact_id = $2::uuid', [
    tenantId,
    fromContactId,
    toContactId,
  ]);
}
/** Removes the assignments a relation added (never staff's, whose contact_id is null). */
export async function unassignContactDoctor(db: Db, tenantId: string, contactId: string): Promise<void> {
  await db.query('delete from patient_doctors where tenant_id = $1 and contact_id = $2::uuid', [tenantId, contactId]);
}

/** Removes the staff-made assignments (contact_id null) of a patient's other doctors; answers the doctors unassigned. */
export async function unassignStaffDoctors(
  db: Db,
  tenantId: string,
  patientId: string,
  keepDoctorId: string,
): Promise<string[]> {
  const rows = await db.query<{ doctor_id: string }>(
    'delete from patient_doctors where tenant_id = $1 and patient_id = $2::uuid and contact_id is null and doctor_id <> $3::uuid returning doctor_id',
    [tenantId, patientId, keepDoctorId],
  );
  return rows.map((r) => r.doctor_id);
}

/** Whether the doctor already follows the patient (any assignment, staff's or a relation's). */
export async function isAssignedDoctor(
  db: Db,
  tenantId: string,
  patientId: string,
  doctorId: string,
): Promise<boolean> {
  const rows = await db.query(
    'select 1 from patient_doctors where tenant_id = $1 and patient_id = $2::uuid and doctor_id = $3::uuid',
    [tenantId, patientId, doctorId],
  );
  return rows.length > 0;
}
