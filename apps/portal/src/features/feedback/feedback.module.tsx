import type { RouteObject } from 'react-router';
import { Permission } from '@carewatch/contracts/permissions';
import type { NavItem } from '../../app/nav-item.ts';
import { RequirePermission } from '../../app/require-auth.tsx';
import { lazyPage } from '../../app/lazy-page.tsx';

// Each page loads on first use (a chunk of its own); the layout shows a loader meanwhile.
const FeedbackDetailPage = lazyPage(async () => (await import('./feedback-detail-page.tsx')).FeedbackDetailPage);
const FeedbackListPage = lazyPage(async () => (await import('./feedback-list-page.tsx')).FeedbackListPage);

/** Sidebar entries of the "feedback" domain. */
export const feedbackNavItems: NavItem[] = [
  {
    path: '/feedback',
    labelKey: 'feedback.nav.feedback',
    permission: Permission.FeedbackManage,
    group: 'communication',
  },
];

/** Pages inside the app layout. */
export const feedbackRoutes: RouteObject[] = [
  {
    path: 'feedback',
    element: (
      <RequirePermission permission={Permission.FeedbackManage}>
        <FeedbackListPage />
      </RequirePermission>
    ),
  },
  {
    path: 'feedback/:id',
    element: (
      <RequirePermission permission={Permission.FeedbackManage}>
        <FeedbackDetailPage />
      </RequirePermission>
    ),
  },
];
