import type { AnyRoute } from '../../platform/route.ts';
import { doctorAvatarRoute, getDoctorRoute, listDoctorsRoute, updateDoctorRoute } from './routes/directory.ts';
import {
  addDoctorLicenseRoute,
  doctorLicenseImageRoute,
  listDoctorLicensesRoute,
  updateDoctorLicenseRoute,
} from './routes/licenses.ts';
import {
  acceptDoctorRequestRoute,
  acceptPatientRequestRoute,
  cancelDoctorRequestRoute,
  cancelPatientRequestRoute,
  createDoctorRequestRoute,
  createPatientRequestRoute,
  listDoctorRequestsRoute,
  listPatientRequestsRoute,
  rejectDoctorRequestRoute,
  rejectPatientRequestRoute,
} from './routes/requests.ts';
import { appSearchDoctorsRoute } from './routes/app-search.ts';

/** The "doctors" module's routes: directory and profile, medical licences, doctor and patient requests, the app's doctor search. */
export const DOCTORS_ROUTES: AnyRoute[] = [
  listDoctorsRoute,
  getDoctorRoute,
  updateDoctorRoute,
  doctorAvatarRoute,
  listDoctorLicensesRoute,
  addDoctorLicenseRoute,
  updateDoctorLicenseRoute,
  doctorLicenseImageRoute,
  listDoctorRequestsRoute,
  createDoctorRequestRoute,
  acceptDoctorRequestRoute,
  rejectDoctorRequestRoute,
  cancelDoctorRequestRoute,
  listPatientRequestsRoute,
  createPatientRequestRoute,
  acceptPatientRequestRoute,
  rejectPatientRequestRoute,
  cancelPatientRequestRoute,
  appSearchDoctorsRoute,
];
