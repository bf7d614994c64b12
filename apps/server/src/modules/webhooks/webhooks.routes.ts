import type { AnyRoute } from '../../platform/route.ts';
import {
  createWebhookRoute,
  deleteWebhookRoute,
  getWebhookRoute,
  listWebhookDeliveriesRoute,
  listWebhooksRoute,
  replayWebhookDeliveryRoute,
  rotateWebhookSecretRoute,
  testWebhookRoute,
  updateWebhookRoute,
} from './routes/webhooks.ts';

/** The "webhooks" module's routes (WebhookManage). */
export const WEBHOOKS_ROUTES: AnyRoute[] = [
  listWebhooksRoute,
  createWebhookRoute,
  getWebhookRoute,
  updateWebhookRoute,
  deleteWebhookRoute,
  rotateWebhookSecretRoute,
  testWebhookRoute,
  listWebhookDeliveriesRoute,
  replayWebhookDeliveryRoute,
];
