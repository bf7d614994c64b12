import { webhooksApi } from '@carewatch/api-client/webhooks';
import { api } from '../../app/api.ts';
import { eventLabelKey as webhookEventLabelKey } from './webhooks-rules.ts';

/** The webhooks module's calls with the portal's session. */
export const webhooks = webhooksApi(api.request);

export const webhookKeys = {
  all: ['webhooks'] as const,
  list: ['webhooks', 'list'] as const,
  detail: (id: string) => ['webhooks', 'detail', id] as const,
  deliveries: (id: string, page: number) => ['webhooks', 'detail', id, 'deliveries', page] as const,
};

/** The catalogue key of an event type's label (the rule lives in webhooks-rules.ts). */
export const eventLabelKey = (type: string): string => webhookEventLabelKey(type);
