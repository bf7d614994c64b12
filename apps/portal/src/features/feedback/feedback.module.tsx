import type { RouteObject } from 'react-router';
import { Permission } from '@carewatch/contracts/permissions';
import type { NavItem } from '../../app/navigation.ts';
import { RequirePermission } from '../../app/require-auth.tsx';
import { FeedbackDetailPage } from './feedback-detail-page.tsx';
import { FeedbackListPage } from './feedback-list-page.tsx';

/** Sidebar entries of the "feedback" domain. */
export const feedbackNavItems: NavItem[] = [
  { path: '/feedback', labelKey: 'feedback.nav.feedback', permission: Permission.FeedbackManage, group: 'communication' },
];

/** Pages inside the app layout. */
export const feedbackRoutes: RouteObject[] = [
  { path: 'feedback', element: <RequirePermission permission={Permission.FeedbackManage}><FeedbackListPage /></RequirePermission> },
  { path: 'feedback/:id', element: <RequirePermission permission={Permission.FeedbackManage}><FeedbackDetailPage /></RequirePermission> },
];
