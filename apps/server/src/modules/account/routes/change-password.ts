import { ZChangePasswordRequest } from '@carewatch/contracts/account';
import { ZOk } from '@carewatch/contracts/common';
import { Permission } from '@carewatch/contracts/permissions';
import { defineRoute } from '../../../platform/route.ts';
import { changePassword } from '../../auth/auth.service.ts';

export const changePasswordRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'POST',
  url: '/api/account/change-password',
  tags: ['account'],
  permission: Permission.AccountPasswordChange,
  summary: 'Change my password (new ≠ current, confirmation matches); my other sessions end',
  body: ZChangePasswordRequest,
  response: ZOk,
  handler: async ({ body }, ctx) => changePassword(ctx, body),
});
