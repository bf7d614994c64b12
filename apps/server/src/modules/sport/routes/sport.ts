import { Permission } from '@carewatch/contracts/permissions';
import { ZIdParams, ZSubjectParams } from '@carewatch/contracts/common';
import {
  ZSportSession,
  ZSportSessionInput,
  ZSportSessionPage,
  ZSportSessionQuery,
  ZSportSummaryQuery,
  ZSportWeekSummary,
} from '@carewatch/contracts/sport';
import { defineRoute } from '../../../platform/route.ts';
import { createSportSession, listSportSessions, sportWeekSummary } from '../sport.service.ts';

const tags = ['sport'];
const ME = '/api/account/me/sport-sessions';
const APP = '/api/account/app/patients/:id/sport-sessions';
const STAFF = '/api/account/patients/:id/sport-sessions';

export const createMySportSessionRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'POST',
  url: ME,
  tags,
  permission: Permission.HealthOwnData,
  body: ZSportSessionInput,
  response: ZSportSession,
  summary:
    'Patient app: store a sport session of my own record; idempotent on start time and mode (201 the first time, 200 and the stored session on a repeat)',
  handler: async ({ body, reply }, ctx) => {
    const r = await createSportSession(ctx, 'me', body);
    if (r.created) reply.status(201);
    return r.session;
  },
});
export const mySportSessionsRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: ME,
  tags,
  permission: Permission.HealthOwnData,
  query: ZSportSessionQuery,
  response: ZSportSessionPage,
  summary: 'Patient app: my sport sessions, newest first (keyset paging with `cursor`)',
  handler: async ({ query }, ctx) => listSportSessions(ctx, 'me', query, 'app'),
});
export const mySportSummaryRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: `${ME}/summary`,
  tags,
  permission: Permission.HealthOwnData,
  query: ZSportSummaryQuery,
  response: ZSportWeekSummary,
  summary: 'Patient app: my weekly sport totals per mode (Monday to Sunday in my time zone)',
  handler: async ({ query }, ctx) => sportWeekSummary(ctx, 'me', query, 'app'),
});
export const createAppSportSessionRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'POST',
  url: APP,
  tags,
  permission: Permission.HealthOwnData,
  params: ZSubjectParams,
  body: ZSportSessionInput,
  response: ZSportSession,
  summary:
    'Patient app: store a sport session of `me` or a sub-user I manage (followers only read); idempotent on start time and mode (201, then 200)',
  handler: async ({ params, body, reply }, ctx) => {
    const r = await createSportSession(ctx, params.id, body);
    if (r.created) reply.status(201);
    return r.session;
  },
});
export const appSportSessionsRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: APP,
  tags,
  permission: Permission.HealthOwnData,
  params: ZSubjectParams,
  query: ZSportSessionQuery,
  response: ZSportSessionPage,
  summary: 'Patient app: sport sessions of `me`, a sub-user or a followed patient, newest first',
  handler: async ({ params, query }, ctx) => listSportSessions(ctx, params.id, query, 'app'),
});
export const appSportSummaryRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: `${APP}/summary`,
  tags,
  permission: Permission.HealthOwnData,
  params: ZSubjectParams,
  query: ZSportSummaryQuery,
  response: ZSportWeekSummary,
  summary:
    'Patient app: weekly sport totals per mode of `me`, a sub-user or a followed patient (the reader’s time zone)',
  handler: async ({ params, query }, ctx) => sportWeekSummary(ctx, params.id, query, 'app'),
});
export const patientSportSessionsRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: STAFF,
  tags,
  permission: Permission.HealthView,
  params: ZIdParams,
  query: ZSportSessionQuery,
  response: ZSportSessionPage,
  summary:
    'A visible patient’s sport sessions, newest first (a coach: an accepted player; anyone else’s id answers 404)',
  handler: async ({ params, query }, ctx) => listSportSessions(ctx, params.id, query, 'staff'),
});
export const patientSportSummaryRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: `${STAFF}/summary`,
  tags,
  permission: Permission.HealthView,
  params: ZIdParams,
  query: ZSportSummaryQuery,
  response: ZSportWeekSummary,
  summary: 'A visible patient’s weekly sport totals per mode (the reader’s time zone)',
  handler: async ({ params, query }, ctx) => sportWeekSummary(ctx, params.id, query, 'staff'),
});
