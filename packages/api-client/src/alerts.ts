import type { ApiRequest } from './staff.ts';
import {
  ZAlert,
  ZAlertPage,
  ZMyAlertPage,
  ZPatientThresholds,
  ZSosCase,
  ZSosCaseDetail,
  ZSosCasePage,
  ZSosResult,
  type TAckRequest,
  type TAlertListQuery,
  type TCloseSosCaseRequest,
  type THighRiskResponse,
  type TPutMyThresholdsRequest,
  type TPutThresholdsRequest,
  type TResetThresholdsRequest,
  type TSnoozeRequest,
  type TSosCaseListQuery,
  type TSosRequest,
} from '@carewatch/contracts/alerts';

const enc = encodeURIComponent;

/** Alerts, SOS cases and thresholds (issue 5): staff lists and actions, and the patient app's own calls. */
export const alertsApi = (request: ApiRequest) => ({
  list: (q: Partial<TAlertListQuery> = {}) => request('GET', '/api/account/alerts', { query: q, schema: ZAlertPage }),
  get: (id: string) => request('GET', `/api/account/alerts/${enc(id)}`, { schema: ZAlert }),
  ack: (id: string, body: TAckRequest = {}) =>
    request('POST', `/api/account/alerts/${enc(id)}/ack`, { body, schema: ZAlert }),
  snooze: (id: string, body: TSnoozeRequest) =>
    request('POST', `/api/account/alerts/${enc(id)}/snooze`, { body, schema: ZAlert }),
  sosCases: (q: Partial<TSosCaseListQuery> = {}) =>
    request('GET', '/api/account/sos-cases', { query: q, schema: ZSosCasePage }),
  sosCase: (id: string) => request('GET', `/api/account/sos-cases/${enc(id)}`, { schema: ZSosCaseDetail }),
  closeSosCase: (id: string, body: TCloseSosCaseRequest) =>
    request('POST', `/api/account/sos-cases/${enc(id)}/close`, { body, schema: ZSosCase }),
  thresholds: (patientId: string) =>
    request('GET', `/api/account/patients/${enc(patientId)}/thresholds`, { schema: ZPatientThresholds }),
  putThresholds: (patientId: string, body: TPutThresholdsRequest) =>
    request('PUT', `/api/account/patients/${enc(patientId)}/thresholds`, { body, schema: ZPatientThresholds }),
  resetThresholds: (patientId: string, body: TResetThresholdsRequest = {}) =>
    request('POST', `/api/account/patients/${enc(patientId)}/thresholds/reset`, { body, schema: ZPatientThresholds }),
  // Patient app (own data).
  myAlerts: (q: { page?: number; size?: number } = {}) =>
    request('GET', '/api/account/me/alerts', { query: q, schema: ZMyAlertPage }),
  respond: (id: string, response: THighRiskResponse) =>
    request('POST', `/api/account/me/alerts/${enc(id)}/respond`, { body: { response }, schema: ZAlert }),
  sos: (body: TSosRequest) => request('POST', '/api/account/me/sos', { body, schema: ZSosResult }),
  myThresholds: () => request('GET', '/api/account/me/thresholds', { schema: ZPatientThresholds }),
  putMyThresholds: (body: TPutMyThresholdsRequest) =>
    request('PUT', '/api/account/me/thresholds', { body, schema: ZPatientThresholds }),
});
