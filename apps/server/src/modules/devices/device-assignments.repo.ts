import type { Db, SqlValue } from '../../platform/db.ts';

export type AssignmentEventRow = {
  id: string;
  at: Date;
  device_id: string;
  action: 'paired' | 'unpaired';
  model: string | null;
  serial: string | null;
  name: string | null;
  by_first: string | null;
  by_last: string | null;
};

/**
 * A patient's devices paired and unpaired in [from, to], newest first, read from the audit trail of device writes
 * (device.create / device.assign name the patient a device is given to; device.forget ends the app's pairing): a
 * device is paired when an entry gives it to the patient after it was not theirs, unpaired when the next entry of
 * that device takes it away. A device given to the patient without such an entry (the demo seed, the app's own
 * pairing of a new watch) counts as paired when it was activated (else first connected, else created).
 */
export async function assignmentEvents(
  db: Db,
  tenantId: string,
  patientId: string,
  from: Date,
  to: Date,
  before: { at: Date; id: string } | null,
  limit: number,
): Promise<AssignmentEventRow[]> {
  const params: SqlValue[] = [tenantId, patientId, from, to];
  let cond = 'true';
  if (before) {
    params.push(before.at, before.id);
    cond = `(x.at < $5 or (x.at = $5 and x.id::text < $6))`;
  }
  return db.query<AssignmentEventRow>(
    `with mine as (
       select distinct resource_id from audit_log
        where tenant_id = $1 and resource = 'device' and action in ('device.create', 'device.assign') and outcome = 'ok' and details->>'patientId' = $2::text
     ), owners as (
       select a.id, a.created_at, a.resource_id, a.actor_id,
              case when a.action = 'device.forget' then null else a.details->>'patientId' end as owner
         from audit_log a join mine m on m.resource_id = a.resource_id
        where a.tenant_id = $1 and a.resource = 'device' and a.action in ('device.create', 'device.assign', 'device.forget') and a.outcome = 'ok'
     ), e as (
       select o.*, lag(o.owner) over (partition by o.resource_id order by o.created_at, o.id) as prev from owners o
     ), x as (
       select e.id, e.created_at as at, d.id as device_id, case when e.owner = $2::text then 'paired' else 'unpaired' end as action,
              d.model, d.serial, d.name, u.first_name as by_first, u.last_name as by_last
         from e join devices d on d.tenant_id = $1 and d.id::text = e.resource_id
         left join users u on u.tenant_id = $1 and u.id = e.actor_id
        where (e.owner = $2::text and e.prev is distinct from $2::text) or (e.prev = $2::text and e.owner is distinct from $2::text)
       union all
       select d.id, coalesce(d.activated_at, d.first_connect, d.created_at), d.id, 'paired', d.model, d.serial, d.name, null, null
         from devices d where d.tenant_id = $1 and d.patient_id = $2::uuid and not exists (select 1 from mine m where m.resource_id = d.id::text)
     )
     select * from x where x.at >= $3 and x.at <= $4 and ${cond}
      order by x.at desc, x.id desc limit ${Number(limit)}`,
    params,
  );
}
