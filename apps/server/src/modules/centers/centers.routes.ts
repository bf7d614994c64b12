import type { AnyRoute } from '../../platform/route.ts';
import {
  centerAdminCandidatesRoute,
  centerLogoRoute,
  createCenterRoute,
  deactivateCenterRoute,
  getCenterRoute,
  listCentersRoute,
  unassignCenterAdminRoute,
  updateCenterRoute,
} from './routes/sadmin-centers.ts';
import {
  orgCheckRoute,
  smadminGetCenterRoute,
  smadminMyCentersRoute,
  smadminUpdateCenterRoute,
  userCentersRoute,
} from './routes/smadmin-centers.ts';
import {
  manageCenterDetailRoute,
  manageCreateCenterRoute,
  manageTenantAllRoute,
  manageUpdateCenterRoute,
  manageUploadLogoRoute,
} from './routes/manage-centers.ts';

/** The "centers" module's routes; the server's route table includes them. */
export const CENTERS_ROUTES: AnyRoute[] = [
  listCentersRoute,
  centerAdminCandidatesRoute,
  getCenterRoute,
  createCenterRoute,
  updateCenterRoute,
  deactivateCenterRoute,
  unassignCenterAdminRoute,
  centerLogoRoute,
  smadminMyCentersRoute,
  smadminGetCenterRoute,
  smadminUpdateCenterRoute,
  userCentersRoute,
  orgCheckRoute,
  manageCreateCenterRoute,
  manageUpdateCenterRoute,
  manageCenterDetailRoute,
  manageUploadLogoRoute,
  manageTenantAllRoute,
];
