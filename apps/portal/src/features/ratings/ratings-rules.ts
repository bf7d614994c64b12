import type { TRating, TRatingListQuery } from '@carewatch/contracts/ratings';

/**
 * The ratings screen's pure rules: the list query read from the address (filters and page live there), a filter or
 * page change as the next address, and how a review's status shows.
 */

export const RATINGS_PAGE_SIZE = 15;
export const STAR_OPTIONS = ['1', '2', '3', '4', '5'] as const;

const isDay = (v: string | null): v is string => !!v && /^\d{4}-\d{2}-\d{2}$/.test(v);

/** The list call's query (as sent: `reported` is the address's text). */
export type RatingsQuery = Omit<TRatingListQuery, 'reported'> & { reported?: 'true' | 'false' };

/** The list query of the address: unknown or malformed values are left out; the page is a whole number ≥ 0. */
export function ratingsQuery(params: URLSearchParams): RatingsQuery {
  const doctorId = params.get('doctorId');
  const stars = params.get('stars') ?? '';
  const reported = params.get('reported');
  const from = params.get('from');
  const to = params.get('to');
  return {
    page: Math.max(0, Math.floor(Number(params.get('page') ?? 0)) || 0),
    size: RATINGS_PAGE_SIZE,
    ...(doctorId ? { doctorId } : {}),
    ...((STAR_OPTIONS as readonly string[]).includes(stars) ? { stars: Number(stars) } : {}),
    ...(reported === 'true' || reported === 'false' ? { reported } : {}),
    ...(isDay(from) ? { from } : {}),
    ...(isDay(to) ? { to } : {}),
  };
}

/** A filter set (or cleared, when empty) and the page reset, in one address change. */
export function withFilter(params: URLSearchParams, key: string, value: string | null): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value) next.set(key, value);
  else next.delete(key);
  next.delete('page');
  return next;
}

export function withPage(params: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set('page', String(page));
  return next;
}

/** A review's status badge: reported (hidden from the doctor's average) in red, else visible. */
export const ratingStatus = (
  r: Pick<TRating, 'reported'>,
): { color: 'red' | 'teal'; labelKey: 'ratings.reported' | 'ratings.visible'; action: 'restore' | 'report' } =>
  r.reported
    ? { color: 'red', labelKey: 'ratings.reported', action: 'restore' }
    : { color: 'teal', labelKey: 'ratings.visible', action: 'report' };

/** Filled and empty stars of a 1–5 rating (out-of-range values clamped, so the row never breaks). */
export function starSplit(value: number): { filled: number; empty: number } {
  const filled = Math.min(5, Math.max(0, Math.round(value)));
  return { filled, empty: 5 - filled };
}

/** The doctor's average as shown: one decimal, or none yet. */
export const averageText = (average: number | null): string | null => (average === null ? null : average.toFixed(1));
