import type { Db, SqlValue } from '../../platform/db.ts';
import type { PatientVisibility } from './patient-visibility.ts';

export type PatientAccessRow = {
  id: string;
  tenant_id: string;
  user_id: string | null;
  center_id: string | null;
  status: string;
  first_name: string;
  last_name: string;
};

/**
 * The SQL condition limiting patients (table alias `alias`) to what `v` may see. Pushes its parameters onto
 * `params` (whose $1 must already be the tenant id) and returns the condition.
 */
export function visibilityCondition(v: PatientVisibility, alias: string, params: SqlValue[]): string {
  const p = (value: SqlValue) => {
    params.push(value);
    return `$${params.length}`;
  };
  switch (v.kind) {
    case 'tenant':
      return 'true';
    case 'self':
      return `${alias}.user_id = ${p(v.userId)}::uuid`;
    case 'center':
      return `${alias}.center_id = ${p(v.centerId)}::uuid`;
    case 'scope': {
      const s = p(v.scopeId);
      return `${alias}.center_id in (select c.id from health_centers c where c.tenant_id = $1 and c.scope_id in (
        with recursive sub as (select id from scopes where tenant_id = $1 and id = ${s}::uuid
          union all select x.id from scopes x join sub on x.parent_id = sub.id where x.tenant_id = $1)
        select id from sub))`;
    }
    case 'doctor': {
      const u = p(v.userId);
      const branch = v.centerId ? ` or ${alias}.center_id = ${p(v.centerId)}::uuid` : '';
      // Uncorrelated `in` (hashed once per query), not a per-row `exists`: counts over 100k patients stay fast.
      return `(${alias}.id in (select pd.patient_id from patient_doctors pd where pd.tenant_id = $1 and pd.doctor_id = ${u}::uuid)${branch})`;
    }
    case 'assistant': {
      const u = p(v.userId);
      const branch = v.centerId ? ` or ${alias}.center_id = ${p(v.centerId)}::uuid` : '';
      return `(${alias}.id in (select pd.patient_id from patient_doctors pd join assistant_doctors ad on ad.tenant_id = pd.tenant_id and ad.doctor_id = pd.doctor_id
        where pd.tenant_id = $1 and ad.assistant_id = ${u}::uuid)${branch})`;
    }
    case 'coach':
      // The players who accepted this coach (a contact of kind 'coach' whose owner is the player's app account).
      return `${alias}.user_id in (select c.owner_id from contacts c where c.tenant_id = $1 and c.contact_user_id = ${p(v.userId)}::uuid
        and c.kind = 'coach' and c.status = 'accepted')`;
  }
}

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
