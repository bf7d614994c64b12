import { ZIdParams } from '@carewatch/contracts/common';
import { Permission } from '@carewatch/contracts/permissions';
import { ZMedicalRecord, ZMedicalRecordRemoved, ZMedicalRecordRequest } from '@carewatch/contracts/medical-records';
import { defineRoute } from '../../../platform/route.ts';
import { deleteRecord, recordDetail, updateRecord } from '../records.service.ts';

const tags = ['medical-records'];
const P = '/api/account/medical-records/:id';

export const recordDetailRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: P,
  tags,
  permission: Permission.HealthView,
  summary: 'A medical record with its papers',
  params: ZIdParams,
  response: ZMedicalRecord,
  handler: async ({ params }, ctx) => recordDetail(ctx, params.id),
});
export const updateRecordRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'PUT',
  url: P,
  tags,
  permission: Permission.HealthRecordManage,
  summary: 'Edit a medical record (its papers are kept; add or remove them one by one)',
  params: ZIdParams,
  body: ZMedicalRecordRequest,
  response: ZMedicalRecord,
  handler: async ({ params, body }, ctx) => updateRecord(ctx, params.id, body),
});
export const deleteRecordRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'DELETE',
  url: P,
  tags,
  permission: Permission.HealthRecordManage,
  summary: 'Delete a medical record and its papers',
  params: ZIdParams,
  response: ZMedicalRecordRemoved,
  handler: async ({ params }, ctx) => deleteRecord(ctx, params.id),
});
