import type { AnyRoute } from '../../platform/route.ts';
import { createOrderRoute, getMyOrderRoute, listMyOrdersRoute } from './routes/orders.ts';

/** Orders of the caller (issue 17). Providers' routes (checkout, callbacks) are in payments/routes/ of their own. */
export const ORDERS_ROUTES: AnyRoute[] = [createOrderRoute, listMyOrdersRoute, getMyOrderRoute];
