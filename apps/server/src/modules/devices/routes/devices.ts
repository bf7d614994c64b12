import { z } from 'zod';
import { ZIdParams } from '@carewatch/contracts/common';
import { Permission } from '@carewatch/contracts/permissions';
import {
  ZAssignDeviceRequest,
  ZCount,
  ZDevice,
  ZDeviceCredentials,
  ZDeviceFields,
  ZDeviceList,
  ZDeviceListQuery,
  ZDevicePage,
  ZNameList,
  ZUsernameQuery,
} from '@carewatch/contracts/devices';
import { defineRoute, type AnyRoute } from '../../../platform/route.ts';
import {
  assignDevice,
  createDevice,
  deviceNameList,
  disconnectedCount,
  getDevice,
  issueCredentials,
  listDevices,
  updateDevice,
  userDevices,
} from '../devices.service.ts';

const tags = ['devices'];
const M = '/api/account';

/** The model is checked by the service, so an unsupported one answers UNSUPPORTED_DEVICE_TYPE naming the field. */
const ZDeviceInput = ZDeviceFields.extend({
  model: z.string('Required').trim().min(1, 'Required').max(20, 'Unsupported device type'),
});
const ZDeviceUpdateInput = ZDeviceInput.partial();

export const listDevicesRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: `${M}/devices`,
  tags,
  permission: Permission.DeviceView,
  summary:
    'Devices the caller may see, by category, model, connection status and search (MAC, IMEI, serial, account, name)',
  query: ZDeviceListQuery,
  response: ZDevicePage,
  handler: async ({ query }, ctx) => listDevices(ctx, query),
});
export const getDeviceRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: `${M}/devices/:id`,
  tags,
  permission: Permission.DeviceView,
  summary: 'One device',
  params: ZIdParams,
  response: ZDevice,
  handler: async ({ params }, ctx) => getDevice(ctx, params.id),
});
/** Spec §7 role variants of the device detail. */
export const roleDeviceRoutes: AnyRoute[] = (['admin', 'sadmin', 'cskh', 'doctor'] as const).map((role) =>
  defineRoute({
    audit: { phi: 'read' },
    method: 'GET',
    url: `${M}/${role}/device/:id`,
    tags,
    permission: Permission.DeviceView,
    summary: `One device (${role})`,
    params: ZIdParams,
    response: ZDevice,
    handler: async ({ params }, ctx) => getDevice(ctx, params.id),
  }),
);
export const operatorUserDevicesRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: `${M}/operator/device`,
  tags,
  permission: Permission.DeviceView,
  summary: 'The devices of a user (e-mail or phone)',
  query: ZUsernameQuery,
  response: ZDeviceList,
  handler: async ({ query }, ctx) => userDevices(ctx, query.username),
});
export const userDevicesRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: `${M}/device/getUserDevicesByUsername`,
  tags,
  permission: Permission.DeviceView,
  summary: 'The devices of a user (e-mail or phone)',
  query: ZUsernameQuery,
  response: ZDeviceList,
  handler: async ({ query }, ctx) => userDevices(ctx, query.username),
});
export const createDeviceRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'POST',
  url: `${M}/devices`,
  tags,
  permission: Permission.DeviceImport,
  status: 201,
  summary: 'Add one device (watches need a MAC, cellular devices an IMEI)',
  body: ZDeviceInput,
  response: ZDevice,
  handler: async ({ body }, ctx) => createDevice(ctx, body),
});
export const updateDeviceRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'PUT',
  url: `${M}/devices/:id`,
  tags,
  permission: Permission.DeviceUpdate,
  summary: 'Edit a device that has not been activated',
  params: ZIdParams,
  body: ZDeviceUpdateInput,
  response: ZDevice,
  handler: async ({ params, body }, ctx) => updateDevice(ctx, params.id, body),
});
export const assignDeviceRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'PUT',
  url: `${M}/devices/:id/assign`,
  tags,
  permission: Permission.DeviceUpdate,
  summary: 'Assign a device to a patient the caller may see (null unassigns)',
  params: ZIdParams,
  body: ZAssignDeviceRequest,
  response: ZDevice,
  handler: async ({ params, body }, ctx) => assignDevice(ctx, params.id, body),
});
export const deviceCredentialsRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'POST',
  url: `${M}/devices/:id/credentials`,
  tags,
  permission: Permission.DeviceUpdate,
  summary: 'Issue (or replace) a cellular device’s secret for HTTPS and MQTT; shown once',
  params: ZIdParams,
  response: ZDeviceCredentials,
  handler: async ({ params }, ctx) => issueCredentials(ctx, params.id),
});
export const disconnectCountRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: `${M}/device/getDisconnectDeviceCount`,
  tags,
  permission: Permission.DeviceView,
  summary: 'How many visible devices are disconnected (status 0)',
  response: ZCount,
  handler: async (_in, ctx) => disconnectedCount(ctx),
});
export const deviceNameListRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: `${M}/device-connection-history/getDeviceNameList`,
  tags,
  permission: Permission.DeviceView,
  summary: 'Names of the visible devices (model when unnamed)',
  response: ZNameList,
  handler: async (_in, ctx) => deviceNameList(ctx),
});
