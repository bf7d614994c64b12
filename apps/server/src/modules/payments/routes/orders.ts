import { z } from 'zod';
import { Permission } from '@carewatch/contracts/permissions';
import { ZCreateOrderRequest, ZOrder, ZOrderList } from '@carewatch/contracts/billing';
import { defineRoute } from '../../../platform/route.ts';
import { createOrder, getMyOrder, listMyOrders } from '../orders.service.ts';

const P = '/api/account/orders';
const tags = ['orders', 'patient-app'];
/** Any other text is simply no order of mine (404). */
const ZOrderCodeParams = z.object({ code: z.string().trim().min(1, 'Required').max(64, 'At most 64 characters') });

export const createOrderRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'POST',
  url: P,
  tags,
  permission: Permission.AccountProfileView,
  status: 201,
  summary:
    'Order a plan option (months) or add-on packs (quantity): a pending order (channel APP) with amount, tax and total in minor units',
  body: ZCreateOrderRequest,
  response: ZOrder,
  handler: async ({ body }, ctx) => createOrder(ctx, body),
});
export const listMyOrdersRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: P,
  tags,
  permission: Permission.AccountProfileView,
  summary: 'My orders, newest first (at most 100)',
  response: ZOrderList,
  handler: async (_in, ctx) => listMyOrders(ctx),
});
export const getMyOrderRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: `${P}/:code`,
  tags,
  permission: Permission.AccountProfileView,
  summary: 'One of my orders by its code (the app polls it after paying until its status is not pending)',
  params: ZOrderCodeParams,
  response: ZOrder,
  handler: async ({ params }, ctx) => getMyOrder(ctx, params.code),
});
