import type { ApiRequest } from './staff.ts';
import { ZOk } from '@carewatch/contracts/common';
import { ZAppEvents, ZEventReminder, type TEventReminderRequest } from '@carewatch/contracts/app-events';
import { ZAppointmentDetail } from '@carewatch/contracts/appointments';

const P = '/api/account/app';
const enc = encodeURIComponent;

/** The patient app's events: my event reminders and appointments, a followed patient's, details and cancel. */
export const appEventsApi = (request: ApiRequest) => ({
  list: () => request('GET', `${P}/events`, { schema: ZAppEvents }),
  ofSubject: (subject: string) => request('GET', `${P}/patients/${enc(subject)}/events`, { schema: ZAppEvents }),
  create: (body: TEventReminderRequest) => request('POST', `${P}/events`, { body, schema: ZEventReminder }),
  update: (id: string, body: TEventReminderRequest) =>
    request('PUT', `${P}/events/${enc(id)}`, { body, schema: ZEventReminder }),
  remove: (id: string) => request('DELETE', `${P}/events/${enc(id)}`, { schema: ZOk }),
  appointment: (id: string) => request('GET', `${P}/appointments/${enc(id)}`, { schema: ZAppointmentDetail }),
  cancelAppointment: (id: string, reason: string) =>
    request('POST', `${P}/appointments/${enc(id)}/cancel`, { body: { reason }, schema: ZAppointmentDetail }),
});
export type AppEventsApi = ReturnType<typeof appEventsApi>;
