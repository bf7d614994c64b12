import type { Db, SqlValue } from '../../platform/db.ts';
import { visibilityCondition } from '../patients/patient-visibility.sql.ts';
import type { PatientVisibility } from '../patients/patient-visibility.ts';

export type WorklistPersonRow = { id: string; first_name: string; last_name: string };
export type WorklistRow = {
  last_reading_at: Date | null;
  paired_since: Date | null;
  not_worn_since: Date | null;
  patient_id: string;
  first_name: string;
  last_name: string;
  patient_code: string | null;
  alert_id: string;
  level: string;
  metric: string | null;
  idx: string | null;
  value: number | null;
  acknowledged_at: Date | null;
  acknowledged_by: string | null;
  ack_first_name: string | null;
  ack_last_name: string | null;
  sos_case_id: string | null;
  waiting_since: Date;
  open_alerts: number;
  /** The newest readings of the alert's index, newest first (systolic: `value`, diastolic: `value2`). */
  recent: (number | null)[] | null;
  assignees: WorklistPersonRow[];
};

/**
 * One row per visible patient with an open alert of one of `tiers` (or an open SOS case): the alert shown is the
 * one of the open SOS case when there is one, else the most severe, longest-waiting one. Ordered by the position of
 * the row's tier in `tiers` (an open SOS case counts as `tiers[0]`), then waiting time, oldest first.
 */
export async function worklist(
  db: Db,
  tenantId: string,
  v: PatientVisibility,
  q: {
    tiers: readonly string[];
    sosTier: string;
    only: string | undefined;
    recent: number;
    page: number;
    size: number;
  },
): Promise<{ rows: WorklistRow[]; total: number }> {
  const params: SqlValue[] = [tenantId];
  const vis = visibilityCondition(v, 'p', params);
  params.push([...q.tiers]);
  const tiers = `$${params.length}::text[]`;
  params.push(q.sosTier);
  const sosTier = `$${params.length}`;
  let only = '';
  if (q.only) {
    params.push(q.only);
    only = `where w.tier = $${params.length}`;
  }
  const base = `with open_alerts as (
      select a.id, a.patient_id, a.metric, a.idx, a.level, a.value, a.opened_at, a.acknowledged_at, a.acknowledged_by, a.sos_case_id
      from alerts a join patients p on p.tenant_id = a.tenant_id and p.id = a.patient_id
      where a.tenant_id = $1 and a.status <> 'closed' and a.level = any(${tiers}) and ${vis}
    ), top as (
      select distinct on (o.patient_id) o.*, c.id as open_case_id, c.opened_at as case_opened_at
      from open_alerts o left join sos_cases c on c.tenant_id = $1 and c.id = o.sos_case_id and c.status = 'open'
      order by o.patient_id, (c.id is not null) desc, array_position(${tiers}, o.level), o.opened_at, o.id
    ), w as (
      select t.*, case when t.open_case_id is not null then ${sosTier} else t.level end as tier,
        coalesce(t.case_opened_at, t.opened_at) as waiting_since
      from top t
    )`;
  const total = (await db.query<{ n: number }>(`${base} select count(*)::int as n from w ${only}`, params))[0]?.n ?? 0;
  params.push(q.recent);
  const recent = `$${params.length}`;
  const rows = await db.query<WorklistRow>(
    `${base}
     select w.patient_id, p.first_name, p.last_name, p.patient_code, w.id as alert_id, w.tier as level, w.metric, w.idx, w.value,
       w.acknowledged_at, w.acknowledged_by, ack.first_name as ack_first_name, ack.last_name as ack_last_name,
       w.open_case_id as sos_case_id, w.waiting_since, p.last_reading_at,
       (select min(d.activated_at) from devices d where d.tenant_id = $1 and d.patient_id = w.patient_id and d.activated_at is not null) as paired_since,
       (select min(d.not_worn_since) from devices d where d.tenant_id = $1 and d.patient_id = w.patient_id and d.not_worn_since is not null) as not_worn_since,
       (select count(*)::int from alerts x where x.tenant_id = $1 and x.patient_id = w.patient_id and x.status <> 'closed') as open_alerts,
       case when w.metric is null then null else (
         select array_agg(r.v order by r.measured_at desc) from (
           select case when w.idx = 'diastolic' then m.value2 else m.value end as v, m.measured_at from measurements m
           where m.tenant_id = $1 and m.patient_id = w.patient_id and m.metric = w.metric
           order by m.measured_at desc limit ${recent}) r
       ) end as recent,
       coalesce((select json_agg(json_build_object('id', u.id, 'first_name', u.first_name, 'last_name', u.last_name) order by u.last_name, u.first_name, u.id)
         from patient_doctors pd join users u on u.tenant_id = pd.tenant_id and u.id = pd.doctor_id
         where pd.tenant_id = $1 and pd.patient_id = w.patient_id), '[]'::json) as assignees
     from w join patients p on p.tenant_id = $1 and p.id = w.patient_id
       left join users ack on ack.tenant_id = $1 and ack.id = w.acknowledged_by
     ${only}
     order by array_position(${tiers}, w.tier), w.waiting_since, w.patient_id
     limit ${Number(q.size)} offset ${Number(q.page) * Number(q.size)}`,
    params,
  );
  return { rows, total };
}
