import type { RouteObject } from 'react-router';
import { Permission } from '@carewatch/contracts/permissions';
import type { NavItem } from '../../app/nav-item.ts';
import { RequirePermission } from '../../app/require-auth.tsx';
import { lazyPage } from '../../app/lazy-page.tsx';

// Each page loads on first use (a chunk of its own); the layout shows a loader meanwhile.
const StaffListPage = lazyPage(async () => (await import('./staff-list-page.tsx')).StaffListPage);
const StaffCreatePage = lazyPage(async () => (await import('./staff-create-page.tsx')).StaffCreatePage);
const StaffDetailPage = lazyPage(async () => (await import('./staff-detail-page.tsx')).StaffDetailPage);

/** Sidebar entries of the "staff" domain (each shown only with its permission). */
export const staffNavItems: NavItem[] = [
  { path: '/staff', labelKey: 'staff.nav.staff', permission: Permission.StaffView, group: 'administration' },
  { path: '/doctors', labelKey: 'staff.nav.doctors', permission: Permission.StaffView, group: 'administration' },
  {
    path: '/customer-care',
    labelKey: 'staff.nav.customerCare',
    permission: Permission.StaffView,
    group: 'administration',
  },
];

/** Pages of the "staff" domain, mounted inside the app layout; wrap each in <RequirePermission>. */
export const staffRoutes: RouteObject[] = [
  {
    path: 'staff',
    element: (
      <RequirePermission permission={Permission.StaffView}>
        <StaffListPage key="all" preset="all" />
      </RequirePermission>
    ),
  },
  {
    path: 'doctors',
    element: (
      <RequirePermission permission={Permission.StaffView}>
        <StaffListPage key="doctors" preset="doctors" />
      </RequirePermission>
    ),
  },
  {
    path: 'customer-care',
    element: (
      <RequirePermission permission={Permission.StaffView}>
        <StaffListPage key="cc" preset="customerCare" />
      </RequirePermission>
    ),
  },
  {
    path: 'staff/new',
    element: (
      <RequirePermission permission={Permission.StaffCreate}>
        <StaffCreatePage />
      </RequirePermission>
    ),
  },
  {
    path: 'staff/:id',
    element: (
      <RequirePermission permission={Permission.StaffView}>
        <StaffDetailPage />
      </RequirePermission>
    ),
  },
];
