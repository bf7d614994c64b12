import type { RouteObject } from 'react-router';
import { Permission } from '@carewatch/contracts/permissions';
import type { NavItem } from '../../app/navigation.ts';
import { RequirePermission } from '../../app/require-auth.tsx';
import { AuditLogPage } from './audit-log-page.tsx';
import { DeactivationRequestsPage } from './deactivation-requests-page.tsx';

/** Sidebar entries of the "lifecycle" domain (each shown only with its permission). */
export const lifecycleNavItems: NavItem[] = [
  { path: '/deactivation-requests', labelKey: 'lifecycle.nav.deactivations', permission: Permission.StaffDisable, group: 'administration' },
  { path: '/audit-log', labelKey: 'lifecycle.nav.audit', permission: Permission.AuditLogView, group: 'administration' },
];

/** Pages of the "lifecycle" domain, mounted inside the app layout. */
export const lifecycleRoutes: RouteObject[] = [
  { path: 'deactivation-requests', element: <RequirePermission permission={Permission.StaffDisable}><DeactivationRequestsPage /></RequirePermission> },
  { path: 'audit-log', element: <RequirePermission permission={Permission.AuditLogView}><AuditLogPage /></RequirePermission> },
];
