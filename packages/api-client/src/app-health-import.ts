import type { ApiRequest } from './staff.ts';
import { ZIngestResponse, type TReading } from '@carewatch/contracts/vitals';

/**
 * Patient app: readings imported from another health app (issue 19, Apple Health) — the signed-in patient's own, sent
 * through the normal ingest with their `source` set; the answer counts new readings, duplicates and refusals.
 */
export const appHealthImportApi = (request: ApiRequest) => ({
  send: (readings: TReading[]) =>
    request('POST', '/api/ingest/measurements', { body: { readings }, schema: ZIngestResponse }),
});
export type AppHealthImportApi = ReturnType<typeof appHealthImportApi>;
