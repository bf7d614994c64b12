import type { Db } from '../../platform/db.ts';

export type RecordRow = {
  id: string;
  patient_id: string;
  title: string;
  examined_on: string;
  place: string | null;
  doctor_id: string | null;
  doctor_name: string | null;
  doctor_first: string | null;
  doctor_last: string | null;
  note: string | null;
  created_at: Date;
  creator_first: string | null;
  creator_last: string | null;
  updated_at: Date;
};
export type AttachmentRow = {
  id: string;
  record_id: string;
  type: string;
  file_name: string;
  content_type: string;
  size_bytes: string;
  path: string;
  created_at: Date;
};

const COLS = `r.id, r.patient_id, r.title, to_char(r.examined_on, 'YYYY-MM-DD') as examined_on, r.place, r.doctor_id, r.doctor_name,
  du.first_name as doctor_first, du.last_name as doctor_last, r.note, r.created_at, cu.first_name as creator_first, cu.last_name as creator_last, r.updated_at`;
const FROM = `medical_records r left join users du on du.id = r.doctor_id and du.tenant_id = r.tenant_id
  left join users cu on cu.id = r.created_by and cu.tenant_id = r.tenant_id`;
const ATT_COLS =
  'a.id, a.record_id, a.type, a.file_name, a.content_type, a.size_bytes::text as size_bytes, a.path, a.created_at';

/** A patient's records, newest examination first (records of one day: the latest written first). */
export async function listOfPatient(
  db: Db,
  tenantId: string,
  patientId: string,
  page: number,
  size: number,
): Promise<{ rows: RecordRow[]; total: number }> {
  const [c] = await db.query<{ n: string }>(
    'select count(*)::text as n from medical_records where tenant_id = $1 and patient_id = $2',
    [tenantId, patientId],
  );
  const rows = await db.query<RecordRow>(
    `select ${COLS} from ${FROM} where r.tenant_id = $1 and r.patient_id = $2 order by r.examined_on desc, r.seq desc limit ${size} offset ${page * size}`,
    [tenantId, patientId],
  );
  return { rows, total: Number(c?.n ?? 0) };
}

/** One record by id, whoever's it is (the service checks that the caller may see its patient). */
export async function findRecord(db: Db, tenantId: string, id: string): Promise<RecordRow | null> {
  const rows = await db.query<RecordRow>(`select ${COLS} from ${FROM} where r.tenant_id = $1 and r.id = $2::uuid`, [
    tenantId,
    id,
  ]);
  return rows[0] ?? null;
}

export type RecordWrite = {
  title: string;
  examinedOn: string;
  place: string | null;
  doctorId: string | null;
  doctorName: string | null;
  note: string | null;
  userId: string;
  now: Date;
};

export async function insertRecord(
  db: Db,
  tenantId: string,
  id: string,
  patientId: string,
  r: RecordWrite,
): Promise<void> {
  await db.query(
    `insert into medical_records (id, tenant_id, patient_id, title, examined_on, place, doctor_id, doctor_name, note, created_at, created_by, updated_at, updated_by)
     values ($1, $2, $3, $4, $5::date, $6, $7, $8, $9, $10, $11, $10, $11)`,
    [id, tenantId, patientId, r.title, r.examinedOn, r.place, r.doctorId, r.doctorName, r.note, r.now, r.userId],
  );
}

export async function updateRecord(db: Db, tenantId: string, id: string, r: RecordWrite): Promise<void> {
  await db.query(
    `update medical_records set title = $3, examined_on = $4::date, place = $5, doctor_id = $6, doctor_name = $7, note = $8, updated_at = $9, updated_by = $10
      where tenant_id = $1 and id = $2`,
    [tenantId, id, r.title, r.examinedOn, r.place, r.doctorId, r.doctorName, r.note, r.now, r.userId],
  );
}

/** Removes the record and its attachment rows (cascade); returns the stored files' paths so they can be removed too. */
export async function deleteRecord(db: Db, tenantId: string, id: string): Promise<string[]> {
  const files = await db.query<{ path: string }>(
    'select path from medical_record_attachments where tenant_id = $1 and record_id = $2',
    [tenantId, id],
  );
  await db.query('delete from medical_records where tenant_id = $1 and id = $2', [tenantId, id]);
  return files.map((f) => f.path);
}

/** Touches the record's update time (an attachment added or removed). */
export async function touchRecord(db: Db, tenantId: string, id: string, userId: string, now: Date): Promise<void> {
  await db.query('update medical_records set updated_at = $3, updated_by = $4 where tenant_id = $1 and id = $2', [
    tenantId,
    id,
    now,
    userId,
  ]);
}

export async function attachmentsOf(db: Db, tenantId: string, recordIds: string[]): Promise<AttachmentRow[]> {
  if (recordIds.length === 0) return [];
  return db.query<AttachmentRow>(
    `select ${ATT_COLS} from medical_record_attachments a where a.tenant_id = $1 and a.record_id = any($2::uuid[]) order by a.seq`,
    [tenantId, recordIds],
  );
}

export async function findAttachment(
  db: Db,
  tenantId: string,
  recordId: string,
  attachmentId: string,
): Promise<AttachmentRow | null> {
  const rows = await db.query<AttachmentRow>(
    `select ${ATT_COLS} from medical_record_attachments a where a.tenant_id = $1 and a.record_id = $2 and a.id = $3::uuid`,
    [tenantId, recordId, attachmentId],
  );
  return rows[0] ?? null;
}

export async function insertAttachment(
  db: Db,
  tenantId: string,
  a: {
    id: string;
    recordId: string;
    type: string;
    fileName: string;
    contentType: string;
    size: number;
    path: string;
    userId: string;
    now: Date;
  },
): Promise<void> {
  await db.query(
    `insert into medical_record_attachments (id, tenant_id, record_id, type, file_name, content_type, size_bytes, path, created_at, created_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [a.id, tenantId, a.recordId, a.type, a.fileName, a.contentType, a.size, a.path, a.now, a.userId],
  );
}

export async function deleteAttachment(db: Db, tenantId: string, attachmentId: string): Promise<void> {
  await db.query('delete from medical_record_attachments where tenant_id = $1 and id = $2', [tenantId, attachmentId]);
}
