import { Permission } from '@carewatch/contracts/permissions';
import { ZOk } from '@carewatch/contracts/common';
import { ZDevice, ZDeviceStatusReport, ZPhoneStatusReport } from '@carewatch/contracts/devices';
import { defineRoute } from '../../../platform/route.ts';
import { reportDeviceStatus, reportPhoneStatus } from '../device-history.service.ts';

const tags = ['devices'];

export const mePhoneStatusRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'POST',
  url: '/api/account/me/phone-status',
  tags,
  permission: Permission.HealthOwnData,
  summary: 'The patient app reports its phone, OS, app version and state',
  body: ZPhoneStatusReport,
  response: ZOk,
  handler: async ({ body }, ctx) => reportPhoneStatus(ctx, body),
});
export const meDeviceStatusRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'POST',
  url: '/api/account/me/device-status',
  tags,
  permission: Permission.HealthOwnData,
  summary: 'The patient app reports a paired watch’s connection change (an unknown MAC becomes the caller’s device)',
  body: ZDeviceStatusReport,
  response: ZDevice,
  handler: async ({ body }, ctx) => reportDeviceStatus(ctx, body),
});
