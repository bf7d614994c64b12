import type { ApiRequest } from './staff.ts';
import { ZOk } from '@carewatch/contracts/common';
import {
  ZSavedView,
  ZSavedViewItems,
  type TSavedViewInput,
  type TSavedViewList,
  type TSavedViewPatch,
} from '@carewatch/contracts/saved-views';

const M = '/api/account/saved-views';
const enc = encodeURIComponent;

/** The signed-in user's saved views of the portal's lists (issue 20). */
export const savedViewsApi = (request: ApiRequest) => ({
  list: (list: TSavedViewList) => request('GET', M, { query: { list }, schema: ZSavedViewItems }),
  create: (body: TSavedViewInput) => request('POST', M, { body, schema: ZSavedView }),
  update: (id: string, body: TSavedViewPatch) => request('PATCH', `${M}/${enc(id)}`, { body, schema: ZSavedView }),
  remove: (id: string) => request('DELETE', `${M}/${enc(id)}`, { schema: ZOk }),
});
export type SavedViewsApi = ReturnType<typeof savedViewsApi>;
