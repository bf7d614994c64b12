import { z } from 'zod';
import { ZIdParams } from '@carewatch/contracts/common';
import { Permission } from '@carewatch/contracts/permissions';
import { IMPORT_MAX_BYTES, ZCurrentImport, ZPatientImport, ZPatientListQuery } from '@carewatch/contracts/patients';
import { defineRoute } from '../../../platform/route.ts';
import { currentImport, getImport, importErrors, importTemplate, startImport } from '../patients-import.service.ts';
import { exportPatients } from '../patients-export.service.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ZExportQuery = ZPatientListQuery.pick({ search: true, status: true, mhscId: true, sort: true });

export const importTemplateRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: '/api/account/patients/import/template',
  tags: ['patients'],
  permission: Permission.PatientImport,
  summary: 'The .xlsx import template (header row only)',
  response: z.unknown(),
  raw: true,
  produces: ['xlsx'],
  handler: async ({ reply }) => {
    await reply
      .type(XLSX)
      .header('content-disposition', 'attachment; filename="patients-import-template.xlsx"')
      .header('x-content-type-options', 'nosniff')
      .send(await importTemplate());
  },
});
export const startImportRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'POST',
  url: '/api/account/patients/import',
  tags: ['patients'],
  permission: Permission.PatientImport,
  status: 201,
  bodyKind: 'multipart',
  summary:
    'Upload a filled template (multipart `file`, .xlsx ≤ 500 MB); runs as a background job (one at a time per tenant)',
  response: ZPatientImport,
  handler: async ({ req }, ctx) => {
    const part = await req.file({ limits: { fileSize: IMPORT_MAX_BYTES } });
    return startImport(ctx, part && part.fieldname === 'file' ? { filename: part.filename, file: part.file } : null);
  },
});
export const currentImportRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: '/api/account/patients/import/current',
  tags: ['patients'],
  permission: Permission.PatientImport,
  summary: "The tenant's newest import (progress polling)",
  response: ZCurrentImport,
  handler: async (_in, ctx) => currentImport(ctx),
});
export const getImportRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: '/api/account/patients/import/:id',
  tags: ['patients'],
  permission: Permission.PatientImport,
  summary: 'One import with its progress',
  params: ZIdParams,
  response: ZPatientImport,
  handler: async ({ params }, ctx) => getImport(ctx, params.id),
});
export const importErrorsRoute = defineRoute({
  audit: { phi: 'export' },
  method: 'GET',
  url: '/api/account/patients/import/:id/errors',
  tags: ['patients'],
  permission: Permission.PatientImport,
  summary: "An import's error file (.txt, one line per bad field: line number and field)",
  params: ZIdParams,
  response: z.unknown(),
  raw: true,
  produces: ['txt'],
  handler: async ({ params, reply }, ctx) => {
    const f = await importErrors(ctx, params.id);
    await reply
      .type('text/plain; charset=utf-8')
      .header('content-disposition', `attachment; filename="${f.name}"`)
      .header('x-content-type-options', 'nosniff')
      .header('content-length', f.size)
      .send(f.stream);
  },
});
export const exportPatientsRoute = defineRoute({
  audit: { phi: 'export' },
  method: 'GET',
  url: '/api/account/patients/export',
  tags: ['patients'],
  permission: Permission.PatientExport,
  summary: 'The filtered patient list as .xlsx (tenant list columns)',
  query: ZExportQuery,
  response: z.unknown(),
  raw: true,
  produces: ['xlsx'],
  handler: async ({ query, reply }, ctx) => {
    const f = await exportPatients(ctx, query);
    await reply
      .type(XLSX)
      .header('content-disposition', `attachment; filename="${f.name}"`)
      .header('x-content-type-options', 'nosniff')
      .send(f.stream);
  },
});
