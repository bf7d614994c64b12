import { webhooksApi } from '@carewatch/api-client/webhooks';
import { api } from '../../app/api.ts';

/** The webhooks module's calls with the portal's session. */
export const webhooks = webhooksApi(api.request);

export const webhookKeys = {
  all: ['webhooks'] as const,
  list: ['webhooks', 'list'] as const,
  detail: (id: string) => ['webhooks', 'detail', id] as const,
  deliveries: (id: string, page: number) => ['webhooks', 'detail', id, 'deliveries', page] as const,
};

/** The catalogue key of an event type's label (`alert.opened` → `webhooks.events.alert_opened`: dots separate keys). */
export const eventLabelKey = (type: string) => `webhooks.events.${type.replace('.', '_')}`;
