import { Permission } from '@carewatch/contracts/permissions';
import { ZIdParams } from '@carewatch/contracts/common';
import { ZSavedView, ZSavedViewPatch } from '@carewatch/contracts/saved-views';
import { defineRoute } from '../../../platform/route.ts';
import { updateView } from '../saved-views.service.ts';

export const updateSavedViewRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'PATCH',
  url: '/api/account/saved-views/:id',
  tags: ['saved-views'],
  permission: Permission.AccountProfileView,
  summary: "Rename one of my views, or make it (or stop it being) its list's default",
  params: ZIdParams,
  body: ZSavedViewPatch,
  response: ZSavedView,
  operationId: 'updateSavedView',
  handler: async ({ params, body }, ctx) => updateView(ctx, params.id, body),
});
