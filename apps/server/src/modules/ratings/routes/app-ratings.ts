import { ZIdParams } from '@carewatch/contracts/common';
import { Permission } from '@carewatch/contracts/permissions';
import { ZAppDoctorRatings, ZMyRating, ZMyRatingList, ZRateDoctorRequest } from '@carewatch/contracts/ratings';
import { defineRoute } from '../../../platform/route.ts';
import { appDoctorRatings, myRatings, rateDoctor } from '../ratings.service.ts';

const tags = ['ratings', 'patient-app'];

export const rateDoctorRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'POST',
  url: '/api/account/app/ratings',
  tags,
  permission: Permission.HealthOwnData,
  summary:
    'Rate a doctor 1–5 with an optional comment: after a completed appointment (appointmentId) or from the profile (a relationship needed); again = update',
  body: ZRateDoctorRequest,
  response: ZMyRating,
  handler: async ({ body }, ctx) => rateDoctor(ctx, body),
});
export const myRatingsRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: '/api/account/app/ratings',
  tags,
  permission: Permission.HealthOwnData,
  summary: 'My ratings of doctors, newest first',
  response: ZMyRatingList,
  handler: async (_in, ctx) => myRatings(ctx),
});
export const appDoctorRatingsRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: '/api/account/app/doctors/:id/ratings',
  tags,
  permission: Permission.RelativeView,
  summary:
    "A doctor's average and count (reported reviews excluded), latest public reviews, mine, and whether I may rate from the profile",
  params: ZIdParams,
  response: ZAppDoctorRatings,
  handler: async ({ params }, ctx) => appDoctorRatings(ctx, params.id),
});
