import type { RouteObject } from 'react-router';
import { Permission } from '@carewatch/contracts/permissions';
import type { NavItem } from '../../app/nav-item.ts';
import { RequirePermission } from '../../app/require-auth.tsx';
import { lazyPage } from '../../app/lazy-page.tsx';

// Each page loads on first use (a chunk of its own); the layout shows a loader meanwhile.
const PaymentConfigPage = lazyPage(async () => (await import('./payment-config-page.tsx')).PaymentConfigPage);

/** Sidebar entry of the "payment config" domain (group billing; super admin only). */
export const paymentConfigNavItems: NavItem[] = [
  {
    path: '/payment-methods',
    labelKey: 'paymentConfig.nav',
    permission: Permission.PaymentConfigManage,
    group: 'billing',
  },
];

/** Pages inside the app layout. */
export const paymentConfigRoutes: RouteObject[] = [
  {
    path: 'payment-methods',
    element: (
      <RequirePermission permission={Permission.PaymentConfigManage}>
        <PaymentConfigPage />
      </RequirePermission>
    ),
  },
];
