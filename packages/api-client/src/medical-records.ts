import type { ApiRequest } from './staff.ts';
import {
  ZMedicalRecord,
  ZMedicalRecordAttachment,
  ZMedicalRecordPage,
  ZMedicalRecordRemoved,
  type TMedicalRecordAttachmentType,
  type TMedicalRecordRequest,
} from '@carewatch/contracts/medical-records';

const M = '/api/account';
const enc = encodeURIComponent;

/**
 * Medical records (issue 16). Staff: list, add, edit, delete, papers added one by one (multipart `type` + `file`).
 * File URLs (`*Url`) answer bytes, not JSON: fetch them with the Authorization header (a blob download helper).
 */
export const medicalRecordsApi = (request: ApiRequest) => ({
  list: (patientId: string, query: { page?: number; size?: number } = {}) =>
    request('GET', `${M}/patients/${enc(patientId)}/medical-records`, { query, schema: ZMedicalRecordPage }),
  get: (id: string) => request('GET', `${M}/medical-records/${enc(id)}`, { schema: ZMedicalRecord }),
  create: (patientId: string, body: TMedicalRecordRequest) =>
    request('POST', `${M}/patients/${enc(patientId)}/medical-records`, { body, schema: ZMedicalRecord }),
  update: (id: string, body: TMedicalRecordRequest) =>
    request('PUT', `${M}/medical-records/${enc(id)}`, { body, schema: ZMedicalRecord }),
  remove: (id: string) => request('DELETE', `${M}/medical-records/${enc(id)}`, { schema: ZMedicalRecordRemoved }),
  addAttachment: (id: string, type: TMedicalRecordAttachmentType, file: Blob, filename: string) => {
    const form = new FormData();
    form.append('type', type);
    form.append('file', file, filename);
    return request('POST', `${M}/medical-records/${enc(id)}/attachments`, { form, schema: ZMedicalRecordAttachment });
  },
  removeAttachment: (id: string, attachmentId: string) =>
    request('DELETE', `${M}/medical-records/${enc(id)}/attachments/${enc(attachmentId)}`, {
      schema: ZMedicalRecordRemoved,
    }),
  attachmentUrl: (id: string, attachmentId: string) =>
    `${M}/medical-records/${enc(id)}/attachments/${enc(attachmentId)}`,
});
export type MedicalRecordsApi = ReturnType<typeof medicalRecordsApi>;

/** The patient app's read-only view: my records (`me`), a sub-user's or a followed patient's. */
export const appMedicalRecordsApi = (request: ApiRequest) => ({
  list: (subject = 'me', query: { page?: number; size?: number } = {}) =>
    request('GET', `${M}/app/medical-records`, { query: { ...query, subject }, schema: ZMedicalRecordPage }),
  get: (id: string) => request('GET', `${M}/app/medical-records/${enc(id)}`, { schema: ZMedicalRecord }),
  attachmentUrl: (id: string, attachmentId: string) =>
    `${M}/app/medical-records/${enc(id)}/attachments/${enc(attachmentId)}`,
});
export type AppMedicalRecordsApi = ReturnType<typeof appMedicalRecordsApi>;
