import type { RouteObject } from 'react-router';
import { Permission } from '@carewatch/contracts/permissions';
import type { NavItem } from '../../app/nav-item.ts';
import { RequirePermission } from '../../app/require-auth.tsx';
import { lazyPage } from '../../app/lazy-page.tsx';

// Each page loads on first use (a chunk of its own); the layout shows a loader meanwhile.
const TransactionListPage = lazyPage(async () => (await import('./transaction-list-page.tsx')).TransactionListPage);
const TransactionDetailPage = lazyPage(
  async () => (await import('./transaction-detail-page.tsx')).TransactionDetailPage,
);
const ReconciliationPage = lazyPage(async () => (await import('./reconciliation-page.tsx')).ReconciliationPage);
const ReconciliationDetailPage = lazyPage(
  async () => (await import('./reconciliation-detail-page.tsx')).ReconciliationDetailPage,
);

/** Sidebar entries of the "transactions" domain (group billing). */
export const transactionsNavItems: NavItem[] = [
  {
    path: '/transactions',
    labelKey: 'transactions.nav.transactions',
    permission: Permission.TransactionView,
    group: 'billing',
  },
  {
    path: '/reconciliation',
    labelKey: 'transactions.nav.reconciliation',
    permission: Permission.TransactionReconcile,
    group: 'billing',
  },
];

/** Pages inside the app layout. */
export const transactionsRoutes: RouteObject[] = [
  {
    path: 'transactions',
    element: (
      <RequirePermission permission={Permission.TransactionView}>
        <TransactionListPage />
      </RequirePermission>
    ),
  },
  {
    path: 'transactions/:id',
    element: (
      <RequirePermission permission={Permission.TransactionView}>
        <TransactionDetailPage />
      </RequirePermission>
    ),
  },
  {
    path: 'reconciliation',
    element: (
      <RequirePermission permission={Permission.TransactionReconcile}>
        <ReconciliationPage />
      </RequirePermission>
    ),
  },
  {
    path: 'reconciliation/:id',
    element: (
      <RequirePermission permission={Permission.TransactionReconcile}>
        <ReconciliationDetailPage />
      </RequirePermission>
    ),
  },
];
