import type { Db, SqlValue } from '../../platform/db.ts';
import type { PatientVisibility } from '../patients/patient-visibility.ts';
import { visibilityCondition } from '../patients/patient-visibility.sql.ts';

export type TicketRow = {
  id: string;
  seq: string;
  type: string;
  status: string;
  patient_id: string | null;
  patient_first: string | null;
  patient_last: string | null;
  patient_code: string | null;
  sos_case_id: string | null;
  alert_id: string | null;
  caller_name: string | null;
  caller_phone: string | null;
  description: string | null;
  cancel_reason: string | null;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
  confirmed_at: Date | null;
  processing_at: Date | null;
  completed_at: Date | null;
  closed_at: Date | null;
};
export type ActivityRow = {
  id: string;
  kind: string;
  from_status: string | null;
  to_status: string | null;
  note: string | null;
  actor_id: string | null;
  actor_first: string | null;
  actor_last: string | null;
  created_at: Date;
};

const COLS = `t.id, t.seq::text as seq, t.type, t.status, t.patient_id, p.first_name as patient_first, p.last_name as patient_last, p.patient_code,
  t.sos_case_id, t.alert_id, t.caller_name, t.caller_phone, t.description, t.cancel_reason, t.created_by, t.created_at, t.updated_at,
  t.confirmed_at, t.processing_at, t.completed_at, t.closed_at`;
const FROM = 'from tickets t left join patients p on p.tenant_id = t.tenant_id and p.id = t.patient_id';

/**
 * Tickets the caller may see: those of visible patients; tickets without a patient (hotline calls from strangers)
 * only for tenant-wide viewers (customer care, admins).
 */
function visible(v: PatientVisibility, params: SqlValue[]): string {
  if (v.kind === 'tenant') return 'true';
  return `(t.patient_id is not null and ${visibilityCondition(v, 'p', params)})`;
}

export async function nextSeq(db: Db, tenantId: string): Promise<number> {
  const rows = await db.query<{ last_seq: string }>(
    `insert into ticket_counters (tenant_id, last_seq) values ($1, 1)
     on conflict (tenant_id) do update set last_seq = ticket_counters.last_seq + 1 returning last_seq::text as last_seq`,
    [tenantId],
  );
  return Number(rows[0]!.last_seq);
}

export type NewTicket = {
  id: string;
  seq: number;
  type: string;
  patientId: string | null;
  sosCaseId: string | null;
  alertId: string | null;
  callerName: string | null;
  callerPhone: string | null;
  description: string | null;
  createdBy: string | null;
  now: Date;
};

/** Inserts a ticket; with an SOS case, a second insert of the same (case, type) does nothing and returns null. */
export async function insertTicket(db: Db, tenantId: string, t: NewTicket): Promise<string | null> {
  const rows = await db.query<{ id: string }>(
    `insert into tickets (id, tenant_id, seq, type, status, patient_id, sos_case_id, alert_id, caller_name, caller_phone, description, created_by, created_at, updated_at)
     values ($2, $1, $3, $4, 'new', $5, $6, $7, $8, $9, $10, $11, $12, $12)
     on conflict (tenant_id, sos_case_id, type) where sos_case_id is not null do nothing returning id`,
    [
      tenantId,
      t.id,
      t.seq,
      t.type,
      t.patientId,
      t.sosCaseId,
      t.alertId,
      t.callerName,
      t.callerPhone,
      t.description,
      t.createdBy,
      t.now,
    ],
  );
  return rows[0]?.id ?? null;
}

export async function findBySosCase(db: Db, tenantId: string, sosCaseId: string, type: string): Promise<string | null> {
  const rows = await db.query<{ id: string }>(
    'select id from tickets where tenant_id = $1 and sos_case_id = $2 and type = $3',
    [tenantId, sosCaseId, type],
  );
  return rows[0]?.id ?? null;
}

export async function insertActivity(
  db: Db,
  tenantId: string,
  a: {
    id: string;
    ticketId: string;
    kind: string;
    from: string | null;
    to: string | null;
    note: string | null;
    actorId: string | null;
    now: Date;
  },
): Promise<void> {
  await db.query(
    `insert into ticket_activities (id, tenant_id, ticket_id, kind, from_status, to_status, note, actor_id, created_at) values ($2, $1, $3, $4, $5, $6, $7, $8, $9)`,
    [tenantId, a.id, a.ticketId, a.kind, a.from, a.to, a.note, a.actorId, a.now],
  );
}

export type ListFilter = {
  type?: string;
  status?: string;
  patientId?: string;
  sosCaseId?: string;
  open?: boolean;
  from?: Date;
  to?: Date;
};

function where(tenantId: string, v: PatientVisibility, f: ListFilter): { sql: string; params: SqlValue[] } {
  const params: SqlValue[] = [tenantId];
  const conds = ['t.tenant_id = $1', visible(v, params)];
  const p = (value: SqlValue) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (f.type) conds.push(`t.type = ${p(f.type)}`);
  if (f.status) conds.push(`t.status = ${p(f.status)}`);
  if (f.patientId) conds.push(`t.patient_id = ${p(f.patientId)}::uuid`);
  if (f.sosCaseId) conds.push(`t.sos_case_id = ${p(f.sosCaseId)}::uuid`);
  if (f.open === true) conds.push(`t.status not in ('success', 'canceled')`);
  if (f.open === false) conds.push(`t.status in ('success', 'canceled')`);
  if (f.from) conds.push(`t.created_at >= ${p(f.from)}`);
  if (f.to) conds.push(`t.created_at < ${p(f.to)}`);
  return { sql: conds.join(' and '), params };
}

export async function listTickets(
  db: Db,
  tenantId: string,
  v: PatientVisibility,
  f: ListFilter,
  page: number,
  size: number,
): Promise<{ rows: TicketRow[]; total: number }> {
  const w = where(tenantId, v, f);
  const count = await db.query<{ n: string }>(`select count(*)::text as n ${FROM} where ${w.sql}`, w.params);
  const rows = await db.query<TicketRow>(
    `select ${COLS} ${FROM} where ${w.sql} order by t.created_at desc, t.seq desc limit ${size} offset ${page * size}`,
    w.params,
  );
  return { rows, total: Number(count[0]?.n ?? 0) };
}

export async function findTicket(
  db: Db,
  tenantId: string,
  v: PatientVisibility,
  id: string,
  lock = false,
): Promise<TicketRow | null> {
  const params: SqlValue[] = [tenantId, id];
  const cond = visible(v, params);
  const rows = await db.query<TicketRow>(
    `select ${COLS} ${FROM} where t.tenant_id = $1 and t.id = $2::uuid and ${cond}${lock ? ' for update of t' : ''}`,
    params,
  );
  return rows[0] ?? null;
}

export async function listActivities(db: Db, tenantId: string, ticketId: string): Promise<ActivityRow[]> {
  return db.query<ActivityRow>(
    `select a.id, a.kind, a.from_status, a.to_status, a.note, a.actor_id, u.first_name as actor_first, u.last_name as actor_last, a.created_at
     from ticket_activities a left join users u on u.id = a.actor_id
     where a.tenant_id = $1 and a.ticket_id = $2 order by a.created_at, a.seq`,
    [tenantId, ticketId],
  );
}

/** Moves a ticket from `from` to `to` (compare-and-set: null when someone else moved it first). */
export async function updateStatus(
  db: Db,
  tenantId: string,
  id: string,
  from: string,
  to: string,
  cancelReason: string | null,
  now: Date,
): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    `update tickets set status = $4, updated_at = $6, cancel_reason = coalesce($5, cancel_reason),
       confirmed_at = case when $4 = 'confirm' then $6 else confirmed_at end,
       processing_at = case when $4 = 'processing' then $6 else processing_at end,
       completed_at = case when $4 in ('complete', 'success') and completed_at is null then $6 else completed_at end,
       closed_at = case when $4 in ('success', 'canceled') then $6 else closed_at end
     where tenant_id = $1 and id = $2 and status = $3 returning id`,
    [tenantId, id, from, to, cancelReason, now],
  );
  return rows.length > 0;
}

export async function touch(db: Db, tenantId: string, id: string, now: Date): Promise<void> {
  await db.query('update tickets set updated_at = $3 where tenant_id = $1 and id = $2', [tenantId, id, now]);
}

export type StatsRow = {
  type: string;
  status: string;
  n: string;
  confirm_s: number | null;
  complete_s: number | null;
  confirmed: string;
  completed: string;
};

export async function stats(
  db: Db,
  tenantId: string,
  v: PatientVisibility,
  from: Date | undefined,
  to: Date | undefined,
): Promise<StatsRow[]> {
  const w = where(tenantId, v, { from, to });
  return db.query<StatsRow>(
    `select t.type, t.status, count(*)::text as n,
       sum(extract(epoch from (t.confirmed_at - t.created_at)))::float8 as confirm_s, count(t.confirmed_at)::text as confirmed,
       sum(extract(epoch from (t.completed_at - t.created_at)))::float8 as complete_s, count(t.completed_at)::text as completed
     ${FROM} where ${w.sql} group by t.type, t.status`,
    w.params,
  );
}

/** A ticket's status for a system change (the SOS case it belongs to was closed): locked, no visibility filter. */
export async function lockStatus(db: Db, tenantId: string, id: string): Promise<string | null> {
  const rows = await db.query<{ status: string }>(
    'select status from tickets where tenant_id = $1 and id = $2::uuid for update',
    [tenantId, id],
  );
  return rows[0]?.status ?? null;
}

/** Whether the ticket's SOS case is still open (an SOS ticket ends with its case). */
export async function sosCaseOpen(db: Db, tenantId: string, sosCaseId: string): Promise<boolean> {
  const rows = await db.query<{ open: boolean }>(
    "select status = 'open' as open from sos_cases where tenant_id = $1 and id = $2::uuid",
    [tenantId, sosCaseId],
  );
  return rows[0]?.open ?? false;
}
