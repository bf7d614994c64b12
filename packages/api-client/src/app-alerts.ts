import type { ApiRequest } from './staff.ts';
import {
  ZAlert,
  ZMyAlertPage,
  ZPatientAlertSettings,
  ZPatientThresholds,
  ZSosContacts,
  ZSosLocationResult,
  ZSosRecording,
  ZSosResult,
  type THighRiskResponse,
  type TPutAlertSettingsRequest,
  type TLocation,
  type TPutMyThresholdsRequest,
  type TSosRequest,
} from '@carewatch/contracts/alerts';

const ME = '/api/account/me';
const enc = encodeURIComponent;

/** The patient app's own alert calls: alerts and high-risk answers, the SOS button, thresholds and alert settings. */
export const appAlertsApi = (request: ApiRequest) => ({
  list: (q: { page?: number; size?: number } = {}) =>
    request('GET', `${ME}/alerts`, { query: q, schema: ZMyAlertPage }),
  respond: (id: string, response: THighRiskResponse) =>
    request('POST', `${ME}/alerts/${enc(id)}/respond`, { body: { response }, schema: ZAlert }),
  sos: (body: TSosRequest) => request('POST', `${ME}/sos`, { body, schema: ZSosResult }),
  sosContacts: () => request('GET', `${ME}/sos/contacts`, { schema: ZSosContacts }),
  sosLocation: (body: TLocation) => request('POST', `${ME}/sos/location`, { body, schema: ZSosLocationResult }),
  uploadRecording: (audio: Blob, fileName: string) => {
    const form = new FormData();
    form.append('file', audio, fileName);
    return request('POST', `${ME}/sos/recordings`, { form, schema: ZSosRecording });
  },
  thresholds: () => request('GET', `${ME}/thresholds`, { schema: ZPatientThresholds }),
  putThresholds: (body: TPutMyThresholdsRequest) =>
    request('PUT', `${ME}/thresholds`, { body, schema: ZPatientThresholds }),
  settings: () => request('GET', `${ME}/alert-settings`, { schema: ZPatientAlertSettings }),
  putSettings: (body: TPutAlertSettingsRequest) =>
    request('PUT', `${ME}/alert-settings`, { body, schema: ZPatientAlertSettings }),
});
export type AppAlertsApi = ReturnType<typeof appAlertsApi>;
