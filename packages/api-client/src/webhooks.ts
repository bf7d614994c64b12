import type { ApiRequest } from './staff.ts';
import { ZOk } from '@carewatch/contracts/common';
import {
  ZWebhookDelivery,
  ZWebhookDeliveryPage,
  ZWebhookEndpoint,
  ZWebhookEndpointList,
  ZWebhookEndpointWithSecret,
  type TWebhookDeliveryQuery,
  type TWebhookEndpointInput,
  type TWebhookEndpointPatch,
} from '@carewatch/contracts/webhooks';

const M = '/api/account/webhooks';
const enc = encodeURIComponent;

/** Outgoing webhooks of the tenant (portal: WebhookManage). */
export const webhooksApi = (request: ApiRequest) => ({
  list: () => request('GET', M, { schema: ZWebhookEndpointList }),
  create: (body: TWebhookEndpointInput) => request('POST', M, { body, schema: ZWebhookEndpointWithSecret }),
  get: (id: string) => request('GET', `${M}/${enc(id)}`, { schema: ZWebhookEndpoint }),
  update: (id: string, body: TWebhookEndpointPatch) =>
    request('PATCH', `${M}/${enc(id)}`, { body, schema: ZWebhookEndpoint }),
  remove: (id: string) => request('DELETE', `${M}/${enc(id)}`, { schema: ZOk }),
  rotateSecret: (id: string) =>
    request('POST', `${M}/${enc(id)}/rotate-secret`, { schema: ZWebhookEndpointWithSecret }),
  sendTest: (id: string) => request('POST', `${M}/${enc(id)}/test`, { schema: ZWebhookDelivery }),
  deliveries: (id: string, query: Partial<TWebhookDeliveryQuery> = {}) =>
    request('GET', `${M}/${enc(id)}/deliveries`, { query, schema: ZWebhookDeliveryPage }),
  replay: (id: string, deliveryId: string) =>
    request('POST', `${M}/${enc(id)}/deliveries/${enc(deliveryId)}/replay`, { schema: ZWebhookDelivery }),
});
export type WebhooksApi = ReturnType<typeof webhooksApi>;
