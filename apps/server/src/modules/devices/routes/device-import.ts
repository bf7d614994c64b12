import { z } from 'zod';
import { Permission } from '@carewatch/contracts/permissions';
import { DEVICE_IMPORT_MAX_BYTES, ZDeviceImportResult } from '@carewatch/contracts/devices';
import { defineRoute } from '../../../platform/route.ts';
import { AppError } from '../../../platform/errors.ts';
import { deviceTemplate, importDevices } from '../device-import.ts';

const tags = ['devices'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const deviceTemplateRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: '/api/account/devices/import/template',
  tags,
  permission: Permission.DeviceImport,
  raw: true,
  produces: ['xlsx'],
  summary: 'The device import template (.xlsx)',
  response: z.unknown(),
  handler: async ({ reply }) => {
    await reply
      .type(XLSX)
      .header('content-disposition', 'attachment; filename="device-import-template.xlsx"')
      .send(await deviceTemplate());
  },
});

export const deviceImportRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'POST',
  url: '/api/account/devices/import',
  tags,
  permission: Permission.DeviceImport,
  bodyKind: 'multipart',
  summary: 'Import devices from an .xlsx (multipart `file`): good rows are added, bad rows listed with line and field',
  response: ZDeviceImportResult,
  handler: async ({ req }, ctx) => {
    const part = await req.file({ limits: { fileSize: DEVICE_IMPORT_MAX_BYTES + 1, files: 1 } });
    if (!part || part.fieldname !== 'file')
      throw new AppError('VALIDATION_ERROR', { field: 'file', rule: 'required' }, 'file: Required');
    const data = await part.toBuffer().catch((e: { code?: string }) => {
      if (e.code === 'FST_REQ_FILE_TOO_LARGE')
        throw new AppError('FILE_TOO_LARGE', { field: 'file', rule: 'max_size' });
      throw e;
    });
    return importDevices(ctx, data, part.filename ?? '');
  },
});
