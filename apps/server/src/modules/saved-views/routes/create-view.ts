import { Permission } from '@carewatch/contracts/permissions';
import { ZSavedView, ZSavedViewInput } from '@carewatch/contracts/saved-views';
import { defineRoute } from '../../../platform/route.ts';
import { createView } from '../saved-views.service.ts';

export const createSavedViewRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'POST',
  url: '/api/account/saved-views',
  tags: ['saved-views'],
  permission: Permission.AccountProfileView,
  status: 201,
  summary:
    'Save the state of a list (its URL search string) under a name: unique per list (409 SAVED_VIEW_NAME_EXISTS), at most 20 per list (409 SAVED_VIEW_LIMIT)',
  body: ZSavedViewInput,
  response: ZSavedView,
  operationId: 'createSavedView',
  handler: async ({ body }, ctx) => createView(ctx, body),
});
