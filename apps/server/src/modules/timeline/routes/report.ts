import { z } from 'zod';
import { Permission } from '@carewatch/contracts/permissions';
import { ZIdParams } from '@carewatch/contracts/common';
import { ZPatientReportQuery } from '@carewatch/contracts/timeline';
import { defineRoute } from '../../../platform/route.ts';
import { patientReport } from '../report.service.ts';

export const patientReportRoute = defineRoute({
  audit: { phi: 'export' },
  method: 'GET',
  url: '/api/account/patients/:id/report.pdf',
  tags: ['timeline'],
  permission: Permission.HealthView,
  summary:
    "The patient report PDF of the days from..to (the reader's time zone, at most 366 days): vitals charts, a summary per index, the alerts and the notes, in the reader's language (or lang)",
  params: ZIdParams,
  query: ZPatientReportQuery,
  response: z.unknown(),
  raw: true,
  produces: ['pdf'],
  operationId: 'getPatientReportPdf',
  handler: async ({ params, query, reply }, ctx) => {
    const f = await patientReport(ctx, params.id, query);
    await reply
      .type(f.contentType)
      .header('content-disposition', `attachment; filename="${f.name}"`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'no-store')
      .send(f.stream);
  },
});
