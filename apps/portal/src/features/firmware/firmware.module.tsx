import type { RouteObject } from 'react-router';
import { Permission } from '@carewatch/contracts/permissions';
import type { NavItem } from '../../app/nav-item.ts';
import { RequirePermission } from '../../app/require-auth.tsx';
import { lazyPage } from '../../app/lazy-page.tsx';

const FirmwarePage = lazyPage(async () => (await import('./firmware-page.tsx')).FirmwarePage);

/** Sidebar entry of the "firmware" domain (issue 21; beside Devices). */
export const firmwareNavItems: NavItem[] = [
  { path: '/firmware', labelKey: 'firmware.nav.list', permission: Permission.DeviceFirmwareManage, group: 'overview' },
];

/** Pages inside the app layout. */
export const firmwareRoutes: RouteObject[] = [
  {
    path: 'firmware',
    element: (
      <RequirePermission permission={Permission.DeviceFirmwareManage}>
        <FirmwarePage />
      </RequirePermission>
    ),
  },
];
