import type { AnyRoute } from '../../platform/route.ts';
import { cancelMySubscriptionRoute, mySubscriptionRoute } from './routes/subscriptions.ts';

/** The "subscriptions" module's routes: the caller's own subscription. */
export const SUBSCRIPTIONS_ROUTES: AnyRoute[] = [mySubscriptionRoute, cancelMySubscriptionRoute];
