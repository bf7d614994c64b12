import { z } from 'zod';
import { Permission } from '@carewatch/contracts/permissions';
import { ZIdParams } from '@carewatch/contracts/common';
import {
  ZEcgQuery,
  ZEcgStrip,
  ZEcgStripList,
  ZIngestRequest,
  ZIngestResponse,
  ZLatestVitals,
  ZRangeQuery,
  ZSleepReport,
  ZStepsReport,
  ZVitalsQuery,
  ZVitalsSeries,
} from '@carewatch/contracts/vitals';
import { defineDeviceRoute, defineRoute } from '../../../platform/route.ts';
import { ecgStrip, ecgStrips, ingestHttp, latest, series, sleepReport, stepsReport } from '../vitals.service.ts';

const tags = ['vitals'];
const P = '/api/account/patients/:id/vitals';

export const ingestRoute = defineDeviceRoute({
  audit: { phi: 'write' },
  method: 'POST',
  url: '/api/ingest/measurements',
  tags,
  permission: Permission.HealthOwnData,
  summary:
    'Send readings: the patient app (patient token, own readings) or a cellular device (Basic deviceId:secret). Each reading is checked alone; answered after commit',
  body: ZIngestRequest,
  response: ZIngestResponse,
  handler: async ({ body }, ctx) => ingestHttp(ctx, body),
});

export const seriesRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: P,
  tags,
  permission: Permission.HealthView,
  summary: 'A metric’s chart over [from, to), downsampled by the server to at most `points` buckets (canonical units)',
  params: ZIdParams,
  query: ZVitalsQuery,
  response: ZVitalsSeries,
  handler: async ({ params, query }, ctx) => series(ctx, params.id, query),
});
export const latestRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: `${P}/latest`,
  tags,
  permission: Permission.HealthView,
  summary: 'The newest reading of each metric',
  params: ZIdParams,
  response: ZLatestVitals,
  handler: async ({ params }, ctx) => latest(ctx, params.id),
});
export const sleepRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: `${P}/sleep`,
  tags,
  permission: Permission.HealthView,
  summary: 'Sleep sessions of [from, to) with minutes and percentages per stage, and the sleep target',
  params: ZIdParams,
  query: ZRangeQuery,
  response: ZSleepReport,
  handler: async ({ params, query }, ctx) => sleepReport(ctx, params.id, query),
});
export const stepsRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: `${P}/steps`,
  tags,
  permission: Permission.HealthView,
  summary: 'Steps and calories per UTC day of [from, to) against the steps target',
  params: ZIdParams,
  query: ZRangeQuery,
  response: ZStepsReport,
  handler: async ({ params, query }, ctx) => stepsReport(ctx, params.id, query),
});
export const ecgListRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: `${P}/ecg`,
  tags,
  permission: Permission.HealthView,
  summary: 'ECG strips of [from, to), newest first (at most 200)',
  params: ZIdParams,
  query: ZRangeQuery,
  response: ZEcgStripList,
  handler: async ({ params, query }, ctx) => ecgStrips(ctx, params.id, query),
});
export const ecgStripRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: `${P}/ecg/strip`,
  tags,
  permission: Permission.HealthView,
  summary: 'One ECG strip’s samples',
  params: ZIdParams,
  query: ZEcgQuery,
  response: ZEcgStrip,
  handler: async ({ params, query }, ctx) => ecgStrip(ctx, params.id, query.measuredAt),
});

const none = z.object({});
export const mySeriesRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: '/api/account/me/vitals',
  tags,
  permission: Permission.HealthOwnData,
  summary: 'The signed-in patient’s chart of a metric (same as the staff chart)',
  query: ZVitalsQuery,
  response: ZVitalsSeries,
  handler: async ({ query }, ctx) => series(ctx, 'me', query),
});
export const myLatestRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: '/api/account/me/vitals/latest',
  tags,
  permission: Permission.HealthOwnData,
  summary: 'The signed-in patient’s newest reading of each metric',
  query: none,
  response: ZLatestVitals,
  handler: async (_input, ctx) => latest(ctx, 'me'),
});
