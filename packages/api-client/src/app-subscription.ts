import type { ApiRequest } from './staff.ts';
import {
  ZCheckoutResponse,
  ZOrder,
  ZPackageList,
  ZSubscriptionMe,
  type TCreateOrderRequest,
  type TScratchCardRequest,
} from '@carewatch/contracts/billing';
import { ZAvailablePaymentProviders } from '@carewatch/contracts/payment-config';

const A = '/api/account';
const enc = encodeURIComponent;

/**
 * The patient app's subscription calls (issue 17): my subscription and cancel (back to Zero), the packages on sale,
 * orders (create; read — polled by the result page), and paying an order through a redirecting provider (the answer's
 * URL is opened) or with a scratch card / phone account (settled in the call).
 */
export const appSubscriptionApi = (request: ApiRequest) => ({
  me: () => request('GET', `${A}/subscriptions/me`, { schema: ZSubscriptionMe }),
  /** Back to the default Zero package at once; answers the subscription as it now is. */
  cancel: () => request('POST', `${A}/subscriptions/me/cancel`, { schema: ZSubscriptionMe }),
  /** The enabled packages and add-on packs (the staff list is `/packages`, behind PackageManage). */
  packages: async () => (await request('GET', `${A}/app/packages`, { schema: ZPackageList })).items,
  createOrder: (body: TCreateOrderRequest) => request('POST', `${A}/orders`, { body, schema: ZOrder }),
  order: (code: string) => request('GET', `${A}/orders/${enc(code)}`, { schema: ZOrder }),
  checkout: (code: string, provider: 'SANDBOX' | 'VN_PAY' | 'STRIPE') =>
    request('POST', `${A}/orders/${enc(code)}/checkout`, { body: { provider }, schema: ZCheckoutResponse }),
  /** The providers the tenant takes payments with now (the sandbox while no real method is set up). */
  providers: async () =>
    (await request('GET', `${A}/payment-providers`, { schema: ZAvailablePaymentProviders })).providers,
  scratchCard: (code: string, body: TScratchCardRequest) =>
    request('POST', `${A}/orders/${enc(code)}/scratch-card`, { body, schema: ZOrder }),
});
export type AppSubscriptionApi = ReturnType<typeof appSubscriptionApi>;
