import type { ApiRequest } from './staff.ts';
import {
  ZAnnouncementPage,
  ZSentAnnouncement,
  ZSentAnnouncementPage,
  type TComposeAnnouncementRequest,
  type TSentAnnouncementQuery,
} from '@carewatch/contracts/announcements';

const A = '/api/account/announcements';

/** Announcements: compose and the sent list (portal), the app's list. */
export const announcementsApi = (request: ApiRequest) => ({
  compose: (body: TComposeAnnouncementRequest) => request('POST', A, { body, schema: ZSentAnnouncement }),
  sent: (query: Partial<TSentAnnouncementQuery>) =>
    request('GET', `${A}/sent`, { query, schema: ZSentAnnouncementPage }),
  list: (query: { page?: number; size?: number }) => request('GET', A, { query, schema: ZAnnouncementPage }),
});
export type AnnouncementsApi = ReturnType<typeof announcementsApi>;
