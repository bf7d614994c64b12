import type { RouteObject } from 'react-router';
import { Permission } from '@carewatch/contracts/permissions';
import type { NavItem } from '../../app/nav-item.ts';
import { RequirePermission } from '../../app/require-auth.tsx';
import { lazyPage } from '../../app/lazy-page.tsx';

const WebhooksPage = lazyPage(async () => (await import('./webhooks-page.tsx')).WebhooksPage);
const WebhookDetailPage = lazyPage(async () => (await import('./webhook-detail-page.tsx')).WebhookDetailPage);

/** Sidebar entry of the "webhooks" domain (issue 19; group administration). */
export const webhooksNavItems: NavItem[] = [
  { path: '/webhooks', labelKey: 'webhooks.nav.list', permission: Permission.WebhookManage, group: 'administration' },
];

/** Pages inside the app layout. */
export const webhooksRoutes: RouteObject[] = [
  {
    path: 'webhooks',
    element: (
      <RequirePermission permission={Permission.WebhookManage}>
        <WebhooksPage />
      </RequirePermission>
    ),
  },
  {
    path: 'webhooks/:id',
    element: (
      <RequirePermission permission={Permission.WebhookManage}>
        <WebhookDetailPage />
      </RequirePermission>
    ),
  },
];
