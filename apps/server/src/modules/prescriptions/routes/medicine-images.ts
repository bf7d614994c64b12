import { z } from 'zod';
import { ZIdParams } from '@carewatch/contracts/common';
import { Permission } from '@carewatch/contracts/permissions';
import { MEDICINE_IMAGE_MAX_BYTES, ZMedicineImage } from '@carewatch/contracts/prescriptions';
import { AppError } from '../../../platform/errors.ts';
import { defineRoute } from '../../../platform/route.ts';
import { appMedicineImage } from '../app-medication.service.ts';
import { readMedicineImage, uploadMedicineImage } from '../prescriptions.service.ts';

const tags = ['prescriptions'];

export const uploadMedicineImageRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'POST',
  url: '/api/account/prescriptions/medicine-images',
  tags,
  permission: Permission.HealthPrescriptionManage,
  status: 201,
  summary:
    'Upload a medicine picture (multipart field `file`, PNG or JPG under 1 MB, checked by content); answers its id',
  bodyKind: 'multipart',
  response: ZMedicineImage,
  handler: async ({ req }, ctx) => {
    const file = await req.file({ limits: { fileSize: MEDICINE_IMAGE_MAX_BYTES + 1 } });
    if (!file) return uploadMedicineImage(ctx, null);
    const data = await file.toBuffer().catch((e: { code?: string }) => {
      if (e.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('FILE_TOO_LARGE', { field: 'file', rule: 'max_1mb' });
      throw e;
    });
    return uploadMedicineImage(ctx, data);
  },
});
export const medicineImageRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: '/api/account/prescriptions/medicine-images/:id',
  tags,
  permission: Permission.HealthView,
  summary: 'A medicine picture',
  params: ZIdParams,
  response: z.unknown(),
  raw: true,
  produces: ['jpeg', 'png'],
  handler: async ({ params, reply }, ctx) => {
    const { data, type } = await readMedicineImage(ctx, params.id);
    await reply
      .type(type)
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', `attachment; filename="medicine.${type === 'image/png' ? 'png' : 'jpg'}"`)
      .header('cache-control', 'private, max-age=3600')
      .send(data);
  },
});
export const appMedicineImageRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: '/api/account/app/medication/medicine-images/:id',
  tags: [...tags, 'patient-app'],
  permission: Permission.HealthOwnData,
  summary: 'A medicine picture of my (or a followed patient’s) prescription',
  params: ZIdParams,
  response: z.unknown(),
  raw: true,
  produces: ['jpeg', 'png'],
  handler: async ({ params, reply }, ctx) => {
    const { data, type } = await appMedicineImage(ctx, params.id);
    await reply
      .type(type)
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', `attachment; filename="medicine.${type === 'image/png' ? 'png' : 'jpg'}"`)
      .header('cache-control', 'private, max-age=3600')
      .send(data);
  },
});
