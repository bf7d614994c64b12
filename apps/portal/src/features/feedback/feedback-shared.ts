import { feedbackApi } from '@carewatch/api-client/feedback';
import { api } from '../../app/api.ts';

/** The feedback module's calls with the portal's session. */
export const feedback = feedbackApi(api.request);

export const feedbackKeys = {
  all: ['feedback'] as const,
  list: (q: Record<string, unknown>) => ['feedback', 'list', q] as const,
  detail: (id: string) => ['feedback', 'detail', id] as const,
};
