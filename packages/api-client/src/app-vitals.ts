import type { createApiClient } from './client.ts';
import { ZPatientThresholds } from '@carewatch/contracts/alerts';
import { ZIngestResponse, type TReading } from '@carewatch/contracts/vitals';

type ApiRequest = ReturnType<typeof createApiClient>['request'];

/** Patient app: the signed-in patient's manual entry (readings typed by hand) and the thresholds it is checked against. */
export const appVitalsApi = (request: ApiRequest) => ({
  myThresholds: () => request('GET', '/api/account/me/thresholds', { schema: ZPatientThresholds }),
  /** Sent through ingest like a device's readings; each one is validated alone and may come back in `rejected`. */
  addManual: (readings: TReading[]) => request('POST', '/api/ingest/measurements', { body: { readings }, schema: ZIngestResponse }),
});
export type AppVitalsApi = ReturnType<typeof appVitalsApi>;
