import { Permission } from '@carewatch/contracts/permissions';
import {
  ZAnnouncementPage,
  ZAnnouncementQuery,
  ZComposeAnnouncementRequest,
  ZSentAnnouncement,
  ZSentAnnouncementPage,
  ZSentAnnouncementQuery,
} from '@carewatch/contracts/announcements';
import { defineRoute } from '../../../platform/route.ts';
import { appAnnouncements, composeAnnouncement, sentAnnouncements } from '../announcements.service.ts';

const tags = ['announcements'];
const A = '/api/account/announcements';

export const composeAnnouncementRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'POST',
  url: A,
  tags,
  permission: Permission.NotificationAnnouncement,
  status: 201,
  summary:
    'Compose an announcement (title, message) to my tenant (super admin / root: tenantId): delivered in-app and by push to every app user',
  body: ZComposeAnnouncementRequest,
  response: ZSentAnnouncement,
  handler: async ({ body }, ctx) => composeAnnouncement(ctx, body),
});
export const sentAnnouncementsRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: `${A}/sent`,
  tags,
  permission: Permission.NotificationAnnouncement,
  summary:
    'Announcements sent to my tenant (super admin / root: tenantId), newest first, with delivery counts per channel',
  query: ZSentAnnouncementQuery,
  response: ZSentAnnouncementPage,
  handler: async ({ query }, ctx) => sentAnnouncements(ctx, query),
});
export const appAnnouncementsRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: A,
  tags: [...tags, 'patient-app'],
  permission: Permission.NotificationView,
  summary: "My tenant's announcements, newest first (paged)",
  query: ZAnnouncementQuery,
  response: ZAnnouncementPage,
  handler: async ({ query }, ctx) => appAnnouncements(ctx, query),
});
