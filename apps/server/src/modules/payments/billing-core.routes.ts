import type { AnyRoute } from '../../platform/route.ts';
import { PACKAGES_ROUTES } from '../packages/packages.routes.ts';
import { SUBSCRIPTIONS_ROUTES } from '../subscriptions/subscriptions.routes.ts';
import { ORDERS_ROUTES } from './orders.routes.ts';

/** Issue 17's billing core: packages, the caller's subscription and orders (one entry in the route table). */
export const BILLING_CORE_ROUTES: AnyRoute[] = [...PACKAGES_ROUTES, ...SUBSCRIPTIONS_ROUTES, ...ORDERS_ROUTES];
