import type { AnyRoute } from '../../platform/route.ts';
import {
  createStaffRoute,
  getStaffRoute,
  listStaffRoute,
  staffOptionsRoute,
  updateStaffRoute,
} from './routes/staff.ts';
import {
  addLicenseRoute,
  followDoctorRoute,
  licenseImageRoute,
  listFollowedDoctorsRoute,
  listLicensesRoute,
  unfollowDoctorRoute,
  updateDoctorProfileRoute,
  updateLicenseRoute,
} from './routes/doctors.ts';
import {
  accountAvatarRoute,
  adminUploadAvatarRoute,
  getAssistantMeRoute,
  getDoctorMeRoute,
  myAssistantsRoute,
  registerQualificationRoute,
  staffAvatarRoute,
  systemAdminChangePasswordRoute,
  systemAdminMeRoute,
  updateAssistantMeRoute,
  updateDoctorMeRoute,
} from './routes/profiles.ts';

/** The "staff" module's routes; the server's route table includes them. */
export const STAFF_ROUTES: AnyRoute[] = [
  listStaffRoute,
  staffOptionsRoute,
  getStaffRoute,
  createStaffRoute,
  updateStaffRoute,
  updateDoctorProfileRoute,
  listLicensesRoute,
  addLicenseRoute,
  updateLicenseRoute,
  licenseImageRoute,
  listFollowedDoctorsRoute,
  followDoctorRoute,
  unfollowDoctorRoute,
  getDoctorMeRoute,
  updateDoctorMeRoute,
  registerQualificationRoute,
  myAssistantsRoute,
  getAssistantMeRoute,
  updateAssistantMeRoute,
  systemAdminMeRoute,
  systemAdminChangePasswordRoute,
  adminUploadAvatarRoute,
  accountAvatarRoute,
  staffAvatarRoute,
];
