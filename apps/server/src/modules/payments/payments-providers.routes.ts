import type { AnyRoute } from '../../platform/route.ts';
import { checkoutRoute, paymentProvidersRoute, scratchCardRoute } from './routes/checkout.ts';
import { vnpayIpnRoute, vnpayReturnRoute } from './routes/vnpay.ts';
import { stripeWebhookRoute } from './routes/stripe.ts';
import { sandboxCallbackRoute, sandboxPayPageRoute } from './routes/sandbox.ts';

/** Paying orders (issue 17, H2): checkout, cards, and the providers' verified callbacks. */
export const PAYMENT_PROVIDER_ROUTES: AnyRoute[] = [
  checkoutRoute,
  scratchCardRoute,
  paymentProvidersRoute,
  vnpayIpnRoute,
  vnpayReturnRoute,
  stripeWebhookRoute,
  sandboxPayPageRoute,
  sandboxCallbackRoute,
];
