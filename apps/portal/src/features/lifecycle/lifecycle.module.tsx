import type { RouteObject } from 'react-router';
import { Permission } from '@carewatch/contracts/permissions';
import type { NavItem } from '../../app/nav-item.ts';
import { RequirePermission } from '../../app/require-auth.tsx';
import { lazyPage } from '../../app/lazy-page.tsx';

// Each page loads on first use (a chunk of its own); the layout shows a loader meanwhile.
const AuditLogPage = lazyPage(async () => (await import('./audit-log-page.tsx')).AuditLogPage);
const DeactivationRequestsPage = lazyPage(
  async () => (await import('./deactivation-requests-page.tsx')).DeactivationRequestsPage,
);

/** Sidebar entries of the "lifecycle" domain (each shown only with its permission). */
export const lifecycleNavItems: NavItem[] = [
  {
    path: '/deactivation-requests',
    labelKey: 'lifecycle.nav.deactivations',
    permission: Permission.StaffDisable,
    group: 'administration',
  },
  { path: '/audit-log', labelKey: 'lifecycle.nav.audit', permission: Permission.AuditLogView, group: 'administration' },
];

/** Pages of the "lifecycle" domain, mounted inside the app layout. */
export const lifecycleRoutes: RouteObject[] = [
  {
    path: 'deactivation-requests',
    element: (
      <RequirePermission permission={Permission.StaffDisable}>
        <DeactivationRequestsPage />
      </RequirePermission>
    ),
  },
  {
    path: 'audit-log',
    element: (
      <RequirePermission permission={Permission.AuditLogView}>
        <AuditLogPage />
      </RequirePermission>
    ),
  },
];
