import { z } from 'zod';
import {
  ZProfile,
  ZUpdateLanguageQuery,
  ZUpdateProfileRequest,
  ZUpdateTimezoneQuery,
  ZUpdateUnitsRequest,
} from '@carewatch/contracts/account';
import { Permission } from '@carewatch/contracts/permissions';
import { defineRoute } from '../../../platform/route.ts';
import { AppError } from '../../../platform/errors.ts';
import {
  getProfile,
  readAvatar,
  updateLanguage,
  updateProfile,
  updateTimezone,
  updateUnits,
  uploadAvatar,
  AVATAR_MAX_BYTES,
} from '../account.service.ts';

export const getProfileRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: '/api/account/me/profile/get',
  tags: ['account'],
  permission: Permission.AccountProfileView,
  summary: 'My profile',
  response: ZProfile,
  handler: async (_in, ctx) => getProfile(ctx),
});
export const getUserRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: '/api/account/user/get',
  tags: ['account'],
  permission: Permission.AccountProfileView,
  summary: 'My user (same as me/profile/get)',
  response: ZProfile,
  handler: async (_in, ctx) => getProfile(ctx),
});
export const updateProfileRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'PUT',
  url: '/api/account/me/profile',
  tags: ['account'],
  permission: Permission.AccountProfileUpdate,
  summary: 'Update my profile',
  body: ZUpdateProfileRequest,
  response: ZProfile,
  handler: async ({ body }, ctx) => updateProfile(ctx, body),
});
export const updateLanguageRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'POST',
  url: '/api/account/me/profile/update-language',
  tags: ['account'],
  permission: Permission.AccountProfileUpdate,
  summary: "Set my language (en, vi; 'can' means en)",
  query: ZUpdateLanguageQuery,
  response: ZProfile,
  handler: async ({ query }, ctx) => updateLanguage(ctx, query.lang),
});
export const updateTimezoneRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'POST',
  url: '/api/account/me/profile/update-time-zone',
  tags: ['account'],
  permission: Permission.AccountProfileUpdate,
  summary: 'Set my IANA timezone',
  query: ZUpdateTimezoneQuery,
  response: ZProfile,
  handler: async ({ query }, ctx) => updateTimezone(ctx, query.tz),
});
export const updateUnitsRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'POST',
  url: '/api/account/me/profile/update-units',
  tags: ['account'],
  permission: Permission.AccountProfileUpdate,
  summary: 'Set my display units',
  body: ZUpdateUnitsRequest,
  response: ZProfile,
  handler: async ({ body }, ctx) => updateUnits(ctx, body),
});
export const uploadAvatarRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'POST',
  url: '/api/account/me/profile/upload-avatar',
  tags: ['account'],
  permission: Permission.AccountProfileUpdate,
  summary: 'Upload my avatar (multipart field `file`, PNG or JPEG, under 1 MB)',
  bodyKind: 'multipart',
  response: ZProfile,
  handler: async ({ req }, ctx) => {
    const file = await req.file({ limits: { fileSize: AVATAR_MAX_BYTES + 1 } });
    if (!file) return uploadAvatar(ctx, null);
    const data = await file.toBuffer().catch((e: { code?: string }) => {
      if (e.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('FILE_TOO_LARGE', { field: 'file', rule: 'max_1mb' });
      throw e;
    });
    return uploadAvatar(ctx, data);
  },
});
export const getAvatarRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: '/api/account/me/avatar',
  tags: ['account'],
  permission: Permission.AccountProfileView,
  summary: 'My avatar image',
  response: z.unknown(),
  raw: true,
  produces: ['image'],
  handler: async ({ reply }, ctx) => {
    const { data, type } = await readAvatar(ctx);
    await reply
      .type(type)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-cache')
      .send(data);
  },
});
