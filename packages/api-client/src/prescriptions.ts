import type { ApiRequest } from './staff.ts';
import {
  ZAdherence,
  ZAdherenceRankPage,
  ZAppMedication,
  ZIntake,
  ZIntakeList,
  ZMedicationSettings,
  ZMedicineImage,
  ZPrescriptionDetail,
  ZPrescriptionPage,
  ZReminderList,
  type TAdherenceRankQuery,
  type TIntakeConfirmRequest,
  type TIntakeQuery,
  type TIntakeSnoozeRequest,
  type TMedicationSettings,
  type TPrescriptionListQuery,
  type TPrescriptionRequest,
  type TPrescriptionReuseRequest,
} from '@carewatch/contracts/prescriptions';

const A = '/api/account';
const enc = encodeURIComponent;

/**
 * Staff prescriptions: a patient's list (state filter), detail with usage history, write / edit (answers the new
 * version) / reuse / deactivate, reminders, doses, adherence, the ranked adherence list, the missed-dose setting.
 */
export const prescriptionsApi = (request: ApiRequest) => ({
  list: (patientId: string, query: Partial<TPrescriptionListQuery> = {}) =>
    request('GET', `${A}/patients/${enc(patientId)}/prescriptions`, { query, schema: ZPrescriptionPage }),
  create: (patientId: string, body: TPrescriptionRequest) =>
    request('POST', `${A}/patients/${enc(patientId)}/prescriptions`, { body, schema: ZPrescriptionDetail }),
  get: (id: string) => request('GET', `${A}/prescriptions/${enc(id)}`, { schema: ZPrescriptionDetail }),
  /** Editing deactivates this one (irreversible) and answers the new, linked prescription. */
  update: (id: string, body: TPrescriptionRequest) =>
    request('PUT', `${A}/prescriptions/${enc(id)}`, { body, schema: ZPrescriptionDetail }),
  reuse: (id: string, body: TPrescriptionReuseRequest = {}) =>
    request('POST', `${A}/prescriptions/${enc(id)}/reuse`, { body, schema: ZPrescriptionDetail }),
  deactivate: (id: string) =>
    request('POST', `${A}/prescriptions/${enc(id)}/deactivate`, { schema: ZPrescriptionDetail }),
  uploadMedicineImage: (file: Blob, filename = 'medicine') => {
    const form = new FormData();
    form.append('file', file, filename);
    return request('POST', `${A}/prescriptions/medicine-images`, { form, schema: ZMedicineImage });
  },
  medicineImageUrl: (imageId: string) => `${A}/prescriptions/medicine-images/${enc(imageId)}`,
  reminders: (patientId: string) =>
    request('GET', `${A}/patients/${enc(patientId)}/reminders`, { schema: ZReminderList }),
  intakes: (patientId: string, query: Partial<TIntakeQuery> = {}) =>
    request('GET', `${A}/patients/${enc(patientId)}/intakes`, { query, schema: ZIntakeList }),
  adherence: (patientId: string) => request('GET', `${A}/patients/${enc(patientId)}/adherence`, { schema: ZAdherence }),
  ranking: (query: Partial<TAdherenceRankQuery> = {}) =>
    request('GET', `${A}/adherence`, { query, schema: ZAdherenceRankPage }),
  settings: (patientId: string) =>
    request('GET', `${A}/patients/${enc(patientId)}/medication-settings`, { schema: ZMedicationSettings }),
  updateSettings: (patientId: string, body: TMedicationSettings) =>
    request('PUT', `${A}/patients/${enc(patientId)}/medication-settings`, { body, schema: ZMedicationSettings }),
});
export type PrescriptionsApi = ReturnType<typeof prescriptionsApi>;

/** The patient app's Medication tab: mine or a subject's (followers read-only), answering and snoozing a dose. */
export const appMedicationApi = (request: ApiRequest) => ({
  mine: () => request('GET', `${A}/app/medication`, { schema: ZAppMedication }),
  ofSubject: (subject: string) =>
    request('GET', `${A}/app/patients/${enc(subject)}/medication`, { schema: ZAppMedication }),
  confirm: (intakeId: string, body: TIntakeConfirmRequest) =>
    request('POST', `${A}/app/medication/intakes/${enc(intakeId)}`, { body, schema: ZIntake }),
  snooze: (intakeId: string, body: TIntakeSnoozeRequest) =>
    request('POST', `${A}/app/medication/intakes/${enc(intakeId)}/snooze`, { body, schema: ZIntake }),
  medicineImageUrl: (imageId: string) => `${A}/app/medication/medicine-images/${enc(imageId)}`,
});
export type AppMedicationApi = ReturnType<typeof appMedicationApi>;
