import { Permission } from '@carewatch/contracts/permissions';
import {
  ZPushKey,
  ZPushSubscribeRequest,
  ZPushSubscribeResult,
  ZPushUnsubscribeRequest,
} from '@carewatch/contracts/notifications';
import { defineRoute } from '../../../platform/route.ts';
import { pushKey, pushSubscribe, pushUnsubscribe } from '../notifications.service.ts';

const tags = ['notifications'];

export const pushKeyRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: '/api/account/push/key',
  tags,
  permission: Permission.NotificationView,
  summary: "The server's VAPID public key (applicationServerKey of pushManager.subscribe)",
  response: ZPushKey,
  handler: async (_in, ctx) => pushKey(ctx),
});
export const pushSubscribeRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'POST',
  url: '/api/account/push/subscribe',
  tags,
  permission: Permission.NotificationView,
  summary: "Register this browser's push subscription for me ({endpoint, keys: {p256dh, auth}})",
  body: ZPushSubscribeRequest,
  response: ZPushSubscribeResult,
  handler: async ({ body, req }, ctx) =>
    pushSubscribe(ctx, body, typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : null),
});
export const pushUnsubscribeRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'POST',
  url: '/api/account/push/unsubscribe',
  tags,
  permission: Permission.NotificationView,
  summary: 'Remove my push subscription of this endpoint',
  body: ZPushUnsubscribeRequest,
  response: ZPushSubscribeResult,
  handler: async ({ body }, ctx) => pushUnsubscribe(ctx, body.endpoint),
});
