import type { Db } from '../platform/db.ts';
import { newId } from '../platform/ids.ts';
import type { TestApp } from '../test-support/test-app.ts';
import { DEMO_PASSWORD, DEMO_TENANTS } from '../modules/seed/demo.ts';

/** Every table of the schema that carries a tenant_id (read from the database, so a new table is covered at once). */
export async function tenantTables(db: Db): Promise<string[]> {
  const rows = await db.query<{ table_name: string }>(
    // Partitions (measurements by month) are read through their parent.
    `select table_name from information_schema.columns where table_schema = current_schema() and column_name = 'tenant_id'
       and table_name not in (select relname from pg_class where relispartition) order by table_name`,
  );
  return rows.map((r) => r.table_name);
}

export type TenantRefs = {
  tenantId: string;
  code: string;
  domain: string;
  users: Record<string, string>;
  /** DEMO-P0001 (patient@, followed by doctor@, center A). */
  patientId: string;
  /** A patient of the other center (B), not followed by doctor@: for same-tenant restrictions. */
  otherCenterPatientId: string;
  /** A patient of center A that doctor@ does not follow. */
  otherDoctorPatientId: string;
  centerA: string;
  centerB: string;
  scopeId: string;
  deviceId: string;
  roleId: string;
  userRoleId: string;
};

/** Ids of the demo rows a factory hangs its rows on. */
export async function tenantRefs(db: Db, code: string): Promise<TenantRefs> {
  const domain = DEMO_TENANTS.find((d) => d.code === code)!.domain;
  const [tenant] = await db.query<{ id: string }>('select id from tenants where code = $1', [code]);
  const tenantId = tenant!.id;
  const users: Record<string, string> = {};
  for (const u of await db.query<{ id: string; email: string }>('select id, email from users where tenant_id = $1', [
    tenantId,
  ])) {
    users[u.email.split('@')[0]!] = u.id;
  }
  const [centerA] = await db.query<{ id: string }>(
    "select id from health_centers where tenant_id = $1 and name like 'Ba Dinh%'",
    [tenantId],
  );
  const [centerB] = await db.query<{ id: string }>(
    "select id from health_centers where tenant_id = $1 and name like 'Le Chan%'",
    [tenantId],
  );
  const [patient] = await db.query<{ id: string }>('select id from patients where tenant_id = $1 and user_id = $2', [
    tenantId,
    users.patient!,
  ]);
  const notFollowed = `not exists (select 1 from patient_doctors d where d.tenant_id = p.tenant_id and d.patient_id = p.id and d.doctor_id = $2)`;
  const [otherCenter] = await db.query<{ id: string }>(
    `select p.id from patients p where p.tenant_id = $1 and p.center_id = $3 and ${notFollowed} order by p.patient_code limit 1`,
    [tenantId, users.doctor!, centerB!.id],
  );
  const [otherDoctor] = await db.query<{ id: string }>(
    `select p.id from patients p where p.tenant_id = $1 and p.center_id = $3 and ${notFollowed} order by p.patient_code limit 1`,
    [tenantId, users.doctor!, centerA!.id],
  );
  const [scope] = await db.query<{ id: string }>('select id from scopes where tenant_id = $1 order by level limit 1', [
    tenantId,
  ]);
  const [device] = await db.query<{ id: string }>(
    'select id from devices where tenant_id = $1 order by created_at limit 1',
    [tenantId],
  );
  const [role] = await db.query<{ id: string }>("select id from roles where tenant_id = $1 and code = 'doctor'", [
    tenantId,
  ]);
  const [userRole] = await db.query<{ id: string }>('select id from user_roles where tenant_id = $1 and user_id = $2', [
    tenantId,
    users.doctor!,
  ]);
  return {
    tenantId,
    code,
    domain,
    users,
    patientId: patient!.id,
    otherCenterPatientId: otherCenter!.id,
    otherDoctorPatientId: otherDoctor!.id,
    centerA: centerA!.id,
    centerB: centerB!.id,
    scopeId: scope!.id,
    deviceId: device!.id,
    roleId: role!.id,
    userRoleId: userRole!.id,
  };
}

type Factory = (db: Db, r: TenantRefs, now: Date) => Promise<void>;

/**
 * One SQL factory per tenant-scoped table the demo seed and the API flows below leave empty.
 * Rows are minimal but valid (constraints of the migrations), hung on the tenant's own demo rows.
 */
const SQL_FACTORIES: Record<string, Factory> = {
  orders: async (db, r, now) => {
    const [p] = await db.query<{ id: string }>("select id from packages where tenant_id = $1 and code = 'BASIC'", [
      r.tenantId,
    ]);
    await db.query(
      `insert into orders (id, tenant_id, code, user_id, package_id, item_type, months, quantity, amount_minor, tax_minor, total_minor, currency, channel, status, created_at, updated_at)
      values ($1, $2, $3, $4, $5, 'SERVICE_PACKAGE', 12, 1, 120000, 0, 120000, 'VND', 'APP', 1, $6, $6)`,
      [newId(), r.tenantId, `CWF${r.code.toUpperCase()}`, r.users.patient!, p!.id, now],
    );
  },
  subscriptions: async (db, r, now) => {
    // A cancelled one: the row exists for the matrix without changing whose plan is in effect.
    const [p] = await db.query<{ id: string }>("select id from packages where tenant_id = $1 and code = 'BASIC'", [
      r.tenantId,
    ]);
    await db.query(
      `insert into subscriptions (id, tenant_id, user_id, package_id, status, months, price_minor, currency, starts_at, ends_at, source, created_at, updated_at)
      values ($1, $2, $3, $4, 'cancelled', 12, 120000, 'VND', $5, $5, 'seed', $5, $5)`,
      [newId(), r.tenantId, r.users.patient!, p!.id, now],
    );
  },
  addon_balances: async (db, r, now) => {
    const [p] = await db.query<{ id: string }>("select id from packages where tenant_id = $1 and code = 'BASIC'", [
      r.tenantId,
    ]);
    await db.query(
      'insert into addon_balances (tenant_id, user_id, package_id, remaining_uses, updated_at) values ($1, $2, $3, 1, $4)',
      [r.tenantId, r.users.patient!, p!.id, now],
    );
  },
  app_feedback: async (db, r, now) => {
    await db.query(
      "insert into app_feedback (id, tenant_id, user_id, kind, category, description, created_at) values ($1, $2, $3, 'IMPROVE', 'SOFTWARE', 'factory', $4)",
      [newId(), r.tenantId, r.users.patient!, now],
    );
  },
  doctor_ratings: async (db, r, now) => {
    await db.query(
      "insert into doctor_ratings (id, tenant_id, doctor_id, user_id, stars, comment, created_at, updated_at) values ($1, $2, $3, $4, 4, 'factory', $5, $5)",
      [newId(), r.tenantId, r.users.doctor!, r.users.patient!, now],
    );
  },
  announcements: async (db, r, now) => {
    await db.query(
      "insert into announcements (id, tenant_id, title, message, status, created_by, created_at, sent_at) values ($1, $2, 'Factory', 'Factory row', 'sent', $3, $4, $4)",
      [newId(), r.tenantId, r.users.sysadmin!, now],
    );
  },
  alerts: async (db, r, now) => {
    await db.query(
      `insert into alerts (id, tenant_id, patient_id, metric, idx, level, status, source, value, state, opened_at, updated_at)
      values ($1, $2, $3, 'spo2', 'spo2', 'at_risk', 'open', 'reading', 91, '{}'::jsonb, $4, $4)`,
      [newId(), r.tenantId, r.otherCenterPatientId, now],
    );
  },
  alert_trail: async (db, r, now) => {
    const [a] = await db.query<{ id: string }>('select id from alerts where tenant_id = $1 limit 1', [r.tenantId]);
    await db.query(
      `insert into alert_trail (id, tenant_id, alert_id, seq, at, kind, entry) values ($1, $2, $3, 1, $4, 'opened', '{}'::jsonb)`,
      [newId(), r.tenantId, a!.id, now],
    );
  },
  sos_cases: async (db, r, now) => {
    const alertId = newId();
    await db.query(
      `insert into alerts (id, tenant_id, patient_id, metric, idx, level, status, source, state, opened_at, updated_at)
      values ($1, $2, $3, null, null, 'sos', 'open', 'sos_button', '{}'::jsonb, $4, $4)`,
      [alertId, r.tenantId, r.otherDoctorPatientId, now],
    );
    await db.query(
      `insert into sos_cases (id, tenant_id, patient_id, alert_id, reason, status, message, opened_at) values ($1, $2, $3, $4, 'sos_button', 'open', '{"kind":"choice","choice":"need_help"}'::jsonb, $5)`,
      [newId(), r.tenantId, r.otherDoctorPatientId, alertId, now],
    );
  },
  sos_requests: async (db, r, now) => {
    const [a] = await db.query<{ id: string; patient_id: string; sos_case_id: string | null }>(
      'select id, patient_id, sos_case_id from alerts where tenant_id = $1 limit 1',
      [r.tenantId],
    );
    await db.query(
      'insert into sos_requests (tenant_id, client_id, patient_id, alert_id, sos_case_id, pressed_at, received_at) values ($1, $2, $3, $4, $5, $6, $6)',
      [r.tenantId, newId(), a!.patient_id, a!.id, a!.sos_case_id, now],
    );
  },
  ticket_counters: async (db, r) => {
    await db.query('insert into ticket_counters (tenant_id, last_seq) values ($1, 0)', [r.tenantId]);
  },
  tickets: async (db, r, now) => {
    await db.query('update ticket_counters set last_seq = last_seq + 1 where tenant_id = $1', [r.tenantId]);
    await db.query(
      `insert into tickets (id, tenant_id, seq, type, status, patient_id, created_at, updated_at)
      values ($1, $2, (select last_seq from ticket_counters where tenant_id = $2), 'hotline', 'new', $3, $4, $4)`,
      [newId(), r.tenantId, r.patientId, now],
    );
  },
  ticket_activities: async (db, r, now) => {
    const [tk] = await db.query<{ id: string }>('select id from tickets where tenant_id = $1 limit 1', [r.tenantId]);
    await db.query(
      `insert into ticket_activities (id, tenant_id, ticket_id, kind, note, actor_id, created_at) values ($1, $2, $3, 'note', 'factory', $4, $5)`,
      [newId(), r.tenantId, tk!.id, r.users.cskh!, now],
    );
  },
  doctor_schedules: async (db, r, now) => {
    const start = new Date(now.getTime() + 400 * 86400_000);
    await db.query(
      `insert into doctor_schedules (id, tenant_id, doctor_id, center_id, start_at, end_at, slot_minutes, status, submitted_at, submitted_by)
      values ($1, $2, $3, $4, $5, $6, 30, 'approved', $7, $3)`,
      [newId(), r.tenantId, r.users.doctor!, r.centerA, start, new Date(start.getTime() + 3600_000), now],
    );
  },
  doctor_slots: async (db, r) => {
    const [s] = await db.query<{ id: string; start_at: Date }>(
      'select id, start_at from doctor_schedules where tenant_id = $1 order by start_at desc limit 1',
      [r.tenantId],
    );
    await db.query(
      'insert into doctor_slots (id, tenant_id, schedule_id, doctor_id, start_at, end_at) values ($1, $2, $3, $4, $5, $6)',
      [newId(), r.tenantId, s!.id, r.users.doctor!, s!.start_at, new Date(s!.start_at.getTime() + 1800_000)],
    );
  },
  appointment_counters: async (db, r) => {
    await db.query('insert into appointment_counters (tenant_id, last_seq) values ($1, 0)', [r.tenantId]);
  },
  appointments: async (db, r, now) => {
    await db.query('update appointment_counters set last_seq = last_seq + 1 where tenant_id = $1', [r.tenantId]);
    await db.query(
      `insert into appointments (id, tenant_id, seq, patient_id, doctor_id, start_at, end_at, location, reason, status, created_at, updated_at)
      values ($1, $2, (select last_seq from appointment_counters where tenant_id = $2), $3, $4, $5, $5, 'AT_THE_CLINIC', 'factory', 'UPCOMING', $5, $5)`,
      [newId(), r.tenantId, r.patientId, r.users.doctor!, now],
    );
  },
  appointment_changes: async (db, r, now) => {
    const [a] = await db.query<{ id: string }>('select id from appointments where tenant_id = $1 limit 1', [
      r.tenantId,
    ]);
    await db.query(
      "insert into appointment_changes (id, tenant_id, appointment_id, from_status, to_status, at) values ($1, $2, $3, null, 'UPCOMING', $4)",
      [newId(), r.tenantId, a!.id, now],
    );
  },
  meeting_participants: async (db, r, now) => {
    const [a] = await db.query<{ id: string }>(
      'select id from appointments where tenant_id = $1 order by start_at limit 1',
      [r.tenantId],
    );
    await db.query(
      "insert into meeting_participants (id, tenant_id, appointment_id, user_id, role, state, joined_at, updated_at) values ($1, $2, $3, $4, 'doctor', 'left', $5, $5)",
      [newId(), r.tenantId, a!.id, r.users.doctor!, now],
    );
  },
  meeting_signals: async (db, r, now) => {
    const [a] = await db.query<{ id: string }>(
      'select id from appointments where tenant_id = $1 order by start_at limit 1',
      [r.tenantId],
    );
    await db.query(
      "insert into meeting_signals (id, tenant_id, appointment_id, from_user_id, to_user_id, kind, data, created_at) values ($1, $2, $3, $4, $5, 'bye', '', $6)",
      [newId(), r.tenantId, a!.id, r.users.doctor!, r.users.patient!, now],
    );
  },
  medication_missed_notices: async (db, r, now) => {
    const [i] = await db.query<{ id: string; med_key: string }>(
      'select id, med_key from medication_intakes where tenant_id = $1 and patient_id = $2 order by due_at limit 1',
      [r.tenantId, r.patientId],
    );
    await db.query(
      'insert into medication_missed_notices (id, tenant_id, patient_id, med_key, first_intake_id, last_intake_id, missed, created_at) values ($1, $2, $3, $4, $5, $5, 2, $6)',
      [newId(), r.tenantId, r.patientId, i!.med_key, i!.id, now],
    );
  },
  medicine_images: async (db, r, now) => {
    await db.query(
      "insert into medicine_images (id, tenant_id, path, mime, uploaded_by, created_at) values ($1, $2, 'files/medicines/none.png', 'image/png', $3, $4)",
      [newId(), r.tenantId, r.users.doctor!, now],
    );
  },
  event_reminders: async (db, r, now) => {
    await db.query(
      "insert into event_reminders (id, tenant_id, patient_id, arrival_at, label, icon, created_at, updated_at) values ($1, $2, $3, $4, 'Factory', 'pill', $4, $4)",
      [newId(), r.tenantId, r.patientId, new Date(now.getTime() + 86400_000)],
    );
  },
  deliveries: async (db, r, now) => {
    await db.query(
      `insert into deliveries (id, tenant_id, dedupe_key, channel, recipient_user_id, template, payload, status, next_attempt_at, created_at, updated_at)
      values ($1, $2, $3, 'in_app', $4, 'factory', '{}'::jsonb, 'sent', $5, $5, $5)`,
      [newId(), r.tenantId, `factory:${newId()}`, r.users.doctor!, now],
    );
  },
  notifications: async (db, r, now) => {
    for (const u of ['doctor', 'patient', 'follower', 'cskh']) {
      await db.query(
        `insert into notifications (id, tenant_id, user_id, type, title, body, patient_id, created_at) values ($1, $2, $3, 'announcement', 'Factory', 'Factory row', $4, $5)`,
        [newId(), r.tenantId, r.users[u]!, r.patientId, now],
      );
    }
  },
  push_subscriptions: async (db, r, now) => {
    await db.query(
      `insert into push_subscriptions (id, tenant_id, user_id, endpoint, p256dh, auth, created_at) values ($1, $2, $3, $4, 'p256', 'auth', $5)`,
      [newId(), r.tenantId, r.users.patient!, `https://push.invalid/${r.code}/${newId()}`, now],
    );
  },
  calls: async (db, r, now) => {
    await db.query(
      `insert into calls (id, tenant_id, from_number, to_number, provider, status, duration_s, started_at, created_at) values ($1, $2, '1900', '0800000012', 'recorded', 1, 10, $3, $3)`,
      [newId(), r.tenantId, now],
    );
  },
  cdr_files: async (db, r, now) => {
    await db.query(
      `insert into cdr_files (id, tenant_id, day, file_name, rows, size_bytes, created_at) values ($1, $2, '2026-11-21', 'cdr-2026-11-21.csv', 1, 10, $3)`,
      [newId(), r.tenantId, now],
    );
  },
  messages: async (db, r, now) => {
    await db.query(
      `insert into messages (id, tenant_id, channel, recipient, body, provider, status, created_at) values ($1, $2, 'sms', '0800000012', 'factory', 'recorded', 1, $3)`,
      [newId(), r.tenantId, now],
    );
  },
  deactivation_requests: async (db, r, now) => {
    await db.query(
      `insert into deactivation_requests (id, tenant_id, user_id, reason, status, created_at) values ($1, $2, $3, 'factory', 'pending', $4)`,
      [newId(), r.tenantId, r.users.coach!, now],
    );
  },
  device_connection_history: async (db, r, now) => {
    await db.query(
      `insert into device_connection_history (id, tenant_id, device_id, user_id, username, status, model, device_name, event_at) values ($1, $2, $3, $4, $5, 1, 'watch', 'Watch', $6)`,
      [newId(), r.tenantId, r.deviceId, r.users.patient!, `patient@${r.domain}`, now],
    );
  },
  mqtt_batches: async (db, r, now) => {
    await db.query('insert into mqtt_batches (tenant_id, device_id, batch_id, seen_at) values ($1, $2, $3, $4)', [
      r.tenantId,
      r.deviceId,
      `factory-${newId()}`,
      now,
    ]);
  },
  device_logs: async (db, r, now) => {
    await db.query(
      `insert into device_logs (id, tenant_id, user_id, device_id, kind, note, requested_by, created_at) values ($1, $2, $3, $4, 'history', 'factory', $5, $6)`,
      [newId(), r.tenantId, r.users.patient!, r.deviceId, r.users.operator!, now],
    );
  },
  phone_history: async (db, r, now) => {
    await db.query(
      `insert into phone_history (id, tenant_id, user_id, username, phone_name, os, app_version, status, event_at) values ($1, $2, $3, $4, 'Phone', 'Android', '1.0.0', 'online', $5)`,
      [newId(), r.tenantId, r.users.patient!, `patient@${r.domain}`, now],
    );
  },
  doctor_profiles: async (db, r, now) => {
    await db.query(
      `insert into doctor_profiles (tenant_id, user_id, specialties, degree, introduction, created_at, updated_at) values ($1, $2, $3, 1, 'factory', $4, $4)`,
      [r.tenantId, r.users.doctor!, ['cardiology'], now],
    );
  },
  medical_licenses: async (db, r, now) => {
    await db.query(
      `insert into medical_licenses (id, tenant_id, user_id, name, number, expiry_date, created_at, updated_at) values ($1, $2, $3, 'License', 'L-1', '2030-01-01', $4, $4)`,
      [newId(), r.tenantId, r.users.doctor!, now],
    );
  },
  patient_alert_settings: async (db, r, now) => {
    await db.query(
      'insert into patient_alert_settings (tenant_id, patient_id, confirm_seconds, updated_at, updated_by) values ($1, $2, 60, $3, $4)',
      [r.tenantId, r.patientId, now, r.users.doctor!],
    );
  },
  patient_attachments: async (db, r, now) => {
    await db.query(
      `insert into patient_attachments (id, tenant_id, patient_id, file_name, content_type, size_bytes, path, created_by, created_at) values ($1, $2, $3, 'note.pdf', 'application/pdf', 3, $4, $5, $6)`,
      [newId(), r.tenantId, r.patientId, `factory/${newId()}.pdf`, r.users.operator!, now],
    );
  },
  medical_records: async (db, r, now) => {
    await db.query(
      `insert into medical_records (id, tenant_id, patient_id, title, examined_on, created_at, updated_at) values ($1, $2, $3, 'Factory', '2026-11-01', $4, $4)`,
      [newId(), r.tenantId, r.patientId, now],
    );
  },
  medical_record_attachments: async (db, r, now) => {
    const [m] = await db.query<{ id: string }>('select id from medical_records where tenant_id = $1 limit 1', [
      r.tenantId,
    ]);
    await db.query(
      `insert into medical_record_attachments (id, tenant_id, record_id, type, file_name, content_type, size_bytes, path, created_at) values ($1, $2, $3, 'OTHER', 'card.pdf', 'application/pdf', 3, $4, $5)`,
      [newId(), r.tenantId, m!.id, `factory/${newId()}.pdf`, now],
    );
  },
  fhir_exports: async (db, r, now) => {
    await db.query(
      `insert into fhir_exports (id, tenant_id, requested_by, request_url, base_url, types, visibility, status, output, transaction_time, created_at, updated_at, finished_at)
      values ($1, $2, $3, 'http://localhost/fhir/R4/$export', 'http://localhost/fhir/R4', '{Patient}', '{"kind":"tenant"}'::jsonb, 'done', '[]'::jsonb, $4, $4, $4, $4)`,
      [newId(), r.tenantId, r.users.operator!, now],
    );
  },
  patient_imports: async (db, r, now) => {
    await db.query(
      `insert into patient_imports (id, tenant_id, created_by, file_name, file_path, status, total_rows, processed_rows, imported_rows, error_rows, created_at, finished_at)
      values ($1, $2, $3, 'p.xlsx', $4, 'done', 1, 1, 1, 0, $5, $5)`,
      [newId(), r.tenantId, r.users.operator!, `factory/${newId()}.xlsx`, now],
    );
  },
  patient_status_history: async (db, r, now) => {
    await db.query(
      `insert into patient_status_history (id, tenant_id, patient_id, from_status, to_status, changed_by, reason, changed_at) values ($1, $2, $3, 'normal', 'normal', $4, 'factory', $5)`,
      [newId(), r.tenantId, r.patientId, r.users.doctor!, now],
    );
  },
  patient_thresholds: async (db, r, now) => {
    await db.query(
      `insert into patient_thresholds (tenant_id, patient_id, idx, low, high, locked, patient_may_edit, updated_at, updated_by) values ($1, $2, 'spo2', '{"at_risk":94}'::jsonb, '{}'::jsonb, false, false, $3, $4)`,
      [r.tenantId, r.patientId, now, r.users.doctor!],
    );
  },
  tenant_thresholds: async (db, r, now) => {
    await db.query(
      `insert into tenant_thresholds (tenant_id, idx, low, high, personalized, updated_at) values ($1, 'spo2', '{"at_risk":94}'::jsonb, '{}'::jsonb, false, $2)`,
      [r.tenantId, now],
    );
  },
  reading_handler_failures: async (db, r, now) => {
    await db.query(
      `insert into reading_handler_failures (tenant_id, patient_id, handler, error, readings, failed_at) values ($1, $2, 'factory', 'factory', 1, $3)`,
      [r.tenantId, r.patientId, now],
    );
  },
  tenant_connections: async (db, r, now) => {
    await db.query(
      `insert into tenant_connections (tenant_id, position, host, port, username, password_enc, public_url, updated_at) values ($1, 0, 'db.invalid', 5432, 'u', 'enc', 'https://db.invalid', $2)`,
      [r.tenantId, now],
    );
  },
  tenant_requests: async (db, r, now) => {
    await db.query(
      `insert into tenant_requests (id, type, status, tenant_id, requested_by, organization_name, contact_name, email, phone, tenant_code, color, square_logo_url, horizontal_logo_url, created_at)
      values ($1, 'UPDATE_BRANDING', 'new', $2, $3, $4, 'Factory', $5, '0900000000', $6, '#123456', '', '', $7)`,
      [newId(), r.tenantId, r.users.superadmin!, `Factory ${r.code}`, `superadmin@${r.domain}`, r.code, now],
    );
  },
  jobs: async (db, r, now) => {
    await db.query(
      `insert into jobs (id, tenant_id, kind, run_at, payload, status, created_at) values ($1, $2, 'factory.noop', $3, '{}'::jsonb, 'done', $3)`,
      [newId(), r.tenantId, new Date(now.getTime() + 365 * 86400_000)],
    );
  },
  audit_log: async (db, r, now) => {
    await db.query(
      `insert into audit_log (id, tenant_id, actor_id, action, resource, resource_id, outcome, created_at) values ($1, $2, $3, 'factory', 'patient', $4, 'ok', $5)`,
      [newId(), r.tenantId, r.users.doctor!, r.patientId, now],
    );
  },
  otp_codes: async (db, r, now) => {
    await db.query(
      `insert into otp_codes (id, tenant_id, purpose, channel, target, code_hash, expires_at, created_at) values ($1, $2, 'reset', 'email', $3, 'x', $4, $4)`,
      [newId(), r.tenantId, `coach@${r.domain}`, now],
    );
  },
  login_failures: async (db, r, now) => {
    await db.query(`insert into login_failures (tenant_id, username, failures, updated_at) values ($1, $2, 1, $3)`, [
      r.tenantId,
      `name:nobody@${r.domain}`,
      now,
    ]);
  },
  sessions: async (db, r, now) => {
    await db.query(
      `insert into sessions (id, tenant_id, user_id, user_role_id, client, remember_me, permissions_version, created_at, expires_at, revoked_at, revoked_reason)
      values ($1, $2, $3, $4, 'portal', false, 0, $5, $5, $5, 'logout')`,
      [newId(), r.tenantId, r.users.doctor!, r.userRoleId, now],
    );
  },
  refresh_tokens: async (db, r, now) => {
    const [s] = await db.query<{ id: string }>('select id from sessions where tenant_id = $1 limit 1', [r.tenantId]);
    await db.query(
      'insert into refresh_tokens (token_hash, tenant_id, session_id, created_at) values ($1, $2, $3, $4)',
      [`factory-${newId()}`, r.tenantId, s!.id, now],
    );
  },
  // Payment config (issue 17, H2). Values are not sealed here: the service treats an unreadable key as not configured.
  payment_configs: async (db, r, now) => {
    await db.query(
      'insert into payment_configs (tenant_id, partner_id, partner_api_key_enc, partner_verified_at, tax_rate_bp, updated_at) values ($1, $2, $3, $4, 0, $4)',
      [r.tenantId, `FACTORY-${r.code.toUpperCase()}`, 'factory', now],
    );
  },
  payment_methods: async (db, r, now) => {
    await db.query(
      `insert into payment_methods (id, tenant_id, method, access_key, share_key_enc, secret_key_enc, callback_url, verified_at)
      values ($1, $2, 'sandbox', $3, 'factory', 'factory', 'https://factory.example/', $4)`,
      [newId(), r.tenantId, `factory-${r.code}`, now],
    );
  },
  payment_events: async (db, r, now) => {
    await db.query(
      "insert into payment_events (id, tenant_id, provider, event_id, event_type, order_code, outcome, received_at) values ($1, $2, 'SANDBOX', $3, 'PAID', null, 'factory', $4)",
      [newId(), r.tenantId, `factory-${r.code}`, now],
    );
  },
  reconciliations: async (db, r, now) => {
    await db.query(
      `insert into reconciliations (id, tenant_id, provider, currency, file_name, period_from, period_to, lines, created_by, created_at)
      values ($1, $2, 'VN_PAY', 'VND', 'factory.csv', '2026-11-20', '2026-11-20', 1, $3, $4)`,
      [newId(), r.tenantId, r.users.sysadmin!, now],
    );
  },
  reconciliation_items: async (db, r) => {
    const [rec] = await db.query<{ id: string }>('select id from reconciliations where tenant_id = $1 limit 1', [
      r.tenantId,
    ]);
    await db.query(
      `insert into reconciliation_items (id, tenant_id, reconciliation_id, position, grp, line, order_code, file_amount_minor, day)
      values ($1, $2, $3, 0, 'missing_ours', 2, 'CWFACTORY', 1000, '2026-11-20')`,
      [newId(), r.tenantId, rec!.id],
    );
  },
  // Code packages (issue 17, H4): a package of one code on the tenant's Basic plan.
  code_packages: async (db, r, now) => {
    const [p] = await db.query<{ id: string }>("select id from packages where tenant_id = $1 and code = 'BASIC'", [
      r.tenantId,
    ]);
    await db.query(
      `insert into code_packages (id, tenant_id, number, name, type, total_codes, available_from, expires_on, benefits, total_vouchers,
      recipient_organization, upgrade_package_id, upgrade_months, created_by, created_at)
      values ($1, $2, 1, 'Factory', 'COUPON', 1, '2026-01-01', '2030-12-31', 'factory', 1, 'Factory org', $3, 12, $4, $5)`,
      [newId(), r.tenantId, p!.id, r.users.sysadmin!, now],
    );
  },
  // A compacted day of readings (measurement-storage.ts): one heart-rate reading at 00:00 UTC, 40 days ago.
  measurements_cold: async (db, r, now) => {
    const day = new Date(Math.floor(now.getTime() / 86_400_000) * 86_400_000 - 40 * 86_400_000);
    await db.query(
      `insert into measurements_cold (tenant_id, patient_id, metric, day, n, offs, vals, vals2, sources, devices)
      values ($1, $2, 'heart_rate', $3, 1, '{0}', '{70}', null, '{app}', null) on conflict do nothing`,
      [r.tenantId, r.patientId, day],
    );
  },
  // A stored file (platform/file-store.ts) of the tenant, with its one chunk.
  stored_files: async (db, r, now) => {
    const blobId = newId();
    await db.query(
      "insert into stored_file_chunks (blob_id, seq, data) values ($1, 0, convert_to('factory', 'UTF8'))",
      [blobId],
    );
    await db.query(
      'insert into stored_files (key, blob_id, tenant_id, size, content_type, created_at) values ($1, $2, $3, 7, $4, $5)',
      [`files/factory/${r.tenantId}/factory.txt`, blobId, r.tenantId, 'text/plain', now],
    );
  },
  code_package_codes: async (db, r, now) => {
    const [cp] = await db.query<{ id: string }>('select id from code_packages where tenant_id = $1 limit 1', [
      r.tenantId,
    ]);
    await db.query(
      "insert into code_package_codes (id, tenant_id, package_id, seq, code, status, updated_at) values ($1, $2, $3, 1, $4, 'not_paid', $5)",
      [newId(), r.tenantId, cp!.id, r.code === 'demo' ? 'FACTRY2DEM02' : 'FACTRY2DEM03', now],
    );
  },
  // Webhooks (issue 19): a disabled endpoint (the worker never calls it), one event delivered to it with its attempt.
  webhook_endpoints: async (db, r, now) => {
    await db.query(
      `insert into webhook_endpoints (id, tenant_id, url, description, events, enabled, secret_sealed, created_at, updated_at)
      values ($1, $2, 'https://factory.example/hook', 'factory', '{alert.opened}', false, 'v1.factory.factory.factory', $3, $3)`,
      [newId(), r.tenantId, now],
    );
  },
  webhook_events: async (db, r, now) => {
    await db.query(
      `insert into webhook_events (id, tenant_id, type, aggregate_key, data, occurred_at) values ($1, $2, 'alert.opened', 'factory', '{}'::jsonb, $3)`,
      [newId(), r.tenantId, now],
    );
  },
  webhook_deliveries: async (db, r, now) => {
    const [e] = await db.query<{ id: string }>('select id from webhook_endpoints where tenant_id = $1 limit 1', [
      r.tenantId,
    ]);
    const [v] = await db.query<{ id: string; seq: string }>(
      'select id, seq from webhook_events where tenant_id = $1 limit 1',
      [r.tenantId],
    );
    await db.query(
      `insert into webhook_deliveries (id, tenant_id, endpoint_id, event_id, aggregate_key, seq, status, attempts, next_attempt_at, last_status_code, delivered_at, created_at, updated_at)
      values ($1, $2, $3, $4, 'factory', $5, 'delivered', 1, $6, 200, $6, $6, $6)`,
      [newId(), r.tenantId, e!.id, v!.id, v!.seq, now],
    );
  },
  webhook_attempts: async (db, r, now) => {
    const [d] = await db.query<{ id: string }>('select id from webhook_deliveries where tenant_id = $1 limit 1', [
      r.tenantId,
    ]);
    await db.query(
      'insert into webhook_attempts (id, tenant_id, delivery_id, attempt, at, status_code, duration_ms) values ($1, $2, $3, 1, $4, 200, 5)',
      [newId(), r.tenantId, d!.id, now],
    );
  },
  // Clinician notes (issue 20): one by doctor@ on the demo patient.
  patient_notes: async (db, r, now) => {
    await db.query(
      'insert into patient_notes (id, tenant_id, patient_id, author_id, text, created_at) values ($1, $2, $3, $4, $5, $6)',
      [newId(), r.tenantId, r.patientId, r.users.doctor!, 'factory note', now],
    );
  },
  // Saved views of the portal's lists (issue 20): one of doctor@'s.
  saved_views: async (db, r, now) => {
    await db.query(
      `insert into saved_views (id, tenant_id, user_id, list_key, name, query, is_default, created_at, updated_at)
      values ($1, $2, $3, 'patients', 'factory view', 'status=sos', false, $4, $4)`,
      [newId(), r.tenantId, r.users.doctor!, now],
    );
  },
  // Sport sessions (issue 21): a walk of the demo patient's (the demo seed gives sessions to the coach's players only).
  sport_sessions: async (db, r, now) => {
    await db.query(
      `insert into sport_sessions (id, tenant_id, patient_id, mode, started_at, ended_at, duration_sec, steps, source, created_at)
      values ($1, $2, $3, 'walking', $4, $5, 1800, 2500, 'phone', $5)`,
      [newId(), r.tenantId, r.patientId, new Date(now.getTime() - 3_600_000), now],
    );
  },
  // Sport profiles of coaches and players (issue 21): the demo patient's, as a player (the seed gives the players theirs).
  sport_profiles: async (db, r, now) => {
    await db.query(
      `insert into sport_profiles (tenant_id, user_id, team_name, club_name, rank, skill, updated_at)
      values ($1, $2, 'factory team', 'factory club', 'A', 'sprint', $3) on conflict (tenant_id, user_id) do nothing`,
      [r.tenantId, r.users.patient!, now],
    );
  },
  // Watch firmware packages (issue 21): a GT5 firmware marked current (the bytes' key need not exist for the matrix).
  firmware_packages: async (db, r, now) => {
    await db.query(
      `insert into firmware_packages (id, tenant_id, model, kind, version, file_key, size_bytes, sha256, is_current, uploaded_by, created_at)
      values ($1, $2, 'GT5', 'firmware', '9.9.9', $3, 46, $4, true, $5, $6)`,
      [newId(), r.tenantId, `files/firmware/${r.tenantId}/factory.bin`, '0'.repeat(64), r.users.doctor!, now],
    );
  },
};

/** Rows created through the real API: an SOS from the patient app (alerts, SOS case, ticket, deliveries, notifications …), sign-ins, a reset code. */
async function apiFlows(t: TestApp, r: TenantRefs) {
  const app = await t.call('POST', '/api/auth/oauth-token', {
    body: { tenant: r.code, username: `patient@${r.domain}`, password: DEMO_PASSWORD, grant_type: 'password' },
    headers: { 'x-client': 'app' },
  });
  if (app.status !== 200) throw new Error(`factory: patient login on ${r.code}: ${app.status} ${app.raw}`);
  const sos = await t.post(
    '/api/account/me/sos',
    { message: { kind: 'choice', choice: 'had_a_fall' }, location: { lat: 21.03, lng: 105.85 } },
    String(app.body.access_token),
  );
  if (sos.status !== 201) throw new Error(`factory: SOS on ${r.code}: ${sos.status} ${sos.raw}`);
  await t.call('POST', '/api/auth/oauth-token', {
    body: { tenant: r.code, username: `coach@${r.domain}`, password: 'wrong-Password1', grant_type: 'password' },
  });
  await t.post('/api/auth/forgot-password/send', { tenant: r.code, email: `assistant@${r.domain}` });
  await t.runJobs();
}

/** Makes sure every tenant-scoped table has at least one row on each demo tenant (API flows first, SQL for the rest). */
export async function seedEveryEntity(t: TestApp): Promise<Record<string, TenantRefs>> {
  const refs: Record<string, TenantRefs> = {};
  for (const d of DEMO_TENANTS) {
    const r = await tenantRefs(t.db, d.code);
    refs[d.code] = r;
    await apiFlows(t, r);
  }
  const tables = await tenantTables(t.db);
  const now = t.clock.now();
  // Order matters for the ones that hang on another factory's rows (alerts → alert_trail, tickets → activities).
  const order = [...Object.keys(SQL_FACTORIES), ...tables.filter((x) => !(x in SQL_FACTORIES))];
  for (const r of Object.values(refs)) {
    for (const table of order) {
      const [c] = await t.db.query<{ n: number }>(`select count(*)::int as n from ${table} where tenant_id = $1`, [
        r.tenantId,
      ]);
      if (c!.n > 0) continue;
      const f = SQL_FACTORIES[table];
      if (!f)
        throw new Error(
          `factory: table ${table} has no row for ${r.code} and no factory: add one to safety/factories.ts`,
        );
      await f(t.db, r, now);
    }
  }
  return refs;
}
