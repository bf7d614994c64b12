import { ZIdParams, ZOk } from '@carewatch/contracts/common';
import { Permission } from '@carewatch/contracts/permissions';
import {
  ZWebhookDelivery,
  ZWebhookDeliveryPage,
  ZWebhookDeliveryParams,
  ZWebhookDeliveryQuery,
  ZWebhookEndpoint,
  ZWebhookEndpointInput,
  ZWebhookEndpointList,
  ZWebhookEndpointPatch,
  ZWebhookEndpointWithSecret,
} from '@carewatch/contracts/webhooks';
import { defineRoute } from '../../../platform/route.ts';
import {
  createEndpoint,
  deleteEndpoint,
  getEndpoint,
  listDeliveries,
  listEndpoints,
  replayDelivery,
  rotateSecret,
  sendTestEvent,
  updateEndpoint,
} from '../webhooks.service.ts';

const tags = ['webhooks'];
const P = '/api/account/webhooks';
const permission = Permission.WebhookManage;
const audit = { phi: 'none' } as const;

export const listWebhooksRoute = defineRoute({
  audit,
  method: 'GET',
  url: P,
  tags,
  permission,
  summary: "The tenant's webhook endpoints and the event types they may subscribe to",
  response: ZWebhookEndpointList,
  handler: async (_input, ctx) => listEndpoints(ctx),
});
export const createWebhookRoute = defineRoute({
  audit,
  method: 'POST',
  url: P,
  tags,
  permission,
  status: 201,
  summary: 'Register an endpoint (https, public address): its signing secret is answered once',
  body: ZWebhookEndpointInput,
  response: ZWebhookEndpointWithSecret,
  handler: async ({ body }, ctx) => createEndpoint(ctx, body),
});
export const getWebhookRoute = defineRoute({
  audit,
  method: 'GET',
  url: `${P}/:id`,
  tags,
  permission,
  summary: 'One webhook endpoint',
  params: ZIdParams,
  response: ZWebhookEndpoint,
  handler: async ({ params }, ctx) => getEndpoint(ctx, params.id),
});
export const updateWebhookRoute = defineRoute({
  audit,
  method: 'PATCH',
  url: `${P}/:id`,
  tags,
  permission,
  summary: 'Change the URL, description, events, or enable / disable',
  params: ZIdParams,
  body: ZWebhookEndpointPatch,
  response: ZWebhookEndpoint,
  handler: async ({ params, body }, ctx) => updateEndpoint(ctx, params.id, body),
});
export const deleteWebhookRoute = defineRoute({
  audit,
  method: 'DELETE',
  url: `${P}/:id`,
  tags,
  permission,
  summary: 'Delete an endpoint and its delivery log',
  params: ZIdParams,
  response: ZOk,
  handler: async ({ params }, ctx) => deleteEndpoint(ctx, params.id),
});
export const rotateWebhookSecretRoute = defineRoute({
  audit,
  method: 'POST',
  url: `${P}/:id/rotate-secret`,
  tags,
  permission,
  summary: 'A new signing secret (answered once); the previous one adds a second signature for 24 h',
  params: ZIdParams,
  response: ZWebhookEndpointWithSecret,
  handler: async ({ params }, ctx) => rotateSecret(ctx, params.id),
});
export const testWebhookRoute = defineRoute({
  audit,
  method: 'POST',
  url: `${P}/:id/test`,
  tags,
  permission,
  status: 201,
  summary: 'Queue a webhook.test event to this endpoint',
  params: ZIdParams,
  response: ZWebhookDelivery,
  handler: async ({ params }, ctx) => sendTestEvent(ctx, params.id),
});
export const listWebhookDeliveriesRoute = defineRoute({
  audit,
  method: 'GET',
  url: `${P}/:id/deliveries`,
  tags,
  permission,
  summary: "The endpoint's delivery log, newest first, with every attempt",
  params: ZIdParams,
  query: ZWebhookDeliveryQuery,
  response: ZWebhookDeliveryPage,
  handler: async ({ params, query }, ctx) => listDeliveries(ctx, params.id, query),
});
export const replayWebhookDeliveryRoute = defineRoute({
  audit,
  method: 'POST',
  url: `${P}/:id/deliveries/:deliveryId/replay`,
  tags,
  permission,
  status: 201,
  summary: 'Send a past event again (a new delivery, same event id)',
  params: ZWebhookDeliveryParams,
  response: ZWebhookDelivery,
  handler: async ({ params }, ctx) => replayDelivery(ctx, params.id, params.deliveryId),
});
