import type { ApiRequest } from './staff.ts';
import {
  ZPatientAlertSettings,
  ZTenantThresholds,
  type TPutAlertSettingsRequest,
  type TPutTenantThresholdsRequest,
  type TResetThresholdsRequest,
} from '@carewatch/contracts/alerts';

const enc = encodeURIComponent;

/** Alert configuration (issue 5): a patient's alert settings (staff and own) and the tenant's threshold defaults. */
export const alertConfigApi = (request: ApiRequest) => ({
  alertSettings: (patientId: string) =>
    request('GET', `/api/account/patients/${enc(patientId)}/alert-settings`, { schema: ZPatientAlertSettings }),
  putAlertSettings: (patientId: string, body: TPutAlertSettingsRequest) =>
    request('PUT', `/api/account/patients/${enc(patientId)}/alert-settings`, { body, schema: ZPatientAlertSettings }),
  myAlertSettings: () => request('GET', '/api/account/me/alert-settings', { schema: ZPatientAlertSettings }),
  putMyAlertSettings: (body: TPutAlertSettingsRequest) =>
    request('PUT', '/api/account/me/alert-settings', { body, schema: ZPatientAlertSettings }),
  thresholdDefaults: () => request('GET', '/api/account/thresholds/defaults', { schema: ZTenantThresholds }),
  putThresholdDefaults: (body: TPutTenantThresholdsRequest) =>
    request('PUT', '/api/account/thresholds/defaults', { body, schema: ZTenantThresholds }),
  resetThresholdDefaults: (body: TResetThresholdsRequest = {}) =>
    request('POST', '/api/account/thresholds/defaults/reset', { body, schema: ZTenantThresholds }),
});
