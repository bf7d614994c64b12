import { z } from 'zod';
import { ZId, ZIsoDay, ZPageQuery } from './common.ts';
import { ZRoleCode } from './roles.ts';

/** Page size of every notification list (staff-portal spec §7). */
export const NOTIFICATION_PAGE_SIZE = 15;
const pageQuery = ZPageQuery.extend({
  size: z.coerce
    .number()
    .int('Incorrect paging parameters')
    .min(1, 'Min value is 1')
    .max(200, 'Max value is 200')
    .default(NOTIFICATION_PAGE_SIZE),
});

/** Notification types: alerts and SOS from the escalation engine, `message` sent by staff (notification/send). */
export const NOTIFICATION_TYPES = ['alert', 'sos', 'message', 'system'] as const;
export const ZNotificationType = z.enum(NOTIFICATION_TYPES, 'Invalid notification type');
export type TNotificationType = z.infer<typeof ZNotificationType>;

export const ZNotification = z.object({
  id: ZId,
  type: z.string(),
  title: z.string(),
  body: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
  alertId: ZId.nullable(),
  patientId: ZId.nullable(),
  senderId: ZId.nullable(),
});
export type TNotification = z.infer<typeof ZNotification>;
/** Admin list row: the notification and its recipient. */
export const ZAdminNotification = ZNotification.extend({
  userId: ZId,
  username: z.string(),
  recipientName: z.string(),
});
export type TAdminNotification = z.infer<typeof ZAdminNotification>;

/** GET /api/account/notification/inbox (the caller's own, newest first). */
export const ZInboxQuery = pageQuery.extend({
  unread: z
    .enum(['true', 'false'], 'Invalid value')
    .transform((v) => v === 'true')
    .optional(),
});
export type TInboxQuery = z.infer<typeof ZInboxQuery>;
/** GET /api/account/admin/notification (every notification of the tenant). */
export const ZAdminNotificationQuery = pageQuery.extend({
  username: z.string().trim().max(254, 'Max length is 254').optional(),
  type: z.string().trim().max(40, 'Max length is 40').optional(),
  sort: z.enum(['createdAt,desc', 'createdAt,asc'], 'Invalid sort').default('createdAt,desc'),
});
export type TAdminNotificationQuery = z.infer<typeof ZAdminNotificationQuery>;

export const ZUnreadCount = z.object({ count: z.number().int() });
export type TUnreadCount = z.infer<typeof ZUnreadCount>;
/** POST /api/account/notification/read. */
export const ZReadNotificationRequest = z.object({ id: ZId });
export type TReadNotificationRequest = z.infer<typeof ZReadNotificationRequest>;
export const ZReadResult = z.object({ updated: z.number().int() });
export type TReadResult = z.infer<typeof ZReadResult>;

/** POST /api/account/notification/send: to one user (id or username = e-mail/phone) or to every user of a role of the tenant. */
export const ZSendNotificationRequest = z
  .object({
    title: z.string('Required').trim().min(1, 'Required').max(200, 'Max length is 200'),
    body: z.string('Required').trim().min(1, 'Required').max(2000, 'Max length is 2000'),
    userId: ZId.optional(),
    username: z.string().trim().min(1, 'Required').max(254, 'Max length is 254').optional(),
    role: ZRoleCode.optional(),
    /** Also send as web push to the recipients' subscribed browsers. */
    push: z.boolean('Invalid value').default(false),
  })
  .superRefine((b, ctx) => {
    const targets = [b.userId, b.username, b.role].filter((v) => v !== undefined).length;
    if (targets !== 1)
      ctx.addIssue({
        code: 'custom',
        path: ['userId'],
        message: 'Choose exactly one recipient: userId, username or role',
      });
  });
export type TSendNotificationRequest = z.infer<typeof ZSendNotificationRequest>;
export const ZSendNotificationResult = z.object({ recipients: z.number().int() });
export type TSendNotificationResult = z.infer<typeof ZSendNotificationResult>;

/** Web push (VAPID). */
export const ZPushKey = z.object({ publicKey: z.string() });
export type TPushKey = z.infer<typeof ZPushKey>;
/** Push services are https (an http endpoint would let a user make the server post to internal addresses). */
const endpoint = z
  .string('Required')
  .trim()
  .url('Invalid URL')
  .max(2000, 'Max length is 2000')
  .refine((u) => u.startsWith('https://'), 'Must be an https URL');
export const ZPushSubscribeRequest = z.object({
  endpoint,
  keys: z.object(
    {
      p256dh: z.string('Required').min(1, 'Required').max(500, 'Max length is 500'),
      auth: z.string('Required').min(1, 'Required').max(500, 'Max length is 500'),
    },
    'Required',
  ),
});
export type TPushSubscribeRequest = z.infer<typeof ZPushSubscribeRequest>;
export const ZPushUnsubscribeRequest = z.object({ endpoint });
export type TPushUnsubscribeRequest = z.infer<typeof ZPushUnsubscribeRequest>;
export const ZPushSubscribeResult = z.object({ subscribed: z.boolean() });

/** SMS status (staff-portal spec §3): 200 success, 500 failed. */
export const ZDeliveryStatus = z.coerce
  .number()
  .int('Invalid status')
  .refine((n) => n === 200 || n === 500, 'Invalid status');

/** GET /api/account/sms: the SMS log (from, to, provider, send date, status). Dates are UTC days, inclusive. */
export const ZSmsLogQuery = pageQuery.extend({
  from: z.string().trim().max(40, 'Max length is 40').optional(),
  to: z.string().trim().max(40, 'Max length is 40').optional(),
  provider: z.string().trim().max(40, 'Max length is 40').optional(),
  status: ZDeliveryStatus.optional(),
  start: ZIsoDay.optional(),
  end: ZIsoDay.optional(),
});
export type TSmsLogQuery = z.infer<typeof ZSmsLogQuery>;
export const ZSmsLogItem = z.object({
  id: ZId,
  from: z.string().nullable(),
  to: z.string(),
  provider: z.string(),
  sendDate: z.string(),
  status: z.number().int(),
  body: z.string(),
  error: z.string().nullable(),
  alertId: ZId.nullable(),
});
export type TSmsLogItem = z.infer<typeof ZSmsLogItem>;

/** GET /api/account/calls: the call log (CDR). */
export const ZCallLogQuery = ZSmsLogQuery;
export type TCallLogQuery = z.infer<typeof ZCallLogQuery>;
export const ZCallLogItem = z.object({
  id: ZId,
  from: z.string(),
  to: z.string(),
  provider: z.string(),
  status: z.number().int(),
  durationS: z.number().int(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  alertId: ZId.nullable(),
  error: z.string().nullable(),
});
export type TCallLogItem = z.infer<typeof ZCallLogItem>;

/** GET /api/account/calls/export?from&to: .xlsx of the calls started on those UTC days (inclusive, at most 366 days). */
export const ZCdrExportQuery = z.object({ from: ZIsoDay, to: ZIsoDay }).superRefine((q, ctx) => {
  if (q.from > q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: "Start time can't after end time" });
  else if ((Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 > 366)
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'At most 366 days' });
});
export type TCdrExportQuery = z.infer<typeof ZCdrExportQuery>;
/** A daily CDR file written at 00:00 UTC for the previous UTC day. */
export const ZCdrFile = z.object({
  id: ZId,
  day: z.string(),
  fileName: z.string(),
  rows: z.number().int(),
  sizeBytes: z.number().int(),
  createdAt: z.string(),
});
export type TCdrFile = z.infer<typeof ZCdrFile>;
export const ZCdrFileList = z.object({ items: z.array(ZCdrFile) });
