import type { ApiRequest } from './staff.ts';
import { ZLicense, ZLicenseList, type TDoctorProfileInput, type TLicenseInput } from '@carewatch/contracts/staff';
import {
  ZAppDoctorList,
  ZCareRequest,
  ZCareRequestList,
  ZDoctorDetail,
  ZDoctorDirectoryPage,
  type TAppDoctorSearchQuery,
  type TCareRequest,
  type TCreateDoctorRequest,
  type TCreatePatientRequest,
  type TDoctorDirectoryQuery,
} from '@carewatch/contracts/doctors';

const M = '/api/account';
const enc = encodeURIComponent;
type RawInput<T> = { [K in keyof T]?: unknown };
type Which = 'doctor-requests' | 'patient-requests';

function licenseForm(input: RawInput<TLicenseInput>, file?: Blob | null, filename = 'license'): FormData {
  const form = new FormData();
  form.append('name', String(input.name ?? ''));
  form.append('number', String(input.number ?? ''));
  form.append('expiryDate', String(input.expiryDate ?? ''));
  if (file) form.append('file', file, filename);
  return form;
}

/** The doctor directory, profiles, medical licences, doctor and patient requests (portal) and the app's doctor search. */
export const doctorsApi = (request: ApiRequest) => ({
  list: (query: Partial<TDoctorDirectoryQuery> = {}) =>
    request('GET', `${M}/doctors`, { query, schema: ZDoctorDirectoryPage }),
  get: (id: string) => request('GET', `${M}/doctors/${enc(id)}`, { schema: ZDoctorDetail }),
  update: (id: string, body: TDoctorProfileInput) =>
    request('PUT', `${M}/doctors/${enc(id)}`, { body, schema: ZDoctorDetail }),
  avatarUrl: (id: string) => `${M}/doctors/${enc(id)}/avatar`,
  licenses: (id: string) => request('GET', `${M}/doctors/${enc(id)}/licenses`, { schema: ZLicenseList }),
  addLicense: (id: string, input: RawInput<TLicenseInput>, file?: Blob | null, filename?: string) =>
    request('POST', `${M}/doctors/${enc(id)}/licenses`, { form: licenseForm(input, file, filename), schema: ZLicense }),
  updateLicense: (
    id: string,
    licenseId: string,
    input: RawInput<TLicenseInput>,
    file?: Blob | null,
    filename?: string,
  ) =>
    request('PUT', `${M}/doctors/${enc(id)}/licenses/${enc(licenseId)}`, {
      form: licenseForm(input, file, filename),
      schema: ZLicense,
    }),
  licenseImageUrl: (id: string, licenseId: string) => `${M}/doctors/${enc(id)}/licenses/${enc(licenseId)}/image`,
  requests: (which: Which, status?: TCareRequest['status']) =>
    request('GET', `${M}/${which}`, { query: status ? { status } : {}, schema: ZCareRequestList }),
  createDoctorRequest: (body: TCreateDoctorRequest) =>
    request('POST', `${M}/doctor-requests`, { body, schema: ZCareRequest }),
  createPatientRequest: (body: TCreatePatientRequest) =>
    request('POST', `${M}/patient-requests`, { body, schema: ZCareRequest }),
  answer: (which: Which, id: string, action: 'accept' | 'reject' | 'cancel') =>
    request('POST', `${M}/${which}/${enc(id)}/${action}`, { schema: ZCareRequest }),
  /** Patient app: search doctors (q, specialty), or near a position (lat, lng). */
  search: (query: Partial<TAppDoctorSearchQuery>) =>
    request('GET', `${M}/app/doctors`, { query, schema: ZAppDoctorList }),
});
export type DoctorsApi = ReturnType<typeof doctorsApi>;
