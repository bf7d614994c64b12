import type { ApiRequest } from './staff.ts';
import { ZOk } from '@carewatch/contracts/common';
import {
  ZAppProfile,
  ZDeleteAccountResult,
  ZFeedbackResult,
  ZMedicalProfile,
  ZMedicalProfileEditable,
  ZSubUser,
  ZSubUserList,
  type TDeleteAccountRequest,
  type TFeedbackFields,
  type TSubUserRequest,
  type TUpdateAppProfileRequest,
  type TUpdateMedicalProfileRequest,
} from '@carewatch/contracts/app-profile';

const ME = '/api/account/me';
const enc = encodeURIComponent;

/** The patient app's profile calls: profile, medical profile, sub-users, feedback, account deletion (and the staff switch). */
export const appProfileApi = (request: ApiRequest) => ({
  profile: () => request('GET', `${ME}/app-profile`, { schema: ZAppProfile }),
  updateProfile: (body: TUpdateAppProfileRequest) => request('PUT', `${ME}/app-profile`, { body, schema: ZAppProfile }),
  medical: () => request('GET', `${ME}/medical-profile`, { schema: ZMedicalProfile }),
  updateMedical: (body: TUpdateMedicalProfileRequest) =>
    request('PUT', `${ME}/medical-profile`, { body, schema: ZMedicalProfile }),
  /** Staff: a patient's medical profile and whether they may edit it. */
  patientMedical: (patientId: string) =>
    request('GET', `/api/account/patients/${enc(patientId)}/medical-profile`, { schema: ZMedicalProfile }),
  /** Staff: let a patient edit their own medical profile (or lock it). */
  setMedicalEditable: (patientId: string, editable: boolean) =>
    request('PUT', `/api/account/patients/${enc(patientId)}/medical-profile-editable`, {
      body: { editable },
      schema: ZMedicalProfileEditable,
    }),
  subUsers: () => request('GET', `${ME}/sub-users`, { schema: ZSubUserList }),
  addSubUser: (body: TSubUserRequest) => request('POST', `${ME}/sub-users`, { body, schema: ZSubUser }),
  updateSubUser: (id: string, body: TSubUserRequest) =>
    request('PUT', `${ME}/sub-users/${enc(id)}`, { body, schema: ZSubUser }),
  removeSubUser: (id: string) => request('DELETE', `${ME}/sub-users/${enc(id)}`, { schema: ZOk }),
  sendFeedback: (fields: TFeedbackFields, image: File | null) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) if (v !== undefined) form.append(k, v);
    if (image) form.append('image', image, image.name);
    return request('POST', `${ME}/feedback`, { form, schema: ZFeedbackResult });
  },
  deleteAccount: (body: TDeleteAccountRequest) =>
    request('POST', `${ME}/delete`, { body, schema: ZDeleteAccountResult }),
});
export type AppProfileApi = ReturnType<typeof appProfileApi>;
