import type { RouteObject } from 'react-router';
import { Permission } from '@carewatch/contracts/permissions';
import type { NavItem } from '../../app/navigation.ts';
import { RequirePermission } from '../../app/require-auth.tsx';
import { TenantsListPage } from './tenants-list-page.tsx';
import { TenantCreatePage, TenantEditPage } from './tenant-form-page.tsx';
import { TenantDetailPage } from './tenant-detail-page.tsx';
import { TenantRequestsPage } from './tenant-requests-page.tsx';
import { OwnTenantSettingsPage } from './own-settings-page.tsx';

/** Sidebar entries of the "tenants" domain (each shown only with its permission). */
export const tenantsNavItems: NavItem[] = [
  { path: '/tenants', labelKey: 'tenants.nav.tenants', permission: Permission.TenantManage, group: 'organization' },
  { path: '/tenant-requests', labelKey: 'tenants.nav.requests', permission: Permission.TenantManage, group: 'organization' },
  { path: '/tenant-settings', labelKey: 'tenants.nav.settings', permission: Permission.TenantSettingsManage, group: 'organization' },
];

const manage = (el: React.ReactNode) => <RequirePermission permission={Permission.TenantManage}>{el}</RequirePermission>;

/** Pages of the "tenants" domain, mounted inside the app layout; wrap each in <RequirePermission>. */
export const tenantsRoutes: RouteObject[] = [
  { path: 'tenants', element: manage(<TenantsListPage />) },
  { path: 'tenants/new', element: manage(<TenantCreatePage />) },
  { path: 'tenants/:id', element: manage(<TenantDetailPage />) },
  { path: 'tenants/:id/edit', element: manage(<TenantEditPage />) },
  { path: 'tenant-requests', element: manage(<TenantRequestsPage />) },
  { path: 'tenant-settings', element: <RequirePermission permission={Permission.TenantSettingsManage}><OwnTenantSettingsPage /></RequirePermission> },
];
