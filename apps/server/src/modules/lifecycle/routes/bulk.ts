import { ZBulkDisableRequest, ZBulkResult } from '@carewatch/contracts/bulk';
import { Permission } from '@carewatch/contracts/permissions';
import { defineRoute } from '../../../platform/route.ts';
import { bulkDisableUsers } from '../lifecycle.service.ts';

export const bulkDisableRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'POST',
  url: '/api/account/staff/bulk/disable',
  tags: ['lifecycle'],
  permission: Permission.StaffDisable,
  summary:
    'Disable the selected accounts (1..200) for a period, as the single disable; per-account done / failed with its code',
  body: ZBulkDisableRequest,
  response: ZBulkResult,
  handler: async ({ body }, ctx) => bulkDisableUsers(ctx, body),
});
