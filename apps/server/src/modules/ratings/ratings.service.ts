import { personName } from '@carewatch/contracts/names';
import type {
  TAppDoctorRatings,
  TMyRating,
  TMyRatingList,
  TRateDoctorRequest,
  TRating,
  TRatingListQuery,
  TRatingPage,
  TRatingSummary,
  TReportRatingRequest,
} from '@carewatch/contracts/ratings';
import type { AuthedCtx } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { audit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import * as repo from './ratings.repo.ts';

/** How many public reviews the app's doctor profile shows. */
const PUBLIC_REVIEWS = 20;
const DAY_MS = 86_400_000;

const toMine = (r: repo.RatingRow): TMyRating => ({
  id: r.id,
  doctorId: r.doctor_id,
  appointmentId: r.appointment_id,
  stars: r.stars,
  comment: r.comment,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});
const nameOf = (first: string | null, last: string | null, lang: string): string | null =>
  first === null && last === null ? null : personName({ firstName: first ?? '', lastName: last ?? '' }, lang);

/**
 * A patient-app user rates a doctor 1–5 with an optional comment. With `appointmentId`: the appointment must be of
 * the user's own patient record (else 404), with that doctor (else 400 naming doctorId) and completed (else
 * APPOINTMENT_NOT_COMPLETED). Without: the user must have a relationship with the doctor (assigned doctor, accepted
 * doctor request, or a completed appointment) — else NO_DOCTOR_PATIENT_RELATION. Rating again updates the rating.
 */
export async function rateDoctor(ctx: AuthedCtx, b: TRateDoctorRequest): Promise<TMyRating> {
  const t = ctx.auth.tenantId;
  const userId = ctx.auth.userId;
  if (!(await repo.isDoctor(ctx.db, t, b.doctorId)))
    throw new AppError('DOCTOR_NOT_FOUND', { field: 'doctorId', rule: 'not_found' });
  const appointmentId = b.appointmentId ?? null;
  if (appointmentId) {
    const a = await repo.appointmentOfUser(ctx.db, t, userId, appointmentId);
    if (!a) throw new AppError('APPOINTMENT_NOT_FOUND', { field: 'appointmentId', rule: 'not_found' });
    if (a.doctor_id !== b.doctorId)
      throw new AppError('NO_DOCTOR_PATIENT_RELATION', { field: 'doctorId', rule: 'not_this_appointment' });
    if (a.status !== 'COMPLETED')
      throw new AppError('APPOINTMENT_NOT_COMPLETED', { field: 'appointmentId', rule: 'not_completed' });
  } else if (!(await repo.hasRelationship(ctx.db, t, userId, b.doctorId))) {
    throw new AppError('NO_DOCTOR_PATIENT_RELATION', { field: 'doctorId', rule: 'no_relationship' });
  }
  const comment = b.comment ? b.comment : null;
  const row = await repo.upsertRating(ctx.db, t, {
    id: newId(),
    doctorId: b.doctorId,
    userId,
    appointmentId,
    stars: b.stars,
    comment,
    now: ctx.clock.now(),
  });
  await audit(ctx, {
    action: 'rating.rate',
    resource: 'doctor_rating',
    resourceId: row.id,
    details: { doctorId: b.doctorId, stars: b.stars },
  });
  return toMine(row);
}

/** My ratings (all doctors), newest first: the app marks the visits already rated. */
export async function myRatings(ctx: AuthedCtx): Promise<TMyRatingList> {
  return { items: (await repo.myRatings(ctx.db, ctx.auth.tenantId, ctx.auth.userId, null)).map(toMine) };
}

/** Averages of the doctors (ratings under report excluded); doctors without ratings answer average null, count 0. */
export async function ratingSummaries(
  db: Db,
  tenantId: string,
  doctorIds: string[],
): Promise<Map<string, TRatingSummary>> {
  const rows = await repo.summaries(db, tenantId, doctorIds);
  const out = new Map<string, TRatingSummary>(doctorIds.map((id) => [id, { doctorId: id, average: null, count: 0 }]));
  for (const r of rows)
    out.set(r.doctor_id, {
      doctorId: r.doctor_id,
      average: r.average === null ? null : Number(r.average),
      count: r.count,
    });
  return out;
}

/** A doctor's summary (portal doctor profile). An id that is not a doctor of the tenant answers DOCTOR_NOT_FOUND. */
export async function doctorSummary(ctx: AuthedCtx, doctorId: string): Promise<TRatingSummary> {
  if (!(await repo.isDoctor(ctx.db, ctx.auth.tenantId, doctorId))) throw new AppError('DOCTOR_NOT_FOUND');
  return (await ratingSummaries(ctx.db, ctx.auth.tenantId, [doctorId])).get(doctorId)!;
}

/** The app's doctor profile: summary, latest public reviews (first name only), mine, and whether I may rate. */
export async function appDoctorRatings(ctx: AuthedCtx, doctorId: string): Promise<TAppDoctorRatings> {
  const t = ctx.auth.tenantId;
  if (!(await repo.isDoctor(ctx.db, t, doctorId))) throw new AppError('DOCTOR_NOT_FOUND');
  const [summary, reviews, mine, canRate] = [
    (await ratingSummaries(ctx.db, t, [doctorId])).get(doctorId)!,
    await repo.publicReviews(ctx.db, t, doctorId, PUBLIC_REVIEWS),
    await repo.myRatings(ctx.db, t, ctx.auth.userId, doctorId),
    await repo.hasRelationship(ctx.db, t, ctx.auth.userId, doctorId),
  ];
  return {
    summary,
    reviews: reviews.map((r) => ({
      id: r.id,
      stars: r.stars,
      comment: r.comment,
      authorName: r.first_name ?? '',
      createdAt: r.created_at.toISOString(),
    })),
    mine: mine.map(toMine),
    canRate,
  };
}

// ---------------------------------------------------------------- staff (RatingManage)

/** Filters: doctor, stars, reported or not, created from / to (UTC days, `to` inclusive). Newest first. */
export async function listRatings(ctx: AuthedCtx, q: TRatingListQuery): Promise<TRatingPage> {
  const from = q.from ? new Date(`${q.from}T00:00:00Z`) : undefined;
  const to = q.to ? new Date(new Date(`${q.to}T00:00:00Z`).getTime() + DAY_MS) : undefined;
  if (from && to && from >= to)
    throw new AppError(
      'VALIDATION_ERROR',
      { field: 'to', rule: 'before_from' },
      'to: End date must not be before start date',
    );
  const rows = await repo.listRatings(ctx.db, ctx.auth.tenantId, {
    ...(q.doctorId ? { doctorId: q.doctorId } : {}),
    ...(q.stars !== undefined ? { stars: q.stars } : {}),
    ...(q.reported !== undefined ? { reported: q.reported } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    limit: q.size,
    offset: q.page * q.size,
  });
  return {
    items: rows.map((r) => toRating(r, ctx.auth.language)),
    total: rows[0]?.total ?? 0,
    page: q.page,
    size: q.size,
  };
}

const toRating = (r: repo.RatingListRow, lang: string): TRating => ({
  ...toMine(r),
  userId: r.user_id,
  doctorName: nameOf(r.doctor_first, r.doctor_last, lang) ?? '',
  authorName: nameOf(r.author_first, r.author_last, lang) ?? '',
  reported: r.reported_at !== null,
  reportedAt: r.reported_at?.toISOString() ?? null,
  reportedByName: nameOf(r.reporter_first, r.reporter_last, lang),
  reportMessage: r.report_message,
});

async function oneRating(ctx: AuthedCtx, id: string): Promise<TRating> {
  const [r] = await repo.listRatings(ctx.db, ctx.auth.tenantId, { id, limit: 1, offset: 0 });
  if (!r) throw new AppError('RATING_NOT_FOUND');
  return toRating(r, ctx.auth.language);
}

/** Reports an abusive review: hidden from the doctor's average and public list until restored. Another tenant's: 404. */
export async function reportRating(ctx: AuthedCtx, id: string, b: TReportRatingRequest): Promise<TRating> {
  const now = ctx.clock.now();
  if (!(await repo.setReport(ctx.db, ctx.auth.tenantId, id, { by: ctx.auth.userId, message: b.message, now })))
    throw new AppError('RATING_NOT_FOUND');
  await audit(ctx, { action: 'rating.report', resource: 'doctor_rating', resourceId: id });
  return oneRating(ctx, id);
}
export async function restoreRating(ctx: AuthedCtx, id: string): Promise<TRating> {
  if (!(await repo.setReport(ctx.db, ctx.auth.tenantId, id, null))) throw new AppError('RATING_NOT_FOUND');
  await audit(ctx, { action: 'rating.restore', resource: 'doctor_rating', resourceId: id });
  return oneRating(ctx, id);
}
