import type { ApiRequest } from './staff.ts';
import { page } from '@carewatch/contracts/common';
import {
  ZAdminNotification,
  ZCallLogItem,
  ZCdrFileList,
  ZNotification,
  ZPushKey,
  ZPushSubscribeResult,
  ZReadResult,
  ZSendNotificationResult,
  ZSmsLogItem,
  ZUnreadCount,
  type TAdminNotificationQuery,
  type TCallLogQuery,
  type TCdrExportQuery,
  type TPushSubscribeRequest,
  type TSendNotificationRequest,
  type TSmsLogQuery,
} from '@carewatch/contracts/notifications';

const M = '/api/account';
const enc = encodeURIComponent;
type Query = Record<string, string | number | boolean | undefined | null>;
const qs = (q: Query) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== null && v !== '') p.set(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : '';
};

/** Notifications (bell, inbox, admin list, send), web push subscription, SMS and call logs, CDR export. */
export const notificationsApi = (request: ApiRequest) => ({
  inbox: (query: { page?: number; size?: number; unread?: boolean } = {}) =>
    request('GET', `${M}/notification/inbox`, {
      query: {
        page: query.page,
        size: query.size,
        unread: query.unread === undefined ? undefined : String(query.unread),
      },
      schema: page(ZNotification),
    }),
  unreadCount: () => request('GET', `${M}/notification/getUnreadCount`, { schema: ZUnreadCount }),
  read: (id: string) => request('POST', `${M}/notification/read`, { body: { id }, schema: ZReadResult }),
  readAll: () => request('POST', `${M}/notification/readAll`, { schema: ZReadResult }),
  send: (body: Partial<TSendNotificationRequest> & Pick<TSendNotificationRequest, 'title' | 'body'>) =>
    request('POST', `${M}/notification/send`, { body, schema: ZSendNotificationResult }),
  adminList: (query: Partial<TAdminNotificationQuery> = {}) =>
    request('GET', `${M}/admin/notification`, { query, schema: page(ZAdminNotification) }),

  pushKey: () => request('GET', `${M}/push/key`, { schema: ZPushKey }),
  pushSubscribe: (body: TPushSubscribeRequest) =>
    request('POST', `${M}/push/subscribe`, { body, schema: ZPushSubscribeResult }),
  pushUnsubscribe: (endpoint: string) =>
    request('POST', `${M}/push/unsubscribe`, { body: { endpoint }, schema: ZPushSubscribeResult }),

  sms: (query: Partial<TSmsLogQuery> = {}) => request('GET', `${M}/sms`, { query, schema: page(ZSmsLogItem) }),
  calls: (query: Partial<TCallLogQuery> = {}) => request('GET', `${M}/calls`, { query, schema: page(ZCallLogItem) }),
  cdrFiles: () => request('GET', `${M}/calls/cdr-files`, { schema: ZCdrFileList }),
  /** Downloads answer .xlsx files: fetch them with the Authorization header (blob download helper). */
  cdrExportUrl: (query: TCdrExportQuery) => `${M}/calls/export${qs(query)}`,
  cdrFileUrl: (id: string) => `${M}/calls/cdr-files/${enc(id)}`,
});
export type NotificationsApi = ReturnType<typeof notificationsApi>;
