import { z } from 'zod';
import { ZIdParams } from '@carewatch/contracts/common';
import { ZFirmwareAppQuery, ZWatchPackages } from '@carewatch/contracts/firmware';
import { Permission } from '@carewatch/contracts/permissions';
import { defineRoute } from '../../../platform/route.ts';
import { readPackageFile, watchPackages } from '../firmware.service.ts';
import { sendPackage } from './firmware-files.ts';

const tags = ['firmware'];
const P = '/api/account/me/firmware';

export const appWatchPackagesRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: P,
  tags,
  permission: Permission.HealthOwnData,
  summary: "Patient app: the current firmware of a watch model (null when none) and the model's watch faces",
  query: ZFirmwareAppQuery,
  response: ZWatchPackages,
  handler: async ({ query }, ctx) => watchPackages(ctx, query.model),
});

export const appDownloadPackageRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: `${P}/:id/file`,
  tags,
  permission: Permission.HealthOwnData,
  summary: "Patient app: a package's bytes to send to the paired watch (streamed; `X-Content-SHA256` header)",
  params: ZIdParams,
  response: z.unknown(),
  raw: true,
  handler: async ({ params, reply }, ctx) => sendPackage(reply, await readPackageFile(ctx, params.id)),
});
