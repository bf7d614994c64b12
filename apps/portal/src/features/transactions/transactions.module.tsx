import type { RouteObject } from 'react-router';
import { Permission } from '@carewatch/contracts/permissions';
import type { NavItem } from '../../app/navigation.ts';
import { RequirePermission } from '../../app/require-auth.tsx';
import { TransactionListPage } from './transaction-list-page.tsx';
import { TransactionDetailPage } from './transaction-detail-page.tsx';
import { ReconciliationPage } from './reconciliation-page.tsx';
import { ReconciliationDetailPage } from './reconciliation-detail-page.tsx';

/** Sidebar entries of the "transactions" domain (group billing). */
export const transactionsNavItems: NavItem[] = [
  { path: '/transactions', labelKey: 'transactions.nav.transactions', permission: Permission.TransactionView, group: 'billing' },
  { path: '/reconciliation', labelKey: 'transactions.nav.reconciliation', permission: Permission.TransactionReconcile, group: 'billing' },
];

/** Pages inside the app layout. */
export const transactionsRoutes: RouteObject[] = [
  { path: 'transactions', element: <RequirePermission permission={Permission.TransactionView}><TransactionListPage /></RequirePermission> },
  { path: 'transactions/:id', element: <RequirePermission permission={Permission.TransactionView}><TransactionDetailPage /></RequirePermission> },
  { path: 'reconciliation', element: <RequirePermission permission={Permission.TransactionReconcile}><ReconciliationPage /></RequirePermission> },
  { path: 'reconciliation/:id', element: <RequirePermission permission={Permission.TransactionReconcile}><ReconciliationDetailPage /></RequirePermission> },
];
