import { z } from 'zod';
import { ZIdParams } from '@carewatch/contracts/common';
import {
  FIRMWARE_MAX_BYTES,
  ZFirmwareListQuery,
  ZFirmwarePackage,
  ZFirmwarePackageList,
  ZFirmwareUploadForm,
} from '@carewatch/contracts/firmware';
import { Permission } from '@carewatch/contracts/permissions';
import { validationError } from '../../../platform/errors.ts';
import { defineRoute } from '../../../platform/route.ts';
import { readUpload } from '../../records/routes/upload.ts';
import { listPackages, markCurrent, readPackageFile, uploadPackage } from '../firmware.service.ts';
import { sendPackage } from './firmware-files.ts';

const tags = ['firmware'];
const P = '/api/account/firmware';

export const uploadFirmwareRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'POST',
  url: P,
  tags,
  permission: Permission.DeviceFirmwareManage,
  status: 201,
  bodyKind: 'multipart',
  summary:
    'Upload a watch firmware or watch-face package (multipart: `model` GT2|GT5, `kind` firmware|watch_face, `version` 1.2.3, `name`, `notes`, `file` ≤ 8 MB whose package header names the same model, kind and version); 409 FIRMWARE_VERSION_EXISTS',
  response: ZFirmwarePackage,
  handler: async ({ req }, ctx) => {
    const { fields, file } = await readUpload(req, FIRMWARE_MAX_BYTES);
    const form = ZFirmwareUploadForm.safeParse(fields);
    if (!form.success) throw validationError(form.error, 'body');
    return uploadPackage(ctx, form.data, file);
  },
});

export const listFirmwareRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: P,
  tags,
  permission: Permission.DeviceFirmwareManage,
  summary: "The tenant's firmware and watch-face packages (optionally of one model and kind), newest first",
  query: ZFirmwareListQuery,
  response: ZFirmwarePackageList,
  handler: async ({ query }, ctx) => listPackages(ctx, query),
});

export const markCurrentFirmwareRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'POST',
  url: `${P}/:id/current`,
  tags,
  permission: Permission.DeviceFirmwareManage,
  summary: 'Make a package the current one of its model and kind (the one before it stops being current)',
  params: ZIdParams,
  response: ZFirmwarePackage,
  handler: async ({ params }, ctx) => markCurrent(ctx, params.id),
});

export const downloadFirmwareRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: `${P}/:id/file`,
  tags,
  permission: Permission.DeviceFirmwareManage,
  summary: "Download a package's bytes (streamed; `X-Content-SHA256` header)",
  params: ZIdParams,
  response: z.unknown(),
  raw: true,
  handler: async ({ params, reply }, ctx) => sendPackage(reply, await readPackageFile(ctx, params.id)),
});
