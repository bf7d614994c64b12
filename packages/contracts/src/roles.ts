import { z } from 'zod';
import { Permission as P, type PermissionId, ALL_PERMISSIONS } from './permissions.ts';

/** Default roles of spec §6; `path` is the spec's role path segment. */
export const ROLE_CODES = [
  'root',
  'super_admin',
  'system_admin',
  'admin',
  'scope_admin',
  'mhsc_admin',
  'operator',
  'doctor',
  'doctor_assistant',
  'coach',
  'customer_care',
  'patient',
] as const;
export const ZRoleCode = z.enum(ROLE_CODES);
export type TRoleCode = z.infer<typeof ZRoleCode>;

export const ROLE_PATH: Record<TRoleCode, string> = {
  root: 'root',
  super_admin: 'sadmin',
  system_admin: 'admin',
  admin: 'admin',
  scope_admin: 'smadmin',
  mhsc_admin: 'smadmin',
  operator: 'operator',
  doctor: 'doctor',
  doctor_assistant: 'doctor-assistant',
  coach: 'coach',
  customer_care: 'cskh',
  patient: 'user',
};

const SELF: PermissionId[] = [
  P.AccountProfileView,
  P.AccountProfileUpdate,
  P.AccountPasswordChange,
  P.AccountDeactivate,
  P.NotificationView,
];
const CLINICAL_READ: PermissionId[] = [
  P.DashboardView,
  P.DashboardPatientCount,
  P.PatientView,
  P.HealthView,
  P.DeviceView,
  P.AppointmentView,
  P.AppointmentScheduleView,
  P.RelativeView,
  P.FhirRead,
];
const CENTER_ADMIN: PermissionId[] = [
  ...CLINICAL_READ,
  P.StaffView,
  P.StaffCreate,
  P.StaffUpdate,
  P.StaffDisable,
  P.StaffScheduleApprove,
  P.AccountApproveRegistration,
  P.NotificationSend,
  P.RoleView,
  P.PermissionView,
  P.TenantView,
  P.PatientExport,
];
const everything = ALL_PERMISSIONS.map((p) => p.id);

/**
 * The default matrix, following spec §6: super admin alone manages centers, scopes, tenants,
 * payment config and system admins; operators create patients, accounts and appointments;
 * doctors prescribe and set thresholds; admins approve schedules.
 */
export const DEFAULT_ROLE_PERMISSIONS: Record<TRoleCode, PermissionId[]> = {
  root: everything,
  super_admin: everything,
  system_admin: everything.filter(
    (id) =>
      !(
        [
          P.CenterManage,
          P.ScopeManage,
          P.TenantManage,
          P.PaymentConfigManage,
          P.SystemAdminManage,
          P.HealthOwnData,
        ] as number[]
      ).includes(id),
  ),
  admin: [
    ...SELF,
    ...CENTER_ADMIN,
    P.TransactionView,
    P.TransactionExport,
    P.TransactionReconcile,
    P.PackageManage,
    P.CodePackageManage,
    P.RatingManage,
    P.FeedbackManage,
    P.NotificationAnnouncement,
    P.WebhookManage,
    P.DeviceFirmwareManage,
  ],
  scope_admin: [...SELF, ...CENTER_ADMIN],
  mhsc_admin: [...SELF, ...CENTER_ADMIN],
  operator: [
    ...SELF,
    ...CLINICAL_READ,
    P.PatientCreate,
    P.PatientUpdate,
    P.PatientImport,
    P.PatientExport,
    P.AppointmentCreate,
    P.AppointmentUpdate,
    P.AppointmentCancel,
    P.DeviceImport,
    P.DeviceUpdate,
    P.StaffCreate,
    P.StaffView,
    P.RelativeManage,
  ],
  doctor: [
    ...SELF,
    ...CLINICAL_READ,
    P.HealthThresholdManage,
    P.HealthPrescriptionManage,
    P.HealthRecordManage,
    P.PatientStatusChange,
    P.PatientUpdate,
    P.AppointmentCreate,
    P.AppointmentUpdate,
    P.AppointmentCancel,
    P.AppointmentScheduleRequest,
  ],
  doctor_assistant: [
    ...SELF,
    ...CLINICAL_READ,
    P.HealthPrescriptionManage,
    P.HealthThresholdManage,
    P.HealthRecordManage,
    P.AppointmentUpdate,
    P.AppointmentScheduleRequest,
  ],
  // A coach sees only the players who accepted them (patient visibility 'coach'); RelativeView answers their requests.
  coach: [...SELF, P.DashboardView, P.PatientView, P.HealthView, P.RelativeView],
  customer_care: [
    ...SELF,
    P.DashboardView,
    P.PatientView,
    P.HealthView,
    P.HealthSosHandle,
    P.DeviceView,
    P.MessageLogView,
    P.TransactionView,
    P.RelativeView,
    P.RatingManage,
    P.FeedbackManage,
  ],
  patient: [...SELF, P.HealthOwnData, P.RelativeView, P.RelativeManage, P.AppointmentView],
};

/**
 * Who manages whom (spec §6): root above super admin above system admin above the admins, then staff, then patients.
 * A caller changes the permissions of roles strictly below its own only; custom roles rank as staff.
 */
export const ROLE_RANK: Record<TRoleCode, number> = {
  root: 100,
  super_admin: 90,
  system_admin: 80,
  admin: 70,
  scope_admin: 60,
  mhsc_admin: 50,
  operator: 20,
  doctor: 20,
  doctor_assistant: 20,
  coach: 20,
  customer_care: 20,
  patient: 10,
};
export const CUSTOM_ROLE_RANK = 20;
export const roleRank = (code: string): number =>
  (ROLE_CODES as readonly string[]).includes(code) ? ROLE_RANK[code as TRoleCode] : CUSTOM_ROLE_RANK;
/** The built-in top roles: no permission is ever removed from them (they manage the rest, and could not undo it). */
export const TOP_ROLE_CODES: readonly TRoleCode[] = ['root', 'super_admin', 'system_admin'];
export const isTopRole = (code: string): boolean => (TOP_ROLE_CODES as readonly string[]).includes(code);
/**
 * Why a caller (by its role code and permissions) may not set `permissionId` on `target`, or null when it may:
 * 'rank' (target not strictly below the caller), 'top_role' (a removal from a top role), 'not_held' (a grant of a
 * permission the caller does not hold). The server enforces it; the portal disables the switches it would refuse.
 */
export function roleChangeProblem(
  caller: { roleCode: string; permissions: ReadonlySet<number> | readonly number[] },
  target: { code: string },
  permissionId: number,
  enabled: boolean,
): 'rank' | 'top_role' | 'not_held' | null {
  if (roleRank(target.code) >= roleRank(caller.roleCode)) return 'rank';
  if (!enabled && isTopRole(target.code)) return 'top_role';
  const held =
    caller.permissions instanceof Set
      ? caller.permissions.has(permissionId)
      : (caller.permissions as readonly number[]).includes(permissionId);
  if (enabled && !held) return 'not_held';
  return null;
}

/** Roles that may sign in to the staff portal (patients use the patient app). */
export const STAFF_ROLES: readonly TRoleCode[] = ROLE_CODES.filter((r) => r !== 'patient');

export const ZRole = z.object({
  id: z.string().uuid(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  isDefault: z.boolean(),
  permissions: z.array(z.number().int()),
});
export type TRole = z.infer<typeof ZRole>;

const roleName = z.string().trim().min(1, 'Required').max(64, 'Max length is 64');
export const ZCreateRoleRequest = z.object({
  name: roleName,
  description: z.string().trim().max(255, 'Max length is 255').optional().default(''),
  permissions: z.array(z.number().int()).default([]),
});
export type TCreateRoleRequest = z.infer<typeof ZCreateRoleRequest>;
export const ZTogglePermissionRequest = z.object({ permissionId: z.number().int(), enabled: z.boolean() });
export type TTogglePermissionRequest = z.infer<typeof ZTogglePermissionRequest>;
export const ZRoleList = z.object({ items: z.array(ZRole) });
export const ZPermissionCatalogue = z.object({
  items: z.array(z.object({ id: z.number().int(), key: z.string(), group: z.string() })),
});
