import type { ApiRequest } from './staff.ts';
import { ZOk } from '@carewatch/contracts/common';
import {
  ZAttachment,
  ZCurrentImport,
  ZPatient,
  ZPatientCounts,
  ZPatientImport,
  ZPatientPage,
  ZStatusHistory,
  type TAssignDoctorsRequest,
  type TChangeStatusRequest,
  type TCreatePatientRequest,
  type TPatientListQuery,
  type TTargetsRequest,
  type TUpdatePatientRequest,
} from '@carewatch/contracts/patients';
import { ZBulkResult, type TBulkAssignDoctorRequest, type TBulkCenterRequest } from '@carewatch/contracts/bulk';

const M = '/api/account';
const enc = encodeURIComponent;

/** The list filters as a query string (export uses the same filters, without paging). */
function exportQuery(query: Partial<TPatientListQuery>): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (k === 'page' || k === 'size' || k === 'cursor') continue;
    if (v !== undefined && v !== null && v !== '') qs.set(k, String(v));
  }
  const s = qs.toString();
  return s ? `?${s}` : '';
}

function fileForm(file: Blob, filename: string): FormData {
  const form = new FormData();
  form.append('file', file, filename);
  return form;
}

/**
 * Patients (issue 4): records, status and history, doctors, targets, attachments, dashboard counts, bulk import,
 * export. Downloads (`*Url`) are plain URLs: fetch them with the Authorization header (see useAuthedImage / a blob
 * download helper) since they answer files, not JSON.
 */
export const patientsApi = (request: ApiRequest) => ({
  list: (query: Partial<TPatientListQuery>) => request('GET', `${M}/patients`, { query, schema: ZPatientPage }),
  get: (id: string) => request('GET', `${M}/patients/${enc(id)}`, { schema: ZPatient }),
  create: (body: TCreatePatientRequest) => request('POST', `${M}/patients`, { body, schema: ZPatient }),
  update: (id: string, body: TUpdatePatientRequest) =>
    request('PUT', `${M}/patients/${enc(id)}`, { body, schema: ZPatient }),
  changeStatus: (id: string, body: TChangeStatusRequest) =>
    request('PUT', `${M}/patients/${enc(id)}/status`, { body, schema: ZPatient }),
  statusHistory: (id: string) => request('GET', `${M}/patients/${enc(id)}/status-history`, { schema: ZStatusHistory }),
  assignDoctors: (id: string, body: TAssignDoctorsRequest) =>
    request('PUT', `${M}/patients/${enc(id)}/doctors`, { body, schema: ZPatient }),
  /** The calling doctor starts following the patient; the other doctors stay. */
  followAsDoctor: (id: string) => request('POST', `${M}/patients/${enc(id)}/doctors/me`, { schema: ZPatient }),
  updateTargets: (id: string, body: TTargetsRequest) =>
    request('PUT', `${M}/patients/${enc(id)}/targets`, { body, schema: ZPatient }),
  // Attachments (pdf/jpg/png, checked by content).
  uploadAttachment: (id: string, file: Blob, filename = 'attachment') =>
    request('POST', `${M}/patients/${enc(id)}/attachments`, { form: fileForm(file, filename), schema: ZAttachment }),
  attachmentUrl: (id: string, fileId: string) => `${M}/patients/${enc(id)}/attachments/${enc(fileId)}`,
  deleteAttachment: (id: string, fileId: string) =>
    request('DELETE', `${M}/patients/${enc(id)}/attachments/${enc(fileId)}`, { schema: ZOk }),
  // Dashboard counts (spec §7 getCountPatientStatus).
  doctorCounts: () => request('GET', `${M}/doctor/getCountPatientStatus`, { schema: ZPatientCounts }),
  operatorCounts: (mhscId?: string) =>
    request('GET', `${M}/operator/getCountPatientStatus`, { query: { mhscId }, schema: ZPatientCounts }),
  assistantCounts: () => request('GET', `${M}/doctor-assistant/get-count-patient-status`, { schema: ZPatientCounts }),
  centerCounts: (mhscId: string) =>
    request('GET', `${M}/smadmin/mhsc/getCountPatientStatus`, { query: { mhscId }, schema: ZPatientCounts }),
  // Bulk import (background job) and export.
  importTemplateUrl: () => `${M}/patients/import/template`,
  startImport: (file: Blob, filename: string) =>
    request('POST', `${M}/patients/import`, { form: fileForm(file, filename), schema: ZPatientImport }),
  currentImport: () => request('GET', `${M}/patients/import/current`, { schema: ZCurrentImport }),
  getImport: (importId: string) => request('GET', `${M}/patients/import/${enc(importId)}`, { schema: ZPatientImport }),
  importErrorsUrl: (importId: string) => `${M}/patients/import/${enc(importId)}/errors`,
  exportUrl: (query: Partial<TPatientListQuery> = {}) => `${M}/patients/export${exportQuery(query)}`,
  // Bulk actions of the list (issue 20): per-patient done / failed.
  bulkAssignDoctor: (body: TBulkAssignDoctorRequest) =>
    request('POST', `${M}/patients/bulk/assign-doctor`, { body, schema: ZBulkResult }),
  bulkChangeCenter: (body: TBulkCenterRequest) =>
    request('POST', `${M}/patients/bulk/center`, { body, schema: ZBulkResult }),
  /** POST `{ patientIds }` (TBulkExportRequest) here with the Authorization header: the selected rows as .xlsx. */
  bulkExportUrl: () => `${M}/patients/bulk/export`,
});
export type PatientsApi = ReturnType<typeof patientsApi>;
