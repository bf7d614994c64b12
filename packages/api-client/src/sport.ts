import type { createApiClient } from './client.ts';
import {
  ZSportSession,
  ZSportSessionPage,
  ZSportWeekSummary,
  type TSportSessionInput,
  type TSportSessionQuery,
  type TSportSummaryQuery,
} from '@carewatch/contracts/sport';

type ApiRequest = ReturnType<typeof createApiClient>['request'];
type SportQuery = Omit<TSportSessionQuery, 'limit'> & { limit?: number };

const enc = encodeURIComponent;
const ME = '/api/account/me/sport-sessions';
/** `subject`: a patient id (sub-user, followed patient) or 'me'. */
const APP = (subject: string) => `/api/account/app/patients/${enc(subject)}/sport-sessions`;
const STAFF = (patientId: string) => `/api/account/patients/${enc(patientId)}/sport-sessions`;

/**
 * Sport sessions (issue 21). Saving is idempotent on start time and mode: a resend (offline queue) answers the stored
 * session. The app reads its own, a sub-user's or a followed patient's; a coach (or staff) reads a visible patient's.
 */
export const sportApi = (request: ApiRequest) => ({
  save: (body: TSportSessionInput) => request('POST', ME, { body, schema: ZSportSession }),
  mine: (query: SportQuery = {}) => request('GET', ME, { query, schema: ZSportSessionPage }),
  myWeek: (query: TSportSummaryQuery = {}) => request('GET', `${ME}/summary`, { query, schema: ZSportWeekSummary }),
  saveFor: (subject: string, body: TSportSessionInput) =>
    request('POST', APP(subject), { body, schema: ZSportSession }),
  sessionsOf: (subject: string, query: SportQuery = {}) =>
    request('GET', APP(subject), { query, schema: ZSportSessionPage }),
  weekOf: (subject: string, query: TSportSummaryQuery = {}) =>
    request('GET', `${APP(subject)}/summary`, { query, schema: ZSportWeekSummary }),
  /** A coach's player, or any patient the staff caller sees (404 otherwise). */
  patientSessions: (patientId: string, query: SportQuery = {}) =>
    request('GET', STAFF(patientId), { query, schema: ZSportSessionPage }),
  patientWeek: (patientId: string, query: TSportSummaryQuery = {}) =>
    request('GET', `${STAFF(patientId)}/summary`, { query, schema: ZSportWeekSummary }),
});
export type SportApi = ReturnType<typeof sportApi>;
