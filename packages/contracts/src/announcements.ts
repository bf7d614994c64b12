import { z } from 'zod';
import { ZId, ZPageQuery, page } from './common.ts';

/**
 * Announcements (staff-portal spec §2 "announcement composing to a tenant", §3 "Announcement: tenant, title, message").
 * Composed by a holder of NotificationAnnouncement to their own tenant (a super admin or root may pick another
 * tenant), stored, and delivered in-app and by push to every active patient-app user of the tenant (a job fans it out
 * through the outbox). The app lists its tenant's announcements newest first; the portal lists the sent ones with
 * their delivery counts.
 */
export const ANNOUNCEMENT_TITLE_MAX = 200;
export const ANNOUNCEMENT_MESSAGE_MAX = 2000;

export const ZComposeAnnouncementRequest = z.object({
  /** Only a super admin or root may name another tenant; everyone else sends to their own (omit it). */
  tenantId: ZId.optional(),
  title: z
    .string({ error: 'Required' })
    .trim()
    .min(1, 'Required')
    .max(ANNOUNCEMENT_TITLE_MAX, `Max length is ${ANNOUNCEMENT_TITLE_MAX}`),
  message: z
    .string({ error: 'Required' })
    .trim()
    .min(1, 'Required')
    .max(ANNOUNCEMENT_MESSAGE_MAX, `Max length is ${ANNOUNCEMENT_MESSAGE_MAX}`),
});
export type TComposeAnnouncementRequest = z.infer<typeof ZComposeAnnouncementRequest>;

export const ANNOUNCEMENT_STATUSES = ['pending', 'sending', 'sent'] as const;
export const ZAnnouncementStatus = z.enum(ANNOUNCEMENT_STATUSES);

/** Delivery counts of one channel: delivered, waiting (pending or being sent) and failed outbox rows. */
export const ZDeliveryCounts = z.object({
  sent: z.number().int(),
  pending: z.number().int(),
  failed: z.number().int(),
});
export type TDeliveryCounts = z.infer<typeof ZDeliveryCounts>;

export const ZSentAnnouncement = z.object({
  id: ZId,
  tenantId: ZId,
  title: z.string(),
  message: z.string(),
  status: ZAnnouncementStatus,
  /** App users the fan-out has reached so far. */
  recipients: z.number().int(),
  inApp: ZDeliveryCounts,
  push: ZDeliveryCounts,
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type TSentAnnouncement = z.infer<typeof ZSentAnnouncement>;
export const ZSentAnnouncementPage = page(ZSentAnnouncement);
export type TSentAnnouncementPage = z.infer<typeof ZSentAnnouncementPage>;
export const ZSentAnnouncementQuery = ZPageQuery.extend({ tenantId: ZId.optional() });
export type TSentAnnouncementQuery = z.infer<typeof ZSentAnnouncementQuery>;

/** An announcement as the app lists it. */
export const ZAnnouncement = z.object({ id: ZId, title: z.string(), message: z.string(), createdAt: z.string() });
export type TAnnouncement = z.infer<typeof ZAnnouncement>;
export const ZAnnouncementPage = page(ZAnnouncement);
export type TAnnouncementPage = z.infer<typeof ZAnnouncementPage>;
export const ZAnnouncementQuery = ZPageQuery;
export type TAnnouncementQuery = z.infer<typeof ZAnnouncementQuery>;
