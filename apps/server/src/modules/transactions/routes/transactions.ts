import { z } from 'zod';
import { ZIdParams } from '@carewatch/contracts/common';
import { Permission } from '@carewatch/contracts/permissions';
import {
  ZTransaction,
  ZTransactionExportRequest,
  ZTransactionListQuery,
  ZTransactionPage,
} from '@carewatch/contracts/transactions';
import { defineRoute } from '../../../platform/route.ts';
import { getTransaction, listTransactions } from '../transactions.service.ts';
import { exportTransactions } from '../transactions-export.service.ts';

const tags = ['transactions'];
const P = '/api/account/transactions';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const listTransactionsRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: P,
  tags,
  permission: Permission.TransactionView,
  summary:
    "The tenant's transactions (orders): status 0 failed, 1 pending, 2 success, 3 refund, -1 all; method, channel, days (reader's zone), customer name/phone/order code; sorted, paged",
  query: ZTransactionListQuery,
  response: ZTransactionPage,
  handler: async ({ query }, ctx) => listTransactions(ctx, query),
});
export const exportTransactionsRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'POST',
  url: `${P}/export`,
  tags,
  permission: Permission.TransactionExport,
  summary:
    'Transactions as .xlsx: payment channel, both dates and at least one attribute are required (400 naming the field); audited',
  body: ZTransactionExportRequest,
  response: z.unknown(),
  raw: true,
  produces: ['xlsx'],
  handler: async ({ body, reply }, ctx) => {
    const f = await exportTransactions(ctx, body);
    await reply
      .type(XLSX)
      .header('content-disposition', `attachment; filename="${f.name}"`)
      .header('x-content-type-options', 'nosniff')
      .send(f.stream);
  },
});
export const transactionDetailRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: `${P}/:id`,
  tags,
  permission: Permission.TransactionView,
  summary:
    'One transaction: customer, package, method, amounts, status, reference id, merchant, response, items, channel, category',
  params: ZIdParams,
  response: ZTransaction,
  handler: async ({ params }, ctx) => getTransaction(ctx, params.id),
});
