import { PATIENT_STATUS_SEVERITY, type TPatientListQuery } from '@carewatch/contracts/patients';
import type { Db, SqlValue } from '../../platform/db.ts';
import type { PatientVisibility } from './patient-visibility.ts';
import { visibilityCondition } from './patient-visibility.sql.ts';

export type PatientRow = {
  id: string;
  user_id: string | null;
  center_id: string | null;
  center_name: string | null;
  patient_code: string | null;
  first_name: string;
  last_name: string;
  birthday: string | null;
  gender: 'male' | 'female' | null;
  height_cm: number | null;
  weight_kg: number | null;
  blood_type: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
  status: string;
  package_expiry: string | null;
  contract_id: string | null;
  sleep_target_minutes: number | null;
  steps_target: number | null;
  account_created_at: Date | null;
  created_at: Date;
  updated_at: Date;
  /** Newest reading of any metric from any source (issue 20). */
  last_reading_at: Date | null;
  /** First activation of the devices paired with the patient (activated, assigned to them); null when none. */
  paired_since: Date | null;
  /** Since when the earliest not-worn device of the patient is not worn (issue 20); null when none. */
  not_worn_since: Date | null;
};

/** Columns of a patient with its center name and account creation time (aliases p, c, u). Dates as text (no time zone shift). */
const COLS = `p.id, p.user_id, p.center_id, c.name as center_name, p.patient_code, p.first_name, p.last_name, p.birthday::text as birthday,
  p.gender, p.height_cm, p.weight_kg, p.blood_type, p.phone, p.email, p.address, p.status, p.package_expiry::text as package_expiry,
  p.contract_id, p.sleep_target_minutes, p.steps_target, u.created_at as account_created_at, p.created_at, p.updated_at, p.last_reading_at,
  (select min(d.activated_at) from devices d where d.tenant_id = p.tenant_id and d.patient_id = p.id and d.activated_at is not null) as paired_since,
  (select min(d.not_worn_since) from devices d where d.tenant_id = p.tenant_id and d.patient_id = p.id and d.not_worn_since is not null) as not_worn_since`;
const JOINS = `left join health_centers c on c.tenant_id = p.tenant_id and c.id = p.center_id
  left join users u on u.tenant_id = p.tenant_id and u.id = p.user_id`;

export type PatientData = {
  patientCode: string | null;
  firstName: string;
  lastName: string;
  birthday: string | null;
  gender: string | null;
  heightCm: number | null;
  weightKg: number | null;
  bloodType: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
  centerId: string | null;
  packageExpiry: string | null;
  contractId: string | null;
};

/** The lower-cased text the list's search box matches (name both ways, code, phone, e-mail). */
export const searchTextOf = (p: Pick<PatientData, 'firstName' | 'lastName' | 'patientCode' | 'phone' | 'email'>) =>
  [p.firstName, p.lastName, p.patientCode ?? '', p.phone ?? '', p.email ?? '', `${p.lastName} ${p.firstName}`]
    .join(' ')
    .toLowerCase();

export async function findPatient(db: Db, tenantId: string, id: string): Promise<PatientRow | null> {
  const rows = await db.query<PatientRow>(
    `select ${COLS} from patients p ${JOINS} where p.tenant_id = $1 and p.id = $2::uuid`,
    [tenantId, id],
  );
  return rows[0] ?? null;
}

export async function insertPatient(
  db: Db,
  tenantId: string,
  p: PatientData & { id: string; userId: string | null; status: string; createdBy: string | null; now: Date },
) {
  await db.query(
    `insert into patients (id, tenant_id, user_id, center_id, patient_code, first_name, last_name, birthday, gender, height_cm, weight_kg, blood_type,
       phone, email, address, status, package_expiry, contract_id, search_text, created_by, created_at, updated_at)
     values ($1,$2,$3,$4,$5,$6,$7,$8::date,$9,$10,$11,$12,$13,$14,$15,$16,$17::date,$18,$19,$20,$21,$21)`,
    [
      p.id,
      tenantId,
      p.userId,
      p.centerId,
      p.patientCode,
      p.firstName,
      p.lastName,
      p.birthday,
      p.gender,
      p.heightCm,
      p.weightKg,
      p.bloodType,
      p.phone,
      p.email,
      p.address,
      p.status,
      p.packageExpiry,
      p.contractId,
      searchTextOf(p),
      p.createdBy,
      p.now,
    ],
  );
}

export async function updatePatient(db: Db, tenantId: string, id: string, p: PatientData & { now: Date }) {
  await db.query(
    `update patients set center_id = $3, patient_code = $4, first_name = $5, last_name = $6, birthday = $7::date, gender = $8, height_cm = $9,
       weight_kg = $10, blood_type = $11, phone = $12, email = $13, address = $14, package_expiry = $15::date, contract_id = $16, search_text = $17,
       updated_at = $18
     where tenant_id = $1 and id = $2`,
    [
      tenantId,
      id,
      p.centerId,
      p.patientCode,
      p.firstName,
      p.lastName,
      p.birthday,
      p.gender,
      p.heightCm,
      p.weightKg,
      p.bloodType,
      p.phone,
      p.email,
      p.address,
      p.packageExpiry,
      p.contractId,
      searchTextOf(p),
      p.now,
    ],
  );
}

/** Moves a patient to another health center (bulk "change center"). */
export async function setCenter(db: Db, tenantId: string, id: string, centerId: string, now: Date) {
  await db.query('update patients set center_id = $3, updated_at = $4 where tenant_id = $1 and id = $2', [
    tenantId,
    id,
    centerId,
    now,
  ]);
}

export type BulkPatient = PatientData & { id: string; status: string };
/** Field order of one encoded import row (a JSON array of strings or nulls; see `insertImportBatch`). */
export const IMPORT_ROW_FIELDS = [
  'id',
  'patientCode',
  'firstName',
  'lastName',
  'birthday',
  'gender',
  'heightCm',
  'weightKg',
  'bloodType',
  'phone',
  'email',
  'address',
  'packageExpiry',
  'contractId',
  'searchText',
] as const;
/** One validated import row in `IMPORT_ROW_FIELDS` order, values as text (what the bulk insert sends). */
export const importRowJson = (id: string, p: PatientData) =>
  JSON.stringify([
    id,
    p.patientCode,
    p.firstName,
    p.lastName,
    p.birthday,
    p.gender,
    p.heightCm === null ? null : String(p.heightCm),
    p.weightKg === null ? null : String(p.weightKg),
    p.bloodType,
    p.phone,
    p.email,
    p.address,
    p.packageExpiry,
    p.contractId,
    searchTextOf(p),
  ]);

/**
 * Bulk import: inserts a batch given as a UTF-8 JSON array of `importRowJson` rows (one bytea parameter, so the batch
 * never sits in the JS heap as objects), in order, skipping rows whose e-mail has an account and rows that collide
 * with a unique index (an existing patient or an earlier row of the batch). Returns the 1-based positions of the
 * rows not inserted.
 */
export async function insertImportBatch(
  db: Db,
  tenantId: string,
  payload: Buffer,
  centerId: string | null,
  createdBy: string | null,
  now: Date,
): Promise<number[]> {
  const rows = await db.query<{ ord: number }>(
    `with src as (
       select x.ord::int as ord, x.r->>0 as id, x.r->>1 as code, x.r->>2 as first_name, x.r->>3 as last_name, x.r->>4 as birthday, x.r->>5 as gender,
         x.r->>6 as height, x.r->>7 as weight, x.r->>8 as blood_type, x.r->>9 as phone, x.r->>10 as email, x.r->>11 as address,
         x.r->>12 as expiry, x.r->>13 as contract_id, x.r->>14 as search_text
       from jsonb_array_elements(convert_from($5::bytea, 'UTF8')::jsonb) with ordinality as x(r, ord)
     ), ins as (
       insert into patients (id, tenant_id, center_id, patient_code, first_name, last_name, birthday, gender, height_cm, weight_kg, blood_type,
         phone, email, address, status, package_expiry, contract_id, search_text, created_by, created_at, updated_at)
       select s.id::uuid, $1, $4::uuid, s.code, s.first_name, s.last_name, s.birthday::date, s.gender, s.height::double precision,
         s.weight::double precision, s.blood_type, s.phone, s.email, s.address, 'unassigned', s.expiry::date, s.contract_id, s.search_text, $2::uuid, $3, $3
       from src s
       where s.email is null or not exists (select 1 from users u where u.tenant_id = $1 and lower(u.email) = lower(s.email))
       order by s.ord
       on conflict do nothing
       returning id
     )
     select s.ord from src s where not exists (select 1 from ins where ins.id = s.id::uuid) order by s.ord`,
    [tenantId, createdBy, now, centerId, payload],
  );
  return rows.map((r) => r.ord);
}

/** Which patients hold these values in the tenant (bulk import: why rows were skipped). */
export async function valueHolders(
  db: Db,
  tenantId: string,
  column: 'patient_code' | 'phone' | 'contract_id',
  values: string[],
): Promise<Map<string, string>> {
  if (!values.length) return new Map();
  const rows = await db.query<{ v: string; id: string }>(
    `select ${column} as v, id from patients where tenant_id = $1 and ${column} = any($2::text[])`,
    [tenantId, values],
  );
  return new Map(rows.map((r) => [r.v, r.id]));
}

// ---------------------------------------------------------------- uniqueness

export type Conflicts = { code: boolean; phone: boolean; contract: boolean };
export async function conflicts(
  db: Db,
  tenantId: string,
  p: { patientCode: string | null; phone: string | null; contractId: string | null },
  exceptId: string | null,
): Promise<Conflicts> {
  const rows = await db.query<{ code: boolean; phone: boolean; contract: boolean }>(
    `select
       exists (select 1 from patients where tenant_id = $1 and patient_code = $2 and id is distinct from $5::uuid) as code,
       exists (select 1 from patients where tenant_id = $1 and phone = $3 and id is distinct from $5::uuid) as phone,
       exists (select 1 from patients where tenant_id = $1 and contract_id = $4 and id is distinct from $5::uuid) as contract`,
    [tenantId, p.patientCode, p.phone, p.contractId, exceptId],
  );
  return rows[0] ?? { code: false, phone: false, contract: false };
}

export async function usedEmails(db: Db, tenantId: string, emails: string[]): Promise<Set<string>> {
  if (!emails.length) return new Set();
  const rows = await db.query<{ v: string }>(
    'select lower(email) as v from users where tenant_id = $1 and lower(email) = any($2::text[])',
    [tenantId, emails.map((e) => e.toLowerCase())],
  );
  return new Set(rows.map((r) => r.v));
}

// ---------------------------------------------------------------- centers and doctors

/** Whether the center belongs to the tenant and lies within what the caller sees. */
export async function centerVisible(
  db: Db,
  tenantId: string,
  v: PatientVisibility,
  centerId: string,
): Promise<boolean> {
  const params: SqlValue[] = [tenantId, centerId];
  let cond = 'true';
  if ((v.kind === 'center' || v.kind === 'doctor' || v.kind === 'assistant') && 'centerId' in v && v.centerId) {
    params.push(v.centerId);
    cond = `c.id = $${params.length}::uuid`;
  } else if (v.kind === 'scope') {
    params.push(v.scopeId);
    cond = `c.scope_id in (with recursive sub as (select id from scopes where tenant_id = $1 and id = $${params.length}::uuid
      union all select x.id from scopes x join sub on x.parent_id = sub.id where x.tenant_id = $1) select id from sub)`;
  } else if (v.kind === 'self' || v.kind === 'coach') {
    cond = 'false';
  }
  const rows = await db.query(
    `select 1 from health_centers c where c.tenant_id = $1 and c.id = $2::uuid and ${cond}`,
    params,
  );
  return rows.length > 0;
}

/** The ids among `ids` that are active doctors of the tenant. */
export async function activeDoctorIds(db: Db, tenantId: string, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db.query<{ id: string }>(
    `select distinct u.id from users u join user_roles ur on ur.tenant_id = u.tenant_id and ur.user_id = u.id
       join roles r on r.tenant_id = ur.tenant_id and r.id = ur.role_id
     where u.tenant_id = $1 and u.id = any($2::uuid[]) and u.status = 'active' and r.code = 'doctor'`,
    [tenantId, ids],
  );
  return new Set(rows.map((r) => r.id));
}

export async function doctorsOf(
  db: Db,
  tenantId: string,
  patientId: string,
): Promise<Array<{ id: string; first_name: string; last_name: string }>> {
  return db.query<{ id: string; first_name: string; last_name: string }>(
    `select u.id, u.first_name, u.last_name from patient_doctors pd join users u on u.tenant_id = pd.tenant_id and u.id = pd.doctor_id
     where pd.tenant_id = $1 and pd.patient_id = $2 order by pd.created_at, u.id`,
    [tenantId, patientId],
  );
}
export async function setDoctors(db: Db, tenantId: string, patientId: string, doctorIds: string[], now: Date) {
  await db.query(
    'delete from patient_doctors where tenant_id = $1 and patient_id = $2 and not (doctor_id = any($3::uuid[]))',
    [tenantId, patientId, doctorIds],
  );
  for (const d of doctorIds) {
    await db.query(
      'insert into patient_doctors (tenant_id, patient_id, doctor_id, created_at) values ($1,$2,$3,$4) on conflict do nothing',
      [tenantId, patientId, d, now],
    );
  }
}

export async function addDoctor(db: Db, tenantId: string, patientId: string, doctorId: string, now: Date) {
  await db.query(
    'insert into patient_doctors (tenant_id, patient_id, doctor_id, created_at) values ($1,$2,$3,$4) on conflict do nothing',
    [tenantId, patientId, doctorId, now],
  );
}

// ---------------------------------------------------------------- relatives, attachments

export type RelativeRow = { id: string; name: string; phone: string | null; relationship: string };
export async function relativesOf(db: Db, tenantId: string, patientId: string): Promise<RelativeRow[]> {
  return db.query<RelativeRow>(
    'select id, name, phone, relationship from patient_relatives where tenant_id = $1 and patient_id = $2 order by created_at, id',
    [tenantId, patientId],
  );
}
export async function replaceRelatives(
  db: Db,
  tenantId: string,
  patientId: string,
  rel: Array<{ id: string; name: string; phone: string | null; relationship: string }>,
  now: Date,
) {
  await db.query('delete from patient_relatives where tenant_id = $1 and patient_id = $2', [tenantId, patientId]);
  for (const [i, r] of rel.entries()) {
    await db.query(
      'insert into patient_relatives (id, tenant_id, patient_id, name, phone, relationship, created_at) values ($1,$2,$3,$4,$5,$6,$7)',
      [r.id, tenantId, patientId, r.name, r.phone, r.relationship, new Date(now.getTime() + i)],
    );
  }
}

export type AttachmentRow = {
  id: string;
  file_name: string;
  content_type: string;
  size_bytes: number;
  path: string;
  created_at: Date;
};
export async function attachmentsOf(db: Db, tenantId: string, patientId: string): Promise<AttachmentRow[]> {
  return db.query<AttachmentRow>(
    'select id, file_name, content_type, size_bytes::int as size_bytes, path, created_at from patient_attachments where tenant_id = $1 and patient_id = $2 order by created_at, id',
    [tenantId, patientId],
  );
}
export async function findAttachment(
  db: Db,
  tenantId: string,
  patientId: string,
  id: string,
): Promise<AttachmentRow | null> {
  const rows = await db.query<AttachmentRow>(
    'select id, file_name, content_type, size_bytes::int as size_bytes, path, created_at from patient_attachments where tenant_id = $1 and patient_id = $2 and id = $3::uuid',
    [tenantId, patientId, id],
  );
  return rows[0] ?? null;
}
export async function insertAttachment(
  db: Db,
  tenantId: string,
  a: {
    id: string;
    patientId: string;
    fileName: string;
    contentType: string;
    size: number;
    path: string;
    createdBy: string;
    now: Date;
  },
) {
  await db.query(
    'insert into patient_attachments (id, tenant_id, patient_id, file_name, content_type, size_bytes, path, created_by, created_at) values ($1,$2,$3,$4,$5,$6,$7,$8,$9)',
    [a.id, tenantId, a.patientId, a.fileName, a.contentType, a.size, a.path, a.createdBy, a.now],
  );
}
export async function deleteAttachment(db: Db, tenantId: string, id: string) {
  await db.query('delete from patient_attachments where tenant_id = $1 and id = $2', [tenantId, id]);
}

// ---------------------------------------------------------------- status, targets

export async function setStatus(db: Db, tenantId: string, patientId: string, status: string, now: Date) {
  await db.query('update patients set status = $3, updated_at = $4 where tenant_id = $1 and id = $2', [
    tenantId,
    patientId,
    status,
    now,
  ]);
}
export async function insertStatusHistory(
  db: Db,
  tenantId: string,
  h: { id: string; patientId: string; from: string; to: string; by: string | null; reason: string | null; at: Date },
) {
  await db.query(
    'insert into patient_status_history (id, tenant_id, patient_id, from_status, to_status, changed_by, reason, changed_at) values ($1,$2,$3,$4,$5,$6,$7,$8)',
    [h.id, tenantId, h.patientId, h.from, h.to, h.by, h.reason, h.at],
  );
}
export type StatusHistoryRow = {
  id: string;
  from_status: string;
  to_status: string;
  by_first: string | null;
  by_last: string | null;
  reason: string | null;
  changed_at: Date;
};
export async function statusHistory(db: Db, tenantId: string, patientId: string): Promise<StatusHistoryRow[]> {
  return db.query<StatusHistoryRow>(
    `select h.id, h.from_status, h.to_status, u.first_name as by_first, u.last_name as by_last, h.reason, h.changed_at
     from patient_status_history h left join users u on u.tenant_id = h.tenant_id and u.id = h.changed_by
     where h.tenant_id = $1 and h.patient_id = $2 order by h.changed_at desc, h.id desc limit 500`,
    [tenantId, patientId],
  );
}
export async function setTargets(
  db: Db,
  tenantId: string,
  patientId: string,
  t: { sleepTargetMinutes: number | null; stepsTarget: number | null },
  now: Date,
) {
  await db.query(
    'update patients set sleep_target_minutes = $3, steps_target = $4, updated_at = $5 where tenant_id = $1 and id = $2',
    [tenantId, patientId, t.sleepTargetMinutes, t.stepsTarget, now],
  );
}

// ---------------------------------------------------------------- list, export, counts

type TPatientSort = TPatientListQuery['sort'];

export type ListFilter = { search?: string | undefined; status?: string | undefined; centerId?: string | undefined };
export type ListSort = TPatientSort;
const NAME_KEY = `lower(p.last_name || ' ' || p.first_name)`;
/** Severity rank of the status (PATIENT_STATUS_SEVERITY; the expression of the index patients_severity_page). */
const SEVERITY_KEY = `(case p.status ${Object.entries(PATIENT_STATUS_SEVERITY)
  .filter(([, n]) => n > 0)
  .map(([st, n]) => `when '${st}' then ${n}`)
  .join(' ')} else 0 end)`;
/** Last reading, patients without any last in each direction (indexes patients_last_reading_asc_page / _desc_page). */
const LAST_READING_ASC_KEY = `coalesce(p.last_reading_at, 'infinity'::timestamptz)`;
const LAST_READING_DESC_KEY = `coalesce(p.last_reading_at, '-infinity'::timestamptz)`;

function whereOf(v: PatientVisibility, f: ListFilter, params: SqlValue[]): string {
  const where = ['p.tenant_id = $1', visibilityCondition(v, 'p', params)];
  if (f.status) {
    params.push(f.status);
    where.push(`p.status = $${params.length}`);
  }
  if (f.centerId) {
    params.push(f.centerId);
    where.push(`p.center_id = $${params.length}::uuid`);
  }
  if (f.search) {
    params.push(`%${f.search.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`);
    where.push(`p.search_text like $${params.length}`);
  }
  return where.join(' and ');
}
/** The kind of a sort's key: how the keyset cursor's text is read back (see `sortKeyKind`). */
export type SortKeyKind = 'text' | 'time' | 'rank';
export const sortKeyKind = (sort: ListSort): SortKeyKind =>
  sort.endsWith('name') ? 'text' : sort.endsWith('status') ? 'rank' : 'time';

/**
 * The ORDER BY of a sort, its key expression, direction and kind. `status` orders by severity, most severe first
 * (descending rank), `-status` least severe first. Ties by id in the same direction (keyset).
 */
function orderOf(sort: ListSort, alias = 'p'): { order: string; key: string; desc: boolean; kind: SortKeyKind } {
  const kind = sortKeyKind(sort);
  const desc = sort === 'status' ? true : sort === '-status' ? false : sort.startsWith('-');
  const expr =
    kind === 'text'
      ? NAME_KEY
      : kind === 'rank'
        ? SEVERITY_KEY
        : sort === 'lastReadingAt'
          ? LAST_READING_ASC_KEY
          : sort === '-lastReadingAt'
            ? LAST_READING_DESC_KEY
            : 'p.created_at';
  const key = expr.replaceAll('p.', `${alias}.`);
  const dir = desc ? 'desc' : 'asc';
  return { order: `${key} ${dir}, ${alias}.id ${dir}`, key, desc, kind };
}

export type PageRow = PatientRow & { sort_key: string };
/**
 * One page of the list, index-backed: the ids are picked first (ordered like the `patients_*_page` indexes), then
 * the rows joined (deferred join). With `after` (keyset) the page starts after that sort key and id; else at `offset`.
 */
export async function listPage(
  db: Db,
  tenantId: string,
  v: PatientVisibility,
  f: ListFilter,
  sort: ListSort,
  page: { limit: number; offset: number; after: { key: string; id: string } | null },
): Promise<PageRow[]> {
  const params: SqlValue[] = [tenantId];
  let where = whereOf(v, f, params);
  const o = orderOf(sort);
  if (page.after) {
    params.push(page.after.key, page.after.id);
    const k = `$${params.length - 1}`;
    const id = `$${params.length}::uuid`;
    const keyVal =
      o.kind === 'text' ? `${k}::text` : o.kind === 'rank' ? `${k}::int` : `(${k}::timestamp at time zone 'UTC')`;
    where += ` and (${o.key}, p.id) ${o.desc ? '<' : '>'} (${keyVal}, ${id})`;
  }
  params.push(page.limit, page.after ? 0 : page.offset);
  // The key as text: a time in UTC without zone ('infinity' / '-infinity' for patients without readings), a rank, a name.
  const sortKeySql = o.kind === 'time' ? `(${o.key} at time zone 'UTC')::text` : `(${o.key})::text`;
  const outer = orderOf(sort, 'p');
  return db.query<PageRow>(
    `with ids as (select p.id from patients p where ${where} order by ${o.order} limit $${params.length - 1} offset $${params.length})
     select ${COLS}, ${sortKeySql} as sort_key from ids join patients p on p.tenant_id = $1 and p.id = ids.id ${JOINS}
     order by ${outer.order}`,
    params,
  );
}

export async function countList(db: Db, tenantId: string, v: PatientVisibility, f: ListFilter): Promise<number> {
  const params: SqlValue[] = [tenantId];
  const rows = await db.query<{ n: number }>(
    `select count(*)::int as n from patients p where ${whereOf(v, f, params)}`,
    params,
  );
  return rows[0]?.n ?? 0;
}

/** All rows of the filtered list, in chunks (for the export), keyset-paged so memory stays bounded. */
export async function* exportRows(
  db: Db,
  tenantId: string,
  v: PatientVisibility,
  f: ListFilter,
  sort: ListSort,
  chunk = 1000,
): AsyncGenerator<PageRow[]> {
  let after: { key: string; id: string } | null = null;
  for (;;) {
    const rows: PageRow[] = await listPage(db, tenantId, v, f, sort, { limit: chunk, offset: 0, after });
    if (rows.length) yield rows;
    if (rows.length < chunk) return;
    const last = rows[rows.length - 1]!;
    after = { key: last.sort_key, id: last.id };
  }
}

/** The visible patients among `ids` (bulk export of a selection), in the order of `ids`; the others are left out. */
export async function visibleRowsByIds(
  db: Db,
  tenantId: string,
  v: PatientVisibility,
  ids: string[],
): Promise<PatientRow[]> {
  const params: SqlValue[] = [tenantId, ids];
  const cond = visibilityCondition(v, 'p', params);
  return db.query<PatientRow>(
    `select ${COLS} from unnest($2::uuid[]) with ordinality as x(id, ord) join patients p on p.tenant_id = $1 and p.id = x.id ${JOINS}
      where ${cond} order by x.ord`,
    params,
  );
}

// ---------------------------------------------------------------- last reading, silent patients (issue 20)

/**
 * Moves each patient's last_reading_at forward to the given time (never back: a historic import leaves it alone).
 * Patients in id order, so concurrent batches lock the rows in the same order.
 */
export async function advanceLastReading(
  db: Db,
  tenantId: string,
  latest: Array<{ patientId: string; at: Date }>,
): Promise<void> {
  if (latest.length === 0) return;
  const sorted = [...latest].sort((a, b) => (a.patientId < b.patientId ? -1 : a.patientId > b.patientId ? 1 : 0));
  await db.query(
    `update patients p set last_reading_at = x.at
       from unnest($2::uuid[], $3::timestamptz[]) as x(id, at)
      where p.tenant_id = $1 and p.id = x.id and (p.last_reading_at is null or p.last_reading_at < x.at)`,
    [tenantId, sorted.map((r) => r.patientId), sorted.map((r) => r.at.toISOString())],
  );
}

/** Sets last_reading_at of every patient of the tenant from the stored readings (demo seeding). */
export async function refreshLastReadings(db: Db, tenantId: string): Promise<void> {
  await db.query(
    `update patients p set last_reading_at = x.at
       from (select patient_id, max(measured_at) as at from latest_measurements where tenant_id = $1 group by patient_id) x
      where p.tenant_id = $1 and p.id = x.patient_id and (p.last_reading_at is null or p.last_reading_at < x.at)`,
    [tenantId],
  );
}

export type SilentFollowRow = {
  doctor_id: string;
  doctor_email: string | null;
  patient_id: string;
  first_name: string;
  last_name: string;
  patient_code: string | null;
  last_reading_at: Date | null;
  paired_since: Date | null;
  not_worn_since: Date | null;
};
/**
 * The tenant's silent patients (see `silenceOf`: readings ever or an active paired device, and nothing since
 * `cutoff`) and those with a not-worn device (`notWornOf`), with each active doctor following them, by doctor then
 * patient name.
 */
export async function silentPatientsByDoctor(db: Db, tenantId: string, cutoff: Date): Promise<SilentFollowRow[]> {
  return db.query<SilentFollowRow>(
    `with s as (
       select p.id, p.first_name, p.last_name, p.patient_code, p.last_reading_at,
              (select min(d.activated_at) from devices d where d.tenant_id = p.tenant_id and d.patient_id = p.id and d.activated_at is not null) as paired_since,
              (select min(d.not_worn_since) from devices d where d.tenant_id = p.tenant_id and d.patient_id = p.id and d.not_worn_since is not null) as not_worn_since
         from patients p where p.tenant_id = $1
     )
     select u.id as doctor_id, u.email as doctor_email, s.id as patient_id, s.first_name, s.last_name, s.patient_code, s.last_reading_at, s.paired_since,
            s.not_worn_since
       from s join patient_doctors pd on pd.tenant_id = $1 and pd.patient_id = s.id
       join users u on u.tenant_id = pd.tenant_id and u.id = pd.doctor_id and u.status = 'active'
      where coalesce(s.last_reading_at, s.paired_since) < $2 or s.not_worn_since is not null
      order by u.id, lower(s.last_name || ' ' || s.first_name), s.id`,
    [tenantId, cutoff],
  );
}

export type CountsRow = {
  total: number;
  normal: number;
  at_risk: number;
  high_risk: number;
  sos: number;
  unassigned: number;
  assigned: number;
};
export async function counts(
  db: Db,
  tenantId: string,
  v: PatientVisibility,
  centerId: string | undefined,
): Promise<CountsRow> {
  const params: SqlValue[] = [tenantId];
  const where = whereOf(v, { centerId }, params);
  const rows = await db.query<CountsRow>(
    `select count(*)::int as total,
       count(*) filter (where p.status = 'normal')::int as normal, count(*) filter (where p.status = 'at_risk')::int as at_risk,
       count(*) filter (where p.status = 'high_risk')::int as high_risk, count(*) filter (where p.status = 'sos')::int as sos,
       count(*) filter (where p.status = 'unassigned')::int as unassigned, count(*) filter (where p.status = 'assigned')::int as assigned
     from patients p where ${where}`,
    params,
  );
  return rows[0]!;
}

// ---------------------------------------------------------------- imports

export type ImportRow = {
  id: string;
  created_by: string | null;
  file_name: string;
  file_path: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  total_rows: number;
  processed_rows: number;
  imported_rows: number;
  error_rows: number;
  error_file_path: string | null;
  failure: string | null;
  created_at: Date;
  finished_at: Date | null;
  tenant_id: string;
  /** Last spreadsheet line covered by a committed batch, and the error file's size then (a resume starts there). */
  committed_line: number;
  error_file_bytes: number;
};
const IMPORT_COLS = `id, tenant_id, created_by, file_name, file_path, status, total_rows, processed_rows, imported_rows, error_rows, error_file_path, failure, created_at, finished_at,
  committed_line, error_file_bytes`;

export async function insertImport(
  db: Db,
  tenantId: string,
  i: { id: string; createdBy: string; fileName: string; filePath: string; now: Date },
) {
  await db.query(
    "insert into patient_imports (id, tenant_id, created_by, file_name, file_path, status, created_at) values ($1,$2,$3,$4,$5,'queued',$6)",
    [i.id, tenantId, i.createdBy, i.fileName, i.filePath, i.now],
  );
}
export async function findImport(db: Db, tenantId: string, id: string): Promise<ImportRow | null> {
  const rows = await db.query<ImportRow>(
    `select ${IMPORT_COLS} from patient_imports where tenant_id = $1 and id = $2::uuid`,
    [tenantId, id],
  );
  return rows[0] ?? null;
}
export async function findImportById(db: Db, id: string): Promise<ImportRow | null> {
  const rows = await db.query<ImportRow>(`select ${IMPORT_COLS} from patient_imports where id = $1::uuid`, [id]);
  return rows[0] ?? null;
}
export async function currentImport(db: Db, tenantId: string): Promise<ImportRow | null> {
  const rows = await db.query<ImportRow>(
    `select ${IMPORT_COLS} from patient_imports where tenant_id = $1 order by created_at desc, id desc limit 1`,
    [tenantId],
  );
  return rows[0] ?? null;
}
/** Running (again, after a crash: the counts committed so far stay). */
export async function markImportRunning(db: Db, id: string) {
  await db.query(`update patient_imports set status = 'running' where id = $1 and status in ('queued', 'running')`, [
    id,
  ]);
}
export type ImportProgress = {
  processed: number;
  imported: number;
  errors: number;
  committedLine: number;
  errorBytes: number;
};
/**
 * Records a committed batch, in the batch's transaction. Only if the import is still where this worker left it
 * (`fromLine`): false when another worker has taken it over meanwhile (then the batch must roll back).
 */
export async function commitImportProgress(db: Db, id: string, p: ImportProgress, fromLine: number): Promise<boolean> {
  const rows = await db.query(
    `update patient_imports set processed_rows = $2, imported_rows = $3, error_rows = $4, total_rows = greatest(total_rows, $2), committed_line = $5, error_file_bytes = $6
      where id = $1 and status = 'running' and committed_line = $7 returning 1`,
    [id, p.processed, p.imported, p.errors, p.committedLine, p.errorBytes, fromLine],
  );
  return rows.length > 0;
}
export async function finishImport(
  db: Db,
  id: string,
  f: { status: 'done' | 'failed'; total: number; errorFilePath: string | null; failure: string | null; now: Date },
) {
  await db.query(
    'update patient_imports set status = $2, total_rows = $3, error_file_path = $4, failure = $5, finished_at = $6 where id = $1',
    [id, f.status, f.total, f.errorFilePath, f.failure, f.now],
  );
}
export async function setImportTotal(db: Db, id: string, total: number) {
  await db.query('update patient_imports set total_rows = $2 where id = $1', [id, total]);
}

// ---------------------------------------------------------------- import error lines (committed with each batch)

/** One batch's error lines, in the batch's transaction: a resumed import (on any process) has exactly the committed ones. */
export async function insertImportErrorPart(db: Db, importId: string, upToLine: number, body: string) {
  await db.query('insert into patient_import_error_parts (import_id, up_to_line, body) values ($1, $2, $3)', [
    importId,
    upToLine,
    body,
  ]);
}
/** The committed error lines, a few batches per query, in line order (the error file is written from them). */
export async function* importErrorParts(db: Db, importId: string): AsyncGenerator<string> {
  let after = -1;
  for (;;) {
    const rows = await db.query<{ up_to_line: number; body: string }>(
      'select up_to_line, body from patient_import_error_parts where import_id = $1 and up_to_line > $2 order by up_to_line limit 20',
      [importId, after],
    );
    for (const r of rows) yield r.body;
    if (rows.length < 20) return;
    after = rows[rows.length - 1]!.up_to_line;
  }
}
export async function deleteImportErrorParts(db: Db, importId: string) {
  await db.query('delete from patient_import_error_parts where import_id = $1', [importId]);
}
