import type { Db } from '../../platform/db.ts';

export type SubUserRow = {
  id: string;
  first_name: string;
  last_name: string;
  relationship: string | null;
  birthday: string | null;
  created_at: Date;
};
const COLS = 'id, first_name, last_name, relationship, birthday::text as birthday, created_at';

export async function listSubUsers(db: Db, tenantId: string, managerId: string): Promise<SubUserRow[]> {
  return db.query<SubUserRow>(
    `select ${COLS} from patients where tenant_id = $1 and manager_user_id = $2 and user_id is null order by created_at, id`,
    [tenantId, managerId],
  );
}

export async function countSubUsers(db: Db, tenantId: string, managerId: string): Promise<number> {
  const rows = await db.query<{ n: number }>(
    'select count(*)::int as n from patients where tenant_id = $1 and manager_user_id = $2 and user_id is null',
    [tenantId, managerId],
  );
  return rows[0]?.n ?? 0;
}

/** A sub-user of this manager, or null (another account's sub-user looks missing). */
export async function findSubUser(db: Db, tenantId: string, managerId: string, id: string): Promise<SubUserRow | null> {
  const rows = await db.query<SubUserRow>(
    `select ${COLS} from patients where tenant_id = $1 and manager_user_id = $2 and id = $3 and user_id is null`,
    [tenantId, managerId, id],
  );
  return rows[0] ?? null;
}

export type SubUserWrite = { firstName: string; lastName: string; relationship: string; birthday: string };

/** search_text is patients.repo's searchTextOf with no code, phone or e-mail ("first last    last first"): the staff list finds sub-users too. */
export async function insertSubUser(
  db: Db,
  tenantId: string,
  r: SubUserWrite & { id: string; managerId: string; centerId: string | null; now: Date },
) {
  await db.query(
    `insert into patients (id, tenant_id, user_id, center_id, first_name, last_name, birthday, manager_user_id, relationship, status, search_text, created_by, created_at, updated_at)
     values ($1, $2, null, $3, $4, $5, $6, $7, $8, 'unassigned', lower($4 || ' ' || $5 || '    ' || $5 || ' ' || $4), $7, $9, $9)`,
    [r.id, tenantId, r.centerId, r.firstName, r.lastName, r.birthday, r.managerId, r.relationship, r.now],
  );
}

export async function updateSubUser(
  db: Db,
  tenantId: string,
  managerId: string,
  id: string,
  r: SubUserWrite,
  now: Date,
) {
  await db.query(
    `update patients set first_name = $4, last_name = $5, relationship = $6, birthday = $7, search_text = lower($4 || ' ' || $5 || '    ' || $5 || ' ' || $4), updated_at = $8
      where tenant_id = $1 and manager_user_id = $2 and id = $3 and user_id is null`,
    [tenantId, managerId, id, r.firstName, r.lastName, r.relationship, r.birthday, now],
  );
}

/** Removes the sub-user with its readings, alerts and thresholds (their foreign keys cascade). */
export async function deleteSubUser(db: Db, tenantId: string, managerId: string, id: string) {
  await db.query('delete from patients where tenant_id = $1 and manager_user_id = $2 and id = $3 and user_id is null', [
    tenantId,
    managerId,
    id,
  ]);
}
