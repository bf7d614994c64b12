import type { Db, SqlValue } from '../../platform/db.ts';
import type { AlertRow, SosCaseRow, TrailRow } from './alerts.repo.ts';
import type { DeliveryAnswer } from './trail-answers.ts';

/** Keyset position: rows strictly before (time, id) in newest-first order. */
export type Before = { at: Date; id: string } | null;

const ALERT_COLS = `a.id, a.tenant_id, a.patient_id, a.metric, a.idx, a.level, a.status, a.source, a.value, a.rule, a.state, a.opened_at,
  a.acknowledged_at, a.acknowledged_by, a.closed_at, a.sos_case_id, a.updated_at`;

const beforeCond = (col: string, idCol: string, before: Before, params: SqlValue[]): string => {
  if (!before) return 'true';
  params.push(before.at, before.id);
  return `(${col} < $${params.length - 1} or (${col} = $${params.length - 1} and ${idCol}::text < $${params.length}))`;
};

/** A patient's alerts opened in [from, to], newest first, at most `limit`. */
export async function alertsOfPatient(
  db: Db,
  tenantId: string,
  patientId: string,
  from: Date,
  to: Date,
  before: Before,
  limit: number,
): Promise<AlertRow[]> {
  const params: SqlValue[] = [tenantId, patientId, from, to];
  const cond = beforeCond('a.opened_at', 'a.id', before, params);
  return db.query<AlertRow>(
    `select ${ALERT_COLS} from alerts a where a.tenant_id = $1 and a.patient_id = $2::uuid and a.opened_at >= $3 and a.opened_at <= $4 and ${cond}
      order by a.opened_at desc, a.id desc limit ${Number(limit)}`,
    params,
  );
}

/** The trails of several alerts, oldest step first. */
export async function trailsOf(
  db: Db,
  tenantId: string,
  alertIds: readonly string[],
): Promise<Array<TrailRow & { alert_id: string }>> {
  if (alertIds.length === 0) return [];
  return db.query<TrailRow & { alert_id: string }>(
    'select alert_id, at, kind, entry from alert_trail where tenant_id = $1 and alert_id = any($2::uuid[]) order by at, seq, id',
    [tenantId, [...alertIds]],
  );
}

/** Provider answers of the outbox deliveries of several alerts. */
export async function deliveryAnswersOf(
  db: Db,
  tenantId: string,
  alertIds: readonly string[],
): Promise<Array<DeliveryAnswer & { alert_id: string }>> {
  if (alertIds.length === 0) return [];
  return db.query<DeliveryAnswer & { alert_id: string }>(
    'select alert_id, dedupe_key, status, provider_answer from deliveries where tenant_id = $1 and alert_id = any($2::uuid[])',
    [tenantId, [...alertIds]],
  );
}

export type PatientSosRow = Pick<
  SosCaseRow,
  'id' | 'alert_id' | 'reason' | 'status' | 'opened_at' | 'closed_at' | 'close_note' | 'outcome'
> & {
  closed_by_first: string | null;
  closed_by_last: string | null;
};
/** A patient's SOS cases opened in [from, to], newest first, with who closed them. */
export async function sosCasesOfPatient(
  db: Db,
  tenantId: string,
  patientId: string,
  from: Date,
  to: Date,
  before: Before,
  limit: number,
): Promise<PatientSosRow[]> {
  const params: SqlValue[] = [tenantId, patientId, from, to];
  const cond = beforeCond('c.opened_at', 'c.id', before, params);
  return db.query<PatientSosRow>(
    `select c.id, c.alert_id, c.reason, c.status, c.opened_at, c.closed_at, c.close_note, c.outcome, u.first_name as closed_by_first, u.last_name as closed_by_last
       from sos_cases c left join users u on u.tenant_id = c.tenant_id and u.id = c.closed_by
      where c.tenant_id = $1 and c.patient_id = $2::uuid and c.opened_at >= $3 and c.opened_at <= $4 and ${cond}
      order by c.opened_at desc, c.id desc limit ${Number(limit)}`,
    params,
  );
}
