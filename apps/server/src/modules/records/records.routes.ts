import type { AnyRoute } from '../../platform/route.ts';
import { createPatientRecordRoute, listPatientRecordsRoute } from './routes/patient-records.ts';
import { deleteRecordRoute, recordDetailRoute, updateRecordRoute } from './routes/records.ts';
import {
  addRecordAttachmentRoute,
  deleteRecordAttachmentRoute,
  downloadRecordAttachmentRoute,
} from './routes/record-attachments.ts';
import { appRecordAttachmentRoute, appRecordDetailRoute, appRecordsRoute } from './routes/app-records.ts';

/** The "records" module's routes: patients' medical records for staff, read-only for the patient app. */
export const RECORDS_ROUTES: AnyRoute[] = [
  listPatientRecordsRoute,
  createPatientRecordRoute,
  recordDetailRoute,
  updateRecordRoute,
  deleteRecordRoute,
  addRecordAttachmentRoute,
  downloadRecordAttachmentRoute,
  deleteRecordAttachmentRoute,
  appRecordsRoute,
  appRecordDetailRoute,
  appRecordAttachmentRoute,
];
