import { ZIdParams, ZOk, ZSubjectParams } from '@carewatch/contracts/common';
import { Permission } from '@carewatch/contracts/permissions';
import { ZAppEvents, ZEventReminder, ZEventReminderRequest } from '@carewatch/contracts/app-events';
import { ZAppointmentCancelRequest, ZAppointmentDetail } from '@carewatch/contracts/appointments';
import { defineRoute } from '../../../platform/route.ts';
import {
  appAppointmentDetail,
  appCancelAppointment,
  appEvents,
  createEvent,
  deleteEvent,
  updateEvent,
} from '../app-events.service.ts';

const tags = ['appointments', 'patient-app'];
const P = '/api/account/app/events';

export const appEventsRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: P,
  tags,
  permission: Permission.HealthOwnData,
  summary: 'My Events: my event reminders (upcoming, other) and my appointments (upcoming, history)',
  response: ZAppEvents,
  handler: async (_in, ctx) => appEvents(ctx, 'me'),
});
export const appSubjectEventsRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: '/api/account/app/patients/:id/events',
  tags,
  permission: Permission.HealthOwnData,
  summary:
    "A subject's events: everything for me or a sub-user I manage, a followed patient's upcoming appointments only",
  params: ZSubjectParams,
  response: ZAppEvents,
  handler: async ({ params }, ctx) => appEvents(ctx, params.id),
});
export const createEventRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'POST',
  url: P,
  tags,
  permission: Permission.HealthOwnData,
  status: 201,
  summary: 'Add an event reminder (at most 20; no two at the same time); a notification comes at its time',
  body: ZEventReminderRequest,
  response: ZEventReminder,
  handler: async ({ body }, ctx) => createEvent(ctx, body),
});
export const updateEventRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'PUT',
  url: `${P}/:id`,
  tags,
  permission: Permission.HealthOwnData,
  summary: 'Edit an event reminder',
  params: ZIdParams,
  body: ZEventReminderRequest,
  response: ZEventReminder,
  handler: async ({ params, body }, ctx) => updateEvent(ctx, params.id, body),
});
export const deleteEventRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'DELETE',
  url: `${P}/:id`,
  tags,
  permission: Permission.HealthOwnData,
  summary: 'Remove an event reminder',
  params: ZIdParams,
  response: ZOk,
  handler: async ({ params }, ctx) => deleteEvent(ctx, params.id),
});
export const appAppointmentRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: '/api/account/app/appointments/:id',
  tags,
  permission: Permission.HealthOwnData,
  summary: 'Event details of an appointment (mine, a sub-user’s, or a followed patient’s, read-only)',
  params: ZIdParams,
  response: ZAppointmentDetail,
  handler: async ({ params }, ctx) => appAppointmentDetail(ctx, params.id),
});
export const appCancelAppointmentRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'POST',
  url: '/api/account/app/appointments/:id/cancel',
  tags,
  permission: Permission.HealthOwnData,
  summary: 'Cancel my upcoming appointment with a reason',
  params: ZIdParams,
  body: ZAppointmentCancelRequest,
  response: ZAppointmentDetail,
  handler: async ({ params, body }, ctx) => appCancelAppointment(ctx, params.id, body.reason),
});
