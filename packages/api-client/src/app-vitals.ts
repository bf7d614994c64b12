import type { createApiClient } from './client.ts';
import { ZPatientThresholds } from '@carewatch/contracts/alerts';
import { ZGoals, ZMetricReport, type TGoalsUpdate, type TReportQuery } from '@carewatch/contracts/app-vitals';
import {
  ZEcgStrip,
  ZEcgStripList,
  ZIngestResponse,
  ZSleepReport,
  ZStepsReport,
  ZVitalsSeries,
  type TRangeQuery,
  type TReading,
  type TVitalsQuery,
} from '@carewatch/contracts/vitals';

type ApiRequest = ReturnType<typeof createApiClient>['request'];
type VitalsQueryInput = Omit<TVitalsQuery, 'points'> & { points?: number };

const enc = encodeURIComponent;
/** `subject`: a patient id (sub-user, followed patient) or 'me' for the signed-in user's own record. */
const P = (subject: string) => `/api/account/app/patients/${enc(subject)}`;

/**
 * Patient app: the signed-in patient's manual entry (readings typed by hand) and the thresholds it is checked against;
 * the metric pages of own data or of a "viewing as" subject (chart, sleep, steps, ECG, week/month/year report, goals).
 */
export const appVitalsApi = (request: ApiRequest) => ({
  myThresholds: () => request('GET', '/api/account/me/thresholds', { schema: ZPatientThresholds }),
  /** Sent through ingest like a device's readings; each one is validated alone and may come back in `rejected`. */
  addManual: (readings: TReading[]) =>
    request('POST', '/api/ingest/measurements', { body: { readings }, schema: ZIngestResponse }),
  series: (subject: string, query: VitalsQueryInput) =>
    request('GET', `${P(subject)}/vitals`, { query, schema: ZVitalsSeries }),
  sleep: (subject: string, query: TRangeQuery) =>
    request('GET', `${P(subject)}/vitals/sleep`, { query, schema: ZSleepReport }),
  steps: (subject: string, query: TRangeQuery) =>
    request('GET', `${P(subject)}/vitals/steps`, { query, schema: ZStepsReport }),
  ecgStrips: (subject: string, query: TRangeQuery) =>
    request('GET', `${P(subject)}/vitals/ecg`, { query, schema: ZEcgStripList }),
  ecgStrip: (subject: string, measuredAt: string) =>
    request('GET', `${P(subject)}/vitals/ecg/strip`, { query: { measuredAt }, schema: ZEcgStrip }),
  report: (subject: string, query: TReportQuery) =>
    request('GET', `${P(subject)}/vitals/report`, { query, schema: ZMetricReport }),
  goals: (subject: string) => request('GET', `${P(subject)}/goals`, { schema: ZGoals }),
  updateGoals: (subject: string, body: TGoalsUpdate) => request('PUT', `${P(subject)}/goals`, { body, schema: ZGoals }),
});
export type AppVitalsApi = ReturnType<typeof appVitalsApi>;
