import { z } from 'zod';
import { ZId, ZIdParams, ZOk } from '@carewatch/contracts/common';
import { Permission } from '@carewatch/contracts/permissions';
import { ATTACHMENT_MAX_BYTES, ZAttachment } from '@carewatch/contracts/patients';
import { defineRoute } from '../../../platform/route.ts';
import { AppError } from '../../../platform/errors.ts';
import { addAttachment, deleteAttachment, readAttachment } from '../patients.service.ts';

const ZFileParams = z.object({ id: ZId, fileId: ZId });

export const addAttachmentRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'POST',
  url: '/api/account/patients/:id/attachments',
  tags: ['patients'],
  permission: Permission.PatientUpdate,
  status: 201,
  bodyKind: 'multipart',
  summary: 'Attach a file to a patient (multipart `file`: pdf, jpg or png checked by content, ≤ 10 MB)',
  params: ZIdParams,
  response: ZAttachment,
  handler: async ({ params, req }, ctx) => {
    const part = await req.file({ limits: { fileSize: ATTACHMENT_MAX_BYTES + 1 } });
    if (!part) return addAttachment(ctx, params.id, null);
    const data = await part.toBuffer().catch((e: { code?: string }) => {
      if (e.code === 'FST_REQ_FILE_TOO_LARGE')
        throw new AppError('FILE_TOO_LARGE', { field: 'file', rule: 'max_size' });
      throw e;
    });
    return addAttachment(
      ctx,
      params.id,
      part.fieldname === 'file' && data.length ? { name: part.filename, data } : null,
    );
  },
});
export const getAttachmentRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: '/api/account/patients/:id/attachments/:fileId',
  tags: ['patients'],
  permission: Permission.PatientView,
  summary: "Download a patient's attachment",
  params: ZFileParams,
  response: z.unknown(),
  raw: true,
  produces: ['pdf', 'jpeg', 'png'],
  handler: async ({ params, reply }, ctx) => {
    const f = await readAttachment(ctx, params.id, params.fileId);
    await reply
      .type(f.type)
      .header('content-disposition', `attachment; filename="${f.name}"`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .header('content-length', f.size)
      .send(f.stream);
  },
});
export const deleteAttachmentRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'DELETE',
  url: '/api/account/patients/:id/attachments/:fileId',
  tags: ['patients'],
  permission: Permission.PatientUpdate,
  summary: "Remove a patient's attachment",
  params: ZFileParams,
  response: ZOk,
  handler: async ({ params }, ctx) => deleteAttachment(ctx, params.id, params.fileId),
});
