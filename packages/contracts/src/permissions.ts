/**
 * The permission catalogue: numeric ids (spec: 9 to 267) in the spec's groups.
 * Ids are stable: stored in role_permissions and cached by the apps.
 */
export const PERMISSION_GROUPS = [
  'Account',
  'Appointment',
  'Dashboard',
  'Device',
  'Health',
  'Notification',
  'Relative',
  'Staff',
  'Tenant',
  'Transaction',
  'User',
  'Permission',
] as const;
export type PermissionGroup = (typeof PERMISSION_GROUPS)[number];

export const Permission = {
  // Account
  AccountProfileView: 9,
  AccountProfileUpdate: 10,
  AccountPasswordChange: 11,
  AccountDeactivate: 12,
  AccountApproveRegistration: 13,
  // Appointment
  AppointmentView: 30,
  AppointmentCreate: 31,
  AppointmentUpdate: 32,
  AppointmentCancel: 33,
  /** A doctor asks for a working schedule (or leave); an assistant for a doctor they follow. */
  AppointmentScheduleRequest: 34,
  /** The calendars: my calendar, work calendar, slots, the statistical report. */
  AppointmentScheduleView: 35,
  // Dashboard
  DashboardView: 50,
  DashboardPatientCount: 51,
  // Device
  DeviceView: 70,
  DeviceImport: 71,
  DeviceUpdate: 72,
  /** Watch firmware and watch-face packages: upload, mark current (issue 21). */
  DeviceFirmwareManage: 73,
  // Health
  HealthView: 90,
  HealthThresholdManage: 91,
  HealthPrescriptionManage: 92,
  HealthRecordManage: 93,
  HealthSosHandle: 94,
  HealthOwnData: 95,
  /** The read-only FHIR R4 API and its Bulk Data export (/fhir/R4), for the patients the caller may see (issue 19). */
  FhirRead: 96,
  // Notification
  NotificationView: 110,
  NotificationSend: 111,
  NotificationAnnouncement: 112,
  MessageLogView: 113,
  /** Rating and review management: list, filter, report abusive reviews (issue 17). */
  RatingManage: 114,
  /** Feedback management: list the app's feedback, view its image, mark handled (issue 17). */
  FeedbackManage: 115,
  // Relative
  RelativeView: 130,
  RelativeManage: 131,
  // Staff
  StaffView: 150,
  StaffCreate: 151,
  StaffUpdate: 152,
  StaffDisable: 153,
  StaffScheduleApprove: 154,
  SystemAdminManage: 155,
  // Tenant
  TenantView: 170,
  TenantManage: 171,
  TenantSettingsManage: 172,
  CenterManage: 173,
  ScopeManage: 174,
  PaymentConfigManage: 175,
  AuditLogView: 176,
  /** Outgoing webhooks of the tenant: endpoints, secrets, delivery log, replay (issue 19). */
  WebhookManage: 177,
  // Transaction
  TransactionView: 200,
  TransactionExport: 201,
  PackageManage: 202,
  CodePackageManage: 203,
  TransactionReconcile: 204,
  // User (patients)
  PatientView: 220,
  PatientCreate: 221,
  PatientUpdate: 222,
  PatientImport: 223,
  PatientExport: 224,
  PatientStatusChange: 225,
  // Permission
  RoleView: 250,
  RoleCreate: 251,
  RolePermissionToggle: 252,
  PermissionView: 267,
} as const;
export type PermissionKey = keyof typeof Permission;
export type PermissionId = (typeof Permission)[PermissionKey];

const GROUP_RANGES: ReadonlyArray<[PermissionGroup, number, number]> = [
  ['Account', 9, 29],
  ['Appointment', 30, 49],
  ['Dashboard', 50, 69],
  ['Device', 70, 89],
  ['Health', 90, 109],
  ['Notification', 110, 129],
  ['Relative', 130, 149],
  ['Staff', 150, 169],
  ['Tenant', 170, 199],
  ['Transaction', 200, 219],
  ['User', 220, 249],
  ['Permission', 250, 267],
];

export function permissionGroup(id: number): PermissionGroup {
  const hit = GROUP_RANGES.find(([, lo, hi]) => id >= lo && id <= hi);
  if (!hit) throw new Error(`permission id ${id} is outside every group`);
  return hit[0];
}

export const ALL_PERMISSIONS: ReadonlyArray<{ id: PermissionId; key: PermissionKey; group: PermissionGroup }> = (
  Object.entries(Permission) as Array<[PermissionKey, PermissionId]>
).map(([key, id]) => ({ id, key, group: permissionGroup(id) }));

export const isPermissionId = (n: number): n is PermissionId => ALL_PERMISSIONS.some((p) => p.id === n);
