import { ratingsApi } from '@carewatch/api-client/ratings';
import { api } from '../../app/api.ts';

/** The ratings module's calls with the portal's session. */
export const ratings = ratingsApi(api.request);

export const ratingKeys = {
  all: ['ratings'] as const,
  list: (q: Record<string, unknown>) => ['ratings', 'list', q] as const,
  summary: (doctorId: string) => ['ratings', 'summary', doctorId] as const,
};
