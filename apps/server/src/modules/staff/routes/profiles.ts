import { z } from 'zod';
import { ZIdParams, ZOk } from '@carewatch/contracts/common';
import { ZChangePasswordRequest } from '@carewatch/contracts/account';
import { Permission } from '@carewatch/contracts/permissions';
import {
  LICENSE_IMAGE_MAX_BYTES,
  ZDoctorMe,
  ZLicense,
  ZLicenseInput,
  ZPersonList,
  ZStaffDetail,
  ZUpdateAssistantMeRequest,
  ZUpdateDoctorMeRequest,
  ZUsernameQuery,
} from '@carewatch/contracts/staff';
import { defineRoute } from '../../../platform/route.ts';
import { readFile, readForm } from './multipart.ts';
import {
  AVATAR_MAX_BYTES,
  addMyQualification,
  assistantMe,
  doctorMe,
  myAssistants,
  readStaffAvatar,
  systemAdminChangePassword,
  systemAdminMe,
  updateAssistantMe,
  updateDoctorMe,
  uploadAvatarFor,
} from '../staff.service.ts';

// ---- spec §7 profile calls
export const getDoctorMeRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: '/api/account/doctor/me/profile',
  tags: ['staff'],
  permission: Permission.AccountProfileView,
  summary: 'My doctor profile and licenses (404 PROFILE_NOT_FOUND when I am not a doctor)',
  response: ZDoctorMe,
  handler: async (_in, ctx) => doctorMe(ctx),
});
export const updateDoctorMeRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'PUT',
  url: '/api/account/doctor/me/profile',
  tags: ['staff'],
  permission: Permission.AccountProfileUpdate,
  summary: 'Update my doctor profile',
  body: ZUpdateDoctorMeRequest,
  response: ZDoctorMe,
  handler: async ({ body }, ctx) => updateDoctorMe(ctx, body),
});
export const registerQualificationRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'POST',
  url: '/api/account/doctor/v2/register/qualification',
  tags: ['staff'],
  permission: Permission.AccountProfileUpdate,
  status: 201,
  bodyKind: 'multipart',
  summary: 'Add one of my medical licenses (multipart like the admin call)',
  response: ZLicense,
  handler: async ({ req }, ctx) => {
    const { fields, file } = await readForm(req, ZLicenseInput, LICENSE_IMAGE_MAX_BYTES);
    return addMyQualification(ctx, fields, file);
  },
});
export const myAssistantsRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: '/api/account/doctor/assistants',
  tags: ['staff'],
  permission: Permission.AccountProfileView,
  summary: 'The assistants following me (doctor)',
  response: ZPersonList,
  handler: async (_in, ctx) => myAssistants(ctx),
});
export const getAssistantMeRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: '/api/account/doctor-assistant/me/profile',
  tags: ['staff'],
  permission: Permission.AccountProfileView,
  summary: 'My doctor-assistant profile with the doctors I follow',
  response: ZStaffDetail,
  handler: async (_in, ctx) => assistantMe(ctx),
});
export const updateAssistantMeRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'PUT',
  url: '/api/account/doctor-assistant/me/profile',
  tags: ['staff'],
  permission: Permission.AccountProfileUpdate,
  summary: 'Update my doctor-assistant profile',
  body: ZUpdateAssistantMeRequest,
  response: ZStaffDetail,
  handler: async ({ body }, ctx) => updateAssistantMe(ctx, body),
});
export const systemAdminMeRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: '/api/account/system-admin/me/profile',
  tags: ['staff'],
  permission: Permission.AccountProfileView,
  summary: 'My system-admin profile (system admin, super admin, root)',
  response: ZStaffDetail,
  handler: async (_in, ctx) => systemAdminMe(ctx),
});
export const systemAdminChangePasswordRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'PUT',
  url: '/api/account/system-admin/change-password',
  tags: ['staff'],
  permission: Permission.AccountPasswordChange,
  summary: 'Change my password (system admin, super admin, root)',
  body: ZChangePasswordRequest,
  response: ZOk,
  handler: async ({ body }, ctx) => systemAdminChangePassword(ctx, body),
});

// ---- avatars of staff accounts
export const adminUploadAvatarRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'POST',
  url: '/api/account/admin/user/adminUploadAvatarForUser',
  tags: ['staff'],
  permission: Permission.StaffUpdate,
  bodyKind: 'multipart',
  summary: 'Set the avatar of a staff account (query username = e-mail or phone; multipart file PNG/JPEG ≤ 1 MB)',
  query: ZUsernameQuery,
  response: ZStaffDetail,
  handler: async ({ query, req }, ctx) => uploadAvatarFor(ctx, query.username, await readFile(req, AVATAR_MAX_BYTES)),
});
export const accountAvatarRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'POST',
  url: '/api/account/avatar',
  tags: ['staff'],
  permission: Permission.StaffCreate,
  bodyKind: 'multipart',
  summary: 'Set the avatar of an account being created (operators; query username)',
  query: ZUsernameQuery,
  response: ZStaffDetail,
  handler: async ({ query, req }, ctx) => uploadAvatarFor(ctx, query.username, await readFile(req, AVATAR_MAX_BYTES)),
});
export const staffAvatarRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: '/api/account/staff/:id/avatar',
  tags: ['staff'],
  permission: Permission.StaffView,
  summary: "A staff account's avatar image",
  params: ZIdParams,
  response: z.unknown(),
  raw: true,
  produces: ['image'],
  handler: async ({ params, reply }, ctx) => {
    const { data, type } = await readStaffAvatar(ctx, params.id);
    await reply
      .type(type)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-cache')
      .send(data);
  },
});
