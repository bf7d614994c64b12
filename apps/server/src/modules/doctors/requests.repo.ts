import type { Db, SqlValue } from '../../platform/db.ts';

/** The four portal lists over the doctor contacts (kind family_doctor / specialist). */
export type RequestList = 'doctor_sent' | 'doctor_received' | 'patient_sent' | 'patient_received';

export type RequestRow = {
  id: string;
  kind: string;
  specialty: string | null;
  status: string;
  owner_id: string;
  contact_user_id: string;
  requested_by: string;
  created_at: Date;
  responded_at: Date | null;
  owner_first: string;
  owner_last: string;
  patient_id: string | null;
  patient_code: string | null;
  doctor_first: string;
  doctor_last: string;
  by_first: string;
  by_last: string;
};

const ON_BEHALF = 'c.requested_by <> c.owner_id and c.requested_by <> c.contact_user_id';
const CONDITION: Record<RequestList, string> = {
  doctor_sent: `c.requested_by = $2::uuid and ${ON_BEHALF}`,
  doctor_received: `c.contact_user_id = $2::uuid and ${ON_BEHALF}`,
  patient_sent: 'c.contact_user_id = $2::uuid and c.requested_by = $2::uuid',
  patient_received: 'c.contact_user_id = $2::uuid and c.requested_by = c.owner_id',
};

const SELECT = `select c.id, c.kind, c.specialty, c.status, c.owner_id, c.contact_user_id, c.requested_by, c.created_at, c.responded_at,
    o.first_name as owner_first, o.last_name as owner_last, p.id as patient_id, p.patient_code,
    d.first_name as doctor_first, d.last_name as doctor_last, rb.first_name as by_first, rb.last_name as by_last
  from contacts c
  join users o on o.tenant_id = c.tenant_id and o.id = c.owner_id
  join users d on d.tenant_id = c.tenant_id and d.id = c.contact_user_id
  join users rb on rb.tenant_id = c.tenant_id and rb.id = c.requested_by
  left join patients p on p.tenant_id = c.tenant_id and p.user_id = c.owner_id`;

/** One of the caller's lists, newest first (at most 200). */
export async function listRequests(
  db: Db,
  tenantId: string,
  userId: string,
  list: RequestList,
  status: string | null,
): Promise<RequestRow[]> {
  const params: SqlValue[] = [tenantId, userId, status];
  return db.query<RequestRow>(
    `${SELECT} where c.tenant_id = $1 and c.kind in ('family_doctor', 'specialist') and ${CONDITION[list]} and ($3::text is null or c.status = $3::text)
     order by c.created_at desc, c.id desc limit 200`,
    params,
  );
}

/** A request of that list of the caller, or null (another tenant's, someone else's, or of the other list). */
export async function findRequest(
  db: Db,
  tenantId: string,
  userId: string,
  lists: RequestList[],
  id: string,
): Promise<RequestRow | null> {
  const rows = await db.query<RequestRow>(
    `${SELECT} where c.tenant_id = $1 and c.id = $3::uuid and c.kind in ('family_doctor', 'specialist') and ((${lists.map((l) => CONDITION[l]).join(') or (')}))`,
    [tenantId, userId, id],
  );
  return rows[0] ?? null;
}

export type DoctorRef = { id: string; first_name: string; last_name: string; via_contact: boolean };

/**
 * The patient's current doctors a family-doctor request would replace: the accepted family doctor, and (when
 * `withStaffAssigned`) the doctors staff assigned; never `exceptId`.
 */
export async function currentDoctors(
  db: Db,
  tenantId: string,
  ownerId: string,
  exceptId: string,
  withStaffAssigned: boolean,
): Promise<DoctorRef[]> {
  return db.query<DoctorRef>(
    `select u.id, u.first_name, u.last_name, true as via_contact from contacts c join users u on u.tenant_id = c.tenant_id and u.id = c.contact_user_id
       where c.tenant_id = $1 and c.owner_id = $2::uuid and c.kind = 'family_doctor' and c.status = 'accepted' and u.id <> $3::uuid
     union
     select u.id, u.first_name, u.last_name, false as via_contact from patients p join patient_doctors pd on pd.tenant_id = p.tenant_id and pd.patient_id = p.id
       join users u on u.tenant_id = pd.tenant_id and u.id = pd.doctor_id
       where $4::boolean and p.tenant_id = $1 and p.user_id = $2::uuid and pd.contact_id is null and u.id <> $3::uuid
     order by 2, 3`,
    [tenantId, ownerId, exceptId, withStaffAssigned],
  );
}
