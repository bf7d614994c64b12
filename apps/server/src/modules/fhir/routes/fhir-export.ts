import { z } from 'zod';
import {
  FHIR_MEDIA_TYPE,
  FHIR_NDJSON_MEDIA_TYPE,
  ZFhirExportFileParams,
  ZFhirExportParams,
  ZFhirExportQuery,
  type TFhirExportQuery,
} from '@carewatch/contracts/fhir';
import { Permission } from '@carewatch/contracts/permissions';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthedCtx } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { defineRoute, type AnyRoute } from '../../../platform/route.ts';
import { cancelExport, exportFile, exportStatus, kickOffExport } from '../fhir-export.service.ts';
import { fhirBaseOf } from './fhir-http.ts';

const tags = ['fhir'];
const R4 = '/fhir/R4';
const JSON_TYPE = `${FHIR_MEDIA_TYPE}; charset=utf-8`;

/** Kick-off (Bulk Data Access): 202 with the status URL in Content-Location; `Prefer: respond-async` is required. */
async function kickOff(
  ctx: AuthedCtx,
  req: FastifyRequest,
  reply: FastifyReply,
  groupId: string | null,
  query: TFhirExportQuery,
) {
  const base = fhirBaseOf(req);
  const prefer = req.headers.prefer;
  const out = await kickOffExport(ctx, {
    groupId,
    query,
    prefer: Array.isArray(prefer) ? prefer.join(',') : prefer,
    base,
    requestUrl: `${req.protocol}://${req.host}${req.url}`,
  });
  await reply
    .status(202)
    .header('content-location', out.statusUrl)
    .header('content-disposition', 'inline')
    .type(JSON_TYPE)
    .send({
      resourceType: 'OperationOutcome',
      issue: [
        { severity: 'information', code: 'informational', diagnostics: `Export accepted; poll ${out.statusUrl}` },
      ],
    });
}

export const fhirExportRoute = defineRoute({
  audit: { phi: 'export' },
  method: 'GET',
  url: `${R4}/$export`,
  tags,
  permission: Permission.FhirRead,
  raw: true,
  produces: ['json'],
  summary:
    'FHIR Bulk Data export of every patient the caller sees (Prefer: respond-async): 202 + Content-Location of the status URL; _type, _since',
  query: ZFhirExportQuery,
  response: z.unknown(),
  handler: async ({ query, req, reply }, ctx) => kickOff(ctx, req, reply, null, query),
});
export const fhirGroupExportRoute = defineRoute({
  audit: { phi: 'export' },
  method: 'GET',
  url: `${R4}/Group/:id/$export`,
  tags,
  permission: Permission.FhirRead,
  raw: true,
  produces: ['json'],
  summary: 'FHIR Bulk Data export of a Group: the patients of one health center (its id) the caller sees; as $export',
  params: ZFhirExportParams,
  query: ZFhirExportQuery,
  response: z.unknown(),
  handler: async ({ params, query, req, reply }, ctx) => kickOff(ctx, req, reply, params.id, query),
});

export const fhirExportStatusRoute = defineRoute({
  audit: { phi: 'export' },
  method: 'GET',
  url: `${R4}/$export-status/:id`,
  tags,
  permission: Permission.FhirRead,
  raw: true,
  produces: ['json'],
  summary:
    "A Bulk export's status (its requester only): 202 with X-Progress while it runs, 200 with the manifest when done, 500 OperationOutcome when it failed",
  params: ZFhirExportParams,
  response: z.unknown(),
  handler: async ({ params, reply }, ctx) => {
    const s = await exportStatus(ctx, params.id);
    reply.header('content-disposition', 'inline').header('cache-control', 'no-store').type(JSON_TYPE);
    if (s.state === 'running') {
      await reply
        .status(202)
        .header('x-progress', s.progress)
        .header('retry-after', '2')
        .send({
          resourceType: 'OperationOutcome',
          issue: [{ severity: 'information', code: 'informational', diagnostics: s.progress }],
        });
    } else if (s.state === 'failed') {
      // Thrown, not sent: the access trail writes its row for errors on the way out (an OperationOutcome, 500).
      throw new AppError('INTERNAL', undefined, s.error);
    } else {
      await reply.status(200).send(s.manifest);
    }
  },
});
export const fhirExportCancelRoute = defineRoute({
  audit: { phi: 'export' },
  method: 'DELETE',
  url: `${R4}/$export-status/:id`,
  tags,
  permission: Permission.FhirRead,
  raw: true,
  produces: ['json'],
  summary: 'Cancel a Bulk export (its requester only): 202; its files are removed and its status answers 404',
  params: ZFhirExportParams,
  response: z.unknown(),
  handler: async ({ params, reply }, ctx) => {
    await cancelExport(ctx, params.id);
    await reply
      .status(202)
      .header('content-disposition', 'inline')
      .type(JSON_TYPE)
      .send({
        resourceType: 'OperationOutcome',
        issue: [{ severity: 'information', code: 'informational', diagnostics: 'Export cancelled' }],
      });
  },
});
export const fhirExportFileRoute = defineRoute({
  audit: { phi: 'export' },
  method: 'GET',
  url: `${R4}/$export-file/:id/:type`,
  tags,
  permission: Permission.FhirRead,
  raw: true,
  produces: ['ndjson'],
  summary: "One NDJSON file of a finished Bulk export (its requester's token), one resource per line",
  params: ZFhirExportFileParams,
  response: z.unknown(),
  handler: async ({ params, reply }, ctx) => {
    const f = await exportFile(ctx, params.id, params.type);
    await reply
      .type(FHIR_NDJSON_MEDIA_TYPE)
      .header('content-disposition', `attachment; filename="${params.type}.ndjson"`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'no-store')
      .header('content-length', f.size)
      .send(f.stream);
  },
});

export const FHIR_EXPORT_ROUTES: AnyRoute[] = [
  fhirExportRoute,
  fhirGroupExportRoute,
  fhirExportStatusRoute,
  fhirExportCancelRoute,
  fhirExportFileRoute,
];
