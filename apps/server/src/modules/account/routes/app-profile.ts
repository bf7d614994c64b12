import { ZIdParams, ZOk } from '@carewatch/contracts/common';
import { Permission } from '@carewatch/contracts/permissions';
import {
  FEEDBACK_IMAGE_MAX_BYTES,
  ZAppProfile,
  ZDeleteAccountRequest,
  ZDeleteAccountResult,
  ZFeedbackResult,
  ZMedicalProfile,
  ZMedicalProfileEditable,
  ZMedicalProfileEditableRequest,
  ZSubUser,
  ZSubUserList,
  ZSubUserRequest,
  ZUpdateAppProfileRequest,
  ZUpdateMedicalProfileRequest,
} from '@carewatch/contracts/app-profile';
import type { AnyRoute } from '../../../platform/route.ts';
import { defineRoute } from '../../../platform/route.ts';
import { AppError } from '../../../platform/errors.ts';
import {
  deleteMyAccount,
  getAppProfile,
  getMedicalProfile,
  patientMedicalProfile,
  setMedicalProfileEditable,
  updateAppProfile,
  updateMedicalProfile,
} from '../app-profile.service.ts';
import { addSubUser, listSubUsers, removeSubUser, updateSubUser } from '../sub-users.service.ts';
import { sendFeedback } from '../feedback.service.ts';

const tags = ['account'];

export const getAppProfileRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: '/api/account/me/app-profile',
  tags,
  permission: Permission.AccountProfileView,
  summary: 'My patient-app profile (names, birthday, gender, contact, address, height and weight)',
  response: ZAppProfile,
  handler: async (_in, ctx) => getAppProfile(ctx),
});
export const putAppProfileRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'PUT',
  url: '/api/account/me/app-profile',
  tags,
  permission: Permission.AccountProfileUpdate,
  summary:
    'Update my patient-app profile (names without digits, adult birthday not in the future, optional valid e-mail)',
  body: ZUpdateAppProfileRequest,
  response: ZAppProfile,
  handler: async ({ body }, ctx) => updateAppProfile(ctx, body),
});
export const getMedicalProfileRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: '/api/account/me/medical-profile',
  tags,
  permission: Permission.AccountProfileView,
  summary:
    'My medical profile (blood type, skin colour, background diseases, history, height, weight) and whether I may edit it',
  response: ZMedicalProfile,
  handler: async (_in, ctx) => getMedicalProfile(ctx),
});
export const putMedicalProfileRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'PUT',
  url: '/api/account/me/medical-profile',
  tags,
  permission: Permission.AccountProfileUpdate,
  summary: 'Update my medical profile (403 MEDICAL_PROFILE_LOCKED unless my doctor allowed it)',
  body: ZUpdateMedicalProfileRequest,
  response: ZMedicalProfile,
  handler: async ({ body }, ctx) => updateMedicalProfile(ctx, body),
});
export const getPatientMedicalProfileRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: '/api/account/patients/:id/medical-profile',
  tags: ['patients'],
  permission: Permission.PatientView,
  summary: "A patient's medical profile (background diseases, history…) and whether they may edit it in the app",
  params: ZIdParams,
  response: ZMedicalProfile,
  handler: async ({ params }, ctx) => patientMedicalProfile(ctx, params.id),
});
export const putMedicalProfileEditableRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'PUT',
  url: '/api/account/patients/:id/medical-profile-editable',
  tags: ['patients'],
  permission: Permission.PatientUpdate,
  summary: 'Allow (or stop) a patient editing their own medical profile in the app',
  params: ZIdParams,
  body: ZMedicalProfileEditableRequest,
  response: ZMedicalProfileEditable,
  handler: async ({ params, body }, ctx) => setMedicalProfileEditable(ctx, params.id, body.editable),
});

export const listSubUsersRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: '/api/account/me/sub-users',
  tags,
  permission: Permission.HealthOwnData,
  summary: 'The sub-users (managed profiles) of my account, and the maximum',
  response: ZSubUserList,
  handler: async (_in, ctx) => listSubUsers(ctx),
});
export const addSubUserRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'POST',
  url: '/api/account/me/sub-users',
  tags,
  permission: Permission.HealthOwnData,
  status: 201,
  summary: 'Add a sub-user (400 SUB_USER_MAX when the maximum is reached)',
  body: ZSubUserRequest,
  response: ZSubUser,
  handler: async ({ body }, ctx) => addSubUser(ctx, body),
});
export const updateSubUserRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'PUT',
  url: '/api/account/me/sub-users/:id',
  tags,
  permission: Permission.HealthOwnData,
  summary: 'Edit one of my sub-users',
  params: ZIdParams,
  body: ZSubUserRequest,
  response: ZSubUser,
  handler: async ({ params, body }, ctx) => updateSubUser(ctx, params.id, body),
});
export const removeSubUserRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'DELETE',
  url: '/api/account/me/sub-users/:id',
  tags,
  permission: Permission.HealthOwnData,
  summary: 'Remove one of my sub-users with their data',
  params: ZIdParams,
  response: ZOk,
  handler: async ({ params }, ctx) => removeSubUser(ctx, params.id),
});

export const sendFeedbackRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'POST',
  url: '/api/account/me/feedback',
  tags,
  permission: Permission.AccountProfileUpdate,
  status: 201,
  bodyKind: 'multipart',
  summary:
    'Send feedback (multipart: kind, category, description, suggestion; `image` png/jpeg/gif/webp ≤ 5 MB, required for ERROR)',
  response: ZFeedbackResult,
  handler: async ({ req }, ctx) => {
    const fields: Record<string, string> = {};
    let image: Buffer | null = null;
    for await (const part of req.parts({
      limits: { files: 1, fileSize: FEEDBACK_IMAGE_MAX_BYTES + 1, fields: 20, fieldSize: 10_000 },
    })) {
      if (part.type === 'file') {
        const data = await part.toBuffer().catch((e: { code?: string }) => {
          if (e.code === 'FST_REQ_FILE_TOO_LARGE')
            throw new AppError('FILE_TOO_LARGE', { field: 'image', rule: 'max_5mb' });
          throw e;
        });
        if (part.fieldname === 'image') image = data;
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
    return sendFeedback(ctx, fields, image);
  },
});

export const deleteAccountRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'POST',
  url: '/api/account/me/delete',
  tags,
  permission: Permission.AccountDeactivate,
  summary: 'Delete my account: disabled now, data erased after 30 days, cannot be undone (password required)',
  body: ZDeleteAccountRequest,
  response: ZDeleteAccountResult,
  handler: async ({ body }, ctx) => deleteMyAccount(ctx, body),
});

/** The patient app's profile, medical profile, sub-users, notification settings, feedback and account deletion. */
export const APP_PROFILE_ROUTES: AnyRoute[] = [
  getAppProfileRoute,
  putAppProfileRoute,
  getMedicalProfileRoute,
  putMedicalProfileRoute,
  getPatientMedicalProfileRoute,
  putMedicalProfileEditableRoute,
  listSubUsersRoute,
  addSubUserRoute,
  updateSubUserRoute,
  removeSubUserRoute,
  sendFeedbackRoute,
  deleteAccountRoute,
];
