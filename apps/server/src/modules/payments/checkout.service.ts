import type { z } from 'zod';
import {
  TX_STATUS,
  type ZCheckoutRequest,
  type TOrder,
  type TPaymentProvider,
  type TScratchCardRequest,
} from '@carewatch/contracts/billing';
import type { AuthedCtx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { enforceRateLimit, type RateRule } from '../../platform/rate-buckets.ts';
import { getMyOrder, setOrderProvider } from './orders.service.ts';
import { availableProviders, PROVIDERS } from './providers/registry.ts';
import type { PaymentProvider } from './providers/provider.ts';

type TCheckoutRequest = z.infer<typeof ZCheckoutRequest>;

const langOf = (ctx: AuthedCtx): 'en' | 'vi' => (ctx.auth.language === 'vi' ? 'vi' : 'en');

/** The caller's own pending order and a provider the tenant can use; PAYMENT_METHOD_NOT_FINALIZED otherwise. */
async function prepare(
  ctx: AuthedCtx,
  code: string,
  providerId: TPaymentProvider,
  kind: PaymentProvider['kind'],
): Promise<{ order: TOrder; provider: PaymentProvider }> {
  const order = await getMyOrder(ctx, code);
  if (order.status !== TX_STATUS.PENDING) throw new AppError('ORDER_NOT_PENDING');
  const provider = PROVIDERS[providerId];
  if (!provider || provider.kind !== kind || !(await provider.available(ctx, ctx.auth.tenantId)))
    throw new AppError('PAYMENT_METHOD_NOT_FINALIZED', { field: 'provider' });
  return { order, provider };
}

/**
 * POST /api/account/orders/:code/checkout: the address the app opens to pay (VNPay, Stripe Checkout, the sandbox pay
 * page). The order records the provider chosen and stays pending: only the provider's verified callback settles it.
 * A provider that cannot be reached answers PAYMENT_PROVIDER_UNAVAILABLE (the order still pending).
 */
export async function checkout(
  ctx: AuthedCtx,
  code: string,
  body: TCheckoutRequest,
): Promise<{ orderCode: string; redirectUrl: string }> {
  const { order, provider } = await prepare(ctx, code, body.provider, 'redirect');
  await setOrderProvider(ctx, ctx.auth.tenantId, order.code, provider.id);
  const started = await provider.start({
    deps: ctx,
    tenantId: ctx.auth.tenantId,
    order,
    lang: langOf(ctx),
    ip: ctx.ip,
  });
  if (started.kind !== 'redirect') throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
  await audit(ctx, {
    action: 'order.checkout',
    resource: 'order',
    resourceId: order.id,
    details: { code: order.code, provider: provider.id },
  });
  return { orderCode: order.code, redirectUrl: started.redirectUrl };
}

/**
 * Card tries per account: without it one signed-in user could probe which card numbers exist and lock other people's
 * cards (three wrong security codes lock a card). Every try on a pending order counts, right or wrong.
 */
export const CARD_RATE: RateRule = { name: 'card-pay', limit: 10, windowMs: 15 * 60_000 };

/** POST /api/account/orders/:code/scratch-card: pays the order with a scratch card / phone account in one call. */
export async function payWithCard(ctx: AuthedCtx, code: string, body: TScratchCardRequest): Promise<TOrder> {
  const { order, provider } = await prepare(ctx, code, body.provider, 'card');
  await enforceRateLimit(ctx, CARD_RATE, ctx.auth.userId);
  await setOrderProvider(ctx, ctx.auth.tenantId, order.code, provider.id);
  try {
    await provider.start({
      deps: ctx,
      tenantId: ctx.auth.tenantId,
      order,
      lang: langOf(ctx),
      ip: ctx.ip,
      card: { code: body.code, securityCode: body.securityCode },
    });
  } catch (e) {
    if (e instanceof AppError)
      await audit(ctx, {
        action: 'order.card',
        resource: 'order',
        resourceId: order.id,
        outcome: 'failed',
        details: { code: order.code, provider: provider.id, reason: e.code },
      });
    throw e;
  }
  await audit(ctx, {
    action: 'order.card',
    resource: 'order',
    resourceId: order.id,
    details: { code: order.code, provider: provider.id },
  });
  return getMyOrder(ctx, code);
}

export async function myPaymentProviders(ctx: AuthedCtx): Promise<{ providers: TPaymentProvider[] }> {
  return { providers: await availableProviders(ctx, ctx.auth.tenantId) };
}
