import { Permission } from '@carewatch/contracts/permissions';
import { ZOk } from '@carewatch/contracts/common';
import {
  DEVICE_ROLE_PATHS,
  ZCenterConnectionHistoryQuery,
  ZCenterPhoneHistoryQuery,
  ZConnectionHistoryPage,
  ZConnectionHistoryQuery,
  ZDeviceLogList,
  ZNameList,
  ZPhoneHistoryPage,
  ZPhoneHistoryQuery,
  ZPhoneList,
  ZUsernameQuery,
} from '@carewatch/contracts/devices';
import { defineRoute, type AnyRoute } from '../../../platform/route.ts';
import {
  appVersionList,
  forceRequest,
  logHistory,
  phoneNameList,
  phonesOf,
  searchConnectionHistory,
  searchPhoneHistory,
} from '../device-history.service.ts';

const tags = ['devices'];
const M = '/api/account';

export const connectionHistoryRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: `${M}/device-connection-history/searchByUsername`,
  tags,
  permission: Permission.DeviceView,
  summary: 'Device connection history (by user, status, model, time range; newest first unless sort=eventAt)',
  query: ZConnectionHistoryQuery,
  response: ZConnectionHistoryPage,
  handler: async ({ query }, ctx) => searchConnectionHistory(ctx, query),
});
export const centerConnectionHistoryRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: `${M}/smadmin/mhsc/device-connection-history/searchByUsername`,
  tags,
  permission: Permission.DeviceView,
  summary: 'Device connection history of one health center (and optionally one user)',
  query: ZCenterConnectionHistoryQuery,
  response: ZConnectionHistoryPage,
  handler: async ({ query }, ctx) => searchConnectionHistory(ctx, query),
});
export const centerPhoneHistoryRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: `${M}/smadmin/mhsc/phone-history/searchByUsername`,
  tags,
  permission: Permission.DeviceView,
  summary: 'Phone history of one health center (and optionally one user)',
  query: ZCenterPhoneHistoryQuery,
  response: ZPhoneHistoryPage,
  handler: async ({ query }, ctx) => searchPhoneHistory(ctx, query),
});
export const phoneNameListRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: `${M}/phone-history/getPhoneNameList`,
  tags,
  permission: Permission.DeviceView,
  summary: 'Phone names in the visible phone history',
  response: ZNameList,
  handler: async (_in, ctx) => phoneNameList(ctx),
});
export const appVersionListRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: `${M}/phone-history/getAppVerList`,
  tags,
  permission: Permission.DeviceView,
  summary: 'App versions in the visible phone history',
  response: ZNameList,
  handler: async (_in, ctx) => appVersionList(ctx),
});
export const statusForceRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'POST',
  url: `${M}/operator/status/force`,
  tags,
  permission: Permission.DeviceUpdate,
  summary: 'Ask a user’s app to report its status when it next connects',
  query: ZUsernameQuery,
  response: ZOk,
  handler: async ({ query }, ctx) => forceRequest(ctx, query.username, 'status_force_request'),
});

/** Spec §7 calls prefixed by role: phones, phone history, log history and log force. */
export const rolePhoneAndLogRoutes: AnyRoute[] = DEVICE_ROLE_PATHS.flatMap((role) => [
  defineRoute({
    audit: { phi: 'read' },
    method: 'GET',
    url: `${M}/${role}/phone/get-all`,
    tags,
    permission: Permission.DeviceView,
    summary: `A user’s phones with their latest app status (${role})`,
    query: ZUsernameQuery,
    response: ZPhoneList,
    handler: async ({ query }, ctx) => phonesOf(ctx, query.username),
  }),
  defineRoute({
    audit: { phi: 'read' },
    method: 'GET',
    url: `${M}/${role}/phone-history/searchByUsername`,
    tags,
    permission: Permission.DeviceView,
    summary: `Phone history (${role})`,
    query: ZPhoneHistoryQuery,
    response: ZPhoneHistoryPage,
    handler: async ({ query }, ctx) => searchPhoneHistory(ctx, query),
  }),
  defineRoute({
    audit: { phi: 'read' },
    method: 'GET',
    url: `${M}/${role}/log/history`,
    tags,
    permission: Permission.DeviceView,
    summary: `A user’s device/app log entries (${role})`,
    query: ZUsernameQuery,
    response: ZDeviceLogList,
    handler: async ({ query }, ctx) => logHistory(ctx, query.username),
  }),
  defineRoute({
    audit: { phi: 'write' },
    method: 'POST',
    url: `${M}/${role}/log/force`,
    tags,
    permission: Permission.DeviceUpdate,
    summary: `Ask a user’s app to upload its logs when it next connects (${role})`,
    query: ZUsernameQuery,
    response: ZOk,
    handler: async ({ query }, ctx) => forceRequest(ctx, query.username, 'force_request'),
  }),
]);
