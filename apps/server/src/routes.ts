import type { AnyRoute } from './platform/route.ts';
import { oauthTokenRoute } from './modules/auth/routes/oauth-token.ts';
import { checkTokenRoute, logoutRoute, refreshTokenRoute } from './modules/auth/routes/session.ts';
import { otpMailRoute, otpSendRoute, otpTokenWebRoute } from './modules/auth/routes/otp.ts';
import {
  createVerificationTokenRoute,
  emailRegisterOtpRoute,
  registerRoute,
  verifyRegisterRoute,
} from './modules/auth/routes/register.ts';
import { forgotResetRoute, forgotSendRoute } from './modules/auth/routes/forgot-password.ts';
import { APP_AUTH_ROUTES } from './modules/auth/routes/app-register.ts';
import { levelsRoute, permissionRoute, switchLevelRoute } from './modules/auth/routes/permission.ts';
import { tenantAllRoute, tenantSettingsRoute } from './modules/tenants/routes/tenant-settings.ts';
import {
  getAvatarRoute,
  getProfileRoute,
  getUserRoute,
  updateLanguageRoute,
  updateProfileRoute,
  updateTimezoneRoute,
  updateUnitsRoute,
  uploadAvatarRoute,
} from './modules/account/routes/profile.ts';
import { changePasswordRoute } from './modules/account/routes/change-password.ts';
import {
  createRoleRoute,
  listRolesRoute,
  permissionCatalogueRoute,
  togglePermissionRoute,
} from './modules/roles/routes/roles.ts';
import { listMessagesRoute, revealMessageRoute } from './modules/messages/routes/list-messages.ts';
import {
  approveRegistrationRoute,
  listRegistrationsRoute,
  rejectRegistrationRoute,
} from './modules/users/routes/registrations.ts';
import { healthRoute } from './modules/system/routes/health.ts';
import { SCOPES_ROUTES } from './modules/scopes/scopes.routes.ts';
import { CENTERS_ROUTES } from './modules/centers/centers.routes.ts';
import { TENANTS_ROUTES } from './modules/tenants/tenants.routes.ts';
import { STAFF_ROUTES } from './modules/staff/staff.routes.ts';
import { LIFECYCLE_ROUTES } from './modules/lifecycle/lifecycle.routes.ts';
import { AUDIT_ROUTES } from './modules/audit/audit.routes.ts';
import { PATIENTS_ROUTES } from './modules/patients/patients.routes.ts';
import { DEVICES_ROUTES } from './modules/devices/devices.routes.ts';
import { VITALS_ROUTES } from './modules/vitals/vitals.routes.ts';
import { CONTACTS_ROUTES } from './modules/contacts/contacts.routes.ts';
import { TICKETS_ROUTES } from './modules/tickets/tickets.routes.ts';
import { ALERTS_ROUTES } from './modules/alerts/alerts.routes.ts';
import { NOTIFICATIONS_ROUTES } from './modules/notifications/notifications.routes.ts';
import { DELIVERY_ROUTES } from './modules/delivery/delivery.routes.ts';
import { APP_VITALS_ROUTES } from './modules/vitals/routes/app-vitals.ts';
import { VITALS_EXPORT_ROUTES } from './modules/vitals/routes/vitals-export.ts';
import { APP_SUBJECT_ROUTES } from './modules/app-subjects/routes/app-subjects.ts';
import { APP_PROFILE_ROUTES } from './modules/account/routes/app-profile.ts';
import { APP_DEVICE_ROUTES } from './modules/devices/routes/app-devices.ts';
import { WEAR_ROUTES } from './modules/devices/routes/wear.ts';
import { SCHEDULES_ROUTES } from './modules/schedules/schedules.routes.ts';
import { APPOINTMENTS_ROUTES } from './modules/appointments/appointments.routes.ts';
import { MEETINGS_ROUTES } from './modules/meetings/meetings.routes.ts';
import { DOCTORS_ROUTES } from './modules/doctors/doctors.routes.ts';
import { RECORDS_ROUTES } from './modules/records/records.routes.ts';
import { PRESCRIPTIONS_ROUTES } from './modules/prescriptions/prescriptions.routes.ts';
import { PAYMENT_CONFIG_ROUTES } from './modules/payment-config/payment-config.routes.ts';
import { PAYMENT_PROVIDER_ROUTES } from './modules/payments/payments-providers.routes.ts';
import { BILLING_CORE_ROUTES } from './modules/payments/billing-core.routes.ts';
import { RATINGS_ROUTES } from './modules/ratings/ratings.routes.ts';
import { ANNOUNCEMENTS_ROUTES } from './modules/announcements/announcements.routes.ts';
import { FEEDBACK_ADMIN_ROUTES } from './modules/account/routes/feedback-admin.ts';
import { CODE_PACKAGES_ROUTES } from './modules/code-packages/code-packages.routes.ts';
import { TRANSACTIONS_ROUTES } from './modules/transactions/transactions.routes.ts';
import { FHIR_ROUTES } from './modules/fhir/fhir.routes.ts';
import { WEBHOOKS_ROUTES } from './modules/webhooks/webhooks.routes.ts';
import { TIMELINE_ROUTES } from './modules/timeline/timeline.routes.ts';
import { SAVED_VIEWS_ROUTES } from './modules/saved-views/saved-views.routes.ts';
import { SPORT_ROUTES } from './modules/sport/sport.routes.ts';
import { DASHBOARD_ROUTES } from './modules/dashboards/dashboards.routes.ts';
import { FIRMWARE_ROUTES } from './modules/firmware/firmware.routes.ts';

/** The route table: every HTTP endpoint of the server, each declaring its permission or public. */
export const ROUTES: AnyRoute[] = [
  healthRoute,
  oauthTokenRoute,
  refreshTokenRoute,
  checkTokenRoute,
  logoutRoute,
  otpSendRoute,
  otpMailRoute,
  otpTokenWebRoute,
  createVerificationTokenRoute,
  emailRegisterOtpRoute,
  verifyRegisterRoute,
  registerRoute,
  forgotSendRoute,
  forgotResetRoute,
  ...APP_AUTH_ROUTES,
  permissionRoute,
  levelsRoute,
  switchLevelRoute,
  tenantSettingsRoute,
  tenantAllRoute,
  getProfileRoute,
  getUserRoute,
  updateProfileRoute,
  updateLanguageRoute,
  updateTimezoneRoute,
  updateUnitsRoute,
  uploadAvatarRoute,
  getAvatarRoute,
  changePasswordRoute,
  listRolesRoute,
  permissionCatalogueRoute,
  createRoleRoute,
  togglePermissionRoute,
  listMessagesRoute,
  revealMessageRoute,
  listRegistrationsRoute,
  approveRegistrationRoute,
  rejectRegistrationRoute,
  ...SCOPES_ROUTES,
  ...CENTERS_ROUTES,
  ...TENANTS_ROUTES,
  ...STAFF_ROUTES,
  ...LIFECYCLE_ROUTES,
  ...AUDIT_ROUTES,
  ...PATIENTS_ROUTES,
  ...DEVICES_ROUTES,
  ...VITALS_ROUTES,
  ...VITALS_EXPORT_ROUTES,
  ...CONTACTS_ROUTES,
  ...ALERTS_ROUTES,
  ...TICKETS_ROUTES,
  ...SCHEDULES_ROUTES,
  ...APPOINTMENTS_ROUTES,
  ...MEETINGS_ROUTES,
  ...DOCTORS_ROUTES,
  ...RECORDS_ROUTES,
  ...PRESCRIPTIONS_ROUTES,
  ...BILLING_CORE_ROUTES,
  ...PAYMENT_CONFIG_ROUTES,
  ...PAYMENT_PROVIDER_ROUTES,
  ...RATINGS_ROUTES,
  ...ANNOUNCEMENTS_ROUTES,
  ...FEEDBACK_ADMIN_ROUTES,
  ...CODE_PACKAGES_ROUTES,
  ...TRANSACTIONS_ROUTES,
  ...FHIR_ROUTES,
  ...WEBHOOKS_ROUTES,
  ...TIMELINE_ROUTES,
  ...SAVED_VIEWS_ROUTES,
  ...SPORT_ROUTES,
  ...DASHBOARD_ROUTES,
  ...FIRMWARE_ROUTES,
  ...NOTIFICATIONS_ROUTES,
  ...DELIVERY_ROUTES,
  ...APP_VITALS_ROUTES,
  ...APP_SUBJECT_ROUTES,
  ...APP_PROFILE_ROUTES,
  ...APP_DEVICE_ROUTES,
  ...WEAR_ROUTES,
];
