import { announcementsApi } from '@carewatch/api-client/announcements';
import { api } from '../../app/api.ts';

/** The announcements module's calls with the portal's session. */
export const announcements = announcementsApi(api.request);

export const announcementKeys = {
  all: ['announcements'] as const,
  sent: (q: Record<string, unknown>) => ['announcements', 'sent', q] as const,
  tenants: ['announcements', 'tenants'] as const,
};
