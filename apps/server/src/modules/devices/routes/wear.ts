import { Permission } from '@carewatch/contracts/permissions';
import { ZMyDeviceParams, ZWearReport, ZWearState } from '@carewatch/contracts/app-devices';
import { defineDeviceRoute, defineRoute, type AnyRoute } from '../../../platform/route.ts';
import { reportDeviceWear, reportMyDeviceWear } from '../wear.service.ts';

const tags = ['devices'];

export const myDeviceWearRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'POST',
  url: '/api/account/me/devices/:id/wear',
  tags,
  permission: Permission.HealthOwnData,
  summary: 'The patient app: one of my watches is worn again / not worn since `at` (sensor contact)',
  params: ZMyDeviceParams,
  body: ZWearReport,
  response: ZWearState,
  handler: async ({ params, body }, ctx) => reportMyDeviceWear(ctx, params.id, body),
});
export const deviceWearRoute = defineDeviceRoute({
  audit: { phi: 'write' },
  method: 'POST',
  url: '/api/ingest/wear',
  tags,
  permission: Permission.HealthOwnData,
  summary: 'A cellular device (Basic deviceId:secret) reports itself worn again / not worn since `at`',
  body: ZWearReport,
  response: ZWearState,
  handler: async ({ body }, ctx) => reportDeviceWear(ctx, body),
});

/** "Not worn" reports (issue 20). */
export const WEAR_ROUTES: AnyRoute[] = [myDeviceWearRoute, deviceWearRoute];
