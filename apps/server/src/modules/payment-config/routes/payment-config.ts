import { Permission } from '@carewatch/contracts/permissions';
import {
  ZPartnerVerifyStatus,
  ZPaymentConfigTenantQuery,
  ZPaymentMethodInformation,
  ZPaymentTaxRequest,
  ZVerifyPartnerRequest,
  ZVerifyPaymentMethodRequest,
} from '@carewatch/contracts/payment-config';
import { defineRoute } from '../../../platform/route.ts';
import {
  partnerVerifyStatus,
  paymentMethodInformation,
  setTax,
  verifyPartner,
  verifyPaymentMethod,
} from '../payment-config.service.ts';

/** Spec §7 "Payment config" (super admin only, §6). `?tenantId=` picks the tenant (default: the caller's). */
const P = '/api/auth/sadmin/payment-config';
const tags = ['payment-config'];

export const verifyPartnerRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'POST',
  url: `${P}/verify-partner-auth`,
  tags,
  permission: Permission.PaymentConfigManage,
  summary: 'Step 1: verify the partner (apiKey, partnerId); PARTNER_VERIFY_FAILED when they do not match',
  query: ZPaymentConfigTenantQuery,
  body: ZVerifyPartnerRequest,
  response: ZPartnerVerifyStatus,
  handler: async ({ query, body }, ctx) => verifyPartner(ctx, query.tenantId, body),
});
export const verifyPaymentMethodRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'POST',
  url: `${P}/verify-payment-method`,
  tags,
  permission: Permission.PaymentConfigManage,
  summary:
    'Step 2: verify a payment method (accessKey, shareKey, method stripe|vnpay|sandbox, secretKey, callbackUrl); PARTNER_NOT_VERIFIED before step 1, PAYMENT_KEY_WRONG on a wrong key',
  query: ZPaymentConfigTenantQuery,
  body: ZVerifyPaymentMethodRequest,
  response: ZPartnerVerifyStatus,
  handler: async ({ query, body }, ctx) => verifyPaymentMethod(ctx, query.tenantId, body),
});
export const paymentTaxRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'PUT',
  url: `${P}/tax`,
  tags,
  permission: Permission.PaymentConfigManage,
  summary: 'Step 3: the tax rate in basis points (1000 = 10 %), after a verified payment method',
  query: ZPaymentConfigTenantQuery,
  body: ZPaymentTaxRequest,
  response: ZPartnerVerifyStatus,
  handler: async ({ query, body }, ctx) => setTax(ctx, query.tenantId, body),
});
export const partnerVerifyStatusRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: `${P}/partner-verify-status`,
  tags,
  permission: Permission.PaymentConfigManage,
  summary: 'Where the setup stands: partner, methods, tax, next step, sandbox on/off',
  query: ZPaymentConfigTenantQuery,
  response: ZPartnerVerifyStatus,
  handler: async ({ query }, ctx) => partnerVerifyStatus(ctx, query.tenantId),
});
export const paymentMethodInformationRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: `${P}/payment-method-information`,
  tags,
  permission: Permission.PaymentConfigManage,
  summary: 'The verified partner and methods, keys masked (never a secret)',
  query: ZPaymentConfigTenantQuery,
  response: ZPaymentMethodInformation,
  handler: async ({ query }, ctx) => paymentMethodInformation(ctx, query.tenantId),
});

export const paymentConfigRoutes = [
  verifyPartnerRoute,
  verifyPaymentMethodRoute,
  paymentTaxRoute,
  partnerVerifyStatusRoute,
  paymentMethodInformationRoute,
];
