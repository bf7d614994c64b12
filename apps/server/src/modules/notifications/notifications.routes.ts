import type { AnyRoute } from '../../platform/route.ts';
import {
  adminNotificationsRoute,
  inboxRoute,
  readAllRoute,
  readRoute,
  sendRoute,
  unreadCountRoute,
} from './routes/notifications.ts';
import { pushKeyRoute, pushSubscribeRoute, pushUnsubscribeRoute } from './routes/push.ts';

export const NOTIFICATIONS_ROUTES: AnyRoute[] = [
  adminNotificationsRoute,
  inboxRoute,
  unreadCountRoute,
  readAllRoute,
  readRoute,
  sendRoute,
  pushKeyRoute,
  pushSubscribeRoute,
  pushUnsubscribeRoute,
];
