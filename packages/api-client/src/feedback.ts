import type { ApiRequest } from './staff.ts';
import { ZFeedbackItem, ZFeedbackPage, type TFeedbackListQuery } from '@carewatch/contracts/feedback';

const F = '/api/account/feedback';
const enc = encodeURIComponent;
type ListQuery = Partial<Omit<TFeedbackListQuery, 'handled'>> & { handled?: 'true' | 'false' };

/** Feedback management (FeedbackManage): list, detail, image, mark handled. */
export const feedbackApi = (request: ApiRequest) => ({
  list: (query: ListQuery) => request('GET', F, { query, schema: ZFeedbackPage }),
  get: (id: string) => request('GET', `${F}/${enc(id)}`, { schema: ZFeedbackItem }),
  imageUrl: (id: string) => `${F}/${enc(id)}/image`,
  markHandled: (id: string) => request('POST', `${F}/${enc(id)}/handled`, { schema: ZFeedbackItem }),
});
export type FeedbackApi = ReturnType<typeof feedbackApi>;
