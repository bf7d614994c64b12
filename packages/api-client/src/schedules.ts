import type { ApiRequest } from './staff.ts';
import {
  ZDoctorList,
  ZDoctorScheduleList,
  ZDoctorSchedulePage,
  ZScheduleDecisionResult,
  ZScheduleDeleteResult,
  ZScheduleReport,
  ZSlotList,
  type TScheduleCreateRequest,
  type TScheduleListQuery,
  type TScheduleReportQuery,
  type TScheduleRequestQuery,
} from '@carewatch/contracts/schedules';

const M = '/api/account/doctor-schedules';
const enc = encodeURIComponent;
const qs = (q: Record<string, string | undefined>) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v) p.set(k, v);
  const s = p.toString();
  return s ? `?${s}` : '';
};

/** Doctor schedules: calendars, requests and their approval, leave, slots, the statistical report. */
export const schedulesApi = (request: ApiRequest) => ({
  list: (query: Partial<TScheduleListQuery> & Pick<TScheduleListQuery, 'from' | 'to'>) =>
    request('GET', M, { query, schema: ZDoctorScheduleList }),
  create: (body: TScheduleCreateRequest) => request('POST', M, { body, schema: ZDoctorScheduleList }),
  remove: (id: string) => request('DELETE', `${M}/${enc(id)}`, { schema: ZScheduleDeleteResult }),
  requests: (query: Partial<TScheduleRequestQuery> = {}) =>
    request('GET', `${M}/requests`, { query, schema: ZDoctorSchedulePage }),
  approve: (ids: string[]) =>
    request('POST', `${M}/requests/approve`, { body: { ids }, schema: ZScheduleDecisionResult }),
  reject: (ids: string[], reason: string) =>
    request('POST', `${M}/requests/reject`, { body: { ids, reason }, schema: ZScheduleDecisionResult }),
  report: (query: TScheduleReportQuery) => request('GET', `${M}/report`, { query, schema: ZScheduleReport }),
  /** .xlsx: fetch it with the Authorization header (blob download helper). */
  reportExportUrl: (query: TScheduleReportQuery) => `${M}/report/export${qs(query)}`,
  doctors: (query: { centerId?: string; specialty?: string; q?: string } = {}) =>
    request('GET', '/api/account/doctors', { query, schema: ZDoctorList }),
  slots: (doctorId: string, date: string) =>
    request('GET', `/api/account/doctors/${enc(doctorId)}/slots`, { query: { date }, schema: ZSlotList }),
});
export type SchedulesApi = ReturnType<typeof schedulesApi>;
