import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import { Permission } from '@carewatch/contracts/permissions';
import { ZIdParams } from '@carewatch/contracts/common';
import { ZVitalsExportQuery } from '@carewatch/contracts/vitals-export';
import { defineRoute, type AnyRoute } from '../../../platform/route.ts';
import { exportVitals, type ExportFile } from '../vitals-export.service.ts';

const tags = ['vitals'];

const send = async (reply: FastifyReply, f: ExportFile) => {
  await reply
    .type(f.contentType)
    .header('content-disposition', `attachment; filename="${f.name}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(f.stream);
};

export const exportVitalsRoute = defineRoute({
  audit: { phi: 'export' },
  method: 'GET',
  url: '/api/account/patients/:id/vitals/export',
  tags,
  permission: Permission.HealthView,
  summary:
    "A patient's readings of the days from..to (the reader's time zone, both included, at most 366 days) as .xlsx or CSV (one row per reading, the reader's units) or a PDF report (a chart and figures per index)",
  params: ZIdParams,
  query: ZVitalsExportQuery,
  response: z.unknown(),
  raw: true,
  produces: ['xlsx', 'csv', 'pdf'],
  operationId: 'exportPatientVitals',
  handler: async ({ params, query, reply }, ctx) => send(reply, await exportVitals(ctx, params.id, query)),
});

export const exportMyVitalsRoute = defineRoute({
  audit: { phi: 'export' },
  method: 'GET',
  url: '/api/account/me/vitals/export',
  tags,
  permission: Permission.HealthOwnData,
  summary:
    'Patient app, "Export for my doctor": the signed-in patient\'s readings of the days from..to as a PDF report, CSV or .xlsx',
  query: ZVitalsExportQuery,
  response: z.unknown(),
  raw: true,
  produces: ['pdf', 'csv', 'xlsx'],
  operationId: 'exportMyVitals',
  handler: async ({ query, reply }, ctx) => send(reply, await exportVitals(ctx, 'me', query)),
});

/** The vitals export routes; the server's route table includes them. */
export const VITALS_EXPORT_ROUTES: AnyRoute[] = [exportVitalsRoute, exportMyVitalsRoute];
