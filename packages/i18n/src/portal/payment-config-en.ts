/** Portal catalogue, domain "paymentConfig" (payment methods: partner verify → payment method verify → tax; English). */
export const paymentConfigEn = {
  nav: 'Payment methods',
  title: 'Payment methods',
  intro: 'Set up payments in this order: verify the partner, then verify a payment method, then set the tax rate.',
  tenant: 'Tenant',
  steps: { partner: '1. Partner', method: '2. Payment method', tax: '3. Tax' },
  status: {
    verified: 'Verified',
    notVerified: 'Not verified',
    set: 'Set',
    notSet: 'Not set',
    done: 'Setup complete',
    sandboxOn: 'Sandbox payments are on (no real payment method verified).',
    sandboxOff: 'Sandbox payments are off.',
    next: 'Next step: {{step}}',
  },
  partner: {
    title: 'Verify the partner',
    partnerId: 'Partner id (tenant id)',
    apiKey: 'API key',
    submit: 'Verify partner',
    done: 'Partner verified.',
  },
  method: {
    title: 'Verify a payment method',
    method: 'Method',
    accessKey: 'Access key',
    shareKey: 'Share key',
    secretKey: 'Secret key',
    callbackUrl: 'Callback URL',
    submit: 'Verify payment method',
    done: 'Payment method verified.',
    needsPartner: 'Verify the partner first.',
    methods: { stripe: 'Stripe', vnpay: 'VNPay', sandbox: 'Sandbox (test payments)' },
    hints: {
      stripe:
        'Access key: publishable key pk_test_/pk_live_; secret key: sk_test_/sk_live_ (same mode); share key: the webhook signing secret whsec_….',
      vnpay:
        'Access key: TmnCode (8 letters or digits); secret key: the hash secret (32 letters or digits); share key: the VNPay payment URL (https).',
      sandbox: 'Access key: any name; secret key: a signing key of at least 16 characters; share key: any text.',
    },
  },
  tax: {
    title: 'Tax',
    rate: 'Tax rate (%)',
    rateHint: 'Up to two decimals, e.g. 10 or 8.5',
    submit: 'Save tax rate',
    done: 'Tax rate saved.',
    needsMethod: 'Verify a payment method first.',
    current: 'Current tax rate: {{rate}} %',
  },
  info: {
    title: 'Payment method information',
    empty: 'No payment method verified yet.',
    partner: 'Partner',
    columns: {
      method: 'Method',
      accessKey: 'Access key',
      shareKey: 'Share key',
      secretKey: 'Secret key',
      callbackUrl: 'Callback URL',
      verifiedAt: 'Verified at',
    },
  },
  loadFailed: "Can't load the payment configuration",
};
export type PaymentConfigMessages = typeof paymentConfigEn;
