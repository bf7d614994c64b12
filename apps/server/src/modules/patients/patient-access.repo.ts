import type { Db, SqlValue } from '../../platform/db.ts';
import type { PatientVisibility } from './patient-visibility.ts';
import { visibilityCondition } from './patient-visibility.sql.ts';

export type PatientAccessRow = {
  id: string;
  tenant_id: string;
  user_id: string | null;
  center_id: string | null;
  status: string;
  first_name: string;
  last_name: string;
};

const COLS = 'p.id, p.tenant_id, p.user_id, p.center_id, p.status, p.first_name, p.last_name';

export async function findVisible(
  db: Db,
  tenantId: string,
  v: PatientVisibility,
  patientId: string,
): Promise<PatientAccessRow | null> {
  const params: SqlValue[] = [tenantId, patientId];
  const cond = visibilityCondition(v, 'p', params);
  const rows = await db.query<PatientAccessRow>(
    `select ${COLS} from patients p where p.tenant_id = $1 and p.id = $2::uuid and ${cond}`,
    params,
  );
  return rows[0] ?? null;
}

export async function findByUser(db: Db, tenantId: string, userId: string): Promise<PatientAccessRow | null> {
  const rows = await db.query<PatientAccessRow>(
    `select ${COLS} from patients p where p.tenant_id = $1 and p.user_id = $2::uuid`,
    [tenantId, userId],
  );
  return rows[0] ?? null;
}

export type AppSubjectRelation = 'self' | 'sub_user' | 'emergency' | 'caring';

/**
 * A patient the signed-in app user may view (patient-app "viewing as"): their own record, a sub-user they manage, or
 * the patient of an accepted emergency or caring relation where they are the follower. Null for anything else.
 */
export async function findAppSubject(
  db: Db,
  tenantId: string,
  userId: string,
  patientId: string,
): Promise<(PatientAccessRow & { relation: AppSubjectRelation }) | null> {
  const rows = await db.query<PatientAccessRow & { relation: AppSubjectRelation }>(
    `select ${COLS},
       case when p.user_id = $3::uuid then 'self'
            when p.manager_user_id = $3::uuid then 'sub_user'
            else (select c.kind from contacts c where c.tenant_id = $1 and c.owner_id = p.user_id and c.contact_user_id = $3::uuid
                    and c.status = 'accepted' and c.kind in ('emergency', 'caring') order by c.kind limit 1) end as relation
       from patients p where p.tenant_id = $1 and p.id = $2::uuid`,
    [tenantId, patientId, userId],
  );
  const row = rows[0];
  return row && row.relation ? row : null;
}

/**
 * The app users who may view a patient's data in the app (the same rule as findAppSubject, from the patient's side):
 * the patient's own account, the manager of a sub-user, and accepted emergency or caring followers.
 */
export async function appAudience(db: Db, tenantId: string, patientId: string): Promise<string[]> {
  const rows = await db.query<{ user_id: string }>(
    `select p.user_id from patients p where p.tenant_id = $1 and p.id = $2::uuid and p.user_id is not null
     union select p.manager_user_id from patients p where p.tenant_id = $1 and p.id = $2::uuid and p.manager_user_id is not null
     union select c.contact_user_id from patients p join contacts c on c.tenant_id = p.tenant_id and c.owner_id = p.user_id
       where p.tenant_id = $1 and p.id = $2::uuid and c.contact_user_id is not null and c.status = 'accepted' and c.kind in ('emergency', 'caring')`,
    [tenantId, patientId],
  );
  return rows.map((r) => r.user_id);
}
