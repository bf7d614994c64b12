import type { AnyRoute } from '../../platform/route.ts';
import {
  assignDoctorsRoute,
  followAsDoctorRoute,
  changeStatusRoute,
  createPatientRoute,
  getPatientRoute,
  listPatientsRoute,
  statusHistoryRoute,
  updatePatientRoute,
  updateTargetsRoute,
} from './routes/patients.ts';
import { addAttachmentRoute, deleteAttachmentRoute, getAttachmentRoute } from './routes/attachments.ts';
import { assistantCountsRoute, centerCountsRoute, doctorCountsRoute, operatorCountsRoute } from './routes/counts.ts';
import {
  currentImportRoute,
  exportPatientsRoute,
  getImportRoute,
  importErrorsRoute,
  importTemplateRoute,
  startImportRoute,
} from './routes/import-export.ts';
import { bulkAssignDoctorRoute, bulkChangeCenterRoute, bulkExportRoute } from './routes/bulk.ts';

/** The "patients" module's routes; the server's route table includes them. Static paths before `:id` ones. */
export const PATIENTS_ROUTES: AnyRoute[] = [
  importTemplateRoute,
  currentImportRoute,
  startImportRoute,
  getImportRoute,
  importErrorsRoute,
  exportPatientsRoute,
  bulkAssignDoctorRoute,
  bulkChangeCenterRoute,
  bulkExportRoute,
  listPatientsRoute,
  createPatientRoute,
  getPatientRoute,
  updatePatientRoute,
  changeStatusRoute,
  statusHistoryRoute,
  assignDoctorsRoute,
  followAsDoctorRoute,
  updateTargetsRoute,
  addAttachmentRoute,
  getAttachmentRoute,
  deleteAttachmentRoute,
  doctorCountsRoute,
  operatorCountsRoute,
  assistantCountsRoute,
  centerCountsRoute,
];
