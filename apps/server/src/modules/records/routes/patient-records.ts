import { ZIdParams } from '@carewatch/contracts/common';
import { Permission } from '@carewatch/contracts/permissions';
import {
  ZMedicalRecord,
  ZMedicalRecordListQuery,
  ZMedicalRecordPage,
  ZMedicalRecordRequest,
} from '@carewatch/contracts/medical-records';
import { defineRoute } from '../../../platform/route.ts';
import { createRecord, listRecords } from '../records.service.ts';

const tags = ['medical-records'];
const P = '/api/account/patients/:id/medical-records';

export const listPatientRecordsRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: P,
  tags,
  permission: Permission.HealthView,
  summary: "A patient's medical records with their papers, newest examination first (paged)",
  params: ZIdParams,
  query: ZMedicalRecordListQuery,
  response: ZMedicalRecordPage,
  handler: async ({ params, query }, ctx) => listRecords(ctx, params.id, query),
});
export const createPatientRecordRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'POST',
  url: P,
  tags,
  permission: Permission.HealthRecordManage,
  status: 201,
  summary:
    'Add a medical record (title, examination date, place, staff doctor or typed name, note); papers are added after it',
  params: ZIdParams,
  body: ZMedicalRecordRequest,
  response: ZMedicalRecord,
  handler: async ({ params, body }, ctx) => createRecord(ctx, params.id, body),
});
