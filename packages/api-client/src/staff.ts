import type { createApiClient } from './client.ts';
import { ZAccountState, type TDisableRequest } from '@carewatch/contracts/lifecycle';
import { ZBulkResult, type TBulkDisableRequest } from '@carewatch/contracts/bulk';
import {
  ZDoctorMe,
  ZLicense,
  ZLicenseList,
  ZPersonList,
  ZStaffDetail,
  ZStaffOptions,
  ZStaffPage,
  type TCreateStaffRequest,
  type TDoctorProfileInput,
  type TLicenseInput,
  type TStaffQuery,
  type TUpdateStaffRequest,
} from '@carewatch/contracts/staff';

export type ApiRequest = ReturnType<typeof createApiClient>['request'];
type RawInput<T> = { [K in keyof T]?: unknown };

const M = '/api/account';
const enc = encodeURIComponent;

function licenseForm(input: RawInput<TLicenseInput>, file?: Blob | null, filename = 'license'): FormData {
  const form = new FormData();
  form.append('name', String(input.name ?? ''));
  form.append('number', String(input.number ?? ''));
  form.append('expiryDate', String(input.expiryDate ?? ''));
  if (file) form.append('file', file, filename);
  return form;
}

/** Staff and admins: lists, create/edit, doctor profiles, licenses, assistants' doctors, disable/enable. */
export const staffApi = (request: ApiRequest) => ({
  list: (query: Partial<TStaffQuery>) => request('GET', `${M}/staff`, { query, schema: ZStaffPage }),
  options: () => request('GET', `${M}/staff/options`, { schema: ZStaffOptions }),
  get: (id: string) => request('GET', `${M}/staff/${enc(id)}`, { schema: ZStaffDetail }),
  create: (body: TCreateStaffRequest) => request('POST', `${M}/staff`, { body, schema: ZStaffDetail }),
  update: (id: string, body: TUpdateStaffRequest) =>
    request('PUT', `${M}/staff/${enc(id)}`, { body, schema: ZStaffDetail }),
  updateDoctorProfile: (id: string, body: TDoctorProfileInput) =>
    request('PUT', `${M}/staff/${enc(id)}/doctor-profile`, { body, schema: ZStaffDetail }),
  licenses: (id: string) => request('GET', `${M}/staff/${enc(id)}/licenses`, { schema: ZLicenseList }),
  addLicense: (id: string, input: RawInput<TLicenseInput>, file?: Blob | null, filename?: string) =>
    request('POST', `${M}/staff/${enc(id)}/licenses`, { form: licenseForm(input, file, filename), schema: ZLicense }),
  updateLicense: (
    id: string,
    licenseId: string,
    input: RawInput<TLicenseInput>,
    file?: Blob | null,
    filename?: string,
  ) =>
    request('PUT', `${M}/staff/${enc(id)}/licenses/${enc(licenseId)}`, {
      form: licenseForm(input, file, filename),
      schema: ZLicense,
    }),
  licenseImageUrl: (id: string, licenseId: string) => `${M}/staff/${enc(id)}/licenses/${enc(licenseId)}/image`,
  doctors: (id: string) => request('GET', `${M}/staff/${enc(id)}/doctors`, { schema: ZPersonList }),
  follow: (id: string, doctorId: string) =>
    request('POST', `${M}/staff/${enc(id)}/doctors`, { body: { doctorId }, schema: ZPersonList }),
  unfollow: (id: string, doctorId: string) =>
    request('DELETE', `${M}/staff/${enc(id)}/doctors/${enc(doctorId)}`, { schema: ZPersonList }),
  uploadAvatar: (username: string, file: Blob, filename = 'avatar') => {
    const form = new FormData();
    form.append('file', file, filename);
    return request('POST', `${M}/admin/user/adminUploadAvatarForUser`, {
      query: { username },
      form,
      schema: ZStaffDetail,
    });
  },
  doctorMe: () => request('GET', `${M}/doctor/me/profile`, { schema: ZDoctorMe }),
  myAssistants: () => request('GET', `${M}/doctor/assistants`, { schema: ZPersonList }),
  // Account lifecycle (module lifecycle, permission StaffDisable).
  disable: (userId: string, body: TDisableRequest) =>
    request('POST', `${M}/users/${enc(userId)}/disable`, { body, schema: ZAccountState }),
  enable: (userId: string) => request('POST', `${M}/users/${enc(userId)}/enable`, { schema: ZAccountState }),
  /** Bulk disable of the staff list (issue 20): per-account done / failed. */
  bulkDisable: (body: TBulkDisableRequest) => request('POST', `${M}/staff/bulk/disable`, { body, schema: ZBulkResult }),
});
export type StaffApi = ReturnType<typeof staffApi>;
