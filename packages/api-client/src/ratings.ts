import type { ApiRequest } from './staff.ts';
import {
  ZAppDoctorRatings,
  ZMyRating,
  ZMyRatingList,
  ZRating,
  ZRatingPage,
  ZRatingSummary,
  type TRateDoctorRequest,
  type TRatingListQuery,
} from '@carewatch/contracts/ratings';

const M = '/api/account';
const enc = encodeURIComponent;
type ListQuery = Partial<Omit<TRatingListQuery, 'reported'>> & { reported?: 'true' | 'false' };

/** Ratings and reviews: the app rates doctors; staff (RatingManage) list, report and restore reviews. */
export const ratingsApi = (request: ApiRequest) => ({
  rate: (body: TRateDoctorRequest) => request('POST', `${M}/app/ratings`, { body, schema: ZMyRating }),
  mine: () => request('GET', `${M}/app/ratings`, { schema: ZMyRatingList }),
  doctor: (doctorId: string) =>
    request('GET', `${M}/app/doctors/${enc(doctorId)}/ratings`, { schema: ZAppDoctorRatings }),
  list: (query: ListQuery) => request('GET', `${M}/ratings`, { query, schema: ZRatingPage }),
  report: (id: string, message: string) =>
    request('POST', `${M}/ratings/${enc(id)}/report`, { body: { message }, schema: ZRating }),
  restore: (id: string) => request('POST', `${M}/ratings/${enc(id)}/restore`, { schema: ZRating }),
  summary: (doctorId: string) => request('GET', `${M}/doctors/${enc(doctorId)}/rating`, { schema: ZRatingSummary }),
});
export type RatingsApi = ReturnType<typeof ratingsApi>;
