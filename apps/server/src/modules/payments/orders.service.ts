import type { TCreateOrderRequest, TOrder, TOrderList, TPaymentProvider } from '@carewatch/contracts/billing';
import type { AuthedCtx, Deps } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { audit } from '../../platform/audit.ts';
import { getTaxRateBp } from '../payment-config/payment-config.service.ts';
import { getPackage } from '../packages/packages.service.ts';
import { activatePlanTx, addAddonUsesTx, effectivePlan } from '../subscriptions/subscriptions.service.ts';
import { newOrderCode, orderTotals } from './orders.math.ts';
import * as repo from './orders.repo.ts';

type OrderDeps = Pick<Deps, 'db' | 'clock'>;

export function toOrder(r: repo.OrderRow): TOrder {
  return {
    id: r.id,
    code: r.code,
    status: r.status as TOrder['status'],
    packageId: r.package_id,
    packageName: r.package_name,
    itemType: r.item_type as TOrder['itemType'],
    months: r.months,
    quantity: r.quantity,
    amountMinor: Number(r.amount_minor),
    taxMinor: Number(r.tax_minor),
    totalMinor: Number(r.total_minor),
    currency: r.currency as TOrder['currency'],
    provider: r.provider as TOrder['provider'],
    channel: r.channel as TOrder['channel'],
    responseCode: r.response_code,
    responseMessage: r.response_message,
    createdAt: r.created_at.toISOString(),
    paidAt: r.paid_at?.toISOString() ?? null,
  };
}

const isUniqueViolation = (e: unknown) => (e as { code?: string }).code === '23505';

/**
 * A pending order of the caller (channel APP) for a plan option (`months`) or `quantity` add-on packs. Prices come
 * from the package, tax from the tenant's payment config: tax = round-half-up(amount × rate), total = amount + tax.
 * A paid plan only takes effect with a connected wearable (patient-app spec §6), so it cannot be bought without one.
 */
export async function createOrder(ctx: AuthedCtx, req: TCreateOrderRequest): Promise<TOrder> {
  const { tenantId, userId } = ctx.auth;
  const now = ctx.clock.now();
  let pkg;
  try {
    pkg = await getPackage(ctx.db, tenantId, req.packageId);
  } catch (e) {
    if (e instanceof AppError) throw fieldError('PACKAGE_NOT_FOUND', 'packageId');
    throw e;
  }
  if (!pkg.enabled) throw fieldError('PACKAGE_DISABLED', 'packageId');
  if (pkg.is_default) throw fieldError('PACKAGE_OPTION_INVALID', 'packageId');
  let unit: number;
  let quantity: number;
  let months: number | null;
  if (pkg.kind === 'plan') {
    const option = pkg.options.find((o) => o.months === req.months);
    if (!option) throw fieldError('PACKAGE_OPTION_INVALID', 'months');
    months = option.months;
    unit = option.months * option.monthlyPriceMinor;
    quantity = 1;
    if (unit > 0 && !(await effectivePlan(ctx.db, tenantId, userId, now)).wearableConnected)
      throw fieldError('PAID_PACKAGE_NEEDS_WEARABLE', 'packageId');
  } else {
    months = null;
    quantity = req.quantity ?? 1;
    unit = Number(pkg.addon_price_minor ?? 0);
  }
  const totals = orderTotals(unit, quantity, await getTaxRateBp(ctx, tenantId));
  const id = newId(now.getTime());
  for (let attempt = 0; ; attempt++) {
    const code = newOrderCode(now);
    try {
      await repo.insert(ctx.db, tenantId, {
        id,
        code,
        userId,
        packageId: pkg.id,
        itemType: pkg.kind === 'plan' ? 'SERVICE_PACKAGE' : 'COUPON',
        months,
        quantity,
        ...totals,
        currency: pkg.currency,
        channel: 'APP',
        now,
      });
      await audit(ctx, {
        action: 'order.create',
        resource: 'order',
        resourceId: id,
        details: { code, package: pkg.code, total: totals.totalMinor, currency: pkg.currency },
      });
      return toOrder((await repo.findByCode(ctx.db, tenantId, code))!);
    } catch (e) {
      if (!isUniqueViolation(e) || attempt >= 4) throw e;
    }
  }
}

/**
 * Inside the caller's transaction: the order of a redeemed code (channel CODE, item COUPON, total 0, paid at once), so
 * redemptions appear in the transactions beside purchases. Returns its code (the receipt id of the plan it gives).
 */
export async function recordCodeOrderTx(
  tx: Db,
  tenantId: string,
  o: { userId: string; packageId: string; months: number; currency: string },
  now: Date,
): Promise<{ id: string; code: string }> {
  const id = newId(now.getTime());
  for (let attempt = 0; ; attempt++) {
    const code = newOrderCode(now);
    const exists = await repo.findByCode(tx, tenantId, code);
    if (exists && attempt < 4) continue;
    await repo.insert(tx, tenantId, {
      id,
      code,
      userId: o.userId,
      packageId: o.packageId,
      itemType: 'COUPON',
      months: o.months,
      quantity: 1,
      amountMinor: 0,
      taxMinor: 0,
      totalMinor: 0,
      currency: o.currency,
      channel: 'CODE',
      now,
      status: 2,
    });
    return { id, code };
  }
}

/** The caller's own order (the app polls it on the result page); someone else's answers 404. */
export async function getMyOrder(ctx: AuthedCtx, code: string): Promise<TOrder> {
  const o = await repo.findByCode(ctx.db, ctx.auth.tenantId, code);
  if (!o || o.user_id !== ctx.auth.userId) throw new AppError('ORDER_NOT_FOUND');
  return toOrder(o);
}

export async function listMyOrders(ctx: AuthedCtx): Promise<TOrderList> {
  return { items: (await repo.listOfUser(ctx.db, ctx.auth.tenantId, ctx.auth.userId, 100)).map(toOrder) };
}

export type SettleInput = {
  provider: TPaymentProvider;
  orderCode: string;
  amountMinor: number;
  providerRef: string | null;
  merchant: string | null;
  responseCode: string | null;
  responseMessage: string | null;
};
export type SettleOutcome = 'confirmed' | 'already_confirmed' | 'order_not_found' | 'amount_mismatch';

/**
 * Idempotent: in ONE transaction, flips a pending order to success (2) with a conditional UPDATE … WHERE status = 1
 * RETURNING, and applies its effect (plan → activatePlanTx; add-on → uses added). Concurrent calls: one 'confirmed',
 * the others 'already_confirmed'. amountMinor is compared with total_minor (mismatch changes nothing). An order that
 * is no longer pending (paid, failed, refunded) answers 'already_confirmed' and is not changed.
 */
export async function settleOrder(
  deps: OrderDeps,
  tenantId: string,
  input: SettleInput,
): Promise<{ outcome: SettleOutcome; order: TOrder | null }> {
  const now = deps.clock.now();
  return deps.db.tx(async (tx) => {
    const found = await repo.findByCode(tx, tenantId, input.orderCode);
    if (!found) return { outcome: 'order_not_found' as const, order: null };
    if (Number(found.total_minor) !== input.amountMinor)
      return { outcome: 'amount_mismatch' as const, order: toOrder(found) };
    const paidId = await repo.markPaid(tx, tenantId, input.orderCode, input.provider, input.amountMinor, input, now);
    if (!paidId)
      return {
        outcome: 'already_confirmed' as const,
        order: toOrder((await repo.findByCode(tx, tenantId, input.orderCode))!),
      };
    if (!found.user_id) {
      // The customer's account was purged: the payment is recorded, there is nobody to give the plan to.
    } else if (found.package_kind === 'plan') {
      await activatePlanTx(
        tx,
        tenantId,
        found.user_id,
        { packageId: found.package_id, months: found.months ?? 1, source: 'order', sourceId: found.id },
        now,
      );
    } else {
      await addAddonUsesTx(
        tx,
        tenantId,
        found.user_id,
        found.package_id,
        (found.addon_uses ?? 0) * found.quantity,
        now,
      );
    }
    return { outcome: 'confirmed' as const, order: toOrder((await repo.findByCode(tx, tenantId, input.orderCode))!) };
  });
}

/** A declined/failed payment: pending → failed (0) with the code and message; final orders unchanged. */
export async function failOrder(
  deps: OrderDeps,
  tenantId: string,
  input: {
    provider: TPaymentProvider;
    orderCode: string;
    providerRef: string | null;
    responseCode: string | null;
    responseMessage: string | null;
  },
): Promise<{ outcome: 'failed' | 'already_final' | 'order_not_found' }> {
  const ok = await repo.markFailed(
    deps.db,
    tenantId,
    input.orderCode,
    input.provider,
    { ...input, merchant: null },
    deps.clock.now(),
  );
  if (ok) return { outcome: 'failed' };
  return { outcome: (await repo.findByCode(deps.db, tenantId, input.orderCode)) ? 'already_final' : 'order_not_found' };
}

export async function getOrderByCode(deps: OrderDeps, tenantId: string, code: string): Promise<TOrder | null> {
  const o = await repo.findByCode(deps.db, tenantId, code);
  return o ? toOrder(o) : null;
}

/** Records which provider the customer chose (checkout); the order must be pending. */
export async function setOrderProvider(
  deps: OrderDeps,
  tenantId: string,
  code: string,
  provider: TPaymentProvider,
): Promise<void> {
  if (await repo.setProvider(deps.db, tenantId, code, provider, deps.clock.now())) return;
  throw new AppError((await repo.findByCode(deps.db, tenantId, code)) ? 'ORDER_NOT_PENDING' : 'ORDER_NOT_FOUND');
}
