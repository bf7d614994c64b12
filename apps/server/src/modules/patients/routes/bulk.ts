import { z } from 'zod';
import { Permission } from '@carewatch/contracts/permissions';
import {
  ZBulkAssignDoctorRequest,
  ZBulkCenterRequest,
  ZBulkExportRequest,
  ZBulkResult,
} from '@carewatch/contracts/bulk';
import { defineRoute } from '../../../platform/route.ts';
import { bulkAssignDoctor, bulkChangeCenter } from '../patients-bulk.service.ts';
import { exportSelectedPatients } from '../patients-export.service.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const bulkAssignDoctorRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'POST',
  url: '/api/account/patients/bulk/assign-doctor',
  tags: ['patients'],
  permission: Permission.PatientUpdate,
  summary:
    'A doctor starts following each selected patient (1..200; the other doctors stay); per-patient done / failed with its code',
  body: ZBulkAssignDoctorRequest,
  response: ZBulkResult,
  handler: async ({ body }, ctx) => bulkAssignDoctor(ctx, body),
});
export const bulkChangeCenterRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'POST',
  url: '/api/account/patients/bulk/center',
  tags: ['patients'],
  permission: Permission.PatientUpdate,
  summary: 'Move each selected patient (1..200) to a health center; per-patient done / failed with its code',
  body: ZBulkCenterRequest,
  response: ZBulkResult,
  handler: async ({ body }, ctx) => bulkChangeCenter(ctx, body),
});
export const bulkExportRoute = defineRoute({
  audit: { phi: 'export' },
  method: 'POST',
  url: '/api/account/patients/bulk/export',
  tags: ['patients'],
  permission: Permission.PatientExport,
  summary: 'The selected patients (1..200) as .xlsx, like the list export (ids not visible to the caller are left out)',
  body: ZBulkExportRequest,
  response: z.unknown(),
  raw: true,
  produces: ['xlsx'],
  handler: async ({ body, reply }, ctx) => {
    const f = await exportSelectedPatients(ctx, body.patientIds);
    await reply
      .type(XLSX)
      .header('content-disposition', `attachment; filename="${f.name}"`)
      .header('x-content-type-options', 'nosniff')
      .send(f.stream);
  },
});
