import type { RouteObject } from 'react-router';
import { Permission } from '@carewatch/contracts/permissions';
import type { NavItem } from '../../app/nav-item.ts';
import { RequirePermission } from '../../app/require-auth.tsx';
import { lazyPage } from '../../app/lazy-page.tsx';

// Each page loads on first use (a chunk of its own); the layout shows a loader meanwhile.
const DevicesListPage = lazyPage(async () => (await import('./devices-list-page.tsx')).DevicesListPage);
const DeviceHistoryPage = lazyPage(async () => (await import('./device-history-page.tsx')).DeviceHistoryPage);

/** Sidebar entries of the "devices" domain (each shown only with its permission). */
export const devicesNavItems: NavItem[] = [
  { path: '/devices', labelKey: 'devices.nav.devices', permission: Permission.DeviceView, group: 'overview' },
];

/** Pages of the "devices" domain, mounted inside the app layout; wrap each in <RequirePermission>. */
export const devicesRoutes: RouteObject[] = [
  {
    path: 'devices',
    element: (
      <RequirePermission permission={Permission.DeviceView}>
        <DevicesListPage />
      </RequirePermission>
    ),
  },
  {
    path: 'devices/history',
    element: (
      <RequirePermission permission={Permission.DeviceView}>
        <DeviceHistoryPage />
      </RequirePermission>
    ),
  },
];
