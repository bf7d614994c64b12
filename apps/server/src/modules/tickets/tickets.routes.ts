import type { AnyRoute } from '../../platform/route.ts';
import {
  addTicketActivityRoute,
  createTicketRoute,
  listTicketsRoute,
  ticketDetailRoute,
  ticketStatisticsRoute,
  transitionTicketRoute,
} from './routes/tickets.ts';

/** The "tickets" module's routes (SOS call, SOS indicator and hotline tickets). */
export const TICKETS_ROUTES: AnyRoute[] = [
  listTicketsRoute,
  ticketStatisticsRoute,
  ticketDetailRoute,
  createTicketRoute,
  transitionTicketRoute,
  addTicketActivityRoute,
];
