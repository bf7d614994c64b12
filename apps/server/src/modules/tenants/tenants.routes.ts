import type { AnyRoute } from '../../platform/route.ts';
import {
  createTenantRoute,
  getTenantRoute,
  listTenantsRoute,
  setTenantActiveRoute,
  testConnectionRoute,
  updateBrandingRoute,
  updateTenantRoute,
  uploadLogoRoute,
} from './routes/tenants-admin.ts';
import {
  getOwnSettingsRoute,
  tenantLogoRoute,
  updateEmailTemplateRoute,
  updateOtherSettingsRoute,
  updateSecuritySettingsRoute,
  updateUnitsSettingsRoute,
} from './routes/tenant-settings-tabs.ts';
import {
  approveTenantRequestRoute,
  listTenantRequestsRoute,
  rejectTenantRequestRoute,
  submitBrandingRequestRoute,
  submitTrialRequestRoute,
} from './routes/tenant-requests.ts';

/** The "tenants" module's routes; the server's route table includes them. */
export const TENANTS_ROUTES: AnyRoute[] = [
  listTenantsRoute,
  createTenantRoute,
  testConnectionRoute,
  getTenantRoute,
  updateTenantRoute,
  setTenantActiveRoute,
  updateBrandingRoute,
  uploadLogoRoute,
  getOwnSettingsRoute,
  updateUnitsSettingsRoute,
  updateSecuritySettingsRoute,
  updateEmailTemplateRoute,
  updateOtherSettingsRoute,
  tenantLogoRoute,
  submitTrialRequestRoute,
  submitBrandingRequestRoute,
  listTenantRequestsRoute,
  approveTenantRequestRoute,
  rejectTenantRequestRoute,
];
