import Stripe from 'stripe';
import type { Ctx, Deps } from '../../../platform/context.ts';
import { audit } from '../../../platform/audit.ts';
import { AppError } from '../../../platform/errors.ts';
import { newId } from '../../../platform/ids.ts';
import { allStripeMethods, methodCredentials } from '../../payment-config/payment-config.service.ts';
import { failOrder, settleOrder } from '../orders.service.ts';
import * as repo from '../checkout.repo.ts';
import { originOf, resultPath, type PaymentProvider } from './provider.ts';

/** Stripe's webhook tolerance: a signature older than this (seconds) is refused. */
export const STRIPE_TOLERANCE_S = 300;

/** A client of the official SDK, its API address from the config (STRIPE_API_HOST/PORT/PROTOCOL: tests use a local stub). */
function client(deps: Deps, secretKey: string): Stripe {
  const a = deps.config.stripeApi;
  return new Stripe(secretKey, {
    host: a.host,
    port: a.port,
    protocol: a.protocol,
    timeout: a.timeoutMs,
    maxNetworkRetries: 0,
    telemetry: false,
  });
}

/** Stripe Checkout (a hosted payment page). The tenant's `stripe` method: publishable key, secret key, webhook secret. */
export const stripeProvider: PaymentProvider = {
  id: 'STRIPE',
  kind: 'redirect',
  async available(deps, tenantId) {
    return (await methodCredentials(deps, tenantId, 'stripe')) !== null;
  },
  async start({ deps, tenantId, order, lang }) {
    const m = await methodCredentials(deps, tenantId, 'stripe');
    if (!m) throw new AppError('PAYMENT_METHOD_NOT_FINALIZED');
    const back = `${originOf(m.callbackUrl)}${resultPath(order.code)}`;
    try {
      // VND is zero-decimal at Stripe, USD and CAD are in cents: the minor units are Stripe's unit_amount as they are.
      const session = await client(deps, m.secretKey).checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: order.code,
          metadata: { orderCode: order.code, tenantId },
          locale: lang === 'vi' ? 'vi' : 'en',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: order.currency.toLowerCase(),
                unit_amount: order.totalMinor,
                product_data: { name: order.packageName },
              },
            },
          ],
          success_url: back,
          cancel_url: back,
        },
        { idempotencyKey: `checkout:${tenantId}:${order.code}` },
      );
      if (!session.url) throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
      return { kind: 'redirect', redirectUrl: session.url, providerRef: session.id };
    } catch (e) {
      if (e instanceof AppError) throw e;
      // Unreachable, timed out or refused: the order stays pending (a later webhook or a reconciliation settles it).
      throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
    }
  },
};

/** The SDK's signature check needs no key; one instance for constructEvent. */
const verifier = new Stripe('sk_test_verifier', { telemetry: false });

export type StripeWebhookOutcome = { received: true; duplicate: boolean; outcome: string };

/**
 * POST /api/payments/stripe/webhook: the exact body is verified with stripe.webhooks.constructEvent against each
 * tenant's webhook secret (the one that verifies gives the tenant), tolerance 300 s on our clock. Each event id is
 * applied once (payment_events unique per tenant, provider, event id — recorded in the same transaction as its effect).
 */
export async function stripeWebhook(
  deps: Ctx,
  raw: Buffer | null,
  signature: string | undefined,
): Promise<StripeWebhookOutcome> {
  if (!raw || !signature) throw new AppError('VALIDATION_ERROR', { field: 'stripe-signature', rule: 'signature' });
  // The SDK's receivedAt is in milliseconds: the age is measured on our clock.
  const nowMs = deps.clock.now().getTime();
  let event: Stripe.Event | null = null;
  let tenantId = '';
  for (const m of await allStripeMethods(deps)) {
    try {
      event = verifier.webhooks.constructEvent(raw, signature, m.shareKey, STRIPE_TOLERANCE_S, undefined, nowMs);
      tenantId = m.tenantId;
      break;
    } catch {
      /* not this tenant's secret, or too old */
    }
  }
  if (!event) {
    await audit(deps, {
      action: 'payment.stripe_webhook',
      tenantId: null,
      actorId: null,
      resource: 'order',
      outcome: 'denied',
      details: { reason: 'signature' },
    });
    throw new AppError('VALIDATION_ERROR', { field: 'stripe-signature', rule: 'signature' });
  }
  const ev = event;
  const result = await deps.db.tx(async (tx) => {
    const d: Deps = { ...deps, db: tx };
    const session = ev.type.startsWith('checkout.session.') ? (ev.data.object as Stripe.Checkout.Session) : null;
    const orderCode = session ? (session.client_reference_id ?? session.metadata?.orderCode ?? null) : null;
    const eventRow = newId();
    const fresh = await repo.recordEvent(tx, tenantId, {
      id: eventRow,
      provider: 'STRIPE',
      eventId: ev.id,
      eventType: ev.type,
      orderCode,
      outcome: 'received',
      now: deps.clock.now(),
    });
    if (!fresh) return { received: true as const, duplicate: true, outcome: 'duplicate' };
    let outcome = 'ignored';
    if (session && orderCode) {
      const paid = session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
      const paymentIntent =
        typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
      const ref = paymentIntent ?? session.id;
      if (
        (ev.type === 'checkout.session.completed' && paid) ||
        ev.type === 'checkout.session.async_payment_succeeded'
      ) {
        const r = await settleOrder(d, tenantId, {
          provider: 'STRIPE',
          orderCode,
          amountMinor: session.amount_total ?? -1,
          providerRef: ref,
          merchant: null,
          responseCode: 'success',
          responseMessage: 'success',
        });
        outcome = r.outcome;
      } else if (ev.type === 'checkout.session.expired' || ev.type === 'checkout.session.async_payment_failed') {
        const result = ev.type === 'checkout.session.expired' ? 'timeout' : 'error';
        outcome = (
          await failOrder(d, tenantId, {
            provider: 'STRIPE',
            orderCode,
            providerRef: ref,
            responseCode: result,
            responseMessage: result,
          })
        ).outcome;
      }
    }
    await repo.setEventOutcome(tx, tenantId, eventRow, outcome);
    return { received: true as const, duplicate: false, outcome };
  });
  await audit(deps, {
    action: 'payment.stripe_webhook',
    tenantId,
    actorId: null,
    resource: 'order',
    details: { event: ev.id.slice(0, 80), type: ev.type.slice(0, 60), outcome: result.outcome },
  });
  return result;
}
