import type { TPartnerVerifyStatus, TPaymentMethodKind } from '@carewatch/contracts/payment-config';

/**
 * The payment methods screen's pure rules (spec §4 setup order: partner, method, tax): who may pick the tenant, the
 * provider's callback address, which fields are missing, and which steps are open.
 */

const PLATFORM_ROLES: readonly string[] = ['root', 'super_admin'];

/** A platform admin (tenant management and a platform role) picks the tenant; anyone else works on their own. */
export const picksTenant = (canManageTenants: boolean, role: string | undefined): boolean =>
  canManageTenants && PLATFORM_ROLES.includes(role ?? '');

const CALLBACK_PATH: Record<TPaymentMethodKind, string> = {
  stripe: 'stripe/webhook',
  vnpay: 'vnpay/ipn',
  sandbox: 'sandbox/callback',
};

/** The address the provider calls back, on this portal's origin (no trailing slash doubled). */
export const callbackUrlFor = (origin: string, method: TPaymentMethodKind): string =>
  `${origin.replace(/\/+$/, '')}/api/payments/${CALLBACK_PATH[method]}`;

/** The fields (of `keys`) left blank once trimmed, each with the catalogue key of "Required". */
export function missingFields<K extends string>(
  values: Readonly<Record<K, string>>,
  keys: readonly K[],
): Partial<Record<K, 'fieldRules.required'>> {
  const out: Partial<Record<K, 'fieldRules.required'>> = {};
  for (const k of keys) if (!values[k].trim()) out[k] = 'fieldRules.required';
  return out;
}

export const PARTNER_FIELDS = ['partnerId', 'apiKey'] as const;
export const METHOD_FIELDS = ['accessKey', 'shareKey', 'secretKey', 'callbackUrl'] as const;

/** Each step's state: open or not, and (when not) the catalogue key of why. */
export type StepState = {
  disabled: boolean;
  reasonKey: 'paymentConfig.method.needsPartner' | 'paymentConfig.tax.needsMethod' | null;
};

export function methodStep(s: Pick<TPartnerVerifyStatus, 'partnerVerified'>): StepState {
  return s.partnerVerified
    ? { disabled: false, reasonKey: null }
    : { disabled: true, reasonKey: 'paymentConfig.method.needsPartner' };
}

export function taxStep(s: Pick<TPartnerVerifyStatus, 'partnerVerified' | 'methods'>): StepState {
  if (!s.partnerVerified) return { disabled: true, reasonKey: 'paymentConfig.method.needsPartner' };
  if (s.methods.length === 0) return { disabled: true, reasonKey: 'paymentConfig.tax.needsMethod' };
  return { disabled: false, reasonKey: null };
}

/** The status card's line: done, or the next step named. */
export function nextStepText(
  step: TPartnerVerifyStatus['step'],
): { key: 'paymentConfig.status.done' } | { key: 'paymentConfig.status.next'; stepKey: string } {
  return step === 'done'
    ? { key: 'paymentConfig.status.done' }
    : { key: 'paymentConfig.status.next', stepKey: `paymentConfig.steps.${step}` };
}
