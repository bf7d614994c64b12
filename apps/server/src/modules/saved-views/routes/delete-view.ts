import { Permission } from '@carewatch/contracts/permissions';
import { ZIdParams, ZOk } from '@carewatch/contracts/common';
import { defineRoute } from '../../../platform/route.ts';
import { deleteView } from '../saved-views.service.ts';

export const deleteSavedViewRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'DELETE',
  url: '/api/account/saved-views/:id',
  tags: ['saved-views'],
  permission: Permission.AccountProfileView,
  summary: 'Delete one of my views',
  params: ZIdParams,
  response: ZOk,
  operationId: 'deleteSavedView',
  handler: async ({ params }, ctx) => deleteView(ctx, params.id),
});
