import type { Db } from '../../platform/db.ts';
// The readings of a patient, hot and cold (issue 18): one SQL fragment shared by every history read.
import { readingsSql } from '../vitals/readings.sql.ts';

export type AppSubjectRow = {
  id: string;
  user_id: string | null;
  first_name: string;
  last_name: string;
  relation: 'self' | 'sub_user' | 'emergency' | 'caring';
  alert_id: string | null;
  alert_level: string | null;
  alert_since: Date | null;
  last_measured_at: Date | null;
};

/**
 * The patients the app user `userId` may view: their own record, the sub-users they manage, and the owners of accepted
 * emergency / caring relations where they are the follower; each with its most severe open alert and newest reading.
 * A patient reachable two ways is listed once, by its closest relation (self, then sub-user, then follower).
 */
export async function listSubjects(db: Db, tenantId: string, userId: string): Promise<AppSubjectRow[]> {
  return db.query<AppSubjectRow>(
    `with reach as (
       select p.id, 0 as rank, 'self' as relation from patients p where p.tenant_id = $1 and p.user_id = $2::uuid
       union all
       select p.id, 1, 'sub_user' from patients p where p.tenant_id = $1 and p.manager_user_id = $2::uuid
       union all
       select p.id, 2, c.kind from contacts c join patients p on p.tenant_id = c.tenant_id and p.user_id = c.owner_id
        where c.tenant_id = $1 and c.contact_user_id = $2::uuid and c.status = 'accepted' and c.kind in ('emergency', 'caring')
     ), subj as (
       select distinct on (id) id, rank, relation from reach order by id, rank
     )
     select p.id, p.user_id, p.first_name, p.last_name, s.relation,
            a.id as alert_id, a.level as alert_level, a.opened_at as alert_since,
            (select max(m.measured_at) from latest_measurements m where m.tenant_id = $1 and m.patient_id = p.id) as last_measured_at
       from subj s join patients p on p.tenant_id = $1 and p.id = s.id
       left join lateral (
         select x.id, x.level, x.opened_at from alerts x where x.tenant_id = $1 and x.patient_id = p.id and x.status <> 'closed'
          order by case x.level when 'sos' then 3 when 'high_risk' then 2 when 'at_risk' then 1 else 0 end desc, x.opened_at desc limit 1
       ) a on true
      order by s.rank, p.first_name, p.last_name, p.id`,
    [tenantId, userId],
  );
}

export type VitalAtRow = { metric: string; value: number | null; value2: number | null; measured_at: Date };

/** The newest reading of each metric in (`at` − `windowHours`, `at`]: the vital indexes as they were at a moment. */
export async function vitalsAt(
  db: Db,
  tenantId: string,
  patientId: string,
  at: Date,
  windowHours: number,
): Promise<VitalAtRow[]> {
  return db.query<VitalAtRow>(
    `select distinct on (metric) metric, value, value2, measured_at
       from ${readingsSql({ metric: "metric <> 'ecg'", from: '$3::timestamptz - make_interval(hours => $4::int)', fromOp: '>', to: '$3::timestamptz', toOp: '<=' })} r
      order by metric, measured_at desc`,
    [tenantId, patientId, at, windowHours],
  );
}

/** Birthday (YYYY-MM-DD) and gender: what personalises the default thresholds. */
export async function birthdayAndGender(
  db: Db,
  tenantId: string,
  patientId: string,
): Promise<{ birthday: string | null; gender: string | null } | null> {
  const rows = await db.query<{ birthday: string | null; gender: string | null }>(
    "select to_char(birthday, 'YYYY-MM-DD') as birthday, gender from patients where tenant_id = $1 and id = $2::uuid",
    [tenantId, patientId],
  );
  return rows[0] ?? null;
}
