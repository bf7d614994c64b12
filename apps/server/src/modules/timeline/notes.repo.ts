import type { Db, SqlValue } from '../../platform/db.ts';

export type NoteRow = {
  id: string;
  patient_id: string;
  text: string;
  author_id: string | null;
  author_first: string | null;
  author_last: string | null;
  created_at: Date;
};

const SELECT = `select n.id, n.patient_id, n.text, n.author_id, u.first_name as author_first, u.last_name as author_last, n.created_at
  from patient_notes n left join users u on u.tenant_id = n.tenant_id and u.id = n.author_id`;

export async function insertNote(
  db: Db,
  tenantId: string,
  n: { id: string; patientId: string; authorId: string; text: string; at: Date },
): Promise<void> {
  await db.query(
    'insert into patient_notes (id, tenant_id, patient_id, author_id, text, created_at) values ($1, $2, $3, $4, $5, $6)',
    [n.id, tenantId, n.patientId, n.authorId, n.text, n.at],
  );
}

export async function findNote(db: Db, tenantId: string, id: string): Promise<NoteRow | null> {
  return (await db.query<NoteRow>(`${SELECT} where n.tenant_id = $1 and n.id = $2`, [tenantId, id]))[0] ?? null;
}

/** A patient's notes written in [from, to] (any time when absent), newest first, strictly before `before`, at most `limit`. */
export async function notesOf(
  db: Db,
  tenantId: string,
  patientId: string,
  f: { from?: Date; to?: Date; before?: { at: Date; id: string } | null; limit: number },
): Promise<NoteRow[]> {
  const params: SqlValue[] = [tenantId, patientId];
  const conds = ['n.tenant_id = $1', 'n.patient_id = $2'];
  if (f.from) {
    params.push(f.from);
    conds.push(`n.created_at >= $${params.length}`);
  }
  if (f.to) {
    params.push(f.to);
    conds.push(`n.created_at <= $${params.length}`);
  }
  if (f.before) {
    params.push(f.before.at, f.before.id);
    conds.push(
      `(n.created_at < $${params.length - 1} or (n.created_at = $${params.length - 1} and n.id::text < $${params.length}))`,
    );
  }
  return db.query<NoteRow>(
    `${SELECT} where ${conds.join(' and ')} order by n.created_at desc, n.id desc limit ${Number(f.limit)}`,
    params,
  );
}
