import type { Db } from '../platform/db.ts';

/**
 * Which table an id slot points at, from its name (`patientId`, `doctorIds` …) or, for a bare `id`, from the URL
 * segment before it (`/patients/:id`). Unknown names fall back to a patient id: still another tenant's row.
 */
const BY_FIELD: Array<[RegExp, string]> = [
  [/^(patientId|profileId|patientIds)$/, 'patients'],
  [/^(centerId|mhscId|centerIds)$/, 'health_centers'],
  [/^(scopeId|parentId|scope)$/, 'scopes'],
  [
    /^(userId|userIds|doctorId|doctorIds|mainAdminId|supportAdminIds|mainAdmin|assistantId|contactUserId|staffId)$/,
    'users',
  ],
  [/^(tenantId|aiCloudTenantId)$/, 'tenants'],
  [/^fileId$/, 'patient_attachments'],
  [/^recordingId$/, 'patient_attachments'],
  [/^licenseId$/, 'medical_licenses'],
  [/^levelId$/, 'user_roles'],
  [/^sosCaseId$/, 'sos_cases'],
  [/^alertId$/, 'alerts'],
  [/^ticketId$/, 'tickets'],
  [/^deviceId$/, 'devices'],
  [/^(contactId)$/, 'contacts'],
  [/^roleId$/, 'roles'],
  [/^slotId$/, 'doctor_slots'],
  [/^scheduleId$/, 'doctor_schedules'],
  [/^appointmentId$/, 'appointments'],
  [/^prescriptionId$/, 'prescriptions'],
  [/^medicineId$/, 'prescription_medicines'],
  [/^imageId$/, 'medicine_images'],
  [/^intakeId$/, 'medication_intakes'],
  [/^attachmentId$/, 'medical_record_attachments'],
  [/^codeIds$/, 'code_package_codes'],
  [/^itemId$/, 'reconciliation_items'],
  [/^packageId$/, 'packages'],
  [/^deliveryId$/, 'webhook_deliveries'],
];

const BY_SEGMENT: Record<string, string> = {
  roles: 'roles',
  registrations: 'users',
  scope: 'scopes',
  'name-and-status': 'scopes',
  mhsc: 'health_centers',
  deactivate: 'health_centers',
  admins: 'users',
  tenant: 'tenants',
  'tenant-request': 'tenant_requests',
  staff: 'users',
  licenses: 'medical_licenses',
  doctors: 'users',
  users: 'users',
  'deactivation-requests': 'deactivation_requests',
  import: 'patient_imports',
  patients: 'patients',
  attachments: 'patient_attachments',
  devices: 'devices',
  device: 'devices',
  requests: 'contacts',
  contacts: 'contacts',
  alerts: 'alerts',
  'sos-cases': 'sos_cases',
  tickets: 'tickets',
  'cdr-files': 'cdr_files',
  notification: 'notifications',
  center: 'health_centers',
  'doctor-schedules': 'doctor_schedules',
  appointments: 'appointments',
  events: 'event_reminders',
  meetings: 'appointments',
  prescriptions: 'prescriptions',
  'medicine-images': 'medicine_images',
  intakes: 'medication_intakes',
  'medical-records': 'medical_records',
  'doctor-requests': 'contacts',
  'patient-requests': 'contacts',
  'code-packages': 'code_packages',
  ratings: 'doctor_ratings',
  feedback: 'app_feedback',
  transactions: 'orders',
  reconciliations: 'reconciliations',
  packages: 'packages',
  webhooks: 'webhook_endpoints',
  'saved-views': 'saved_views',
  firmware: 'firmware_packages',
};

export function tableForField(field: string, url: string): string {
  for (const [re, table] of BY_FIELD) if (re.test(field)) return table;
  if (field === 'id' || field === 'ids') {
    // The approval list's ids are schedules, although "requests" elsewhere names contact requests.
    if (url.includes('/doctor-schedules')) return 'doctor_schedules';
    const segs = url
      .split('?')[0]!
      .split('/')
      .filter((s) => s && !s.startsWith(':'));
    for (let i = segs.length - 1; i >= 0; i--) {
      const t = BY_SEGMENT[segs[i]!];
      if (t) return t;
    }
  }
  return 'patients';
}

/** Path parameter `:name` of `url` → table (the segment before it names the resource). */
export function tableForParam(url: string, name: string): string {
  if (name !== 'id') return tableForField(name, url);
  const before = url.split(`/:${name}`)[0]!.split('/').pop()!;
  return BY_SEGMENT[before] ?? tableForField(name, url.split(`/:${name}`)[0]!);
}

/** One representative id per table of a tenant (the demo patient P0001 and the demo doctor where it matters). */
export async function representativeIds(
  db: Db,
  tenantId: string,
  prefer: { patientId: string; doctorId: string },
): Promise<Record<string, string>> {
  const tables = await db.query<{ table_name: string }>(
    `select c.table_name from information_schema.columns c join information_schema.columns t on t.table_name = c.table_name and t.table_schema = c.table_schema and t.column_name = 'tenant_id'
      where c.table_schema = current_schema() and c.column_name = 'id' and c.data_type = 'uuid'`,
  );
  const out: Record<string, string> = { tenants: tenantId, patients: prefer.patientId, users: prefer.doctorId };
  for (const { table_name } of tables) {
    if (out[table_name]) continue;
    const [row] = await db.query<{ id: string }>(
      `select id::text as id from ${table_name} where tenant_id = $1 order by id limit 1`,
      [tenantId],
    );
    if (row) out[table_name] = row.id;
  }
  return out;
}
