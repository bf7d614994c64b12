import type { AnyRoute } from '../../platform/route.ts';
import { paymentConfigRoutes } from './routes/payment-config.ts';

/** Payment configuration (issue 17; spec §7 "Payment config", super admin only). */
export const PAYMENT_CONFIG_ROUTES: AnyRoute[] = [...paymentConfigRoutes];
