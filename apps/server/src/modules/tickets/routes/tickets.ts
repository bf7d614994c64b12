import { ZIdParams } from '@carewatch/contracts/common';
import { Permission } from '@carewatch/contracts/permissions';
import {
  ZCreateTicketRequest,
  ZTicketActivityRequest,
  ZTicketDetail,
  ZTicketListQuery,
  ZTicketPage,
  ZTicketStats,
  ZTicketStatsQuery,
  ZTicketTransitionRequest,
} from '@carewatch/contracts/tickets';
import { defineRoute } from '../../../platform/route.ts';
import {
  addTicketActivity,
  createHotlineTicket,
  listTickets,
  ticketDetail,
  ticketStatistics,
  transitionTicket,
} from '../tickets.service.ts';

const P = '/api/account/tickets';
const tags = ['tickets'];

export const listTicketsRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: P,
  tags,
  permission: Permission.HealthView,
  summary: 'Tickets of visible patients (filters type, status, patientId, sosCaseId, open, from, to; newest first)',
  query: ZTicketListQuery,
  response: ZTicketPage,
  handler: async ({ query }, ctx) => listTickets(ctx, query),
});
export const ticketStatisticsRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: `${P}/statistics`,
  tags,
  permission: Permission.HealthView,
  summary: 'Ticket counts by type and status over a date range, with average time to confirm and to complete',
  query: ZTicketStatsQuery,
  response: ZTicketStats,
  handler: async ({ query }, ctx) => ticketStatistics(ctx, query),
});
export const ticketDetailRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: `${P}/:id`,
  tags,
  permission: Permission.HealthView,
  summary: 'A ticket with its activities and KPI',
  params: ZIdParams,
  response: ZTicketDetail,
  handler: async ({ params }, ctx) => ticketDetail(ctx, params.id),
});
export const createTicketRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'POST',
  url: P,
  tags,
  permission: Permission.HealthSosHandle,
  status: 201,
  summary: 'Open a hotline ticket (customer care)',
  body: ZCreateTicketRequest,
  response: ZTicketDetail,
  handler: async ({ body }, ctx) => createHotlineTicket(ctx, body),
});
export const transitionTicketRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'POST',
  url: `${P}/:id/transition`,
  tags,
  permission: Permission.HealthView,
  summary: 'Move a ticket: new → confirm → processing → complete → success, or canceled with a reason',
  params: ZIdParams,
  body: ZTicketTransitionRequest,
  response: ZTicketDetail,
  handler: async ({ params, body }, ctx) => transitionTicket(ctx, params.id, body),
});
export const addTicketActivityRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'POST',
  url: `${P}/:id/activities`,
  tags,
  permission: Permission.HealthView,
  summary: 'Record an activity (schedule confirmed, doctor consultation, completion, results returned, note)',
  params: ZIdParams,
  body: ZTicketActivityRequest,
  response: ZTicketDetail,
  handler: async ({ params, body }, ctx) => addTicketActivity(ctx, params.id, body),
});
