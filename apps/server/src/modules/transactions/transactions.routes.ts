import type { AnyRoute } from '../../platform/route.ts';
import { exportTransactionsRoute, listTransactionsRoute, transactionDetailRoute } from './routes/transactions.ts';
import {
  createReconciliationRoute,
  listReconciliationsRoute,
  reconciliationDetailRoute,
  reconciliationItemsRoute,
  resolveReconciliationItemRoute,
} from './routes/reconciliations.ts';

/**
 * The "transactions" module's routes: the tenant's orders seen by staff, their export, reconciliations. The
 * reconciliation routes come before `/transactions/:id` in spirit only: their paths are longer, so they never clash.
 */
export const TRANSACTIONS_ROUTES: AnyRoute[] = [
  listTransactionsRoute,
  exportTransactionsRoute,
  transactionDetailRoute,
  createReconciliationRoute,
  listReconciliationsRoute,
  reconciliationDetailRoute,
  reconciliationItemsRoute,
  resolveReconciliationItemRoute,
];
