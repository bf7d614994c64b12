import type { RouteObject } from 'react-router';
import { Permission } from '@carewatch/contracts/permissions';
import type { NavItem } from '../../app/navigation.ts';
import { RequirePermission } from '../../app/require-auth.tsx';
import { DevicesListPage } from './devices-list-page.tsx';
import { DeviceHistoryPage } from './device-history-page.tsx';

/** Sidebar entries of the "devices" domain (each shown only with its permission). */
export const devicesNavItems: NavItem[] = [
  { path: '/devices', labelKey: 'devices.nav.devices', permission: Permission.DeviceView, group: 'overview' },
];

/** Pages of the "devices" domain, mounted inside the app layout; wrap each in <RequirePermission>. */
export const devicesRoutes: RouteObject[] = [
  { path: 'devices', element: <RequirePermission permission={Permission.DeviceView}><DevicesListPage /></RequirePermission> },
  { path: 'devices/history', element: <RequirePermission permission={Permission.DeviceView}><DeviceHistoryPage /></RequirePermission> },
];
