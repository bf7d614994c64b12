import type { ApiRequest } from './staff.ts';
import {
  ZFirmwarePackage,
  ZFirmwarePackageList,
  ZWatchPackages,
  type TFirmwareListQuery,
  type TFirmwareModel,
} from '@carewatch/contracts/firmware';

const M = '/api/account/firmware';
const ME = '/api/account/me/firmware';
const enc = encodeURIComponent;

/** The text fields of an upload as typed (the server validates them with ZFirmwareUploadForm). */
export type FirmwareUploadInput = { model: string; kind: string; version: string; name?: string; notes?: string };

/** Staff: the tenant's watch firmware and watch-face packages (issue 21). */
export const firmwareApi = (request: ApiRequest) => ({
  list: (query: TFirmwareListQuery = {}) => request('GET', M, { query, schema: ZFirmwarePackageList }),
  upload: (input: FirmwareUploadInput, file: Blob | null, filename = 'package.cwpk') => {
    const form = new FormData();
    form.append('model', input.model);
    form.append('kind', input.kind);
    form.append('version', input.version);
    form.append('name', input.name ?? '');
    form.append('notes', input.notes ?? '');
    if (file) form.append('file', file, filename);
    return request('POST', M, { form, schema: ZFirmwarePackage });
  },
  markCurrent: (id: string) => request('POST', `${M}/${enc(id)}/current`, { schema: ZFirmwarePackage }),
  fileUrl: (id: string) => `${M}/${enc(id)}/file`,
});
export type FirmwareApi = ReturnType<typeof firmwareApi>;

/** Patient app: what the paired watch's model may take; package bytes are fetched from `fileUrl` (fetchBlob). */
export const appFirmwareApi = (request: ApiRequest) => ({
  forModel: (model: TFirmwareModel) => request('GET', ME, { query: { model }, schema: ZWatchPackages }),
  fileUrl: (id: string) => `${ME}/${enc(id)}/file`,
});
export type AppFirmwareApi = ReturnType<typeof appFirmwareApi>;
