import type { TOrder, TPaymentProvider } from '@carewatch/contracts/billing';
import type { Deps } from '../../../platform/context.ts';

/**
 * One interface for every payment provider (issue 17). A redirecting provider (VNPay, Stripe Checkout, the sandbox)
 * answers the address the app opens; a card provider (scratch card / phone account: Viettel Pay, BCCS) charges in
 * the call. Providers never flip an order themselves: their verified callbacks (or the card charge) go through
 * settleOrder / failOrder (orders.service.ts), which are idempotent.
 */
export type StartInput = {
  deps: Deps;
  tenantId: string;
  order: TOrder;
  /** The customer's language (pay pages, VNPay vnp_Locale). */
  lang: 'en' | 'vi';
  /** The caller's address (VNPay vnp_IpAddr). */
  ip: string;
  /** Scratch card / phone account only. */
  card?: { code: string; securityCode: string };
};

export type StartResult = { kind: 'redirect'; redirectUrl: string; providerRef: string | null } | { kind: 'settled' };

export interface PaymentProvider {
  readonly id: TPaymentProvider;
  readonly kind: 'redirect' | 'card';
  /** Whether the tenant can pay with it now (a verified method, the sandbox default, the card simulator). */
  available(deps: Deps, tenantId: string): Promise<boolean>;
  /**
   * Starts (redirect) or makes (card) the payment. Throws PAYMENT_PROVIDER_UNAVAILABLE when the provider cannot be
   * reached (the order stays pending), CARD_WRONG / CARD_LOCKED / PAYMENT_FAILED for cards.
   */
  start(input: StartInput): Promise<StartResult>;
}

/** The public origin of a method's callback URL (providers' return and notification addresses are built on it). */
export function originOf(callbackUrl: string): string {
  return new URL(callbackUrl).origin;
}

/** Where every provider's return leads the browser (the app's result page polls the order). */
export const resultPath = (orderCode: string) => `/app/subscription/result?order=${encodeURIComponent(orderCode)}`;
