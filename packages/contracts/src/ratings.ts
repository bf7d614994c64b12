import { z } from 'zod';
import { ZId, ZIsoDay, ZPageQuery, page } from './common.ts';

/**
 * Ratings and reviews (staff-portal spec §2 "Rating and review management", §3 "Rating/review: 1 to 5 stars, report
 * message", §9 "Star ratings 1 to 5"). A patient-app user rates a doctor after a completed appointment with them
 * (`appointmentId`), or from the doctor's profile (no appointment) when they have a relationship with the doctor: the
 * doctor is assigned to their patient record (by staff or an accepted family-doctor / specialist request) or they had
 * a completed appointment with them. One rating per (user, doctor, appointment): rating again updates it.
 * Staff holding RatingManage list and filter ratings and report abusive reviews (hidden from the doctor's average
 * and the public list while reported) or restore them.
 */
export const RATING_MIN_STARS = 1;
export const RATING_MAX_STARS = 5;
export const RATING_COMMENT_MAX = 1000;
export const RATING_REPORT_MAX = 500;

export const ZStars = z.coerce
  .number({ error: 'Stars must be a number from 1 to 5' })
  .int('Stars must be a whole number from 1 to 5')
  .min(RATING_MIN_STARS, 'Min value is 1')
  .max(RATING_MAX_STARS, 'Max value is 5');

export const ZRateDoctorRequest = z.object({
  doctorId: ZId,
  appointmentId: ZId.nullable().optional(),
  stars: z
    .number({ error: 'Stars must be a number from 1 to 5' })
    .int('Stars must be a whole number from 1 to 5')
    .min(RATING_MIN_STARS, 'Min value is 1')
    .max(RATING_MAX_STARS, 'Max value is 5'),
  comment: z.string().trim().max(RATING_COMMENT_MAX, `Max length is ${RATING_COMMENT_MAX}`).nullable().optional(),
});
export type TRateDoctorRequest = z.infer<typeof ZRateDoctorRequest>;

/** A rating as its author sees it. */
export const ZMyRating = z.object({
  id: ZId,
  doctorId: ZId,
  appointmentId: ZId.nullable(),
  stars: z.number().int(),
  comment: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TMyRating = z.infer<typeof ZMyRating>;
export const ZMyRatingList = z.object({ items: z.array(ZMyRating) });
export type TMyRatingList = z.infer<typeof ZMyRatingList>;

/** A doctor's average over the ratings that are not reported (null when none) and how many there are. */
export const ZRatingSummary = z.object({ doctorId: ZId, average: z.number().nullable(), count: z.number().int() });
export type TRatingSummary = z.infer<typeof ZRatingSummary>;

/** A public review on the doctor's profile in the app: no author identity beyond a first name. */
export const ZPublicReview = z.object({
  id: ZId,
  stars: z.number().int(),
  comment: z.string().nullable(),
  authorName: z.string(),
  createdAt: z.string(),
});
export type TPublicReview = z.infer<typeof ZPublicReview>;
/** GET /api/account/app/doctors/:id/ratings: the summary, the latest public reviews, mine, and whether I may rate from the profile. */
export const ZAppDoctorRatings = z.object({
  summary: ZRatingSummary,
  reviews: z.array(ZPublicReview),
  mine: z.array(ZMyRating),
  canRate: z.boolean(),
});
export type TAppDoctorRatings = z.infer<typeof ZAppDoctorRatings>;

// ---------- staff (RatingManage)
const zBoolQuery = z.enum(['true', 'false'], { error: 'Invalid value' }).transform((v) => v === 'true');
export const ZRatingListQuery = ZPageQuery.extend({
  doctorId: ZId.optional(),
  stars: ZStars.optional(),
  reported: zBoolQuery.optional(),
  from: ZIsoDay.optional(),
  to: ZIsoDay.optional(),
});
export type TRatingListQuery = z.infer<typeof ZRatingListQuery>;

export const ZRating = z.object({
  id: ZId,
  doctorId: ZId,
  doctorName: z.string(),
  userId: ZId,
  authorName: z.string(),
  appointmentId: ZId.nullable(),
  stars: z.number().int(),
  comment: z.string().nullable(),
  reported: z.boolean(),
  reportedAt: z.string().nullable(),
  reportedByName: z.string().nullable(),
  reportMessage: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TRating = z.infer<typeof ZRating>;
export const ZRatingPage = page(ZRating);
export type TRatingPage = z.infer<typeof ZRatingPage>;

export const ZReportRatingRequest = z.object({
  message: z
    .string({ error: 'Required' })
    .trim()
    .min(1, 'Required')
    .max(RATING_REPORT_MAX, `Max length is ${RATING_REPORT_MAX}`),
});
export type TReportRatingRequest = z.infer<typeof ZReportRatingRequest>;
