import { z } from 'zod';
import { Permission } from '@carewatch/contracts/permissions';
import { ZCheckoutRequest, ZCheckoutResponse, ZOrder, ZScratchCardRequest } from '@carewatch/contracts/billing';
import { ZAvailablePaymentProviders } from '@carewatch/contracts/payment-config';
import { defineRoute } from '../../../platform/route.ts';
import { checkout, myPaymentProviders, payWithCard } from '../checkout.service.ts';

const P = '/api/account/orders';
const tags = ['orders', 'patient-app'];
const ZOrderCodeParams = z.object({
  code: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .regex(/^[A-Za-z0-9]+$/, 'Invalid order code'),
});

export const checkoutRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'POST',
  url: `${P}/:code/checkout`,
  tags,
  permission: Permission.AccountProfileView,
  summary:
    'Pay my pending order with a redirecting provider (VN_PAY, STRIPE, SANDBOX): the address to open. PAYMENT_METHOD_NOT_FINALIZED when the tenant has not set the provider up',
  params: ZOrderCodeParams,
  body: ZCheckoutRequest,
  response: ZCheckoutResponse,
  handler: async ({ params, body }, ctx) => checkout(ctx, params.code, body),
});
export const scratchCardRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'POST',
  url: `${P}/:code/scratch-card`,
  tags,
  permission: Permission.AccountProfileView,
  summary:
    'Pay my pending order with a scratch card / phone account (VIETTEL_PAY, BCCS): CARD_WRONG, CARD_LOCKED after 3 wrong security codes, PAYMENT_FAILED when the card is worth less',
  params: ZOrderCodeParams,
  body: ZScratchCardRequest,
  response: ZOrder,
  handler: async ({ params, body }, ctx) => payWithCard(ctx, params.code, body),
});
export const paymentProvidersRoute = defineRoute({
  audit: { phi: 'none' },
  method: 'GET',
  url: '/api/account/payment-providers',
  tags,
  permission: Permission.AccountProfileView,
  summary: 'The providers my tenant takes payments with now (SANDBOX while no real method is set up)',
  response: ZAvailablePaymentProviders,
  handler: async (_in, ctx) => myPaymentProviders(ctx),
});
