import { z } from 'zod';
import { ZIdParams } from '@carewatch/contracts/common';
import { Permission } from '@carewatch/contracts/permissions';
import { ZFeedbackItem, ZFeedbackListQuery, ZFeedbackPage } from '@carewatch/contracts/feedback';
import type { AnyRoute } from '../../../platform/route.ts';
import { defineRoute } from '../../../platform/route.ts';
import { feedbackDetail, feedbackImage, listFeedback, markFeedbackHandled } from '../feedback-admin.service.ts';

const tags = ['feedback'];
const F = '/api/account/feedback';

export const listFeedbackRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: F,
  tags,
  permission: Permission.FeedbackManage,
  summary:
    "The app's feedback of my tenant, newest first (kind ERROR/IMPROVE, category SOFTWARE/HARDWARE/SERVICE, handled)",
  query: ZFeedbackListQuery,
  response: ZFeedbackPage,
  handler: async ({ query }, ctx) => listFeedback(ctx, query),
});
export const feedbackDetailRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: `${F}/:id`,
  tags,
  permission: Permission.FeedbackManage,
  summary: 'One feedback',
  params: ZIdParams,
  response: ZFeedbackItem,
  handler: async ({ params }, ctx) => feedbackDetail(ctx, params.id),
});
export const feedbackImageRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: `${F}/:id/image`,
  tags,
  permission: Permission.FeedbackManage,
  summary: "A feedback's image (png, jpeg, gif or webp)",
  params: ZIdParams,
  response: z.unknown(),
  raw: true,
  produces: ['png', 'jpeg', 'gif', 'webp'],
  handler: async ({ params, reply }, ctx) => {
    const { data, type, ext } = await feedbackImage(ctx, params.id);
    await reply
      .type(type)
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', `inline; filename="feedback.${ext}"`)
      .header('cache-control', 'no-store')
      .send(data);
  },
});
export const markFeedbackHandledRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'POST',
  url: `${F}/:id/handled`,
  tags,
  permission: Permission.FeedbackManage,
  summary: 'Mark a feedback handled (who and when are kept)',
  params: ZIdParams,
  response: ZFeedbackItem,
  handler: async ({ params }, ctx) => markFeedbackHandled(ctx, params.id),
});

/** Feedback management in the portal (issue 17). */
export const FEEDBACK_ADMIN_ROUTES: AnyRoute[] = [
  listFeedbackRoute,
  feedbackDetailRoute,
  feedbackImageRoute,
  markFeedbackHandledRoute,
];
