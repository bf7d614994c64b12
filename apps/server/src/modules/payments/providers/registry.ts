import type { TPaymentProvider } from '@carewatch/contracts/billing';
import type { Deps } from '../../../platform/context.ts';
import { bccsProvider, viettelPayProvider } from './card-simulator.ts';
import type { PaymentProvider } from './provider.ts';
import { sandboxProvider } from './sandbox.ts';
import { stripeProvider } from './stripe.ts';
import { vnpayProvider } from './vnpay.ts';

/** Every provider behind the one interface. IKITECH is named by the spec but has no adapter: never available. */
export const PROVIDERS: Partial<Record<TPaymentProvider, PaymentProvider>> = {
  VN_PAY: vnpayProvider,
  STRIPE: stripeProvider,
  SANDBOX: sandboxProvider,
  VIETTEL_PAY: viettelPayProvider,
  BCCS: bccsProvider,
};

/** The providers the tenant's customers can pay with now. */
export async function availableProviders(deps: Deps, tenantId: string): Promise<TPaymentProvider[]> {
  const out: TPaymentProvider[] = [];
  for (const p of Object.values(PROVIDERS)) if (p && (await p.available(deps, tenantId))) out.push(p.id);
  return out;
}
