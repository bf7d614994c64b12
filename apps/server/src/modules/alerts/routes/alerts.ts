import { Permission } from '@carewatch/contracts/permissions';
import { ZIdParams, ZPageQuery } from '@carewatch/contracts/common';
import {
  ZAckRequest,
  ZAlert,
  ZAlertListQuery,
  ZAlertPage,
  ZHighRiskResponseRequest,
  ZMyAlertPage,
  ZSnoozeRequest,
  ZSosRequest,
  ZSosResult,
} from '@carewatch/contracts/alerts';
import { defineRoute } from '../../../platform/route.ts';
import { ackAlert, getAlert, listAlerts, myAlerts, respondToAlert, sendSos, snoozeAlert } from '../alerts.service.ts';

const tags = ['alerts'];
const A = '/api/account/alerts';

export const listAlertsRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: A,
  tags,
  permission: Permission.HealthView,
  summary: 'Alerts of the patients I may see (open first, newest first), filtered by patient, level and status',
  query: ZAlertListQuery,
  response: ZAlertPage,
  handler: async ({ query }, ctx) => listAlerts(ctx, query),
});
export const getAlertRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: `${A}/:id`,
  tags,
  permission: Permission.HealthView,
  summary:
    'One alert with its trail: reading → rule → tier → each notification (channel, recipient, provider answer) → acknowledgement',
  params: ZIdParams,
  response: ZAlert,
  handler: async ({ params }, ctx) => getAlert(ctx, params.id),
});
export const ackAlertRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'POST',
  url: `${A}/:id/ack`,
  tags,
  permission: Permission.HealthView,
  summary: 'Acknowledge an alert: it does not re-fire at its level until the acknowledgement times out; audited',
  params: ZIdParams,
  body: ZAckRequest,
  response: ZAlert,
  handler: async ({ params, body }, ctx) => ackAlert(ctx, params.id, body),
});
export const snoozeAlertRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'POST',
  url: `${A}/:id/snooze`,
  tags,
  permission: Permission.RelativeView,
  summary:
    'Snooze an at-risk alert for me (a consented follower or staff who may see the patient); high risk and SOS cannot be snoozed',
  params: ZIdParams,
  body: ZSnoozeRequest,
  response: ZAlert,
  handler: async ({ params, body }, ctx) => snoozeAlert(ctx, params.id, body),
});
export const myAlertsRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: '/api/account/me/alerts',
  tags,
  permission: Permission.HealthOwnData,
  summary: 'My alerts (patient app), open first; `pendingPrompt` when a high-risk answer is awaited',
  query: ZPageQuery,
  response: ZMyAlertPage,
  handler: async ({ query }, ctx) => myAlerts(ctx, query),
});
export const respondAlertRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'POST',
  url: '/api/account/me/alerts/:id/respond',
  tags,
  permission: Permission.HealthOwnData,
  summary:
    'Answer a high-risk prompt: "I am fine" (no SMS; high risk paused until normal) or "Send SOS to followers" (called at once)',
  params: ZIdParams,
  body: ZHighRiskResponseRequest,
  response: ZAlert,
  handler: async ({ params, body }, ctx) => respondToAlert(ctx, params.id, body.response),
});
export const sosRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'POST',
  url: '/api/account/me/sos',
  tags,
  permission: Permission.HealthOwnData,
  status: 201,
  summary:
    'SOS button (after the app’s 5 s countdown): calls and texts followers, opens an SOS case with the message and location; main user only',
  body: ZSosRequest,
  response: ZSosResult,
  handler: async ({ body }, ctx) => sendSos(ctx, body),
});
