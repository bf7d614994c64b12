import { ZIdParams } from '@carewatch/contracts/common';
import { Permission } from '@carewatch/contracts/permissions';
import {
  ZRating,
  ZRatingListQuery,
  ZRatingPage,
  ZRatingSummary,
  ZReportRatingRequest,
} from '@carewatch/contracts/ratings';
import { defineRoute } from '../../../platform/route.ts';
import { doctorSummary, listRatings, reportRating, restoreRating } from '../ratings.service.ts';

const tags = ['ratings'];
const R = '/api/account/ratings';

export const listRatingsRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: R,
  tags,
  permission: Permission.RatingManage,
  summary: 'Ratings and reviews of my tenant, newest first (doctorId, stars, reported, from/to days)',
  query: ZRatingListQuery,
  response: ZRatingPage,
  handler: async ({ query }, ctx) => listRatings(ctx, query),
});
export const reportRatingRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'POST',
  url: `${R}/:id/report`,
  tags,
  permission: Permission.RatingManage,
  summary: 'Report an abusive review (message required): hidden from the average and the public list until restored',
  params: ZIdParams,
  body: ZReportRatingRequest,
  response: ZRating,
  handler: async ({ params, body }, ctx) => reportRating(ctx, params.id, body),
});
export const restoreRatingRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'POST',
  url: `${R}/:id/restore`,
  tags,
  permission: Permission.RatingManage,
  summary: 'Restore a reported review',
  params: ZIdParams,
  response: ZRating,
  handler: async ({ params }, ctx) => restoreRating(ctx, params.id),
});
export const doctorRatingSummaryRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: '/api/account/doctors/:id/rating',
  tags,
  permission: Permission.AppointmentScheduleView,
  summary: "A doctor's average stars and rating count (reported reviews excluded), for the doctor profile",
  params: ZIdParams,
  response: ZRatingSummary,
  handler: async ({ params }, ctx) => doctorSummary(ctx, params.id),
});
