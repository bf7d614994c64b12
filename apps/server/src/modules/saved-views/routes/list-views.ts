import { Permission } from '@carewatch/contracts/permissions';
import { ZSavedViewItems, ZSavedViewListQuery } from '@carewatch/contracts/saved-views';
import { defineRoute } from '../../../platform/route.ts';
import { listViews } from '../saved-views.service.ts';

export const listSavedViewsRoute = defineRoute({
  // A view is the caller's own filter and sort choice, no patient's record.
  audit: { phi: 'none' },
  method: 'GET',
  url: '/api/account/saved-views',
  tags: ['saved-views'],
  permission: Permission.AccountProfileView,
  summary: "My saved views of one of the portal's lists, by name",
  query: ZSavedViewListQuery,
  response: ZSavedViewItems,
  operationId: 'listSavedViews',
  handler: async ({ query }, ctx) => listViews(ctx, query.list),
});
