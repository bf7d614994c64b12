import type { RouteObject } from 'react-router';
import { Permission } from '@carewatch/contracts/permissions';
import type { NavItem } from '../../app/nav-item.ts';
import { RequirePermission } from '../../app/require-auth.tsx';
import { lazyPage } from '../../app/lazy-page.tsx';

// Each page loads on first use (a chunk of its own); the layout shows a loader meanwhile.
const TenantsListPage = lazyPage(async () => (await import('./tenants-list-page.tsx')).TenantsListPage);
const TenantCreatePage = lazyPage(async () => (await import('./tenant-form-page.tsx')).TenantCreatePage);
const TenantEditPage = lazyPage(async () => (await import('./tenant-form-page.tsx')).TenantEditPage);
const TenantDetailPage = lazyPage(async () => (await import('./tenant-detail-page.tsx')).TenantDetailPage);
const TenantRequestsPage = lazyPage(async () => (await import('./tenant-requests-page.tsx')).TenantRequestsPage);
const OwnTenantSettingsPage = lazyPage(async () => (await import('./own-settings-page.tsx')).OwnTenantSettingsPage);

/** Sidebar entries of the "tenants" domain (each shown only with its permission). */
export const tenantsNavItems: NavItem[] = [
  { path: '/tenants', labelKey: 'tenants.nav.tenants', permission: Permission.TenantManage, group: 'organization' },
  {
    path: '/tenant-requests',
    labelKey: 'tenants.nav.requests',
    permission: Permission.TenantManage,
    group: 'organization',
  },
  {
    path: '/tenant-settings',
    labelKey: 'tenants.nav.settings',
    permission: Permission.TenantSettingsManage,
    group: 'organization',
  },
];

const manage = (el: React.ReactNode) => (
  <RequirePermission permission={Permission.TenantManage}>{el}</RequirePermission>
);

/** Pages of the "tenants" domain, mounted inside the app layout; wrap each in <RequirePermission>. */
export const tenantsRoutes: RouteObject[] = [
  { path: 'tenants', element: manage(<TenantsListPage />) },
  { path: 'tenants/new', element: manage(<TenantCreatePage />) },
  { path: 'tenants/:id', element: manage(<TenantDetailPage />) },
  { path: 'tenants/:id/edit', element: manage(<TenantEditPage />) },
  { path: 'tenant-requests', element: manage(<TenantRequestsPage />) },
  {
    path: 'tenant-settings',
    element: (
      <RequirePermission permission={Permission.TenantSettingsManage}>
        <OwnTenantSettingsPage />
      </RequirePermission>
    ),
  },
];
