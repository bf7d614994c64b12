import { page } from '@carewatch/contracts/common';
import { Permission } from '@carewatch/contracts/permissions';
import {
  ZAdminNotification,
  ZAdminNotificationQuery,
  ZInboxQuery,
  ZNotification,
  ZReadNotificationRequest,
  ZReadResult,
  ZSendNotificationRequest,
  ZSendNotificationResult,
  ZUnreadCount,
} from '@carewatch/contracts/notifications';
import { defineRoute } from '../../../platform/route.ts';
import { adminList, inbox, markAllRead, markRead, sendNotification, unreadCount } from '../notifications.service.ts';

const tags = ['notifications'];

export const adminNotificationsRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: '/api/account/admin/notification',
  tags,
  permission: Permission.NotificationSend,
  summary: 'Every notification of my tenant with its recipient (page, size 15, username, sort, type)',
  query: ZAdminNotificationQuery,
  response: page(ZAdminNotification),
  handler: async ({ query }, ctx) => adminList(ctx, query),
});
export const inboxRoute = defineRoute({
  audit: { phi: 'read' },
  method: 'GET',
  url: '/api/account/notification/inbox',
  tags,
  permission: Permission.NotificationView,
  summary: 'My notifications, newest first (page size 15; unread=true for unread only)',
  query: ZInboxQuery,
  response: page(ZNotification),
  handler: async ({ query }, ctx) => inbox(ctx, query),
});
export const unreadCountRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: '/api/account/notification/getUnreadCount',
  tags,
  permission: Permission.NotificationView,
  summary: 'How many of my notifications are unread (the bell)',
  response: ZUnreadCount,
  handler: async (_in, ctx) => unreadCount(ctx),
});
export const readAllRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'POST',
  url: '/api/account/notification/readAll',
  tags,
  permission: Permission.NotificationView,
  summary: 'Mark all my notifications read',
  response: ZReadResult,
  handler: async (_in, ctx) => markAllRead(ctx),
});
export const readRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'POST',
  url: '/api/account/notification/read',
  tags,
  permission: Permission.NotificationView,
  summary: 'Mark one of my notifications read ({id})',
  body: ZReadNotificationRequest,
  response: ZReadResult,
  handler: async ({ body }, ctx) => markRead(ctx, body.id),
});
export const sendRoute = defineRoute({
  audit: { phi: 'write' },
  method: 'POST',
  url: '/api/account/notification/send',
  tags,
  permission: Permission.NotificationSend,
  summary: 'Send a notification to a user (userId or username) or to every user of a role of my tenant',
  body: ZSendNotificationRequest,
  response: ZSendNotificationResult,
  handler: async ({ body }, ctx) => sendNotification(ctx, body),
});
