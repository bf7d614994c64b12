import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { Permission } from '@carewatch/contracts/permissions';
import type { NavItem } from '../../app/nav-item.ts';
import { RequirePermission } from '../../app/require-auth.tsx';
import { lazyPage } from '../../app/lazy-page.tsx';

// Each page loads on first use (a chunk of its own); the layout shows a loader meanwhile.
const PackageListPage = lazyPage(async () => (await import('./package-list-page.tsx')).PackageListPage);
const PackageFormPage = lazyPage(async () => (await import('./package-form-page.tsx')).PackageFormPage);

/** Sidebar entries of the "packages" domain (issue 17): service packages and add-on packs. */
export const packagesNavItems: NavItem[] = [
  { path: '/packages', labelKey: 'packages.nav.plans', permission: Permission.PackageManage, group: 'billing' },
  { path: '/add-on-packs', labelKey: 'packages.nav.addons', permission: Permission.PackageManage, group: 'billing' },
];

const guard = (el: ReactNode) => <RequirePermission permission={Permission.PackageManage}>{el}</RequirePermission>;

/** Pages inside the app layout. */
export const packagesRoutes: RouteObject[] = [
  { path: 'packages', element: guard(<PackageListPage key="plan" kind="plan" />) },
  { path: 'packages/new', element: guard(<PackageFormPage key="plan-new" kind="plan" />) },
  { path: 'packages/:id/edit', element: guard(<PackageFormPage key="plan-edit" kind="plan" />) },
  { path: 'add-on-packs', element: guard(<PackageListPage key="addon" kind="addon" />) },
  { path: 'add-on-packs/new', element: guard(<PackageFormPage key="addon-new" kind="addon" />) },
  { path: 'add-on-packs/:id/edit', element: guard(<PackageFormPage key="addon-edit" kind="addon" />) },
];
