import type {
  TAdminNotification,
  TAdminNotificationQuery,
  TInboxQuery,
  TNotification,
  TPushSubscribeRequest,
  TSendNotificationRequest,
} from '@carewatch/contracts/notifications';
import type { AuthedCtx } from '../../platform/context.ts';
import { audit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { personName } from '@carewatch/contracts/names';
import { enqueueDeliveries, type OutboxItem } from '../../platform/outbox.ts';
import * as repo from './notifications.repo.ts';

const toNotification = (r: repo.NotificationRow): TNotification => ({
  id: r.id,
  type: r.type,
  title: r.title,
  body: r.body,
  read: r.read_at !== null,
  createdAt: r.created_at.toISOString(),
  readAt: r.read_at?.toISOString() ?? null,
  alertId: r.alert_id,
  patientId: r.patient_id,
  senderId: r.sender_id,
});

/** The caller's notifications, newest first (page size 15). */
export async function inbox(ctx: AuthedCtx, q: TInboxQuery) {
  const rows = await repo.inbox(ctx.db, ctx.auth.tenantId, ctx.auth.userId, q);
  return { items: rows.map(toNotification), total: rows[0]?.total ?? 0, page: q.page, size: q.size };
}
export async function unreadCount(ctx: AuthedCtx) {
  return { count: await repo.unreadCount(ctx.db, ctx.auth.tenantId, ctx.auth.userId) };
}
/** Someone else's notification answers 404 like a missing one. */
export async function markRead(ctx: AuthedCtx, id: string) {
  const r = await repo.markRead(ctx.db, ctx.auth.tenantId, ctx.auth.userId, id, ctx.clock.now());
  if (!r.found) throw new AppError('NOT_FOUND', { field: 'id', rule: 'not_found' });
  return { updated: r.updated };
}
export async function markAllRead(ctx: AuthedCtx) {
  return { updated: await repo.markAllRead(ctx.db, ctx.auth.tenantId, ctx.auth.userId, ctx.clock.now()) };
}

/** Every notification of the tenant (admin list), with its recipient. */
export async function adminList(ctx: AuthedCtx, q: TAdminNotificationQuery) {
  const rows = await repo.adminList(ctx.db, ctx.auth.tenantId, {
    username: q.username || undefined,
    type: q.type || undefined,
    asc: q.sort === 'createdAt,asc',
    page: q.page,
    size: q.size,
  });
  await audit(ctx, { action: 'notification.admin_list', resource: 'notification' });
  const items: TAdminNotification[] = rows.map((r) => ({
    ...toNotification(r),
    userId: r.user_id,
    username: r.username ?? '',
    recipientName: personName({ firstName: r.first_name, lastName: r.last_name }, ctx.auth.language),
  }));
  return { items, total: rows[0]?.total ?? 0, page: q.page, size: q.size };
}

/**
 * Sends a message to one user or every active user of a role of the caller's tenant: one in-app delivery per
 * recipient (and a web push when asked), through the outbox, so it is delivered at least once and never twice.
 */
export async function sendNotification(ctx: AuthedCtx, b: TSendNotificationRequest) {
  const tenantId = ctx.auth.tenantId;
  const to = await repo.recipients(ctx.db, tenantId, { userId: b.userId, username: b.username, role: b.role });
  if (to.length === 0) {
    const field = b.userId ? 'userId' : b.username ? 'username' : 'role';
    throw new AppError(
      b.role ? 'VALIDATION_ERROR' : 'ACCOUNT_NOT_FOUND',
      { field, rule: b.role ? 'no_recipients' : 'not_found' },
      b.role ? `${field}: No active user has this role` : undefined,
    );
  }
  const sendId = newId();
  const payload = { type: 'message', title: b.title, body: b.body, senderId: ctx.auth.userId };
  const items: OutboxItem[] = to.flatMap((u) =>
    (b.push ? (['in_app', 'push'] as const) : (['in_app'] as const)).map((channel) => ({
      dedupeKey: `notify:${sendId}:${u.id}:${channel}`,
      channel,
      alertId: null,
      recipientUserId: u.id,
      recipientPhone: null,
      recipientEmail: null,
      template: 'notification.send',
      payload,
    })),
  );
  await ctx.db.tx((tx) => enqueueDeliveries(tx, tenantId, items, ctx.clock.now()));
  await audit(ctx, {
    action: 'notification.send',
    resource: 'notification',
    resourceId: sendId,
    details: { recipients: to.length, role: b.role ?? null, push: b.push },
  });
  return { recipients: to.length };
}

export const pushKey = (ctx: AuthedCtx) => ({ publicKey: ctx.push.publicKey });
export async function pushSubscribe(ctx: AuthedCtx, b: TPushSubscribeRequest, userAgent: string | null) {
  await repo.upsertPushSubscription(ctx.db, ctx.auth.tenantId, {
    userId: ctx.auth.userId,
    endpoint: b.endpoint,
    p256dh: b.keys.p256dh,
    auth: b.keys.auth,
    userAgent: userAgent?.slice(0, 300) ?? null,
    now: ctx.clock.now(),
  });
  return { subscribed: true };
}
export async function pushUnsubscribe(ctx: AuthedCtx, endpoint: string) {
  await repo.deletePushSubscription(ctx.db, ctx.auth.tenantId, ctx.auth.userId, endpoint);
  return { subscribed: false };
}
