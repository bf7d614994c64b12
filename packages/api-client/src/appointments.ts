import type { ApiRequest } from './staff.ts';
import {
  ZAppointmentDetail,
  ZAppointmentPage,
  type TAppointmentCreateRequest,
  type TAppointmentListQuery,
  type TAppointmentRescheduleRequest,
  type TAppointmentStatusRequest,
} from '@carewatch/contracts/appointments';

const M = '/api/account/appointments';
const enc = encodeURIComponent;

/** Staff appointments: list (tabs, filters), detail with history, booking, status moves, cancel, complete. */
export const appointmentsApi = (request: ApiRequest) => ({
  list: (query: Partial<TAppointmentListQuery> = {}) => request('GET', M, { query, schema: ZAppointmentPage }),
  get: (id: string) => request('GET', `${M}/${enc(id)}`, { schema: ZAppointmentDetail }),
  create: (body: TAppointmentCreateRequest) => request('POST', M, { body, schema: ZAppointmentDetail }),
  cancel: (id: string, reason: string) =>
    request('POST', `${M}/${enc(id)}/cancel`, { body: { reason }, schema: ZAppointmentDetail }),
  complete: (id: string, body: { diagnosis: string; advice?: string }) =>
    request('POST', `${M}/${enc(id)}/complete`, { body, schema: ZAppointmentDetail }),
  move: (id: string, body: TAppointmentStatusRequest) =>
    request('POST', `${M}/${enc(id)}/status`, { body, schema: ZAppointmentDetail }),
  reschedule: (id: string, body: TAppointmentRescheduleRequest) =>
    request('POST', `${M}/${enc(id)}/reschedule`, { body, schema: ZAppointmentDetail }),
});
export type AppointmentsApi = ReturnType<typeof appointmentsApi>;
