import type { createApiClient } from './client.ts';
import {
  ZEcgStrip,
  ZEcgStripList,
  ZIngestResponse,
  ZLatestVitals,
  ZSleepReport,
  ZStepsReport,
  ZVitalsSeries,
  type TRangeQuery,
  type TReading,
  type TVitalsQuery,
} from '@carewatch/contracts/vitals';

type ApiRequest = ReturnType<typeof createApiClient>['request'];
type VitalsQueryInput = Omit<TVitalsQuery, 'points'> & { points?: number };

const M = '/api/account';
const enc = encodeURIComponent;

/** Vital signs: downsampled charts, latest values, sleep, steps, ECG strips (staff: a visible patient; patient: their own) and ingest. */
export const vitalsApi = (request: ApiRequest) => ({
  series: (patientId: string, query: VitalsQueryInput) =>
    request('GET', `${M}/patients/${enc(patientId)}/vitals`, { query, schema: ZVitalsSeries }),
  latest: (patientId: string) =>
    request('GET', `${M}/patients/${enc(patientId)}/vitals/latest`, { schema: ZLatestVitals }),
  sleep: (patientId: string, query: TRangeQuery) =>
    request('GET', `${M}/patients/${enc(patientId)}/vitals/sleep`, { query, schema: ZSleepReport }),
  steps: (patientId: string, query: TRangeQuery) =>
    request('GET', `${M}/patients/${enc(patientId)}/vitals/steps`, { query, schema: ZStepsReport }),
  ecgStrips: (patientId: string, query: TRangeQuery) =>
    request('GET', `${M}/patients/${enc(patientId)}/vitals/ecg`, { query, schema: ZEcgStripList }),
  ecgStrip: (patientId: string, measuredAt: string) =>
    request('GET', `${M}/patients/${enc(patientId)}/vitals/ecg/strip`, { query: { measuredAt }, schema: ZEcgStrip }),
  // The signed-in patient's own data.
  mySeries: (query: VitalsQueryInput) => request('GET', `${M}/me/vitals`, { query, schema: ZVitalsSeries }),
  myLatest: () => request('GET', `${M}/me/vitals/latest`, { schema: ZLatestVitals }),
  ingest: (readings: TReading[]) =>
    request('POST', '/api/ingest/measurements', { body: { readings }, schema: ZIngestResponse }),
});
export type VitalsApi = ReturnType<typeof vitalsApi>;
