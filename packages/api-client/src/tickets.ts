import type { ApiRequest } from './staff.ts';
import {
  ZTicketDetail,
  ZTicketPage,
  ZTicketStats,
  type TCreateTicketRequest,
  type TTicketActivityRequest,
  type TTicketListQuery,
  type TTicketStatsQuery,
  type TTicketTransitionRequest,
} from '@carewatch/contracts/tickets';

const M = '/api/account/tickets';
const enc = encodeURIComponent;

/** Tickets (SOS call, SOS indicator, hotline): list, history, detail, hotline creation, transitions, activities, statistics. */
export const ticketsApi = (request: ApiRequest) => ({
  list: (query: Partial<TTicketListQuery> = {}) => request('GET', M, { query, schema: ZTicketPage }),
  get: (id: string) => request('GET', `${M}/${enc(id)}`, { schema: ZTicketDetail }),
  create: (body: TCreateTicketRequest) => request('POST', M, { body, schema: ZTicketDetail }),
  transition: (id: string, body: TTicketTransitionRequest) =>
    request('POST', `${M}/${enc(id)}/transition`, { body, schema: ZTicketDetail }),
  addActivity: (id: string, body: TTicketActivityRequest) =>
    request('POST', `${M}/${enc(id)}/activities`, { body, schema: ZTicketDetail }),
  statistics: (query: Partial<TTicketStatsQuery> = {}) =>
    request('GET', `${M}/statistics`, { query, schema: ZTicketStats }),
});
export type TicketsApi = ReturnType<typeof ticketsApi>;
