import type { Db, SqlValue } from '../../platform/db.ts';
import type { PatientVisibility } from '../patients/patient-visibility.ts';
import { visibilityCondition } from '../patients/patient-visibility.sql.ts';
import { readingsSql } from '../vitals/readings.sql.ts';

/**
 * Reads behind the FHIR API (issue 19): a read model over the tables of patients, vitals, devices, alerts,
 * prescriptions, appointments and contacts. Every read is limited to the patients `scope.v` may see (the staff API's
 * visibility policy, patient-access.ts), in the tenant passed first.
 */
export type Scope = {
  v: PatientVisibility;
  /** One patient (a `patient=` search). */
  patientId?: string | undefined;
  /** A Bulk export group: the patients of one health center. */
  centerId?: string | undefined;
  /** `_id=` */
  ids?: string[] | undefined;
  /** `_lastUpdated` / `_since`: [from, to). */
  updatedFrom?: Date | undefined;
  updatedTo?: Date | undefined;
};
export type Page = { limit: number; offset: number };

/** Conditions on the patients alias `p` (params[0] is the tenant id). */
function patientWhere(s: Scope, params: SqlValue[]): string[] {
  const p = (value: SqlValue) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where = ['p.tenant_id = $1', visibilityCondition(s.v, 'p', params)];
  if (s.patientId) where.push(`p.id = ${p(s.patientId)}::uuid`);
  if (s.centerId) where.push(`p.center_id = ${p(s.centerId)}::uuid`);
  return where;
}
/** The resource's own conditions: its id among `_id`, its change time within `_lastUpdated`. */
function ownWhere(s: Scope, params: SqlValue[], id: string, updated: string): string[] {
  const p = (value: SqlValue) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where: string[] = [];
  if (s.ids) where.push(`${id} = any(${p(s.ids)}::uuid[])`);
  if (s.updatedFrom) where.push(`${updated} >= ${p(s.updatedFrom)}`);
  if (s.updatedTo) where.push(`${updated} < ${p(s.updatedTo)}`);
  return where;
}
function pageSql(page: Page, params: SqlValue[]): string {
  params.push(page.limit, page.offset);
  return `limit $${params.length - 1} offset $${params.length}`;
}

// ---------------------------------------------------------------- patients

export type FhirPatientRow = {
  id: string;
  patient_code: string | null;
  first_name: string;
  last_name: string;
  birthday: string | null;
  gender: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
  status: string;
  updated_at: Date;
};
export async function patients(
  db: Db,
  tenantId: string,
  s: Scope & { code?: string | undefined; name?: string | undefined },
  page: Page,
): Promise<FhirPatientRow[]> {
  const params: SqlValue[] = [tenantId];
  const where = [...patientWhere(s, params), ...ownWhere(s, params, 'p.id', 'p.updated_at')];
  if (s.code !== undefined) {
    params.push(s.code);
    where.push(`p.patient_code = $${params.length}`);
  }
  if (s.name !== undefined) {
    params.push(`%${s.name.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`);
    where.push(`p.search_text like $${params.length}`);
  }
  return db.query<FhirPatientRow>(
    `select p.id, p.patient_code, p.first_name, p.last_name, p.birthday::text as birthday, p.gender, p.phone, p.email, p.address, p.status, p.updated_at
       from patients p where ${where.join(' and ')} order by p.id ${pageSql(page, params)}`,
    params,
  );
}

/** The ids of the patients in scope, in id order after `after` (keyset: the Bulk export walks them in chunks). */
export async function patientIdsAfter(
  db: Db,
  tenantId: string,
  s: Scope,
  after: string | null,
  limit: number,
): Promise<string[]> {
  const params: SqlValue[] = [tenantId];
  const where = patientWhere(s, params);
  if (after) {
    params.push(after);
    where.push(`p.id > $${params.length}::uuid`);
  }
  params.push(limit);
  const rows = await db.query<{ id: string }>(
    `select p.id from patients p where ${where.join(' and ')} order by p.id limit $${params.length}`,
    params,
  );
  return rows.map((r) => r.id);
}

// ---------------------------------------------------------------- observations (readings)

export type ReadingRow = {
  metric: string;
  measured_at: Date;
  source: string;
  value: number | null;
  value2: number | null;
  data: Record<string, unknown> | null;
};

/**
 * One patient's readings of `metrics` in [from, to), oldest first, from the hot table and the cold store
 * (readingsSql). Ties of one instant and source (several metrics) are cut consistently: each part answers
 * `limit + offset + margin` rows and the union is ordered by (time, source, metric).
 */
export async function readings(
  db: Db,
  tenantId: string,
  patientId: string,
  metrics: readonly string[],
  from: Date,
  to: Date,
  page: Page,
): Promise<ReadingRow[]> {
  const margin = 32;
  return db.query<ReadingRow>(
    `select metric, measured_at, source, value, value2, data
       from ${readingsSql({ metric: 'metric = any($3::text[])', from: '$4', to: '$5', data: true, limit: '$8' })} r
      order by measured_at, source, metric limit $6 offset $7`,
    [tenantId, patientId, [...metrics], from, to, page.limit, page.offset, page.limit + page.offset + margin],
  );
}

/** The reading of one metric at one instant (all its sources: the caller picks the one its id names). */
export async function readingsAt(
  db: Db,
  tenantId: string,
  patientId: string,
  metric: string,
  at: Date,
): Promise<ReadingRow[]> {
  return db.query<ReadingRow>(
    `select metric, measured_at, source, value, value2, data
       from ${readingsSql({ metric: 'metric = $3', from: '$4', to: '$4', toOp: '<=', data: true })} r order by source`,
    [tenantId, patientId, metric, at],
  );
}

// ---------------------------------------------------------------- devices

export type DeviceRow = {
  id: string;
  patient_id: string;
  model: string;
  name: string | null;
  mac: string | null;
  imei: string | null;
  serial: string;
  updated_at: Date;
};
export async function devices(db: Db, tenantId: string, s: Scope, page: Page): Promise<DeviceRow[]> {
  const params: SqlValue[] = [tenantId];
  const where = [...patientWhere(s, params), ...ownWhere(s, params, 'd.id', 'd.updated_at')];
  return db.query<DeviceRow>(
    `select d.id, d.patient_id, d.model, d.name, d.mac, d.imei, d.serial, d.updated_at
       from devices d join patients p on p.tenant_id = d.tenant_id and p.id = d.patient_id
      where d.tenant_id = $1 and ${where.join(' and ')} order by d.id ${pageSql(page, params)}`,
    params,
  );
}

// ---------------------------------------------------------------- open alerts (Flag)

export type AlertRow = {
  id: string;
  patient_id: string;
  metric: string | null;
  level: string;
  status: string;
  source: string;
  opened_at: Date;
  updated_at: Date;
};
export async function openAlerts(db: Db, tenantId: string, s: Scope, page: Page): Promise<AlertRow[]> {
  const params: SqlValue[] = [tenantId];
  const where = [...patientWhere(s, params), ...ownWhere(s, params, 'a.id', 'a.updated_at')];
  return db.query<AlertRow>(
    `select a.id, a.patient_id, a.metric, a.level, a.status, a.source, a.opened_at, a.updated_at
       from alerts a join patients p on p.tenant_id = a.tenant_id and p.id = a.patient_id
      where a.tenant_id = $1 and a.status in ('open', 'acknowledged') and ${where.join(' and ')} order by a.id ${pageSql(page, params)}`,
    params,
  );
}

// ---------------------------------------------------------------- medicines of prescriptions (MedicationRequest)

export type MedicineRow = {
  id: string;
  patient_id: string;
  prescription_id: string;
  rx_number: string;
  status: string;
  start_date: string;
  end_date: string | null;
  note_for_patient: string | null;
  created_at: Date;
  updated_at: Date;
  doctor_first: string | null;
  doctor_last: string | null;
  name: string;
  dose: string;
  dose_unit: string;
  strength: string | null;
  route: string;
  form: string;
  quantity: number | null;
  when_taken: string;
  frequency: string | null;
  instruction: string | null;
};
export async function medicines(db: Db, tenantId: string, s: Scope, page: Page): Promise<MedicineRow[]> {
  const params: SqlValue[] = [tenantId];
  const updated = 'greatest(pr.created_at, coalesce(pr.deactivated_at, pr.created_at))';
  const where = [...patientWhere(s, params), ...ownWhere(s, params, 'm.id', updated)];
  return db.query<MedicineRow>(
    `select m.id, pr.patient_id, pr.id as prescription_id, pr.rx_number, pr.status, pr.start_date::text as start_date, pr.end_date::text as end_date,
            pr.note_for_patient, pr.created_at, ${updated} as updated_at, u.first_name as doctor_first, u.last_name as doctor_last,
            m.name, m.dose::text as dose, m.dose_unit, m.strength, m.route, m.form, m.quantity, m.when_taken, m.frequency, m.instruction
       from prescription_medicines m
       join prescriptions pr on pr.tenant_id = m.tenant_id and pr.id = m.prescription_id
       join patients p on p.tenant_id = pr.tenant_id and p.id = pr.patient_id
       left join users u on u.tenant_id = pr.tenant_id and u.id = pr.doctor_id
      where m.tenant_id = $1 and ${where.join(' and ')} order by m.id ${pageSql(page, params)}`,
    params,
  );
}

// ---------------------------------------------------------------- appointments

export type AppointmentRow = {
  id: string;
  seq: string;
  patient_id: string;
  start_at: Date;
  end_at: Date;
  reason: string;
  status: string;
  cancel_reason: string | null;
  updated_at: Date;
  doctor_first: string | null;
  doctor_last: string | null;
};
export async function appointments(db: Db, tenantId: string, s: Scope, page: Page): Promise<AppointmentRow[]> {
  const params: SqlValue[] = [tenantId];
  const where = [...patientWhere(s, params), ...ownWhere(s, params, 'a.id', 'a.updated_at')];
  return db.query<AppointmentRow>(
    `select a.id, a.seq::text as seq, a.patient_id, a.start_at, a.end_at, a.reason, a.status, a.cancel_reason, a.updated_at,
            u.first_name as doctor_first, u.last_name as doctor_last
       from appointments a join patients p on p.tenant_id = a.tenant_id and p.id = a.patient_id
       left join users u on u.tenant_id = a.tenant_id and u.id = a.doctor_id
      where a.tenant_id = $1 and ${where.join(' and ')} order by a.id ${pageSql(page, params)}`,
    params,
  );
}

// ---------------------------------------------------------------- followers and relatives (RelatedPerson)

export type RelatedRow = {
  id: string;
  patient_id: string;
  kind: 'emergency' | 'caring' | 'relative';
  name: string | null;
  phone: string | null;
  relationship: string | null;
  updated_at: Date;
};
export async function related(db: Db, tenantId: string, s: Scope, page: Page): Promise<RelatedRow[]> {
  const params: SqlValue[] = [tenantId];
  const where = [...patientWhere(s, params), ...ownWhere(s, params, 'x.id', 'x.updated_at')];
  return db.query<RelatedRow>(
    `select x.id, x.patient_id, x.kind, x.name, x.phone, x.relationship, x.updated_at from (
        select c.id, p.id as patient_id, c.kind, coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), c.name) as name,
               coalesce(u.phone, c.phone) as phone, c.relationship, c.updated_at
          from contacts c join patients p on p.tenant_id = c.tenant_id and p.user_id = c.owner_id
          left join users u on u.tenant_id = c.tenant_id and u.id = c.contact_user_id
         where c.tenant_id = $1 and c.status = 'accepted' and c.kind in ('emergency', 'caring')
        union all
        select r.id, r.patient_id, 'relative', r.name, r.phone, r.relationship, r.created_at from patient_relatives r where r.tenant_id = $1
      ) x join patients p on p.tenant_id = $1 and p.id = x.patient_id
      where ${where.join(' and ')} order by x.id ${pageSql(page, params)}`,
    params,
  );
}

// ---------------------------------------------------------------- Bulk export jobs

export type ExportRow = {
  id: string;
  tenant_id: string;
  requested_by: string;
  request_url: string;
  base_url: string;
  types: string[];
  since: Date | null;
  group_id: string | null;
  visibility: PatientVisibility;
  status: 'queued' | 'running' | 'done' | 'failed' | 'cancelled';
  progress: string | null;
  output: Array<{ type: string; key: string; count: number }>;
  error: string | null;
  transaction_time: Date;
  created_at: Date;
};
const EXPORT_COLS =
  'id, tenant_id, requested_by, request_url, base_url, types, since, group_id, visibility, status, progress, output, error, transaction_time, created_at';

export async function insertExport(
  db: Db,
  tenantId: string,
  e: {
    id: string;
    requestedBy: string;
    requestUrl: string;
    baseUrl: string;
    types: string[];
    since: Date | null;
    groupId: string | null;
    visibility: PatientVisibility;
    now: Date;
  },
) {
  await db.query(
    `insert into fhir_exports (id, tenant_id, requested_by, request_url, base_url, types, since, group_id, visibility, status, output, transaction_time, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'queued', '[]'::jsonb, $10, $10, $10)`,
    [
      e.id,
      tenantId,
      e.requestedBy,
      e.requestUrl,
      e.baseUrl,
      e.types,
      e.since,
      e.groupId,
      JSON.stringify(e.visibility),
      e.now,
    ],
  );
}
/** An export of the tenant requested by `userId` (the status and files answer their requester only). */
export async function findExport(db: Db, tenantId: string, userId: string, id: string): Promise<ExportRow | null> {
  const rows = await db.query<ExportRow>(
    `select ${EXPORT_COLS} from fhir_exports where tenant_id = $1 and requested_by = $2 and id = $3::uuid`,
    [tenantId, userId, id],
  );
  return rows[0] ?? null;
}
/** For the job (no request): by id alone. */
export async function findExportById(db: Db, id: string): Promise<ExportRow | null> {
  const rows = await db.query<ExportRow>(`select ${EXPORT_COLS} from fhir_exports where id = $1::uuid`, [id]);
  return rows[0] ?? null;
}
export async function exportStatus(db: Db, tenantId: string, id: string): Promise<string | null> {
  const rows = await db.query<{ status: string }>(
    'select status from fhir_exports where tenant_id = $1 and id = $2::uuid',
    [tenantId, id],
  );
  return rows[0]?.status ?? null;
}
/** Claims a queued (or, after a crash, a running) export for the job; false when it was cancelled or is finished. */
export async function markExportRunning(db: Db, tenantId: string, id: string, now: Date): Promise<boolean> {
  const rows = await db.query(
    "update fhir_exports set status = 'running', progress = null, updated_at = $3 where tenant_id = $1 and id = $2 and status in ('queued', 'running') returning 1",
    [tenantId, id, now],
  );
  return rows.length > 0;
}
export async function setExportProgress(db: Db, tenantId: string, id: string, progress: string, now: Date) {
  await db.query(
    "update fhir_exports set progress = $3, updated_at = $4 where tenant_id = $1 and id = $2 and status = 'running'",
    [tenantId, id, progress, now],
  );
}
/** Ends a running export; false when it was cancelled meanwhile (its files are then the caller's to remove). */
export async function finishExport(
  db: Db,
  tenantId: string,
  id: string,
  f: {
    status: 'done' | 'failed';
    output: Array<{ type: string; key: string; count: number }>;
    error: string | null;
    now: Date;
  },
): Promise<boolean> {
  const rows = await db.query(
    "update fhir_exports set status = $3, output = $4, error = $5, progress = null, updated_at = $6, finished_at = $6 where tenant_id = $1 and id = $2 and status = 'running' returning 1",
    [tenantId, id, f.status, JSON.stringify(f.output), f.error, f.now],
  );
  return rows.length > 0;
}
export async function cancelExport(db: Db, tenantId: string, id: string, now: Date) {
  await db.query(
    "update fhir_exports set status = 'cancelled', updated_at = $3, finished_at = coalesce(finished_at, $3) where tenant_id = $1 and id = $2",
    [tenantId, id, now],
  );
}
/** Finished, failed or cancelled exports that ended before `before` (a sweep across tenants, oldest first). */
export async function endedExportsBefore(
  db: Db,
  before: Date,
  limit: number,
): Promise<Array<{ id: string; tenant_id: string }>> {
  return db.query(
    "select id, tenant_id from fhir_exports where status in ('done', 'failed', 'cancelled') and finished_at < $1 order by finished_at limit $2",
    [before, limit],
  );
}
export async function deleteExport(db: Db, tenantId: string, id: string) {
  await db.query('delete from fhir_exports where tenant_id = $1 and id = $2', [tenantId, id]);
}
/** The tenant's code (the system of its patient codes). */
export async function tenantCodeOf(db: Db, tenantId: string): Promise<string> {
  const rows = await db.query<{ code: string }>('select code from tenants where id = $1', [tenantId]);
  return rows[0]?.code ?? tenantId;
}
