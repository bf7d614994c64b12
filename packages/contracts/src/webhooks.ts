import { z } from 'zod';
import { ZId, ZPageQuery, page } from './common.ts';

/**
 * Outgoing webhooks (issue 19): a tenant's admins register HTTPS endpoints for events; each event is POSTed as JSON,
 * signed with HMAC-SHA256 over `${timestamp}.${body}` (header `CareWatch-Signature: t=<unix>,v1=<hex>`), retried with
 * backoff, delivered in order per alert.
 */
export const WEBHOOK_EVENT_TYPES = [
  'alert.opened',
  'alert.escalated',
  'alert.acknowledged',
  'alert.closed',
  'sos.opened',
  'sos.closed',
  'patient.status_changed',
  'reading.rejected',
] as const;
export const ZWebhookEventType = z.enum(WEBHOOK_EVENT_TYPES);
export type TWebhookEventType = z.infer<typeof ZWebhookEventType>;
/** The event "send test event" sends (to one endpoint, whatever it subscribes to). */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** Header names (HTTP headers are case-insensitive; receivers see them lower-cased in Node). */
export const WEBHOOK_HEADERS = {
  signature: 'CareWatch-Signature',
  eventId: 'CareWatch-Event-Id',
  eventType: 'CareWatch-Event-Type',
  deliveryId: 'CareWatch-Delivery-Id',
} as const;

/** The JSON body of every delivery. */
export const ZWebhookPayload = z.object({
  id: ZId,
  type: z.string(),
  occurredAt: z.string(),
  tenantId: ZId,
  data: z.record(z.string(), z.unknown()),
});
export type TWebhookPayload = z.infer<typeof ZWebhookPayload>;

const ZWebhookUrl = z.string('Required').trim().min(1, 'Required').max(2000, 'Max length is 2000').url('Invalid URL');
const ZEvents = z.array(ZWebhookEventType).min(1, 'Choose at least one event').max(WEBHOOK_EVENT_TYPES.length);

export const ZWebhookEndpointInput = z.object({
  url: ZWebhookUrl,
  description: z.string().trim().max(255, 'Max length is 255').default(''),
  events: ZEvents,
  enabled: z.boolean().default(true),
});
export type TWebhookEndpointInput = z.input<typeof ZWebhookEndpointInput>;
export type TWebhookEndpointCreate = z.infer<typeof ZWebhookEndpointInput>;

export const ZWebhookEndpointPatch = z.object({
  url: ZWebhookUrl.optional(),
  description: z.string().trim().max(255, 'Max length is 255').optional(),
  events: ZEvents.optional(),
  enabled: z.boolean().optional(),
});
export type TWebhookEndpointPatch = z.infer<typeof ZWebhookEndpointPatch>;

export const ZWebhookEndpoint = z.object({
  id: ZId,
  url: z.string(),
  description: z.string(),
  events: z.array(ZWebhookEventType),
  enabled: z.boolean(),
  /** The end of a secret rotation's overlap (the previous secret still signs until then); null when none. */
  previousSecretExpiresAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TWebhookEndpoint = z.infer<typeof ZWebhookEndpoint>;
export const ZWebhookEndpointList = z.object({
  items: z.array(ZWebhookEndpoint),
  eventTypes: z.array(ZWebhookEventType),
});
export type TWebhookEndpointList = z.infer<typeof ZWebhookEndpointList>;

/** Creation and rotation answer the secret once; it is never shown again. */
export const ZWebhookEndpointWithSecret = z.object({ endpoint: ZWebhookEndpoint, secret: z.string() });
export type TWebhookEndpointWithSecret = z.infer<typeof ZWebhookEndpointWithSecret>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'sending', 'delivered', 'failed'] as const;
export const ZWebhookDeliveryStatus = z.enum(WEBHOOK_DELIVERY_STATUSES);

export const ZWebhookAttempt = z.object({
  attempt: z.number().int(),
  at: z.string(),
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  error: z.string().nullable(),
});
export const ZWebhookDelivery = z.object({
  id: ZId,
  eventId: ZId,
  eventType: z.string(),
  occurredAt: z.string(),
  status: ZWebhookDeliveryStatus,
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  lastDurationMs: z.number().int().nullable(),
  deliveredAt: z.string().nullable(),
  replayOf: ZId.nullable(),
  createdAt: z.string(),
  attemptLog: z.array(ZWebhookAttempt),
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;
export const ZWebhookDeliveryPage = page(ZWebhookDelivery);
export type TWebhookDeliveryPage = z.infer<typeof ZWebhookDeliveryPage>;
export const ZWebhookDeliveryQuery = ZPageQuery.extend({ status: ZWebhookDeliveryStatus.optional() });
export type TWebhookDeliveryQuery = z.infer<typeof ZWebhookDeliveryQuery>;
export const ZWebhookDeliveryParams = z.object({ id: ZId, deliveryId: ZId });
