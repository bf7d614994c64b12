import type { ApiRequest } from './staff.ts';
import { ZPatientThresholds, ZAlertPage } from '@carewatch/contracts/alerts';
import {
  ZCoachDashboard,
  ZDoctorDashboard,
  ZSportProfile,
  type TDoctorDashboardQuery,
  type TSportProfileInput,
} from '@carewatch/contracts/dashboards';
import { ZLatestVitals } from '@carewatch/contracts/vitals';

const M = '/api/account';
const enc = encodeURIComponent;

/** Patient app: the coach's team dashboard, the doctor's patient list, and my sport profile (issue 21). */
export const dashboardsApi = (request: ApiRequest) => ({
  coach: () => request('GET', `${M}/dashboards/coach`, { schema: ZCoachDashboard }),
  doctor: (q: Partial<TDoctorDashboardQuery> = {}) =>
    request('GET', `${M}/dashboards/doctor`, { query: q, schema: ZDoctorDashboard }),
  sportProfile: () => request('GET', `${M}/me/sport-profile`, { schema: ZSportProfile }),
  updateSportProfile: (body: TSportProfileInput) =>
    request('PUT', `${M}/me/sport-profile`, { body, schema: ZSportProfile }),
});
export type DashboardsApi = ReturnType<typeof dashboardsApi>;

/**
 * "Viewing as" a player or a patient from a coach's or doctor's dashboard: the same reads as the app's subject calls
 * (latest values, thresholds, alerts), through the clinical routes that apply the coach's or doctor's visibility.
 */
export const viewerSubjectApi = (request: ApiRequest) => ({
  latest: (patientId: string) =>
    request('GET', `${M}/patients/${enc(patientId)}/vitals/latest`, { schema: ZLatestVitals }),
  thresholds: (patientId: string) =>
    request('GET', `${M}/patients/${enc(patientId)}/thresholds`, { schema: ZPatientThresholds }),
  alerts: (patientId: string, q: { page?: number; size?: number } = {}) =>
    request('GET', `${M}/alerts`, { query: { ...q, patientId }, schema: ZAlertPage }),
});
export type ViewerSubjectApi = ReturnType<typeof viewerSubjectApi>;
