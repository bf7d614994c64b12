import { ZOk } from '@carewatch/contracts/common';
import {
  ZConnectionHistoryPage,
  ZCount,
  ZDevice,
  ZDeviceCredentials,
  ZDeviceImportResult,
  ZDeviceList,
  ZDeviceLogList,
  ZDevicePage,
  ZNameList,
  ZPhoneHistoryPage,
  ZPhoneList,
  type TAssignDeviceRequest,
  type TCenterConnectionHistoryQuery,
  type TCenterPhoneHistoryQuery,
  type TConnectionHistoryQuery,
  type TCreateDeviceRequest,
  type TDeviceListQuery,
  type TDeviceRolePath,
  type TDeviceStatusReport,
  type TPhoneHistoryQuery,
  type TPhoneStatusReport,
  type TUpdateDeviceRequest,
} from '@carewatch/contracts/devices';
import type { createApiClient } from './client.ts';

export type ApiRequest = ReturnType<typeof createApiClient>['request'];

const M = '/api/account';
const enc = encodeURIComponent;

/** Device fleet, import, assignment, credentials, connection/phone history and logs (spec §2 Devices, §7). */
export const devicesApi = (request: ApiRequest) => ({
  list: (query: Partial<TDeviceListQuery>) => request('GET', `${M}/devices`, { query, schema: ZDevicePage }),
  get: (id: string) => request('GET', `${M}/devices/${enc(id)}`, { schema: ZDevice }),
  create: (body: TCreateDeviceRequest) => request('POST', `${M}/devices`, { body, schema: ZDevice }),
  update: (id: string, body: TUpdateDeviceRequest) =>
    request('PUT', `${M}/devices/${enc(id)}`, { body, schema: ZDevice }),
  assign: (id: string, body: TAssignDeviceRequest) =>
    request('PUT', `${M}/devices/${enc(id)}/assign`, { body, schema: ZDevice }),
  issueCredentials: (id: string) =>
    request('POST', `${M}/devices/${enc(id)}/credentials`, { schema: ZDeviceCredentials }),
  /** The import template (.xlsx): a plain URL; fetch it with the Authorization header (a blob download). */
  templateUrl: () => `${M}/devices/import/template`,
  import: (file: Blob, filename = 'devices.xlsx') => {
    const form = new FormData();
    form.append('file', file, filename);
    return request('POST', `${M}/devices/import`, { form, schema: ZDeviceImportResult });
  },
  userDevices: (username: string) =>
    request('GET', `${M}/device/getUserDevicesByUsername`, { query: { username }, schema: ZDeviceList }),
  operatorUserDevices: (username: string) =>
    request('GET', `${M}/operator/device`, { query: { username }, schema: ZDeviceList }),
  // --- connection history
  connectionHistory: (query: Partial<TConnectionHistoryQuery>) =>
    request('GET', `${M}/device-connection-history/searchByUsername`, { query, schema: ZConnectionHistoryPage }),
  centerConnectionHistory: (query: Partial<TCenterConnectionHistoryQuery> & { mhscId: string }) =>
    request('GET', `${M}/smadmin/mhsc/device-connection-history/searchByUsername`, {
      query,
      schema: ZConnectionHistoryPage,
    }),
  deviceNames: () => request('GET', `${M}/device-connection-history/getDeviceNameList`, { schema: ZNameList }),
  disconnectCount: () => request('GET', `${M}/device/getDisconnectDeviceCount`, { schema: ZCount }),
  // --- phones
  phones: (role: TDeviceRolePath, username: string) =>
    request('GET', `${M}/${role}/phone/get-all`, { query: { username }, schema: ZPhoneList }),
  phoneHistory: (role: TDeviceRolePath, query: Partial<TPhoneHistoryQuery>) =>
    request('GET', `${M}/${role}/phone-history/searchByUsername`, { query, schema: ZPhoneHistoryPage }),
  centerPhoneHistory: (query: Partial<TCenterPhoneHistoryQuery> & { mhscId: string }) =>
    request('GET', `${M}/smadmin/mhsc/phone-history/searchByUsername`, { query, schema: ZPhoneHistoryPage }),
  phoneNames: () => request('GET', `${M}/phone-history/getPhoneNameList`, { schema: ZNameList }),
  appVersions: () => request('GET', `${M}/phone-history/getAppVerList`, { schema: ZNameList }),
  // --- logs
  logHistory: (role: TDeviceRolePath, username: string) =>
    request('GET', `${M}/${role}/log/history`, { query: { username }, schema: ZDeviceLogList }),
  forceLog: (role: TDeviceRolePath, username: string) =>
    request('POST', `${M}/${role}/log/force`, { query: { username }, schema: ZOk }),
  forceStatus: (username: string) =>
    request('POST', `${M}/operator/status/force`, { query: { username }, schema: ZOk }),
  // --- patient app
  reportPhoneStatus: (body: TPhoneStatusReport) => request('POST', `${M}/me/phone-status`, { body, schema: ZOk }),
  reportDeviceStatus: (body: TDeviceStatusReport) =>
    request('POST', `${M}/me/device-status`, { body, schema: ZDevice }),
});
export type DevicesApi = ReturnType<typeof devicesApi>;
