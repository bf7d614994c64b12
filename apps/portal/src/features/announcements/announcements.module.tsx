import type { RouteObject } from 'react-router';
import { Permission } from '@carewatch/contracts/permissions';
import type { NavItem } from '../../app/nav-item.ts';
import { RequirePermission } from '../../app/require-auth.tsx';
import { lazyPage } from '../../app/lazy-page.tsx';

// Each page loads on first use (a chunk of its own); the layout shows a loader meanwhile.
const AnnouncementsPage = lazyPage(async () => (await import('./announcements-page.tsx')).AnnouncementsPage);

/** Sidebar entries of the "announcements" domain. */
export const announcementsNavItems: NavItem[] = [
  {
    path: '/announcements',
    labelKey: 'announcements.nav.announcements',
    permission: Permission.NotificationAnnouncement,
    group: 'communication',
  },
];

/** Pages inside the app layout. */
export const announcementsRoutes: RouteObject[] = [
  {
    path: 'announcements',
    element: (
      <RequirePermission permission={Permission.NotificationAnnouncement}>
        <AnnouncementsPage />
      </RequirePermission>
    ),
  },
];
