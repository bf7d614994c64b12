import type { Db, SqlValue } from '../../platform/db.ts';
import { visibilityCondition } from '../patients/patient-visibility.sql.ts';
import type { PatientVisibility } from '../patients/patient-visibility.ts';

// ---------------------------------------------------------------- rows

export type PrescriptionRow = {
  id: string;
  tenant_id: string;
  seq: number;
  patient_id: string;
  doctor_id: string;
  name: string;
  rx_number: string;
  diagnosis: string | null;
  note_for_patient: string | null;
  start_date: string;
  end_date: string | null;
  status: string;
  origin: string;
  previous_id: string | null;
  next_id: string | null;
  created_at: Date;
  created_by: string | null;
  deactivated_at: Date | null;
  patient_first: string;
  patient_last: string;
  doctor_first: string | null;
  doctor_last: string | null;
  creator_first: string | null;
  creator_last: string | null;
};
export type MedicineRow = {
  id: string;
  prescription_id: string;
  patient_id: string;
  position: number;
  name: string;
  med_key: string;
  dose: number;
  dose_unit: string;
  strength: string | null;
  route: string;
  form: string;
  quantity: number | null;
  when_taken: string;
  time_of_day: string[];
  frequency: string | null;
  instruction: string | null;
  side_effect: string | null;
  note: string | null;
  color: string | null;
  image_id: string | null;
  total_days: number | null;
  refills: number;
  schedule_type: string;
  reminder: Record<string, unknown> | null;
};
export type IntakeRow = {
  id: string;
  tenant_id: string;
  patient_id: string;
  prescription_id: string;
  medicine_id: string;
  med_key: string;
  due_at: Date;
  time_label: string | null;
  action: 'taken' | 'skipped' | null;
  action_at: Date | null;
  answered_at: Date | null;
  snoozed_until: Date | null;
  settled_at: Date | null;
  medicine_name: string;
  dose: number;
  dose_unit: string;
  when_taken: string;
  schedule_type: string;
};
export type PatientRxRow = {
  id: string;
  user_id: string | null;
  first_name: string;
  last_name: string;
  patient_code: string | null;
  timezone: string | null;
  language: string | null;
  missed_dose_threshold: number;
};

const RX_SELECT = `select r.id, r.tenant_id, r.seq, r.patient_id, r.doctor_id, r.name, r.rx_number, r.diagnosis, r.note_for_patient,
    to_char(r.start_date, 'YYYY-MM-DD') as start_date, to_char(r.end_date, 'YYYY-MM-DD') as end_date, r.status, r.origin,
    r.previous_id, r.next_id, r.created_at, r.created_by, r.deactivated_at,
    p.first_name as patient_first, p.last_name as patient_last, d.first_name as doctor_first, d.last_name as doctor_last,
    c.first_name as creator_first, c.last_name as creator_last
  from prescriptions r join patients p on p.id = r.patient_id and p.tenant_id = r.tenant_id
  left join users d on d.id = r.doctor_id left join users c on c.id = r.created_by`;
const medCols = (a: string) =>
  [
    'id',
    'prescription_id',
    'patient_id',
    'position',
    'name',
    'med_key',
    'dose',
    'dose_unit',
    'strength',
    'route',
    'form',
    'quantity',
    'when_taken',
    'time_of_day',
    'frequency',
    'instruction',
    'side_effect',
    'note',
    'color',
    'image_id',
    'total_days',
    'refills',
    'schedule_type',
    'reminder',
  ]
    .map((c) => (c === 'dose' ? `${a}.dose::float8 as dose` : `${a}.${c}`))
    .join(', ');
const INTAKE_SELECT = `select i.id, i.tenant_id, i.patient_id, i.prescription_id, i.medicine_id, i.med_key, i.due_at, i.time_label, i.action, i.action_at,
    i.answered_at, i.snoozed_until, i.settled_at, m.name as medicine_name, m.dose::float8 as dose, m.dose_unit, m.when_taken, m.schedule_type
  from medication_intakes i join prescription_medicines m on m.id = i.medicine_id`;

// ---------------------------------------------------------------- patients

export async function patientForRx(db: Db, tenantId: string, patientId: string): Promise<PatientRxRow | null> {
  const rows = await db.query<PatientRxRow>(
    `select p.id, p.user_id, p.first_name, p.last_name, p.patient_code, u.timezone, u.language, p.missed_dose_threshold
       from patients p left join users u on u.id = p.user_id where p.tenant_id = $1 and p.id = $2`,
    [tenantId, patientId],
  );
  return rows[0] ?? null;
}
export async function doctorsOfPatient(db: Db, tenantId: string, patientId: string): Promise<string[]> {
  return (
    await db.query<{ doctor_id: string }>(
      'select doctor_id from patient_doctors where tenant_id = $1 and patient_id = $2',
      [tenantId, patientId],
    )
  ).map((r) => r.doctor_id);
}
export async function setMissedDoseThreshold(db: Db, tenantId: string, patientId: string, n: number): Promise<void> {
  await db.query('update patients set missed_dose_threshold = $3 where tenant_id = $1 and id = $2', [
    tenantId,
    patientId,
    n,
  ]);
}
export async function lockPatient(db: Db, tenantId: string, patientId: string): Promise<void> {
  await db.query('select id from patients where tenant_id = $1 and id = $2 for update', [tenantId, patientId]);
}

// ---------------------------------------------------------------- prescriptions

export type NewPrescription = {
  id: string;
  patientId: string;
  doctorId: string;
  name: string;
  rxNumber: string;
  diagnosis: string | null;
  noteForPatient: string | null;
  startDate: string;
  endDate: string | null;
  origin: 'NEW' | 'EDIT' | 'REUSE';
  previousId: string | null;
  createdBy: string;
  now: Date;
};
export async function insertPrescription(db: Db, tenantId: string, p: NewPrescription): Promise<void> {
  await db.query(
    `insert into prescriptions (id, tenant_id, patient_id, doctor_id, name, rx_number, diagnosis, note_for_patient, start_date, end_date, status, origin, previous_id, created_at, created_by)
     values ($1,$2,$3,$4,$5,$6,$7,$8,$9::date,$10::date,'ACTIVE',$11,$12,$13,$14)`,
    [
      p.id,
      tenantId,
      p.patientId,
      p.doctorId,
      p.name,
      p.rxNumber,
      p.diagnosis,
      p.noteForPatient,
      p.startDate,
      p.endDate,
      p.origin,
      p.previousId,
      p.now,
      p.createdBy,
    ],
  );
}

export type NewMedicine = Omit<MedicineRow, 'prescription_id' | 'patient_id'>;
export async function insertMedicines(
  db: Db,
  tenantId: string,
  prescriptionId: string,
  patientId: string,
  meds: NewMedicine[],
): Promise<void> {
  if (meds.length === 0) return;
  const params: SqlValue[] = [tenantId, prescriptionId, patientId];
  const rows = meds.map((m) => {
    const b = params.length;
    params.push(
      m.id,
      m.position,
      m.name,
      m.med_key,
      m.dose,
      m.dose_unit,
      m.strength,
      m.route,
      m.form,
      m.quantity,
      m.when_taken,
      JSON.stringify(m.time_of_day),
      m.frequency,
      m.instruction,
      m.side_effect,
      m.note,
      m.color,
      m.image_id,
      m.total_days,
      m.refills,
      m.schedule_type,
      m.reminder ? JSON.stringify(m.reminder) : null,
    );
    const ph = Array.from({ length: 22 }, (_, i) => `$${b + i + 1}`);
    ph[11] = `${ph[11]}::jsonb`;
    ph[21] = `${ph[21]}::jsonb`;
    return `(${ph[0]}, $1, $2, $3, ${ph.slice(1).join(', ')})`;
  });
  await db.query(
    `insert into prescription_medicines (id, tenant_id, prescription_id, patient_id, position, name, med_key, dose, dose_unit, strength, route, form, quantity, when_taken,
       time_of_day, frequency, instruction, side_effect, note, color, image_id, total_days, refills, schedule_type, reminder)
     values ${rows.join(', ')}`,
    params,
  );
}

export async function findPrescription(
  db: Db,
  tenantId: string,
  id: string,
  lock = false,
): Promise<PrescriptionRow | null> {
  const rows = await db.query<PrescriptionRow>(
    `${RX_SELECT} where r.tenant_id = $1 and r.id = $2${lock ? ' for update of r' : ''}`,
    [tenantId, id],
  );
  return rows[0] ?? null;
}

/** The display state as SQL, for `today` (the patient's local date). */
const STATE_SQL: Record<'IN_USE' | 'EXPIRED' | 'DEACTIVATED', string> = {
  IN_USE: "r.status = 'ACTIVE' and (r.end_date is null or r.end_date >= $3::date)",
  EXPIRED: "r.status = 'ACTIVE' and r.end_date < $3::date",
  DEACTIVATED: "r.status = 'DEACTIVATED'",
};
export async function listPrescriptions(
  db: Db,
  tenantId: string,
  patientId: string,
  today: string,
  state: keyof typeof STATE_SQL | undefined,
  page: number,
  size: number,
): Promise<{ rows: PrescriptionRow[]; total: number }> {
  const where = `r.tenant_id = $1 and r.patient_id = $2 and $3::date is not null${state ? ` and ${STATE_SQL[state]}` : ''}`;
  const [rows, count] = await Promise.all([
    db.query<PrescriptionRow>(`${RX_SELECT} where ${where} order by r.seq desc limit $4 offset $5`, [
      tenantId,
      patientId,
      today,
      size,
      page * size,
    ]),
    db.query<{ n: number }>(`select count(*)::int as n from prescriptions r where ${where}`, [
      tenantId,
      patientId,
      today,
    ]),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

/** Active prescriptions of a patient (the app's Medication tab, the reminders). */
export async function activePrescriptions(db: Db, tenantId: string, patientId: string): Promise<PrescriptionRow[]> {
  return db.query<PrescriptionRow>(
    `${RX_SELECT} where r.tenant_id = $1 and r.patient_id = $2 and r.status = 'ACTIVE' order by r.seq desc`,
    [tenantId, patientId],
  );
}

export async function medicinesOf(db: Db, tenantId: string, prescriptionIds: string[]): Promise<MedicineRow[]> {
  if (prescriptionIds.length === 0) return [];
  return db.query<MedicineRow>(
    `select ${medCols('m')} from prescription_medicines m where m.tenant_id = $1 and m.prescription_id = any($2::uuid[]) order by m.prescription_id, m.position`,
    [tenantId, prescriptionIds],
  );
}

/** The usage history: every version linked to this one by previous/next, oldest first. */
export async function versionChain(db: Db, tenantId: string, id: string): Promise<PrescriptionRow[]> {
  const ids = await db.query<{ id: string }>(
    `with recursive back(id, previous_id, depth) as (
        select id, previous_id, 0 from prescriptions where tenant_id = $1 and id = $2
        union all select p.id, p.previous_id, b.depth + 1 from prescriptions p join back b on p.id = b.previous_id where p.tenant_id = $1 and b.depth < 200),
      fwd(id, next_id, depth) as (
        select id, next_id, 0 from prescriptions where tenant_id = $1 and id = $2
        union all select p.id, p.next_id, f.depth + 1 from prescriptions p join fwd f on p.id = f.next_id where p.tenant_id = $1 and f.depth < 200)
     select id from back union select id from fwd`,
    [tenantId, id],
  );
  return db.query<PrescriptionRow>(`${RX_SELECT} where r.tenant_id = $1 and r.id = any($2::uuid[]) order by r.seq`, [
    tenantId,
    ids.map((r) => r.id),
  ]);
}

export async function deactivate(
  db: Db,
  tenantId: string,
  id: string,
  by: string,
  now: Date,
  nextId: string | null,
): Promise<void> {
  await db.query(
    `update prescriptions set status = 'DEACTIVATED', deactivated_at = $3, deactivated_by = $4, next_id = coalesce($5, next_id) where tenant_id = $1 and id = $2`,
    [tenantId, id, now, by, nextId],
  );
  await db.query('update prescription_medicines set plan_done = true where tenant_id = $1 and prescription_id = $2', [
    tenantId,
    id,
  ]);
}

// ---------------------------------------------------------------- planning (the sweeper works across tenants)

export type PlanRow = MedicineRow & {
  tenant_id: string;
  planned_until: Date | null;
  rx_start: string;
  rx_end: string | null;
  timezone: string | null;
};
/** Scheduled medicines of active prescriptions whose plan ends before `before` (oldest first). */
export async function medicinesToPlan(
  db: Db,
  before: Date,
  limit: number,
  prescriptionId?: string,
): Promise<PlanRow[]> {
  const params: SqlValue[] = [before, limit];
  if (prescriptionId) params.push(prescriptionId);
  return db.query<PlanRow>(
    `select m.tenant_id, m.planned_until, ${medCols('m')},
        to_char(r.start_date, 'YYYY-MM-DD') as rx_start, to_char(r.end_date, 'YYYY-MM-DD') as rx_end, u.timezone
       from prescription_medicines m join prescriptions r on r.id = m.prescription_id
       join patients p on p.id = m.patient_id left join users u on u.id = p.user_id
      where not m.plan_done and m.schedule_type = 'ON_SCHEDULE' and (m.planned_until is null or m.planned_until < $1)
        ${prescriptionId ? 'and m.prescription_id = $3' : ''}
      order by m.planned_until nulls first limit $2`,
    params,
  );
}
export async function setPlanned(db: Db, ids: string[], until: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.query('update prescription_medicines set planned_until = $2 where id = any($1::uuid[])', [ids, until]);
}
export async function setPlanDone(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.query('update prescription_medicines set plan_done = true where id = any($1::uuid[])', [ids]);
}

export type NewIntake = {
  id: string;
  tenantId: string;
  patientId: string;
  prescriptionId: string;
  medicineId: string;
  medKey: string;
  dueAt: Date;
  timeLabel: string | null;
  notifyAt: Date;
  prealarmAt: Date | null;
};
/**
 * Bulk insert as arrays (one statement per 5000 rows: `unnest` parses far faster than a VALUES list); a repeat of a
 * planned dose is ignored.
 */
export async function insertIntakes(db: Db, rows: NewIntake[]): Promise<number> {
  let n = 0;
  for (let i = 0; i < rows.length; i += 5000) {
    const c = rows.slice(i, i + 5000);
    const col = <T>(f: (r: NewIntake) => T) => c.map(f) as unknown as string[];
    n += (
      await db.query(
        `insert into medication_intakes (id, tenant_id, patient_id, prescription_id, medicine_id, med_key, due_at, time_label, notify_at, prealarm_at)
       select * from unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[], $5::uuid[], $6::text[], $7::timestamptz[], $8::text[], $9::timestamptz[], $10::timestamptz[])
       on conflict (tenant_id, medicine_id, due_at) do nothing returning 1`,
        [
          col((r) => r.id),
          col((r) => r.tenantId),
          col((r) => r.patientId),
          col((r) => r.prescriptionId),
          col((r) => r.medicineId),
          col((r) => r.medKey),
          col((r) => r.dueAt.toISOString()),
          col((r) => r.timeLabel),
          col((r) => r.notifyAt.toISOString()),
          col((r) => r.prealarmAt?.toISOString() ?? null),
        ],
      )
    ).length;
  }
  return n;
}

/** Edits and deactivation: the doses not yet due and not answered go (their notifications with them). */
export async function deleteFutureIntakes(
  db: Db,
  tenantId: string,
  prescriptionId: string,
  now: Date,
): Promise<number> {
  return (
    await db.query(
      'delete from medication_intakes where tenant_id = $1 and prescription_id = $2 and due_at > $3 and action is null returning 1',
      [tenantId, prescriptionId, now],
    )
  ).length;
}

// ---------------------------------------------------------------- intakes

export async function listIntakes(
  db: Db,
  tenantId: string,
  patientId: string,
  from: Date,
  to: Date,
  medicineId?: string,
): Promise<IntakeRow[]> {
  const params: SqlValue[] = [tenantId, patientId, from, to];
  if (medicineId) params.push(medicineId);
  return db.query<IntakeRow>(
    `${INTAKE_SELECT} where i.tenant_id = $1 and i.patient_id = $2 and i.due_at >= $3 and i.due_at < $4${medicineId ? ' and i.medicine_id = $5' : ''} order by i.due_at, m.position`,
    params,
  );
}
export async function intakesOfPrescriptions(
  db: Db,
  tenantId: string,
  prescriptionIds: string[],
  until: Date,
): Promise<IntakeRow[]> {
  return db.query<IntakeRow>(
    `${INTAKE_SELECT} where i.tenant_id = $1 and i.prescription_id = any($2::uuid[]) and i.due_at <= $3 order by i.due_at`,
    [tenantId, prescriptionIds, until],
  );
}
export async function findIntake(db: Db, tenantId: string, id: string, lock = false): Promise<IntakeRow | null> {
  const rows = await db.query<IntakeRow>(
    `${INTAKE_SELECT} where i.tenant_id = $1 and i.id = $2${lock ? ' for update of i' : ''}`,
    [tenantId, id],
  );
  return rows[0] ?? null;
}
export async function nextDoses(
  db: Db,
  tenantId: string,
  patientId: string,
  now: Date,
): Promise<Array<{ medicine_id: string; due_at: Date }>> {
  return db.query(
    `select medicine_id, min(due_at) as due_at from medication_intakes where tenant_id = $1 and patient_id = $2 and due_at >= $3 and action is null group by medicine_id`,
    [tenantId, patientId, now],
  );
}
/** The answer; a skipped or answered dose settles now, and its notifications stop. */
export async function answerIntake(
  db: Db,
  tenantId: string,
  id: string,
  a: { action: 'taken' | 'skipped'; at: Date; by: string; now: Date },
): Promise<void> {
  await db.query(
    `update medication_intakes set action = $3, action_at = $4, answered_at = $6, answered_by = $5, notify_at = null, prealarm_at = null, snoozed_until = null, settled_at = $6
      where tenant_id = $1 and id = $2`,
    [tenantId, id, a.action, a.at, a.by, a.now],
  );
}
export async function snoozeIntake(db: Db, tenantId: string, id: string, until: Date): Promise<void> {
  await db.query('update medication_intakes set snoozed_until = $3, notify_at = $3 where tenant_id = $1 and id = $2', [
    tenantId,
    id,
    until,
  ]);
}

/** The latest doses of one medicine (by its key) up to `upTo`, newest first: the missed-dose run is read from them. */
export async function recentOfMedicine(
  db: Db,
  tenantId: string,
  patientId: string,
  medKey: string,
  upTo: Date,
  limit: number,
): Promise<IntakeRow[]> {
  return db.query<IntakeRow>(
    `${INTAKE_SELECT} where i.tenant_id = $1 and i.patient_id = $2 and i.med_key = $3 and i.due_at <= $4 and m.schedule_type = 'ON_SCHEDULE'
    order by i.due_at desc limit $5`,
    [tenantId, patientId, medKey, upTo, limit],
  );
}

// ---------------------------------------------------------------- the sweeper's queues (all tenants)

export type DueNotice = {
  id: string;
  tenant_id: string;
  patient_id: string;
  due_at: Date;
  time_label: string | null;
  snoozed_until: Date | null;
  medicine_name: string;
  dose: number;
  dose_unit: string;
  when_taken: string;
  user_id: string | null;
  language: string | null;
  timezone: string | null;
};
const DUE_JOIN = `select c.id, c.tenant_id, c.patient_id, c.due_at, c.time_label, c.snoozed_until, m.name as medicine_name, m.dose::float8 as dose, m.dose_unit,
    m.when_taken, p.user_id, u.language, u.timezone
  from c join prescription_medicines m on m.id = c.medicine_id join patients p on p.id = c.patient_id left join users u on u.id = p.user_id`;
/** Claims the dose notifications due at `now` (clears notify_at so no other sweeper takes them). */
export async function claimDueNotifications(db: Db, now: Date, limit: number): Promise<DueNotice[]> {
  return db.query<DueNotice>(
    `with c as (update medication_intakes set notify_at = null, notified_at = $1
        where id in (select id from medication_intakes where notify_at <= $1 order by notify_at limit $2 for update skip locked)
        returning id, tenant_id, patient_id, medicine_id, due_at, time_label, snoozed_until)
     ${DUE_JOIN}`,
    [now, limit],
  );
}
export async function claimDuePrealarms(db: Db, now: Date, limit: number): Promise<DueNotice[]> {
  return db.query<DueNotice>(
    `with c as (update medication_intakes set prealarm_at = null
        where id in (select id from medication_intakes where prealarm_at <= $1 order by prealarm_at limit $2 for update skip locked)
        returning id, tenant_id, patient_id, medicine_id, due_at, time_label, snoozed_until)
     ${DUE_JOIN}`,
    [now, limit],
  );
}
/** Unanswered doses past the confirmation window become settled (unconfirmed); answers their keys for the run check. */
export async function settleUnanswered(
  db: Db,
  now: Date,
  dueBefore: Date,
  limit: number,
): Promise<Array<{ id: string; tenant_id: string; patient_id: string; med_key: string; due_at: Date }>> {
  return db.query(
    `update medication_intakes set settled_at = $1, notify_at = null, prealarm_at = null
      where id in (select id from medication_intakes where settled_at is null and due_at <= $2 order by due_at limit $3 for update skip locked)
      returning id, tenant_id, patient_id, med_key, due_at`,
    [now, dueBefore, limit],
  );
}

/** The sweeper's own finished runs (one every few seconds) are not kept: those done before `before` go. */
export async function pruneSweepRuns(db: Db, kind: string, before: Date): Promise<void> {
  await db.query("delete from jobs where kind = $1 and status = 'done' and done_at < $2", [kind, before]);
}

// ---------------------------------------------------------------- missed-dose notices

export async function insertMissedNotice(
  db: Db,
  tenantId: string,
  n: {
    id: string;
    patientId: string;
    medKey: string;
    firstIntakeId: string;
    lastIntakeId: string;
    missed: number;
    now: Date;
  },
): Promise<boolean> {
  return (
    (
      await db.query(
        `insert into medication_missed_notices (id, tenant_id, patient_id, med_key, first_intake_id, last_intake_id, missed, created_at)
     values ($1,$2,$3,$4,$5,$6,$7,$8) on conflict (tenant_id, first_intake_id) do nothing returning 1`,
        [n.id, tenantId, n.patientId, n.medKey, n.firstIntakeId, n.lastIntakeId, n.missed, n.now],
      )
    ).length > 0
  );
}
export async function setNoticeAlert(db: Db, tenantId: string, id: string, alertId: string): Promise<void> {
  await db.query('update medication_missed_notices set alert_id = $3 where tenant_id = $1 and id = $2', [
    tenantId,
    id,
    alertId,
  ]);
}

// ---------------------------------------------------------------- adherence ranking

export type RankRow = {
  patient_id: string;
  first_name: string;
  last_name: string;
  patient_code: string | null;
  due7: number;
  ok7: number;
  due30: number;
  ok30: number;
  missed7: number;
  p7: number | null;
  p30: number | null;
};
/**
 * Patients the caller may see with doses due in the last 30 days, lowest 7-day adherence first. The state rules mirror
 * INTAKE_WINDOWS of @carewatch/clinical/medication (on time = taken within ±onTime of due; unanswered counts once
 * past the confirmation window), passed in as parameters.
 */
export async function adherenceRanking(
  db: Db,
  tenantId: string,
  v: PatientVisibility,
  o: { now: Date; since7: Date; since30: Date; onTimeSec: number; confirmBefore: Date; q?: string },
  page: number,
  size: number,
): Promise<{ rows: RankRow[]; total: number }> {
  const params: SqlValue[] = [tenantId, o.now, o.since7, o.since30, o.onTimeSec, o.confirmBefore];
  const cond = visibilityCondition(v, 'p', params);
  let search = '';
  if (o.q) {
    params.push(`%${o.q.replace(/[\\%_]/g, (c) => `\\${c}`).toLowerCase()}%`);
    search = ` and (lower(p.first_name || ' ' || p.last_name) like $${params.length} or lower(coalesce(p.patient_code, '')) like $${params.length})`;
  }
  const settled = '(i.action is not null or i.due_at <= $6)';
  const onTime = "(i.action = 'taken' and abs(extract(epoch from (i.action_at - i.due_at))) <= $5)";
  const missed = "(i.action = 'skipped' or (i.action is null and i.due_at <= $6))";
  const base = `with s as (
      select i.patient_id,
        count(*) filter (where i.due_at >= $3 and ${settled})::int as due7, count(*) filter (where i.due_at >= $3 and ${onTime})::int as ok7,
        count(*) filter (where ${settled})::int as due30, count(*) filter (where ${onTime})::int as ok30,
        count(*) filter (where i.due_at >= $3 and ${missed})::int as missed7
      from medication_intakes i
      where i.tenant_id = $1 and i.due_at >= $4 and (i.due_at <= $2 or i.action is not null)
      group by i.patient_id)
    select s.*, p.first_name, p.last_name, p.patient_code,
      case when s.due7 = 0 then null else round(100.0 * s.ok7 / s.due7)::int end as p7,
      case when s.due30 = 0 then null else round(100.0 * s.ok30 / s.due30)::int end as p30
      from s join patients p on p.id = s.patient_id and p.tenant_id = $1
     where s.due30 > 0 and ${cond}${search}`;
  const n = params.length;
  const [rows, count] = await Promise.all([
    db.query<RankRow>(
      `${base} order by p7 asc nulls last, p30 asc nulls last, p.last_name, p.first_name, p.id limit $${n + 1} offset $${n + 2}`,
      [...params, size, page * size],
    ),
    db.query<{ n: number }>(`select count(*)::int as n from (${base}) x`, params),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

// ---------------------------------------------------------------- medicine images

export async function insertImage(
  db: Db,
  tenantId: string,
  i: { id: string; path: string; mime: string; by: string; now: Date },
): Promise<void> {
  await db.query(
    'insert into medicine_images (id, tenant_id, path, mime, uploaded_by, created_at) values ($1,$2,$3,$4,$5,$6)',
    [i.id, tenantId, i.path, i.mime, i.by, i.now],
  );
}
export async function findImage(db: Db, tenantId: string, id: string): Promise<{ path: string; mime: string } | null> {
  return (
    (
      await db.query<{ path: string; mime: string }>(
        'select path, mime from medicine_images where tenant_id = $1 and id = $2',
        [tenantId, id],
      )
    )[0] ?? null
  );
}
/** Patients whose medicines show this image (the app checks the viewer may see one of them). */
export async function patientsUsingImage(db: Db, tenantId: string, imageId: string): Promise<string[]> {
  return (
    await db.query<{ patient_id: string }>(
      'select distinct patient_id from prescription_medicines where tenant_id = $1 and image_id = $2',
      [tenantId, imageId],
    )
  ).map((r) => r.patient_id);
}
