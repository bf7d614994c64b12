import type { Db, SqlValue } from '../../platform/db.ts';
import { visibilityCondition } from '../patients/patient-visibility.sql.ts';
import type { PatientVisibility } from '../patients/patient-visibility.ts';

// ---------------------------------------------------------------- thresholds and settings

export type ThresholdRow = {
  idx: string;
  low: Record<string, number | null>;
  high: Record<string, number | null>;
  locked: boolean;
  patient_may_edit: boolean;
  updated_at: Date | string;
  updated_by: string | null;
};

export async function thresholdRows(db: Db, tenantId: string, patientId: string): Promise<ThresholdRow[]> {
  return db.query<ThresholdRow>(
    'select idx, low, high, locked, patient_may_edit, updated_at, updated_by from patient_thresholds where tenant_id = $1 and patient_id = $2::uuid',
    [tenantId, patientId],
  );
}

export async function upsertThreshold(
  db: Db,
  tenantId: string,
  patientId: string,
  t: {
    index: string;
    low: unknown;
    high: unknown;
    locked: boolean;
    patientMayEdit: boolean;
  },
  by: string | null,
  now: Date,
): Promise<void> {
  await db.query(
    `insert into patient_thresholds (tenant_id, patient_id, idx, low, high, locked, patient_may_edit, updated_at, updated_by)
     values ($1, $2::uuid, $3, $4::jsonb, $5::jsonb, $6, $7, $8, $9)
     on conflict (tenant_id, patient_id, idx) do update set low = excluded.low, high = excluded.high, locked = excluded.locked,
       patient_may_edit = excluded.patient_may_edit, updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
    [tenantId, patientId, t.index, JSON.stringify(t.low), JSON.stringify(t.high), t.locked, t.patientMayEdit, now, by],
  );
}

export async function deleteThresholds(
  db: Db,
  tenantId: string,
  patientId: string,
  indexes: string[] | null,
): Promise<void> {
  if (indexes)
    await db.query(
      'delete from patient_thresholds where tenant_id = $1 and patient_id = $2::uuid and idx = any($3::text[])',
      [tenantId, patientId, indexes],
    );
  else
    await db.query('delete from patient_thresholds where tenant_id = $1 and patient_id = $2::uuid', [
      tenantId,
      patientId,
    ]);
}

export async function confirmSeconds(db: Db, tenantId: string, patientId: string): Promise<number | null> {
  const rows = await db.query<{ confirm_seconds: number | null }>(
    'select confirm_seconds from patient_alert_settings where tenant_id = $1 and patient_id = $2::uuid',
    [tenantId, patientId],
  );
  return rows[0]?.confirm_seconds ?? null;
}
/** Sets the high-risk confirmation delay (null = back to the default), keeping the patient's other alert settings. */
export async function setConfirmSeconds(
  db: Db,
  tenantId: string,
  patientId: string,
  seconds: number | null,
  by: string | null,
  now: Date,
): Promise<void> {
  if (seconds === null) {
    await db.query(
      'update patient_alert_settings set confirm_seconds = null, updated_at = $3, updated_by = $4 where tenant_id = $1 and patient_id = $2::uuid',
      [tenantId, patientId, now, by],
    );
    return;
  }
  await db.query(
    `insert into patient_alert_settings (tenant_id, patient_id, confirm_seconds, updated_at, updated_by) values ($1, $2::uuid, $3, $4, $5)
     on conflict (tenant_id, patient_id) do update set confirm_seconds = excluded.confirm_seconds, updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
    [tenantId, patientId, seconds, now, by],
  );
}

/** A patient's stored alert settings (patient-app §3); columns of 014_alert_settings.sql. */
export type AlertSettingsRow = {
  push: boolean;
  sms: boolean;
  automatic_call: boolean;
  in_app: boolean;
  valid_from: string | null;
  valid_to: string | null;
  confirm_seconds: number | null;
  updated_at: Date | string | null;
};
export type StoredAlertSettings = {
  push: boolean;
  sms: boolean;
  automaticCall: boolean;
  inApp: boolean;
  validFrom: string | null;
  validTo: string | null;
  confirmSeconds: number | null;
};

export async function alertSettingsRow(db: Db, tenantId: string, patientId: string): Promise<AlertSettingsRow | null> {
  const rows = await db.query<AlertSettingsRow>(
    `select push, sms, automatic_call, in_app, valid_from, valid_to, confirm_seconds, updated_at from patient_alert_settings
     where tenant_id = $1 and patient_id = $2::uuid`,
    [tenantId, patientId],
  );
  return rows[0] ?? null;
}

export async function upsertAlertSettings(
  db: Db,
  tenantId: string,
  patientId: string,
  s: StoredAlertSettings,
  by: string | null,
  now: Date,
): Promise<void> {
  await db.query(
    `insert into patient_alert_settings (tenant_id, patient_id, push, sms, automatic_call, in_app, valid_from, valid_to, confirm_seconds, updated_at, updated_by)
     values ($1, $2::uuid, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     on conflict (tenant_id, patient_id) do update set push = excluded.push, sms = excluded.sms, automatic_call = excluded.automatic_call,
       in_app = excluded.in_app, valid_from = excluded.valid_from, valid_to = excluded.valid_to, confirm_seconds = excluded.confirm_seconds,
       updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
    [tenantId, patientId, s.push, s.sms, s.automaticCall, s.inApp, s.validFrom, s.validTo, s.confirmSeconds, now, by],
  );
}

// ---------------------------------------------------------------- tenant threshold defaults

export type TenantThresholdRow = {
  idx: string;
  low: Record<string, number | null>;
  high: Record<string, number | null>;
  personalized: boolean;
  updated_at: Date | string;
  updated_by: string | null;
};

export async function tenantThresholdRows(db: Db, tenantId: string): Promise<TenantThresholdRow[]> {
  return db.query<TenantThresholdRow>(
    'select idx, low, high, personalized, updated_at, updated_by from tenant_thresholds where tenant_id = $1',
    [tenantId],
  );
}

export async function upsertTenantThreshold(
  db: Db,
  tenantId: string,
  t: { index: string; low: unknown; high: unknown; personalized: boolean },
  by: string | null,
  now: Date,
): Promise<void> {
  await db.query(
    `insert into tenant_thresholds (tenant_id, idx, low, high, personalized, updated_at, updated_by) values ($1, $2, $3::jsonb, $4::jsonb, $5, $6, $7)
     on conflict (tenant_id, idx) do update set low = excluded.low, high = excluded.high, personalized = excluded.personalized,
       updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
    [tenantId, t.index, JSON.stringify(t.low), JSON.stringify(t.high), t.personalized, now, by],
  );
}

export async function deleteTenantThresholds(db: Db, tenantId: string, indexes: string[] | null): Promise<void> {
  if (indexes)
    await db.query('delete from tenant_thresholds where tenant_id = $1 and idx = any($2::text[])', [tenantId, indexes]);
  else await db.query('delete from tenant_thresholds where tenant_id = $1', [tenantId]);
}

// ---------------------------------------------------------------- engine context (one query per batch)

/**
 * The patient as the alert engine needs them: display fields, alert settings (null columns when never set), and the
 * patient account's time zone and language (null without an account).
 */
export type PatientAlertRow = {
  id: string;
  user_id: string | null;
  first_name: string;
  last_name: string;
  patient_code: string | null;
  phone: string | null;
  timezone: string | null;
  language: string | null;
  push: boolean | null;
  sms: boolean | null;
  automatic_call: boolean | null;
  in_app: boolean | null;
  valid_from: string | null;
  valid_to: string | null;
  confirm_seconds: number | null;
};
const PATIENT_ALERT_COLS = `p.id, p.user_id, p.first_name, p.last_name, p.patient_code, p.phone, u.timezone, u.language,
  s.push, s.sms, s.automatic_call, s.in_app, s.valid_from, s.valid_to, s.confirm_seconds`;
const PATIENT_ALERT_FROM = `from patients p
  left join users u on u.tenant_id = p.tenant_id and u.id = p.user_id
  left join patient_alert_settings s on s.tenant_id = p.tenant_id and s.patient_id = p.id`;

export async function patientForAlerts(db: Db, tenantId: string, patientId: string): Promise<PatientAlertRow | null> {
  const rows = await db.query<PatientAlertRow>(
    `select ${PATIENT_ALERT_COLS} ${PATIENT_ALERT_FROM} where p.tenant_id = $1 and p.id = $2::uuid`,
    [tenantId, patientId],
  );
  return rows[0] ?? null;
}

export type EnginePatientRow = PatientAlertRow & {
  birthday: string | null;
  gender: string | null;
  status: string;
  thresholds: ThresholdRow[];
  tenant_thresholds: TenantThresholdRow[];
  open_metrics: (string | null)[];
};

/** The patient, their thresholds, the tenant's defaults, settings and the metrics of their open alerts, in one round trip. */
export async function engineContext(db: Db, tenantId: string, patientId: string): Promise<EnginePatientRow | null> {
  const rows = await db.query<EnginePatientRow>(
    `select ${PATIENT_ALERT_COLS}, to_char(p.birthday, 'YYYY-MM-DD') as birthday, p.gender, p.status,
       coalesce((select json_agg(json_build_object('idx', t.idx, 'low', t.low, 'high', t.high, 'locked', t.locked, 'patient_may_edit', t.patient_may_edit,
         'updated_at', t.updated_at, 'updated_by', t.updated_by))
         from patient_thresholds t where t.tenant_id = p.tenant_id and t.patient_id = p.id), '[]'::json) as thresholds,
       coalesce((select json_agg(json_build_object('idx', d.idx, 'low', d.low, 'high', d.high, 'personalized', d.personalized,
         'updated_at', d.updated_at, 'updated_by', d.updated_by))
         from tenant_thresholds d where d.tenant_id = p.tenant_id), '[]'::json) as tenant_thresholds,
       coalesce((select json_agg(a.metric) from alerts a where a.tenant_id = p.tenant_id and a.patient_id = p.id and a.status <> 'closed'), '[]'::json) as open_metrics
     ${PATIENT_ALERT_FROM} where p.tenant_id = $1 and p.id = $2::uuid`,
    [tenantId, patientId],
  );
  return rows[0] ?? null;
}

export async function lockPatient(db: Db, tenantId: string, patientId: string): Promise<boolean> {
  return (
    (await db.query('select id from patients where tenant_id = $1 and id = $2::uuid for update', [tenantId, patientId]))
      .length > 0
  );
}

// ---------------------------------------------------------------- alerts

export type AlertRow = {
  id: string;
  tenant_id: string;
  patient_id: string;
  metric: string | null;
  idx: string | null;
  level: string;
  status: string;
  source: string;
  value: number | null;
  rule: Record<string, unknown> | null;
  state: Record<string, unknown>;
  opened_at: Date;
  acknowledged_at: Date | null;
  acknowledged_by: string | null;
  closed_at: Date | null;
  sos_case_id: string | null;
  updated_at: Date;
};
export type AlertListRow = AlertRow & { first_name: string; last_name: string; patient_code: string | null };

const ALERT_COLS = `a.id, a.tenant_id, a.patient_id, a.metric, a.idx, a.level, a.status, a.source, a.value, a.rule, a.state, a.opened_at,
  a.acknowledged_at, a.acknowledged_by, a.closed_at, a.sos_case_id, a.updated_at`;

export async function openAlerts(db: Db, tenantId: string, patientId: string): Promise<AlertRow[]> {
  return db.query<AlertRow>(
    `select ${ALERT_COLS} from alerts a where a.tenant_id = $1 and a.patient_id = $2::uuid and a.status <> 'closed'`,
    [tenantId, patientId],
  );
}

export async function findAlert(db: Db, tenantId: string, id: string, forUpdate = false): Promise<AlertRow | null> {
  const rows = await db.query<AlertRow>(
    `select ${ALERT_COLS} from alerts a where a.tenant_id = $1 and a.id = $2::uuid${forUpdate ? ' for update' : ''}`,
    [tenantId, id],
  );
  return rows[0] ?? null;
}

export async function insertAlert(db: Db, r: AlertRow): Promise<void> {
  await db.query(
    `insert into alerts (id, tenant_id, patient_id, metric, idx, level, status, source, value, rule, state, opened_at, acknowledged_at, acknowledged_by,
       closed_at, sos_case_id, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11::jsonb, $12, $13, $14, $15, $16, $17)`,
    [
      r.id,
      r.tenant_id,
      r.patient_id,
      r.metric,
      r.idx,
      r.level,
      r.status,
      r.source,
      r.value,
      r.rule ? JSON.stringify(r.rule) : null,
      JSON.stringify(r.state),
      r.opened_at,
      r.acknowledged_at,
      r.acknowledged_by,
      r.closed_at,
      r.sos_case_id,
      r.updated_at,
    ],
  );
}

export async function updateAlert(db: Db, r: AlertRow): Promise<void> {
  await db.query(
    `update alerts set idx = $3, level = $4, status = $5, value = $6, rule = $7::jsonb, state = $8::jsonb, acknowledged_at = $9, acknowledged_by = $10,
       closed_at = $11, sos_case_id = $12, updated_at = $13
     where tenant_id = $1 and id = $2`,
    [
      r.tenant_id,
      r.id,
      r.idx,
      r.level,
      r.status,
      r.value,
      r.rule ? JSON.stringify(r.rule) : null,
      JSON.stringify(r.state),
      r.acknowledged_at,
      r.acknowledged_by,
      r.closed_at,
      r.sos_case_id,
      r.updated_at,
    ],
  );
}

export async function openLevels(db: Db, tenantId: string, patientId: string): Promise<string[]> {
  const rows = await db.query<{ level: string }>(
    "select level from alerts where tenant_id = $1 and patient_id = $2::uuid and status <> 'closed'",
    [tenantId, patientId],
  );
  return rows.map((r) => r.level);
}

export type AlertFilter = { patientId?: string | undefined; level?: string | undefined; status?: string | undefined };

export async function listAlerts(
  db: Db,
  tenantId: string,
  v: PatientVisibility,
  f: AlertFilter,
  pageNo: number,
  size: number,
): Promise<{ rows: AlertListRow[]; total: number }> {
  const params: SqlValue[] = [tenantId];
  const conds = ['a.tenant_id = $1', visibilityCondition(v, 'p', params)];
  const add = (col: string, value: string | undefined, cast = '') => {
    if (value === undefined) return;
    params.push(value);
    conds.push(`${col} = $${params.length}${cast}`);
  };
  add('a.patient_id', f.patientId, '::uuid');
  add('a.level', f.level);
  add('a.status', f.status);
  const from = 'from alerts a join patients p on p.tenant_id = a.tenant_id and p.id = a.patient_id';
  const where = conds.join(' and ');
  const total = (await db.query<{ n: number }>(`select count(*)::int as n ${from} where ${where}`, params))[0]?.n ?? 0;
  const rows = await db.query<AlertListRow>(
    `select ${ALERT_COLS}, p.first_name, p.last_name, p.patient_code ${from} where ${where}
     order by (a.status = 'closed'), a.opened_at desc, a.id desc limit ${Number(size)} offset ${Number(pageNo) * Number(size)}`,
    params,
  );
  return { rows, total };
}

export async function alertWithPatient(db: Db, tenantId: string, id: string): Promise<AlertListRow | null> {
  const rows = await db.query<AlertListRow>(
    `select ${ALERT_COLS}, p.first_name, p.last_name, p.patient_code from alerts a join patients p on p.tenant_id = a.tenant_id and p.id = a.patient_id
     where a.tenant_id = $1 and a.id = $2::uuid`,
    [tenantId, id],
  );
  return rows[0] ?? null;
}

// ---------------------------------------------------------------- trail

export type TrailRow = { at: Date; kind: string; entry: Record<string, unknown> };
export type NewTrail = {
  id: string;
  alertId: string;
  seq: number;
  at: Date;
  kind: string;
  entry: Record<string, unknown>;
};

export async function insertTrail(db: Db, tenantId: string, items: NewTrail[]): Promise<void> {
  if (items.length === 0) return;
  const params: SqlValue[] = [tenantId];
  const values: string[] = [];
  for (const t of items) {
    const b = params.length;
    params.push(t.id, t.alertId, t.seq, t.at, t.kind, JSON.stringify(t.entry));
    values.push(`($${b + 1}, $1, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5}, $${b + 6}::jsonb)`);
  }
  await db.query(
    `insert into alert_trail (id, tenant_id, alert_id, seq, at, kind, entry) values ${values.join(', ')}`,
    params,
  );
}

export async function trailOf(db: Db, tenantId: string, alertId: string): Promise<TrailRow[]> {
  return db.query<TrailRow>(
    'select at, kind, entry from alert_trail where tenant_id = $1 and alert_id = $2::uuid order by at, seq, id',
    [tenantId, alertId],
  );
}

/** Provider answers of an alert's deliveries (outbox), keyed by dedupe key. */
export async function deliveryAnswers(
  db: Db,
  tenantId: string,
  alertId: string,
): Promise<{ dedupe_key: string; status: string; provider_answer: string | null; sent_at: Date | null }[]> {
  return db.query(
    'select dedupe_key, status, provider_answer, sent_at from deliveries where tenant_id = $1 and alert_id = $2::uuid',
    [tenantId, alertId],
  );
}

// ---------------------------------------------------------------- recipients

export type UserRecipient = {
  id: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  email: string | null;
};

/** Doctors following the patient and the assistants of those doctors (active accounts). */
export async function staffOf(db: Db, tenantId: string, patientId: string): Promise<UserRecipient[]> {
  return db.query<UserRecipient>(
    `select u.id, u.first_name, u.last_name, u.phone, u.email from users u
     where u.tenant_id = $1 and u.status = 'active' and u.id in (
       select pd.doctor_id from patient_doctors pd where pd.tenant_id = $1 and pd.patient_id = $2::uuid
       union select ad.assistant_id from assistant_doctors ad join patient_doctors pd on pd.tenant_id = ad.tenant_id and pd.doctor_id = ad.doctor_id
         where ad.tenant_id = $1 and pd.patient_id = $2::uuid)
     order by u.id`,
    [tenantId, patientId],
  );
}

/** Active customer-care users of the tenant. */
export async function customerCare(db: Db, tenantId: string): Promise<UserRecipient[]> {
  return db.query<UserRecipient>(
    `select distinct u.id, u.first_name, u.last_name, u.phone, u.email from users u
       join user_roles ur on ur.tenant_id = u.tenant_id and ur.user_id = u.id join roles r on r.id = ur.role_id and r.tenant_id = u.tenant_id
     where u.tenant_id = $1 and u.status = 'active' and r.code = 'customer_care' order by u.id`,
    [tenantId],
  );
}

// ---------------------------------------------------------------- SOS cases

export type SosCaseRow = {
  id: string;
  patient_id: string;
  alert_id: string;
  reason: string;
  status: string;
  message: Record<string, unknown> | null;
  location: Record<string, unknown> | null;
  ticket_id: string | null;
  opened_at: Date;
  closed_at: Date | null;
  closed_by: string | null;
  close_note: string | null;
  outcome: string | null;
  first_name: string;
  last_name: string;
  patient_code: string | null;
  patient_phone: string | null;
  level: string;
};

export async function insertSosCase(
  db: Db,
  tenantId: string,
  c: {
    id: string;
    patientId: string;
    alertId: string;
    reason: string;
    message: unknown;
    location: unknown;
    openedAt: Date;
  },
): Promise<void> {
  await db.query(
    `insert into sos_cases (id, tenant_id, patient_id, alert_id, reason, status, message, location, opened_at)
     values ($1, $2, $3, $4, $5, 'open', $6::jsonb, $7::jsonb, $8)`,
    [
      c.id,
      tenantId,
      c.patientId,
      c.alertId,
      c.reason,
      c.message ? JSON.stringify(c.message) : null,
      c.location ? JSON.stringify(c.location) : null,
      c.openedAt,
    ],
  );
}
export async function setSosTicket(db: Db, tenantId: string, id: string, ticketId: string): Promise<void> {
  await db.query('update sos_cases set ticket_id = $3 where tenant_id = $1 and id = $2', [tenantId, id, ticketId]);
}

const SOS_SELECT = `select c.id, c.patient_id, c.alert_id, c.reason, c.status, c.message, c.location, c.ticket_id, c.opened_at, c.closed_at, c.closed_by,
  c.close_note, c.outcome, p.first_name, p.last_name, p.patient_code, p.phone as patient_phone, a.level
  from sos_cases c join patients p on p.tenant_id = c.tenant_id and p.id = c.patient_id join alerts a on a.tenant_id = c.tenant_id and a.id = c.alert_id`;

export async function listSosCases(
  db: Db,
  tenantId: string,
  v: PatientVisibility,
  f: { status?: string | undefined; patientId?: string | undefined },
  pageNo: number,
  size: number,
): Promise<{ rows: SosCaseRow[]; total: number }> {
  const params: SqlValue[] = [tenantId];
  const conds = ['c.tenant_id = $1', visibilityCondition(v, 'p', params)];
  if (f.status) {
    params.push(f.status);
    conds.push(`c.status = $${params.length}`);
  }
  if (f.patientId) {
    params.push(f.patientId);
    conds.push(`c.patient_id = $${params.length}::uuid`);
  }
  const where = conds.join(' and ');
  const total =
    (
      await db.query<{ n: number }>(
        `select count(*)::int as n from sos_cases c join patients p on p.tenant_id = c.tenant_id and p.id = c.patient_id where ${where}`,
        params,
      )
    )[0]?.n ?? 0;
  const rows = await db.query<SosCaseRow>(
    `${SOS_SELECT} where ${where} order by (c.status = 'closed'), c.opened_at desc, c.id desc limit ${Number(size)} offset ${Number(pageNo) * Number(size)}`,
    params,
  );
  return { rows, total };
}

export async function findSosCase(db: Db, tenantId: string, id: string): Promise<SosCaseRow | null> {
  return (
    (await db.query<SosCaseRow>(`${SOS_SELECT} where c.tenant_id = $1 and c.id = $2::uuid`, [tenantId, id]))[0] ?? null
  );
}

export async function closeSosCase(
  db: Db,
  tenantId: string,
  id: string,
  by: string | null,
  outcome: string,
  note: string,
  now: Date,
): Promise<boolean> {
  const rows = await db.query(
    "update sos_cases set status = 'closed', closed_at = $3, closed_by = $4, close_note = $5, outcome = $6 where tenant_id = $1 and id = $2 and status = 'open' returning id",
    [tenantId, id, now, by, note, outcome],
  );
  return rows.length > 0;
}
/** Closes the open SOS case of an alert (when the alert is closed some other way); returns the case's ticket, if any. */
export async function closeSosCaseOfAlert(
  db: Db,
  tenantId: string,
  alertId: string,
  by: string | null,
  now: Date,
): Promise<Array<{ id: string; ticket_id: string | null }>> {
  return db.query<{ id: string; ticket_id: string | null }>(
    "update sos_cases set status = 'closed', closed_at = $3, closed_by = $4, outcome = coalesce(outcome, 'other') where tenant_id = $1 and alert_id = $2 and status = 'open' returning id, ticket_id",
    [tenantId, alertId, now, by],
  );
}

// ---------------------------------------------------------------- SOS presses (client ids of the app)

export type SosRequestRow = {
  patient_id: string;
  alert_id: string;
  sos_case_id: string | null;
  pressed_at: Date | null;
  received_at: Date;
};

export async function findSosRequest(db: Db, tenantId: string, clientId: string): Promise<SosRequestRow | null> {
  const rows = await db.query<SosRequestRow>(
    'select patient_id, alert_id, sos_case_id, pressed_at, received_at from sos_requests where tenant_id = $1 and client_id = $2::uuid',
    [tenantId, clientId],
  );
  return rows[0] ?? null;
}

export async function insertSosRequest(
  db: Db,
  tenantId: string,
  r: {
    clientId: string;
    patientId: string;
    alertId: string;
    sosCaseId: string | null;
    pressedAt: Date | null;
    receivedAt: Date;
  },
): Promise<void> {
  await db.query(
    `insert into sos_requests (tenant_id, client_id, patient_id, alert_id, sos_case_id, pressed_at, received_at)
     values ($1, $2::uuid, $3::uuid, $4::uuid, $5::uuid, $6, $7) on conflict do nothing`,
    [tenantId, r.clientId, r.patientId, r.alertId, r.sosCaseId, r.pressedAt, r.receivedAt],
  );
}

// ---------------------------------------------------------------- live location of an open SOS case

/** The patient's newest open SOS case, if any. */
export async function openSosCaseOfPatient(
  db: Db,
  tenantId: string,
  patientId: string,
): Promise<{ id: string; alert_id: string } | null> {
  const rows = await db.query<{ id: string; alert_id: string }>(
    "select id, alert_id from sos_cases where tenant_id = $1 and patient_id = $2::uuid and status = 'open' order by opened_at desc limit 1",
    [tenantId, patientId],
  );
  return rows[0] ?? null;
}

/** When the alert's trail last got an entry of this kind. */
export async function lastTrailAt(db: Db, tenantId: string, alertId: string, kind: string): Promise<Date | null> {
  const rows = await db.query<{ at: Date }>(
    'select max(at) as at from alert_trail where tenant_id = $1 and alert_id = $2::uuid and kind = $3',
    [tenantId, alertId, kind],
  );
  return rows[0]?.at ?? null;
}

/** The next sequence number of an alert's trail (call inside the patient's transaction). */
export async function nextTrailSeq(db: Db, tenantId: string, alertId: string): Promise<number> {
  const rows = await db.query<{ n: number }>(
    'select coalesce(max(seq), 0)::int + 1 as n from alert_trail where tenant_id = $1 and alert_id = $2::uuid',
    [tenantId, alertId],
  );
  return rows[0]!.n;
}
