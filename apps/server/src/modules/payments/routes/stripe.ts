import { z } from 'zod';
import { definePublicRoute } from '../../../platform/route.ts';
import { rawBodyOf } from '../../../platform/raw-body.ts';
import { stripeWebhook } from '../providers/stripe.ts';

export const stripeWebhookRoute = definePublicRoute({
  method: 'POST',
  url: '/api/payments/stripe/webhook',
  tags: ['payments'],
  rawBody: true,
  summary:
    'Stripe webhook: the exact body verified with stripe.webhooks.constructEvent (300 s tolerance); each event id applied once. checkout.session.completed settles, expired/failed fail the order',
  response: z.object({ received: z.literal(true), duplicate: z.boolean(), outcome: z.string() }),
  handler: async ({ req }, ctx) => {
    const sig = req.headers['stripe-signature'];
    return stripeWebhook(ctx, rawBodyOf(req), Array.isArray(sig) ? sig[0] : sig);
  },
});
