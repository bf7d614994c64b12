import type { RouteObject } from 'react-router';
import { Permission } from '@carewatch/contracts/permissions';
import type { NavItem } from '../../app/nav-item.ts';
import { RequirePermission } from '../../app/require-auth.tsx';
import { lazyPage } from '../../app/lazy-page.tsx';

// Each page loads on first use (a chunk of its own); the layout shows a loader meanwhile.
const ScopesPage = lazyPage(async () => (await import('./scopes-page.tsx')).ScopesPage);
const ScopeDetailPage = lazyPage(async () => (await import('./scope-detail-page.tsx')).ScopeDetailPage);
const CentersPage = lazyPage(async () => (await import('./centers-page.tsx')).CentersPage);
const CenterCreatePage = lazyPage(async () => (await import('./center-form-page.tsx')).CenterCreatePage);
const CenterEditPage = lazyPage(async () => (await import('./center-form-page.tsx')).CenterEditPage);
const CenterDetailPage = lazyPage(async () => (await import('./center-detail-page.tsx')).CenterDetailPage);
const MyOrgPage = lazyPage(async () => (await import('./my-org-page.tsx')).MyOrgPage);

/**
 * Sidebar entries of the "org" domain. Scopes and health centers are for ScopeManage / CenterManage holders (super admin);
 * "My organization" uses StaffView, which scope and health-center admins hold (so do other staff managers: the page
 * then shows the scope and centers of their level).
 */
export const orgNavItems: NavItem[] = [
  { path: '/scopes', labelKey: 'org.nav.scopes', permission: Permission.ScopeManage, group: 'organization' },
  { path: '/centers', labelKey: 'org.nav.centers', permission: Permission.CenterManage, group: 'organization' },
  { path: '/my-organization', labelKey: 'org.nav.mine', permission: Permission.StaffView, group: 'organization' },
];

/** Pages of the "org" domain, mounted inside the app layout. */
export const orgRoutes: RouteObject[] = [
  {
    path: 'scopes',
    element: (
      <RequirePermission permission={Permission.ScopeManage}>
        <ScopesPage />
      </RequirePermission>
    ),
  },
  {
    path: 'scopes/:id',
    element: (
      <RequirePermission permission={Permission.ScopeManage}>
        <ScopeDetailPage />
      </RequirePermission>
    ),
  },
  {
    path: 'centers',
    element: (
      <RequirePermission permission={Permission.CenterManage}>
        <CentersPage />
      </RequirePermission>
    ),
  },
  {
    path: 'centers/new',
    element: (
      <RequirePermission permission={Permission.CenterManage}>
        <CenterCreatePage />
      </RequirePermission>
    ),
  },
  {
    path: 'centers/:id',
    element: (
      <RequirePermission permission={Permission.CenterManage}>
        <CenterDetailPage />
      </RequirePermission>
    ),
  },
  {
    path: 'centers/:id/edit',
    element: (
      <RequirePermission permission={Permission.CenterManage}>
        <CenterEditPage />
      </RequirePermission>
    ),
  },
  {
    path: 'my-organization',
    element: (
      <RequirePermission permission={Permission.StaffView}>
        <MyOrgPage />
      </RequirePermission>
    ),
  },
  {
    path: 'my-organization/centers/:id/edit',
    element: (
      <RequirePermission permission={Permission.StaffUpdate}>
        <CenterEditPage own />
      </RequirePermission>
    ),
  },
];
