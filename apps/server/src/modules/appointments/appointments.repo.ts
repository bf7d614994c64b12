import type { Db, SqlValue } from '../../platform/db.ts';
import type { PatientVisibility } from '../patients/patient-visibility.ts';
import { visibilityCondition } from '../patients/patient-visibility.sql.ts';

export type AppointmentRow = {
  id: string;
  seq: string;
  patient_id: string;
  patient_first: string;
  patient_last: string;
  patient_code: string | null;
  patient_user_id: string | null;
  patient_manager_id: string | null;
  doctor_id: string;
  doctor_first: string;
  doctor_last: string;
  slot_id: string | null;
  start_at: Date;
  end_at: Date;
  location: string;
  address: string | null;
  reason: string;
  note: string | null;
  diagnosis: string | null;
  advice: string | null;
  status: string;
  cancel_reason: string | null;
  paid: boolean;
  meeting_room: string | null;
  created_at: Date;
  created_by: string | null;
  creator_first: string | null;
  creator_last: string | null;
};
export type ChangeRow = {
  from_status: string | null;
  to_status: string;
  actor_id: string | null;
  actor_first: string | null;
  actor_last: string | null;
  note: string | null;
  at: Date;
  rescheduled_to: Date | null;
};

const COLS = `a.id, a.seq::text as seq, a.patient_id, p.first_name as patient_first, p.last_name as patient_last, p.patient_code, p.user_id as patient_user_id, p.manager_user_id as patient_manager_id,
  a.doctor_id, du.first_name as doctor_first, du.last_name as doctor_last, a.slot_id, a.start_at, a.end_at, a.location, a.address, a.reason, a.note,
  a.diagnosis, a.advice, a.status, a.cancel_reason, a.paid, a.meeting_room, a.created_at, a.created_by, cu.first_name as creator_first, cu.last_name as creator_last`;
const FROM = `appointments a join patients p on p.id = a.patient_id and p.tenant_id = a.tenant_id
  join users du on du.id = a.doctor_id and du.tenant_id = a.tenant_id left join users cu on cu.id = a.created_by`;

/**
 * Appointments a staff member may see: those of patients they may see, and those where they are (or act for) the
 * doctor. `doctorIds` is empty for everyone else.
 */
function visible(v: PatientVisibility, doctorIds: string[], params: SqlValue[]): string {
  const patients = visibilityCondition(v, 'p', params);
  if (doctorIds.length === 0) return `(${patients})`;
  params.push(doctorIds);
  return `(${patients} or a.doctor_id = any($${params.length}::uuid[]))`;
}

export type ListFilter = {
  statuses?: readonly string[];
  from?: Date;
  to?: Date;
  doctorId?: string;
  patientId?: string;
  overdue?: boolean;
  q?: string;
  now: Date;
};
export const OVERDUE_STATUSES = ['UPCOMING', 'WAITING_FOR_DOCTOR', 'PROCESSING'];

function where(
  tenantId: string,
  v: PatientVisibility,
  doctorIds: string[],
  f: ListFilter,
): { sql: string; params: SqlValue[] } {
  const params: SqlValue[] = [tenantId];
  const conds = ['a.tenant_id = $1', visible(v, doctorIds, params)];
  const p = (value: SqlValue) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (f.statuses) conds.push(`a.status = any(${p([...f.statuses])}::text[])`);
  if (f.from) conds.push(`a.start_at >= ${p(f.from)}`);
  if (f.to) conds.push(`a.start_at < ${p(f.to)}`);
  if (f.doctorId) conds.push(`a.doctor_id = ${p(f.doctorId)}::uuid`);
  if (f.patientId) conds.push(`a.patient_id = ${p(f.patientId)}::uuid`);
  if (f.overdue !== undefined) {
    const cond = `(a.end_at < ${p(f.now)} and a.status = any(${p(OVERDUE_STATUSES)}::text[]))`;
    conds.push(f.overdue ? cond : `not ${cond}`);
  }
  if (f.q) {
    const like = p(`%${f.q.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`);
    conds.push(`(lower(p.first_name || ' ' || p.last_name) like ${like} or lower(p.last_name || ' ' || p.first_name) like ${like}
      or lower(coalesce(p.patient_code, '')) like ${like} or lower(du.first_name || ' ' || du.last_name) like ${like} or lower(du.last_name || ' ' || du.first_name) like ${like}
      or ('a-' || lpad(a.seq::text, 6, '0')) like ${like} or lower(a.reason) like ${like})`);
  }
  return { sql: conds.join(' and '), params };
}

export async function listAppointments(
  db: Db,
  tenantId: string,
  v: PatientVisibility,
  doctorIds: string[],
  f: ListFilter,
  order: 'asc' | 'desc',
  page: number,
  size: number,
): Promise<{ rows: AppointmentRow[]; total: number }> {
  const w = where(tenantId, v, doctorIds, f);
  const count = await db.query<{ n: string }>(`select count(*)::text as n from ${FROM} where ${w.sql}`, w.params);
  const rows = await db.query<AppointmentRow>(
    `select ${COLS} from ${FROM} where ${w.sql} order by a.start_at ${order}, a.seq ${order} limit ${size} offset ${page * size}`,
    w.params,
  );
  return { rows, total: Number(count[0]?.n ?? 0) };
}

export async function findAppointment(
  db: Db,
  tenantId: string,
  v: PatientVisibility,
  doctorIds: string[],
  id: string,
  lock = false,
): Promise<AppointmentRow | null> {
  const params: SqlValue[] = [tenantId, id];
  const cond = visible(v, doctorIds, params);
  const rows = await db.query<AppointmentRow>(
    `select ${COLS} from ${FROM} where a.tenant_id = $1 and a.id = $2::uuid and ${cond}${lock ? ' for update of a' : ''}`,
    params,
  );
  return rows[0] ?? null;
}

/** One appointment by id without a visibility rule (jobs, and the app after its own subject check). */
export async function findById(db: Db, tenantId: string, id: string, lock = false): Promise<AppointmentRow | null> {
  const rows = await db.query<AppointmentRow>(
    `select ${COLS} from ${FROM} where a.tenant_id = $1 and a.id = $2::uuid${lock ? ' for update of a' : ''}`,
    [tenantId, id],
  );
  return rows[0] ?? null;
}

/** A patient's appointments (the app's events), soonest first. */
export async function ofPatient(db: Db, tenantId: string, patientId: string, limit = 200): Promise<AppointmentRow[]> {
  return db.query<AppointmentRow>(
    `select ${COLS} from ${FROM} where a.tenant_id = $1 and a.patient_id = $2 order by a.start_at desc limit ${limit}`,
    [tenantId, patientId],
  );
}

export async function listChanges(db: Db, tenantId: string, appointmentId: string): Promise<ChangeRow[]> {
  return db.query<ChangeRow>(
    `select c.from_status, c.to_status, c.actor_id, u.first_name as actor_first, u.last_name as actor_last, c.note, c.at, c.rescheduled_to
       from appointment_changes c left join users u on u.id = c.actor_id where c.tenant_id = $1 and c.appointment_id = $2 order by c.at, c.seq`,
    [tenantId, appointmentId],
  );
}

export async function nextSeq(db: Db, tenantId: string): Promise<number> {
  const rows = await db.query<{ last_seq: string }>(
    `insert into appointment_counters (tenant_id, last_seq) values ($1, 1)
     on conflict (tenant_id) do update set last_seq = appointment_counters.last_seq + 1 returning last_seq::text as last_seq`,
    [tenantId],
  );
  return Number(rows[0]!.last_seq);
}

/** Locks the slot row (bookings of one slot queue here) and says whether a live appointment already holds it. */
export async function lockSlot(db: Db, tenantId: string, slotId: string): Promise<{ taken: boolean } | null> {
  const rows = await db.query<{ id: string }>(
    'select id from doctor_slots where tenant_id = $1 and id = $2 for update',
    [tenantId, slotId],
  );
  if (!rows[0]) return null;
  const taken = await db.query<{ id: string }>(
    "select id from appointments where tenant_id = $1 and slot_id = $2 and status <> 'CANCELED' limit 1",
    [tenantId, slotId],
  );
  return { taken: taken.length > 0 };
}

export type NewAppointment = {
  id: string;
  seq: number;
  patientId: string;
  doctorId: string;
  slotId: string;
  start: Date;
  end: Date;
  location: string;
  address: string | null;
  reason: string;
  note: string | null;
  paid: boolean;
  meetingRoom: string | null;
  createdBy: string;
  now: Date;
};
export async function insertAppointment(db: Db, tenantId: string, a: NewAppointment): Promise<void> {
  await db.query(
    `insert into appointments (id, tenant_id, seq, patient_id, doctor_id, slot_id, start_at, end_at, location, address, reason, note, status, paid, meeting_room, created_at, created_by, updated_at)
     values ($2, $1, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 'UPCOMING', $13, $14, $15, $16, $15)`,
    [
      tenantId,
      a.id,
      a.seq,
      a.patientId,
      a.doctorId,
      a.slotId,
      a.start,
      a.end,
      a.location,
      a.address,
      a.reason,
      a.note,
      a.paid,
      a.meetingRoom,
      a.now,
      a.createdBy,
    ],
  );
}

export async function insertChange(
  db: Db,
  tenantId: string,
  c: {
    id: string;
    appointmentId: string;
    from: string | null;
    to: string;
    actorId: string | null;
    note: string | null;
    now: Date;
    rescheduledTo?: Date;
  },
): Promise<void> {
  await db.query(
    'insert into appointment_changes (id, tenant_id, appointment_id, from_status, to_status, actor_id, note, at, rescheduled_to) values ($2, $1, $3, $4, $5, $6, $7, $8, $9)',
    [tenantId, c.id, c.appointmentId, c.from, c.to, c.actorId, c.note, c.now, c.rescheduledTo ?? null],
  );
}

/** Moves the appointment to another slot (compare-and-set on its status). */
export async function moveToSlot(
  db: Db,
  tenantId: string,
  id: string,
  status: string,
  slot: { id: string; start: Date; end: Date },
  now: Date,
): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    'update appointments set slot_id = $4, start_at = $5, end_at = $6, updated_at = $7 where tenant_id = $1 and id = $2 and status = $3 returning id',
    [tenantId, id, status, slot.id, slot.start, slot.end, now],
  );
  return rows.length > 0;
}

/** Compare-and-set move: false when the appointment is no longer in `from`. */
export async function move(
  db: Db,
  tenantId: string,
  id: string,
  from: string,
  to: string,
  extra: { cancelReason?: string; diagnosis?: string; advice?: string | null; now: Date },
): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    `update appointments set status = $4, updated_at = $8, cancel_reason = coalesce($5, cancel_reason), diagnosis = coalesce($6, diagnosis), advice = coalesce($7, advice)
      where tenant_id = $1 and id = $2 and status = $3 returning id`,
    [tenantId, id, from, to, extra.cancelReason ?? null, extra.diagnosis ?? null, extra.advice ?? null, extra.now],
  );
  return rows.length > 0;
}

export type PersonContact = {
  id: string;
  language: string;
  timezone: string;
  first_name: string;
  last_name: string;
  phone: string | null;
};
export async function usersById(db: Db, tenantId: string, ids: string[]): Promise<PersonContact[]> {
  return db.query<PersonContact>(
    'select id, language, timezone, first_name, last_name, phone from users where tenant_id = $1 and id = any($2::uuid[])',
    [tenantId, ids],
  );
}
export async function patientPhone(db: Db, tenantId: string, patientId: string): Promise<string | null> {
  const rows = await db.query<{ phone: string | null }>('select phone from patients where tenant_id = $1 and id = $2', [
    tenantId,
    patientId,
  ]);
  return rows[0]?.phone ?? null;
}
/** Where an appointment "at the clinic" takes place: the doctor's office address, else their center's name. */
export async function clinicAddress(
  db: Db,
  tenantId: string,
  doctorId: string,
  centerId: string | null,
): Promise<string | null> {
  const rows = await db.query<{ address: string | null }>(
    `select coalesce((select nullif(office_address, '') from doctor_profiles where tenant_id = $1 and user_id = $2),
       (select name from health_centers where tenant_id = $1 and id = $3::uuid)) as address`,
    [tenantId, doctorId, centerId],
  );
  return rows[0]?.address ?? null;
}
