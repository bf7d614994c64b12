import { z } from 'zod';
import { ZIdParams } from '@carewatch/contracts/common';
import { Permission } from '@carewatch/contracts/permissions';
import {
  ZAppMedicalRecordsQuery,
  ZMedicalRecord,
  ZMedicalRecordFileParams,
  ZMedicalRecordPage,
} from '@carewatch/contracts/medical-records';
import { defineRoute } from '../../../platform/route.ts';
import { appReadRecordAttachment, appRecordDetail, appRecords } from '../records.service.ts';
import { sendRecordFile } from './send-file.ts';

const tags = ['medical-records', 'patient-app'];
const P = '/api/account/app/medical-records';

export const appRecordsRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: P,
  tags,
  permission: Permission.HealthOwnData,
  summary:
    'Medical records of the subject (`me` by default, a sub-user I manage, or a patient I follow), read-only, newest first',
  query: ZAppMedicalRecordsQuery,
  response: ZMedicalRecordPage,
  handler: async ({ query }, ctx) => appRecords(ctx, query.subject, query),
});
export const appRecordDetailRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: `${P}/:id`,
  tags,
  permission: Permission.HealthOwnData,
  summary: 'A medical record of mine, a sub-user’s or a followed patient’s, read-only',
  params: ZIdParams,
  response: ZMedicalRecord,
  handler: async ({ params }, ctx) => appRecordDetail(ctx, params.id),
});
export const appRecordAttachmentRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: `${P}/:id/attachments/:attachmentId`,
  tags,
  permission: Permission.HealthOwnData,
  summary: 'Download a paper of a medical record I may view',
  params: ZMedicalRecordFileParams,
  response: z.unknown(),
  raw: true,
  produces: ['pdf', 'jpeg', 'png'],
  handler: async ({ params, reply }, ctx) =>
    sendRecordFile(reply, await appReadRecordAttachment(ctx, params.id, params.attachmentId)),
});
