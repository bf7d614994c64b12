import { z } from 'zod';
import { ZIdParams } from '@carewatch/contracts/common';
import { Permission } from '@carewatch/contracts/permissions';
import {
  MEDICAL_RECORD_FILE_MAX_BYTES,
  ZMedicalRecordAttachment,
  ZMedicalRecordAttachmentForm,
  ZMedicalRecordFileParams,
  ZMedicalRecordRemoved,
} from '@carewatch/contracts/medical-records';
import { validationError } from '../../../platform/errors.ts';
import { defineRoute } from '../../../platform/route.ts';
import { addRecordAttachment, deleteRecordAttachment, readRecordAttachment } from '../records.service.ts';
import { readUpload } from './upload.ts';
import { sendRecordFile } from './send-file.ts';

const tags = ['medical-records'];
const P = '/api/account/medical-records/:id/attachments';

export const addRecordAttachmentRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'POST',
  url: P,
  tags,
  permission: Permission.HealthRecordManage,
  status: 201,
  bodyKind: 'multipart',
  summary:
    'Add a paper to a medical record (multipart: `type` EXAMINATION_CARD|RESULT_CARD|OTOSCOPE_RESULT|PRESCRIPTION|BILL|OTHER, `file` jpg/png/pdf by content, ≤ 10 MB)',
  params: ZIdParams,
  response: ZMedicalRecordAttachment,
  handler: async ({ params, req }, ctx) => {
    const { fields, file } = await readUpload(req, MEDICAL_RECORD_FILE_MAX_BYTES);
    const form = ZMedicalRecordAttachmentForm.safeParse(fields);
    if (!form.success) throw validationError(form.error, 'body');
    return addRecordAttachment(ctx, params.id, form.data.type, file);
  },
});
export const downloadRecordAttachmentRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: `${P}/:attachmentId`,
  tags,
  permission: Permission.HealthView,
  summary: 'Download a paper of a medical record (its own content type, as an attachment)',
  params: ZMedicalRecordFileParams,
  response: z.unknown(),
  raw: true,
  produces: ['pdf', 'jpeg', 'png'],
  handler: async ({ params, reply }, ctx) =>
    sendRecordFile(reply, await readRecordAttachment(ctx, params.id, params.attachmentId)),
});
export const deleteRecordAttachmentRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'DELETE',
  url: `${P}/:attachmentId`,
  tags,
  permission: Permission.HealthRecordManage,
  summary: 'Remove a paper from a medical record',
  params: ZMedicalRecordFileParams,
  response: ZMedicalRecordRemoved,
  handler: async ({ params }, ctx) => deleteRecordAttachment(ctx, params.id, params.attachmentId),
});
