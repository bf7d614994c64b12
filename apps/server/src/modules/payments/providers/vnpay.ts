import { TX_STATUS } from '@carewatch/contracts/billing';
import { vnpayResult } from '@carewatch/contracts/payment-results';
import type { Ctx, Deps } from '../../../platform/context.ts';
import { audit } from '../../../platform/audit.ts';
import { AppError, fieldError } from '../../../platform/errors.ts';
import { newId } from '../../../platform/ids.ts';
import { methodCredentials, vnpayByTmnCode } from '../../payment-config/payment-config.service.ts';
import { failOrder, getOrderByCode, settleOrder } from '../orders.service.ts';
import * as repo from '../checkout.repo.ts';
import { originOf, resultPath, type PaymentProvider } from './provider.ts';
import { vnpayDate, vnpayPaymentUrl, vnpayVerify } from './vnpay-sign.ts';

/**
 * VNPay (payment URL 2.1.0). The tenant's verified `vnpay` method holds the TmnCode (accessKey), the hash secret
 * (secretKey) and the gateway URL (shareKey); return and IPN addresses are built on its callbackUrl's origin.
 * Only the IPN (server to server) settles an order; the return URL only shows the result.
 */
export const vnpayProvider: PaymentProvider = {
  id: 'VN_PAY',
  kind: 'redirect',
  async available(deps, tenantId) {
    return (await methodCredentials(deps, tenantId, 'vnpay')) !== null;
  },
  async start({ deps, tenantId, order, lang, ip }) {
    const m = await methodCredentials(deps, tenantId, 'vnpay');
    if (!m) throw new AppError('PAYMENT_METHOD_NOT_FINALIZED');
    // VNPay takes VND only; vnp_Amount is the amount × 100.
    if (order.currency !== 'VND') throw fieldError('PAYMENT_METHOD_NOT_FINALIZED', 'provider', 'currency');
    const now = deps.clock.now();
    const params: Record<string, string> = {
      vnp_Version: '2.1.0',
      vnp_Command: 'pay',
      vnp_TmnCode: m.accessKey,
      vnp_Amount: String(BigInt(order.totalMinor) * 100n),
      vnp_CurrCode: 'VND',
      vnp_TxnRef: order.code,
      vnp_OrderInfo: `Thanh toan don hang ${order.code}`,
      vnp_OrderType: 'other',
      vnp_Locale: lang === 'vi' ? 'vn' : 'en',
      vnp_ReturnUrl: `${originOf(m.callbackUrl)}/api/payments/vnpay/return`,
      vnp_IpAddr: ip || '127.0.0.1',
      vnp_CreateDate: vnpayDate(now),
      vnp_ExpireDate: vnpayDate(new Date(now.getTime() + 15 * 60_000)),
    };
    return { kind: 'redirect', redirectUrl: vnpayPaymentUrl(m.shareKey, params, m.secretKey), providerRef: null };
  },
};

export type VnpayIpnAnswer = { RspCode: '00' | '01' | '02' | '04' | '97' | '99'; Message: string };
const ANSWER = {
  ok: { RspCode: '00', Message: 'Confirm Success' },
  notFound: { RspCode: '01', Message: 'Order not found' },
  already: { RspCode: '02', Message: 'Order already confirmed' },
  amount: { RspCode: '04', Message: 'Invalid amount' },
  signature: { RspCode: '97', Message: 'Invalid signature' },
} as const satisfies Record<string, VnpayIpnAnswer>;

/** The tenant whose VNPay hash secret verifies these parameters (found by vnp_TmnCode), or null (bad signature). */
async function verifiedTenant(deps: Deps, q: Record<string, string>): Promise<string | null> {
  const tmn = q.vnp_TmnCode ?? '';
  if (!tmn) return null;
  for (const m of await vnpayByTmnCode(deps, tmn)) if (vnpayVerify(q, m.secretKey)) return m.tenantId;
  return null;
}

/**
 * The IPN, in VNPay's order: signature (97) before the order (01), then the amount (04), then whether it is already
 * confirmed (02); a success (response code 00 and transaction status 00) settles the order, anything else fails it
 * with the bank's code. Replays answer 02 and change nothing.
 */
export async function vnpayIpn(ctx: Ctx, q: Record<string, string>): Promise<VnpayIpnAnswer> {
  const tenantId = await verifiedTenant(ctx, q);
  const answer = tenantId ? await applyIpn(ctx, tenantId, q) : ANSWER.signature;
  // The trail of every notification (no amounts or card data beyond the codes).
  await audit(ctx, {
    action: 'payment.vnpay_ipn',
    tenantId,
    actorId: null,
    resource: 'order',
    resourceId: null,
    outcome: answer.RspCode === '97' ? 'denied' : 'ok',
    details: {
      order: (q.vnp_TxnRef ?? '').slice(0, 40),
      rspCode: answer.RspCode,
      responseCode: (q.vnp_ResponseCode ?? '').slice(0, 4),
    },
  });
  return answer;
}

async function applyIpn(deps: Deps, tenantId: string, q: Record<string, string>): Promise<VnpayIpnAnswer> {
  const code = q.vnp_TxnRef ?? '';
  const order = code ? await getOrderByCode(deps, tenantId, code) : null;
  if (!order) return ANSWER.notFound;
  const raw = q.vnp_Amount ?? '';
  const amount = /^\d{1,20}$/.test(raw) ? BigInt(raw) : -1n;
  if (order.currency !== 'VND' || amount !== BigInt(order.totalMinor) * 100n) return ANSWER.amount;
  if (order.status !== TX_STATUS.PENDING) return ANSWER.already;
  const rc = q.vnp_ResponseCode ?? '';
  const ts = q.vnp_TransactionStatus ?? '';
  const result = vnpayResult(rc, ts);
  const providerRef = q.vnp_TransactionNo || null;
  const now = deps.clock.now();
  await repo.recordEvent(deps.db, tenantId, {
    id: newId(),
    provider: 'VN_PAY',
    eventId: `${code}:${providerRef ?? ''}:${rc}:${ts}`,
    eventType: 'ipn',
    orderCode: code,
    outcome: result,
    now,
  });
  if (rc === '00' && ts === '00') {
    const r = await settleOrder(deps, tenantId, {
      provider: 'VN_PAY',
      orderCode: code,
      amountMinor: Number(amount / 100n),
      providerRef,
      merchant: q.vnp_TmnCode ?? null,
      responseCode: rc,
      responseMessage: result,
    });
    if (r.outcome === 'confirmed') return ANSWER.ok;
    if (r.outcome === 'already_confirmed') return ANSWER.already;
    if (r.outcome === 'amount_mismatch') return ANSWER.amount;
    return ANSWER.notFound;
  }
  const f = await failOrder(deps, tenantId, {
    provider: 'VN_PAY',
    orderCode: code,
    providerRef,
    responseCode: rc === '00' ? ts : rc,
    responseMessage: result,
  });
  if (f.outcome === 'failed') return ANSWER.ok;
  if (f.outcome === 'already_final') return ANSWER.already;
  return ANSWER.notFound;
}

/** The return URL: checks the signature (for the log of tampering) and sends the browser to the app's result page. Never pays. */
export async function vnpayReturn(
  deps: Deps,
  q: Record<string, string>,
): Promise<{ location: string; verified: boolean }> {
  const verified = (await verifiedTenant(deps, q)) !== null;
  return { location: resultPath(q.vnp_TxnRef ?? ''), verified };
}
