import type { RouteObject } from 'react-router';
import { Permission } from '@carewatch/contracts/permissions';
import type { NavItem } from '../../app/navigation.ts';
import { RequirePermission } from '../../app/require-auth.tsx';
import { AnnouncementsPage } from './announcements-page.tsx';

/** Sidebar entries of the "announcements" domain. */
export const announcementsNavItems: NavItem[] = [
  { path: '/announcements', labelKey: 'announcements.nav.announcements', permission: Permission.NotificationAnnouncement, group: 'communication' },
];

/** Pages inside the app layout. */
export const announcementsRoutes: RouteObject[] = [
  { path: 'announcements', element: <RequirePermission permission={Permission.NotificationAnnouncement}><AnnouncementsPage /></RequirePermission> },
];
