import crypto from 'node:crypto';
import { TX_STATUS, type TOrder } from '@carewatch/contracts/billing';
import type { Ctx, Deps } from '../../../platform/context.ts';
import { audit } from '../../../platform/audit.ts';
import { AppError } from '../../../platform/errors.ts';
import { newId } from '../../../platform/ids.ts';
import { sandboxActive, sandboxKey } from '../../payment-config/payment-config.service.ts';
import { failOrder, getOrderByCode, settleOrder } from '../orders.service.ts';
import * as repo from '../checkout.repo.ts';
import { resultPath, type PaymentProvider } from './provider.ts';

/**
 * The embedded sandbox provider: works with no account anywhere. Checkout answers the local pay page
 * GET /api/payments/sandbox/pay/:code?tenant=…&sig=…; its Pay and Decline buttons post a callback signed like a
 * real provider's (HMAC-SHA256 under the tenant's sandbox key) to POST /api/payments/sandbox/callback, which is
 * verified exactly like one (a bad or stale signature changes nothing; a replay changes nothing) and then sends the
 * browser to the app's result page. On by default while the tenant has no real method verified (PAYMENT_SANDBOX).
 */
export const SANDBOX_CALLBACK_TTL_MS = 30 * 60_000;

const hmac = (key: string, data: string) => crypto.createHmac('sha256', key).update(data).digest('hex');
const same = (a: string, b: string) => a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The pay page address is signed too: only addresses issued by a checkout render. */
export const payPageSig = (key: string, tenantId: string, code: string) => hmac(key, `page|${tenantId}|${code}`);

export type SandboxCallback = {
  tenant: string;
  order: string;
  amount: string;
  currency: string;
  result: 'PAID' | 'DECLINED';
  txn: string;
  ts: string;
  sig: string;
};
export const callbackData = (c: Omit<SandboxCallback, 'sig'>) =>
  [c.tenant, c.order, c.amount, c.currency, c.result, c.txn, c.ts].join('|');
export const signCallback = (key: string, c: Omit<SandboxCallback, 'sig'>): SandboxCallback => ({
  ...c,
  sig: hmac(key, callbackData(c)),
});

export const sandboxProvider: PaymentProvider = {
  id: 'SANDBOX',
  kind: 'redirect',
  available: (deps, tenantId) => sandboxActive(deps, tenantId),
  async start({ deps, tenantId, order, lang }) {
    const key = await sandboxKey(deps, tenantId);
    const q = new URLSearchParams({ tenant: tenantId, lang, sig: payPageSig(key, tenantId, order.code) });
    return {
      kind: 'redirect',
      redirectUrl: `/api/payments/sandbox/pay/${encodeURIComponent(order.code)}?${q.toString()}`,
      providerRef: null,
    };
  },
};

/** The pay page's order and its two signed callbacks (Pay, Decline), or null when the address is not one we issued. */
export async function payPage(
  deps: Deps,
  code: string,
  tenantId: string,
  sig: string,
): Promise<{ order: TOrder; pay: SandboxCallback; decline: SandboxCallback } | { settled: string } | null> {
  if (!/^[0-9a-f-]{36}$/.test(tenantId) || !(await sandboxActive(deps, tenantId))) return null;
  const key = await sandboxKey(deps, tenantId);
  if (!same(payPageSig(key, tenantId, code), sig)) return null;
  const order = await getOrderByCode(deps, tenantId, code);
  if (!order) return null;
  // A genuine link of an order already paid or declined (the customer pressed Back): point to its result, no buttons.
  if (order.status !== TX_STATUS.PENDING) return { settled: order.code };
  const base = {
    tenant: tenantId,
    order: code,
    amount: String(order.totalMinor),
    currency: order.currency,
    txn: `SBX${newId().replace(/-/g, '').slice(0, 20).toUpperCase()}`,
    ts: String(deps.clock.now().getTime()),
  };
  return {
    order,
    pay: signCallback(key, { ...base, result: 'PAID' }),
    decline: signCallback(key, { ...base, result: 'DECLINED' }),
  };
}

/**
 * The signed callback. Verified first (signature, then freshness: 30 minutes); then applied once per transaction id
 * (payment_events) through settleOrder / failOrder. Throws VALIDATION_ERROR (400) on a bad or stale signature.
 */
export async function sandboxCallback(deps: Ctx, c: SandboxCallback): Promise<{ orderCode: string; outcome: string }> {
  if (!/^[0-9a-f-]{36}$/.test(c.tenant)) throw new AppError('VALIDATION_ERROR', { field: 'sig', rule: 'signature' });
  const key = await sandboxKey(deps, c.tenant);
  if (!same(hmac(key, callbackData(c)), c.sig)) {
    await audit(deps, {
      action: 'payment.sandbox_callback',
      tenantId: null,
      actorId: null,
      resource: 'order',
      outcome: 'denied',
      details: { order: c.order.slice(0, 40), reason: 'signature' },
    });
    throw new AppError('VALIDATION_ERROR', { field: 'sig', rule: 'signature' });
  }
  const ts = Number(c.ts);
  const now = deps.clock.now().getTime();
  if (!Number.isSafeInteger(ts) || now - ts > SANDBOX_CALLBACK_TTL_MS || ts - now > 60_000)
    throw new AppError('VALIDATION_ERROR', { field: 'ts', rule: 'expired' });
  // Turned off meanwhile (a real method verified, or PAYMENT_SANDBOX=off): sandbox payments no longer count.
  if (!(await sandboxActive(deps, c.tenant))) throw new AppError('PAYMENT_METHOD_NOT_FINALIZED');
  const result = await deps.db.tx(async (tx) => {
    const d: Deps = { ...deps, db: tx };
    const eventRow = newId();
    const fresh = await repo.recordEvent(tx, c.tenant, {
      id: eventRow,
      provider: 'SANDBOX',
      eventId: c.txn,
      eventType: c.result,
      orderCode: c.order,
      outcome: 'received',
      now: deps.clock.now(),
    });
    if (!fresh) return { orderCode: c.order, outcome: 'duplicate' };
    const order = await getOrderByCode(d, c.tenant, c.order);
    let outcome: string;
    if (!order) outcome = 'order_not_found';
    else if (order.status !== TX_STATUS.PENDING) outcome = 'already_final';
    else if (c.result === 'PAID') {
      outcome = (
        await settleOrder(d, c.tenant, {
          provider: 'SANDBOX',
          orderCode: c.order,
          amountMinor: Number(c.amount),
          providerRef: c.txn,
          merchant: 'SANDBOX',
          responseCode: 'success',
          responseMessage: 'success',
        })
      ).outcome;
    } else {
      outcome = (
        await failOrder(d, c.tenant, {
          provider: 'SANDBOX',
          orderCode: c.order,
          providerRef: c.txn,
          responseCode: 'cancelled',
          responseMessage: 'cancelled',
        })
      ).outcome;
    }
    await repo.setEventOutcome(tx, c.tenant, eventRow, outcome);
    return { orderCode: c.order, outcome };
  });
  await audit(deps, {
    action: 'payment.sandbox_callback',
    tenantId: c.tenant,
    actorId: null,
    resource: 'order',
    details: { order: c.order, result: c.result, outcome: result.outcome },
  });
  return result;
}

export { resultPath };
