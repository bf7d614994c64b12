import type { ApiRequest } from './staff.ts';
import { ZOk } from '@carewatch/contracts/common';
import { ZDevice, type TDeviceStatusReport } from '@carewatch/contracts/devices';
import { ZMyDeviceList, ZWearState, type TWearReport } from '@carewatch/contracts/app-devices';
import { ZIngestResponse, type TReading } from '@carewatch/contracts/vitals';

const ME = '/api/account/me';
const enc = encodeURIComponent;

/** Patient app: paired watches (status reports, list, forget) and the offline queue's ingest. */
export const appDevicesApi = (request: ApiRequest) => ({
  /** A watch's connection change; the first report binds an unknown MAC to the caller (409 when bound to another user). */
  reportStatus: (body: TDeviceStatusReport) => request('POST', `${ME}/device-status`, { body, schema: ZDevice }),
  myDevices: () => request('GET', `${ME}/devices`, { schema: ZMyDeviceList }),
  forget: (id: string) => request('DELETE', `${ME}/devices/${enc(id)}`, { schema: ZOk }),
  /** A watch worn again / not worn since `at` (issue 20; sent on a change of sensor contact only). */
  reportWear: (id: string, body: TWearReport) =>
    request('POST', `${ME}/devices/${enc(id)}/wear`, { body, schema: ZWearState }),
  ingest: (readings: TReading[]) =>
    request('POST', '/api/ingest/measurements', { body: { readings }, schema: ZIngestResponse }),
});
export type AppDevicesApi = ReturnType<typeof appDevicesApi>;
