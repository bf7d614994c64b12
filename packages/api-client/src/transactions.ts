import type { ApiRequest } from './staff.ts';
import {
  ZReconciliation,
  ZReconciliationItem,
  ZReconciliationItemPage,
  ZReconciliationPage,
  ZTransaction,
  ZTransactionPage,
  type TReconciliationItemsQuery,
  type TReconciliationListQuery,
  type TResolveRequest,
  type TTransactionListQuery,
} from '@carewatch/contracts/transactions';

const T = '/api/account/transactions';
const R = `${T}/reconciliations`;
const enc = encodeURIComponent;

/**
 * Transactions (staff): list with filters, detail, reconciliations (upload a settlement file, counts per group,
 * items per group, resolve with a note). The export answers an .xlsx to a POST: `exportUrl` with the body
 * (TTransactionExportRequest), fetched with the Authorization header (a blob download).
 */
export const transactionsApi = (request: ApiRequest) => ({
  list: (query: Partial<TTransactionListQuery>) => request('GET', T, { query, schema: ZTransactionPage }),
  get: (id: string) => request('GET', `${T}/${enc(id)}`, { schema: ZTransaction }),
  exportUrl: `${T}/export`,
  reconciliations: (query: Partial<TReconciliationListQuery> = {}) =>
    request('GET', R, { query, schema: ZReconciliationPage }),
  reconciliation: (id: string) => request('GET', `${R}/${enc(id)}`, { schema: ZReconciliation }),
  reconciliationItems: (
    id: string,
    query: Partial<TReconciliationItemsQuery> & Pick<TReconciliationItemsQuery, 'group'>,
  ) => request('GET', `${R}/${enc(id)}/items`, { query, schema: ZReconciliationItemPage }),
  reconcile: (input: { provider: string; currency: string; file: Blob; filename: string }) => {
    const form = new FormData();
    form.append('provider', input.provider);
    form.append('currency', input.currency);
    form.append('file', input.file, input.filename);
    return request('POST', R, { form, schema: ZReconciliation });
  },
  resolve: (id: string, itemId: string, body: TResolveRequest) =>
    request('POST', `${R}/${enc(id)}/items/${enc(itemId)}/resolve`, { body, schema: ZReconciliationItem }),
});
export type TransactionsApi = ReturnType<typeof transactionsApi>;
