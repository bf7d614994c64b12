import { z } from 'zod';
import { ZId, ZIsoDateTime } from './common.ts';
import { ZPaymentProvider } from './billing.ts';

/**
 * Payment configuration of a tenant (issue 17; staff-portal spec §3 "Payment config", §4 setup order, §7 calls).
 * Super admin only (PaymentConfigManage). Steps in order: partner verify → payment method verify → tax.
 * Every call takes an optional `tenantId` query (a platform admin configures any tenant; default: the caller's own).
 */
export const PAYMENT_METHOD_KINDS = ['stripe', 'vnpay', 'sandbox'] as const;
export const ZPaymentMethodKind = z.enum(PAYMENT_METHOD_KINDS);
export type TPaymentMethodKind = z.infer<typeof ZPaymentMethodKind>;

export const ZPaymentConfigTenantQuery = z.object({ tenantId: ZId.optional() });

const ZKey = z.string().trim().min(1, 'Required').max(200, 'At most 200 characters');

/** Step 1. partnerId is the spec's "tenantId/partnerId". */
export const ZVerifyPartnerRequest = z.object({ apiKey: ZKey, partnerId: ZKey });
export type TVerifyPartnerRequest = z.infer<typeof ZVerifyPartnerRequest>;

/** Step 2 (spec: accessKey, shareKey, method, secretKey, callbackUrl). */
export const ZVerifyPaymentMethodRequest = z.object({
  accessKey: ZKey,
  shareKey: ZKey,
  method: ZPaymentMethodKind,
  secretKey: ZKey,
  callbackUrl: z.string().trim().max(500, 'At most 500 characters').url('A full http(s) address'),
});
export type TVerifyPaymentMethodRequest = z.infer<typeof ZVerifyPaymentMethodRequest>;

/** Step 3: tax rate in basis points (1000 = 10 %). */
export const ZPaymentTaxRequest = z.object({
  rateBp: z.number().int('Whole basis points').min(0, 'Min value is 0').max(10_000, 'Max value is 10000'),
});
export type TPaymentTaxRequest = z.infer<typeof ZPaymentTaxRequest>;

export const PAYMENT_CONFIG_STEPS = ['partner', 'method', 'tax', 'done'] as const;
export const ZPaymentConfigStep = z.enum(PAYMENT_CONFIG_STEPS);

export const ZPartnerVerifyStatus = z.object({
  tenantId: ZId,
  partnerVerified: z.boolean(),
  partnerId: z.string().nullable(),
  partnerVerifiedAt: ZIsoDateTime.nullable(),
  methods: z.array(z.object({ method: ZPaymentMethodKind, verifiedAt: ZIsoDateTime })),
  taxRateBp: z.number().int(),
  taxSet: z.boolean(),
  /** The next step to do ('done' when all three are). */
  step: ZPaymentConfigStep,
  /** The embedded sandbox provider is offered to the app (no real method verified, or the sandbox method verified). */
  sandboxActive: z.boolean(),
});
export type TPartnerVerifyStatus = z.infer<typeof ZPartnerVerifyStatus>;

/** Never a secret: keys are masked (last 4 characters at most). */
export const ZPaymentMethodInformation = z.object({
  tenantId: ZId,
  partner: z.object({ partnerId: z.string(), apiKeyMasked: z.string(), verifiedAt: ZIsoDateTime }).nullable(),
  methods: z.array(
    z.object({
      method: ZPaymentMethodKind,
      accessKeyMasked: z.string(),
      shareKeyMasked: z.string(),
      secretKeyMasked: z.string(),
      callbackUrl: z.string(),
      verifiedAt: ZIsoDateTime,
    }),
  ),
  taxRateBp: z.number().int(),
});
export type TPaymentMethodInformation = z.infer<typeof ZPaymentMethodInformation>;

/** The providers the caller's tenant can take payments with now (GET /api/account/payment-providers; the app's choice). */
export const ZAvailablePaymentProviders = z.object({ providers: z.array(ZPaymentProvider) });
export type TAvailablePaymentProviders = z.infer<typeof ZAvailablePaymentProviders>;
