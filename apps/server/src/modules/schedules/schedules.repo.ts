import type { Db, SqlValue } from '../../platform/db.ts';
import type { Reach } from '../staff/staff-reach.ts';

/** Statuses that hold a doctor's time: a new request, an approved schedule, one whose leave awaits approval. */
export const LIVE_STATUSES = ['new', 'approved', 'requesting_leave'];

export type DoctorRow = {
  id: string;
  first_name: string;
  last_name: string;
  timezone: string;
  center_id: string | null;
  center_name: string | null;
  specialty: string | null;
};

/** Doctors = accounts holding a doctor level; `reach` limits them to the caller's centers/scopes. */
function doctorCond(reach: Reach, params: SqlValue[]): string {
  const base = `exists (select 1 from user_roles dr join roles r on r.id = dr.role_id and r.tenant_id = dr.tenant_id
    where dr.tenant_id = u.tenant_id and dr.user_id = u.id and r.code = 'doctor'`;
  if (reach.all) return `${base})`;
  params.push(reach.centerIds, reach.scopeIds);
  return `${base} and (dr.center_id = any($${params.length - 1}::uuid[]) or (dr.center_id is null and dr.scope_id = any($${params.length}::uuid[]))))`;
}

const DOCTOR_COLS = `u.id, u.first_name, u.last_name, u.timezone,
  (select dr.center_id from user_roles dr join roles r on r.id = dr.role_id and r.tenant_id = dr.tenant_id
    where dr.tenant_id = u.tenant_id and dr.user_id = u.id and r.code = 'doctor' order by dr.is_main desc, dr.created_at limit 1) as center_id,
  (select dp.specialties[1] from doctor_profiles dp where dp.tenant_id = u.tenant_id and dp.user_id = u.id) as specialty`;
const DOCTOR_FROM = `(select ${DOCTOR_COLS}, u.tenant_id, u.status from users u) d left join health_centers c on c.tenant_id = d.tenant_id and c.id = d.center_id`;

export async function listDoctors(
  db: Db,
  tenantId: string,
  reach: Reach,
  f: { ids?: string[]; centerId?: string; specialty?: string; q?: string },
): Promise<DoctorRow[]> {
  const params: SqlValue[] = [tenantId];
  const inner = doctorCond(reach, params);
  const conds = [
    'd.tenant_id = $1',
    `d.id in (select u.id from users u where u.tenant_id = $1 and ${inner})`,
    "d.status = 'active'",
  ];
  if (f.ids) {
    params.push(f.ids);
    conds.push(`d.id = any($${params.length}::uuid[])`);
  }
  if (f.centerId) {
    params.push(f.centerId);
    conds.push(`d.center_id = $${params.length}::uuid`);
  }
  if (f.specialty) {
    params.push(f.specialty.toLowerCase());
    conds.push(`lower(coalesce(d.specialty, '')) = $${params.length}`);
  }
  if (f.q) {
    params.push(`%${f.q.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`);
    conds.push(
      `(lower(d.first_name || ' ' || d.last_name) like $${params.length} or lower(d.last_name || ' ' || d.first_name) like $${params.length})`,
    );
  }
  return db.query<DoctorRow>(
    `select d.id, d.first_name, d.last_name, d.timezone, d.center_id, c.name as center_name, d.specialty from ${DOCTOR_FROM}
      where ${conds.join(' and ')} order by lower(d.last_name), lower(d.first_name), d.id limit 500`,
    params,
  );
}

/** Serialises schedule changes of one doctor (overlap checks are read-then-write). */
export async function lockDoctor(db: Db, tenantId: string, doctorId: string): Promise<void> {
  await db.query('select id from users where tenant_id = $1 and id = $2 for update', [tenantId, doctorId]);
}

/** How many live schedules of the doctor overlap any of the windows. */
export async function countOverlaps(
  db: Db,
  tenantId: string,
  doctorId: string,
  windows: Array<{ start: Date; end: Date }>,
): Promise<number> {
  const params: SqlValue[] = [tenantId, doctorId, LIVE_STATUSES];
  const ors = windows.map((w) => {
    params.push(w.start, w.end);
    return `(s.start_at < $${params.length} and s.end_at > $${params.length - 1})`;
  });
  const rows = await db.query<{ n: string }>(
    `select count(*)::text as n from doctor_schedules s where s.tenant_id = $1 and s.doctor_id = $2 and s.status = any($3::text[]) and (${ors.join(' or ')})`,
    params,
  );
  return Number(rows[0]?.n ?? 0);
}

export type NewSchedule = {
  id: string;
  doctorId: string;
  centerId: string | null;
  start: Date;
  end: Date;
  slotMinutes: number;
  submittedBy: string;
  now: Date;
};
export async function insertSchedule(db: Db, tenantId: string, s: NewSchedule): Promise<void> {
  await db.query(
    `insert into doctor_schedules (id, tenant_id, doctor_id, center_id, start_at, end_at, slot_minutes, status, submitted_at, submitted_by)
     values ($2, $1, $3, $4, $5, $6, $7, 'new', $8, $9)`,
    [tenantId, s.id, s.doctorId, s.centerId, s.start, s.end, s.slotMinutes, s.now, s.submittedBy],
  );
}

export async function insertSlots(
  db: Db,
  tenantId: string,
  scheduleId: string,
  doctorId: string,
  slots: Array<{ id: string; start: Date; end: Date }>,
): Promise<void> {
  if (slots.length === 0) return;
  const params: SqlValue[] = [tenantId, scheduleId, doctorId];
  const values = slots.map((s) => {
    params.push(s.id, s.start, s.end);
    return `($${params.length - 2}, $1, $2, $3, $${params.length - 1}, $${params.length})`;
  });
  await db.query(
    `insert into doctor_slots (id, tenant_id, schedule_id, doctor_id, start_at, end_at) values ${values.join(', ')}`,
    params,
  );
}

/** New requests whose start has passed unapproved expire (spec: "disabled when expired"). */
export async function disableExpired(db: Db, tenantId: string, now: Date): Promise<void> {
  await db.query(
    "update doctor_schedules set status = 'disabled', action_at = $2 where tenant_id = $1 and status = 'new' and start_at <= $2",
    [tenantId, now],
  );
}

export type ScheduleRow = {
  id: string;
  doctor_id: string;
  doctor_first: string;
  doctor_last: string;
  center_id: string | null;
  center_name: string | null;
  specialty: string | null;
  start_at: Date;
  end_at: Date;
  slot_minutes: number;
  status: string;
  submitted_at: Date;
  submitted_by: string | null;
  approver_id: string | null;
  approver_first: string | null;
  approver_last: string | null;
  action_at: Date | null;
  reject_reason: string | null;
  slot_count: number;
  booked_count: number;
};
const SCHEDULE_COLS = `s.id, s.doctor_id, du.first_name as doctor_first, du.last_name as doctor_last, s.center_id, c.name as center_name,
  (select dp.specialties[1] from doctor_profiles dp where dp.tenant_id = s.tenant_id and dp.user_id = s.doctor_id) as specialty,
  s.start_at, s.end_at, s.slot_minutes, s.status, s.submitted_at, s.submitted_by, s.approver_id, au.first_name as approver_first, au.last_name as approver_last,
  s.action_at, s.reject_reason,
  (select count(*)::int from doctor_slots sl where sl.tenant_id = s.tenant_id and sl.schedule_id = s.id) as slot_count,
  (select count(*)::int from appointments a join doctor_slots sl on sl.id = a.slot_id where sl.tenant_id = s.tenant_id and sl.schedule_id = s.id and a.status <> 'CANCELED') as booked_count`;
const SCHEDULE_FROM = `doctor_schedules s join users du on du.id = s.doctor_id and du.tenant_id = s.tenant_id
  left join users au on au.id = s.approver_id left join health_centers c on c.id = s.center_id and c.tenant_id = s.tenant_id`;

export type ScheduleFilter = {
  reach: Reach;
  doctorIds?: string[];
  from?: Date;
  to?: Date;
  centerId?: string;
  specialty?: string;
  statuses?: string[];
};

function scheduleWhere(tenantId: string, f: ScheduleFilter): { sql: string; params: SqlValue[] } {
  const params: SqlValue[] = [tenantId];
  const conds = ['s.tenant_id = $1'];
  // The doctor must be one the caller reaches (as in the doctor list).
  conds.push(`s.doctor_id in (select u.id from users u where u.tenant_id = $1 and ${doctorCond(f.reach, params)})`);
  const p = (v: SqlValue) => {
    params.push(v);
    return `$${params.length}`;
  };
  if (f.doctorIds) conds.push(`s.doctor_id = any(${p(f.doctorIds)}::uuid[])`);
  if (f.from) conds.push(`s.end_at > ${p(f.from)}`);
  if (f.to) conds.push(`s.start_at < ${p(f.to)}`);
  if (f.centerId) conds.push(`s.center_id = ${p(f.centerId)}::uuid`);
  if (f.specialty)
    conds.push(
      `lower(coalesce((select dp.specialties[1] from doctor_profiles dp where dp.tenant_id = s.tenant_id and dp.user_id = s.doctor_id), '')) = ${p(f.specialty.toLowerCase())}`,
    );
  if (f.statuses) conds.push(`s.status = any(${p(f.statuses)}::text[])`);
  return { sql: conds.join(' and '), params };
}

export async function listSchedules(db: Db, tenantId: string, f: ScheduleFilter): Promise<ScheduleRow[]> {
  const w = scheduleWhere(tenantId, f);
  return db.query<ScheduleRow>(
    `select ${SCHEDULE_COLS} from ${SCHEDULE_FROM} where ${w.sql} order by s.start_at, s.id limit 2000`,
    w.params,
  );
}

export async function pageSchedules(
  db: Db,
  tenantId: string,
  f: ScheduleFilter,
  newestFirst: 'submitted' | 'action',
  page: number,
  size: number,
): Promise<{ rows: ScheduleRow[]; total: number }> {
  const w = scheduleWhere(tenantId, f);
  const count = await db.query<{ n: string }>(
    `select count(*)::text as n from doctor_schedules s where ${w.sql}`,
    w.params,
  );
  const order =
    newestFirst === 'submitted'
      ? 's.submitted_at desc, s.id desc'
      : 'coalesce(s.action_at, s.submitted_at) desc, s.id desc';
  const rows = await db.query<ScheduleRow>(
    `select ${SCHEDULE_COLS} from ${SCHEDULE_FROM} where ${w.sql} order by ${order} limit ${size} offset ${page * size}`,
    w.params,
  );
  return { rows, total: Number(count[0]?.n ?? 0) };
}

export async function findSchedule(
  db: Db,
  tenantId: string,
  reach: Reach,
  id: string,
  lock = false,
): Promise<ScheduleRow | null> {
  const w = scheduleWhere(tenantId, { reach });
  w.params.push(id);
  const rows = await db.query<ScheduleRow>(
    `select ${SCHEDULE_COLS} from ${SCHEDULE_FROM} where ${w.sql} and s.id = $${w.params.length}::uuid${lock ? ' for update of s' : ''}`,
    w.params,
  );
  return rows[0] ?? null;
}

/** Compare-and-set on the status: false when someone decided first. */
export async function decide(
  db: Db,
  tenantId: string,
  id: string,
  from: string,
  to: string,
  d: { approverId: string | null; reason: string | null; now: Date },
): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    `update doctor_schedules set status = $4, approver_id = $5, action_at = $7, reject_reason = coalesce($6, reject_reason)
      where tenant_id = $1 and id = $2 and status = $3 returning id`,
    [tenantId, id, from, to, d.approverId, d.reason, d.now],
  );
  return rows.length > 0;
}

export async function deleteSchedule(db: Db, tenantId: string, id: string): Promise<void> {
  await db.query('delete from doctor_schedules where tenant_id = $1 and id = $2', [tenantId, id]);
}

/** Appointments still to happen on the schedule's slots (not canceled). */
export async function countAppointments(db: Db, tenantId: string, scheduleId: string): Promise<number> {
  const rows = await db.query<{ n: string }>(
    `select count(*)::text as n from appointments a join doctor_slots sl on sl.id = a.slot_id and sl.tenant_id = a.tenant_id
      where a.tenant_id = $1 and sl.schedule_id = $2 and a.status <> 'CANCELED'`,
    [tenantId, scheduleId],
  );
  return Number(rows[0]?.n ?? 0);
}

export type SlotRow = { id: string; schedule_id: string; start_at: Date; end_at: Date; booked: boolean };
/** Bookable slots of a doctor over [from, to): approved schedules only (not one whose leave awaits a decision). */
export async function slotsOf(db: Db, tenantId: string, doctorId: string, from: Date, to: Date): Promise<SlotRow[]> {
  return db.query<SlotRow>(
    `select sl.id, sl.schedule_id, sl.start_at, sl.end_at,
       exists (select 1 from appointments a where a.slot_id = sl.id and a.status <> 'CANCELED') as booked
       from doctor_slots sl join doctor_schedules s on s.id = sl.schedule_id and s.tenant_id = sl.tenant_id
      where sl.tenant_id = $1 and sl.doctor_id = $2 and sl.start_at >= $3 and sl.start_at < $4 and s.status = 'approved'
      order by sl.start_at`,
    [tenantId, doctorId, from, to],
  );
}

export type SlotForBooking = {
  id: string;
  doctor_id: string;
  start_at: Date;
  end_at: Date;
  status: string;
  center_id: string | null;
};
export async function findSlot(db: Db, tenantId: string, slotId: string): Promise<SlotForBooking | null> {
  const rows = await db.query<SlotForBooking>(
    `select sl.id, sl.doctor_id, sl.start_at, sl.end_at, s.status, s.center_id from doctor_slots sl join doctor_schedules s on s.id = sl.schedule_id and s.tenant_id = sl.tenant_id
      where sl.tenant_id = $1 and sl.id = $2`,
    [tenantId, slotId],
  );
  return rows[0] ?? null;
}

export type ReportRow = {
  doctor_id: string;
  first_name: string;
  last_name: string;
  offered: number;
  booked: number;
  completed: number;
  canceled: number;
  no_shows: number;
};
/** Per doctor over [from, to): slots of approved schedules, and the appointments on them by outcome. */
export async function report(db: Db, tenantId: string, f: ScheduleFilter & { now: Date }): Promise<ReportRow[]> {
  const params: SqlValue[] = [tenantId];
  const docs = doctorCond(f.reach, params);
  const p = (v: SqlValue) => {
    params.push(v);
    return `$${params.length}`;
  };
  const conds: string[] = [];
  if (f.doctorIds) conds.push(`u.id = any(${p(f.doctorIds)}::uuid[])`);
  const from = p(f.from ?? new Date(0));
  const to = p(f.to ?? new Date(8.64e15));
  const now = p(f.now);
  const center = f.centerId ? ` and s.center_id = ${p(f.centerId)}::uuid` : '';
  return db.query<ReportRow>(
    `with sl as (
       select sl.id, sl.doctor_id, sl.start_at, sl.end_at from doctor_slots sl join doctor_schedules s on s.id = sl.schedule_id and s.tenant_id = sl.tenant_id
        where sl.tenant_id = $1 and s.status in ('approved', 'requesting_leave') and sl.start_at >= ${from} and sl.start_at < ${to}${center}),
     ap as (
       select a.doctor_id, a.status, a.end_at from appointments a where a.tenant_id = $1 and a.start_at >= ${from} and a.start_at < ${to}
         and (a.slot_id is null or a.slot_id in (select id from sl)))
     select u.id as doctor_id, u.first_name, u.last_name,
       (select count(*)::int from sl where sl.doctor_id = u.id) as offered,
       (select count(*)::int from ap where ap.doctor_id = u.id and ap.status <> 'CANCELED') as booked,
       (select count(*)::int from ap where ap.doctor_id = u.id and ap.status = 'COMPLETED') as completed,
       (select count(*)::int from ap where ap.doctor_id = u.id and ap.status = 'CANCELED') as canceled,
       (select count(*)::int from ap where ap.doctor_id = u.id and ap.status in ('UPCOMING', 'WAITING_FOR_DOCTOR') and ap.end_at < ${now}) as no_shows
       from users u where u.tenant_id = $1 and ${docs}${conds.length ? ` and ${conds.join(' and ')}` : ''}
       and (exists (select 1 from sl where sl.doctor_id = u.id) or exists (select 1 from ap where ap.doctor_id = u.id))
      order by lower(u.last_name), lower(u.first_name), u.id`,
    params,
  );
}

/** An approved schedule becomes a leave request, submitted now (it joins the approval list as a new request). */
export async function requestLeave(db: Db, tenantId: string, id: string, by: string, now: Date): Promise<void> {
  await db.query(
    "update doctor_schedules set status = 'requesting_leave', submitted_at = $3, submitted_by = $4, approver_id = null, action_at = null, reject_reason = null where tenant_id = $1 and id = $2",
    [tenantId, id, now, by],
  );
}
