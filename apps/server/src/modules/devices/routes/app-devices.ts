import { Permission } from '@carewatch/contracts/permissions';
import { ZOk } from '@carewatch/contracts/common';
import { ZMyDeviceList, ZMyDeviceParams } from '@carewatch/contracts/app-devices';
import { defineRoute, type AnyRoute } from '../../../platform/route.ts';
import { forgetMyDevice, myDevices } from '../app-devices.service.ts';

const tags = ['devices'];

export const myDevicesRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: '/api/account/me/devices',
  tags,
  permission: Permission.HealthOwnData,
  summary: 'The patient app: my paired watches',
  response: ZMyDeviceList,
  handler: async (_req, ctx) => myDevices(ctx),
});
export const forgetMyDeviceRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'DELETE',
  url: '/api/account/me/devices/:id',
  tags,
  permission: Permission.HealthOwnData,
  summary: 'The patient app: forget (unbind) one of my watches so another user may pair it',
  params: ZMyDeviceParams,
  response: ZOk,
  handler: async ({ params }, ctx) => forgetMyDevice(ctx, params.id),
});

/** The patient app's paired devices (list, forget); pairing itself is `POST /api/account/me/device-status`. */
export const APP_DEVICE_ROUTES: AnyRoute[] = [myDevicesRoute, forgetMyDeviceRoute];
