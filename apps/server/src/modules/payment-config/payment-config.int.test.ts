import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { issuePartnerApiKey } from './partner-keys.ts';

const P = '/api/auth/sadmin/payment-config';
const PARTNER = 'CAREWATCH-DEMO';
const STRIPE = {
  method: 'stripe',
  accessKey: 'pk_test_51DemoPublishableKey',
  secretKey: 'sk_test_51DemoSecretKeyValue',
  shareKey: 'whsec_DemoWebhookSigningSecret123',
  callbackUrl: 'https://carewatch.example/api/payments/stripe/webhook',
};
const VNPAY = {
  method: 'vnpay',
  accessKey: 'CWTEST01',
  secretKey: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ012345',
  shareKey: 'https://sandbox.vnpayment.vn/paymentv2/vpcpay.html',
  callbackUrl: 'https://carewatch.example/api/payments/vnpay/ipn',
};

describe('payment config (super admin only; partner → method → tax)', () => {
  let t: TestApp;
  let sadmin: string;
  let root: string;
  let demo2: string;
  beforeAll(async () => {
    t = await startTestApp();
    sadmin = (await t.login('superadmin')).access;
    root = (await t.login('root')).access;
    demo2 = (await t.db.query<{ id: string }>("select id from tenants where code = 'demo2'"))[0]!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 403 to every role but super admin and root', async () => {
    for (const local of ['sysadmin', 'scopeadmin', 'mhscadmin', 'doctor', 'assistant', 'operator', 'cskh', 'coach']) {
      const tok = (await t.login(local)).access;
      expect((await t.get(`${P}/partner-verify-status`, tok)).status, local).toBe(403);
      expect((await t.get(`${P}/payment-method-information`, tok)).status, local).toBe(403);
      expect(
        (await t.post(`${P}/verify-partner-auth`, { apiKey: issuePartnerApiKey(PARTNER), partnerId: PARTNER }, tok))
          .status,
        local,
      ).toBe(403);
      expect((await t.post(`${P}/verify-payment-method`, STRIPE, tok)).status, local).toBe(403);
      expect((await t.put(`${P}/tax`, { rateBp: 1000 }, tok)).status, local).toBe(403);
    }
    const app = await t.call('POST', '/api/auth/oauth-token', {
      form: {
        tenant: 'demo',
        username: 'patient@demo.test',
        password: (await import('../seed/demo.ts')).DEMO_PASSWORD,
        grant_type: 'password',
      },
      headers: { 'x-client': 'app' },
    });
    expect((await t.get(`${P}/partner-verify-status`, String(app.body.access_token))).status).toBe(403);
    expect((await t.get(`${P}/partner-verify-status`)).status).toBe(401);
    expect((await t.get(`${P}/partner-verify-status`, root)).status).toBe(200);
  });

  it('follows the spec order: method and tax refused before the partner, tax before a method', async () => {
    const s0 = await t.get(`${P}/partner-verify-status`, sadmin);
    expect(s0.body).toMatchObject({
      partnerVerified: false,
      step: 'partner',
      methods: [],
      taxRateBp: 0,
      sandboxActive: true,
    });
    expect((await t.post(`${P}/verify-payment-method`, STRIPE, sadmin)).body.code).toBe('PARTNER_NOT_VERIFIED');
    expect((await t.put(`${P}/tax`, { rateBp: 1000 }, sadmin)).body.code).toBe('PARTNER_NOT_VERIFIED');

    // Partner: a key issued for another partner id, or a tampered key, fails with the spec's message.
    const bad = await t.post(
      `${P}/verify-partner-auth`,
      { apiKey: issuePartnerApiKey('SOMEONE-ELSE'), partnerId: PARTNER },
      sadmin,
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      code: 'PARTNER_VERIFY_FAILED',
      message: 'Verification of partner failed: wrong tenant id or api key',
    });
    expect(
      (await t.post(`${P}/verify-partner-auth`, { apiKey: 'cwpk_nonsense', partnerId: PARTNER }, sadmin)).body.code,
    ).toBe('PARTNER_VERIFY_FAILED');
    expect((await t.post(`${P}/verify-partner-auth`, { partnerId: PARTNER }, sadmin)).body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'apiKey' },
    });
    const s1 = await t.post(
      `${P}/verify-partner-auth`,
      { apiKey: issuePartnerApiKey(PARTNER), partnerId: PARTNER },
      sadmin,
    );
    expect(s1.status).toBe(200);
    expect(s1.body).toMatchObject({ partnerVerified: true, partnerId: PARTNER, step: 'method' });

    expect((await t.put(`${P}/tax`, { rateBp: 1000 }, sadmin)).body.code).toBe('PAYMENT_METHOD_NOT_FINALIZED');

    // Method: wrong keys fail with PAYMENT_KEY_WRONG naming the field.
    const wrong = await t.post(
      `${P}/verify-payment-method`,
      { ...STRIPE, secretKey: 'sk_live_51DemoSecretKeyValue' },
      sadmin,
    );
    expect(wrong.body).toMatchObject({
      code: 'PAYMENT_KEY_WRONG',
      message: 'Verification of partner failed: wrong payment key',
      details: { field: 'secretKey' },
    });
    expect(
      (await t.post(`${P}/verify-payment-method`, { ...STRIPE, shareKey: 'not-a-webhook-secret' }, sadmin)).body,
    ).toMatchObject({ code: 'PAYMENT_KEY_WRONG', details: { field: 'shareKey' } });
    expect((await t.post(`${P}/verify-payment-method`, { ...VNPAY, accessKey: 'short' }, sadmin)).body).toMatchObject({
      code: 'PAYMENT_KEY_WRONG',
      details: { field: 'accessKey' },
    });
    expect(
      (await t.post(`${P}/verify-payment-method`, { ...VNPAY, secretKey: 'too-short' }, sadmin)).body,
    ).toMatchObject({ code: 'PAYMENT_KEY_WRONG', details: { field: 'secretKey' } });
    expect((await t.post(`${P}/verify-payment-method`, { ...STRIPE, method: 'paypal' }, sadmin)).body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'method' },
    });

    const s2 = await t.post(`${P}/verify-payment-method`, VNPAY, sadmin);
    expect(s2.status).toBe(200);
    expect(s2.body).toMatchObject({ step: 'tax', sandboxActive: false });
    expect((await t.post(`${P}/verify-payment-method`, STRIPE, sadmin)).status).toBe(200);

    expect((await t.put(`${P}/tax`, { rateBp: 10001 }, sadmin)).body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'rateBp' },
    });
    const s3 = await t.put(`${P}/tax`, { rateBp: 1000 }, sadmin);
    expect(s3.body).toMatchObject({ step: 'done', taxRateBp: 1000, taxSet: true });
    expect((s3.body.methods as Array<{ method: string }>).map((m) => m.method)).toEqual(['stripe', 'vnpay']);
    const { getTaxRateBp } = await import('./payment-config.service.ts');
    expect(await getTaxRateBp(t.deps, s3.body.tenantId as string)).toBe(1000);
    expect(await getTaxRateBp(t.deps, demo2)).toBe(0);
  });

  it('never returns a secret: information is masked, and stored keys are sealed', async () => {
    const info = await t.get(`${P}/payment-method-information`, sadmin);
    expect(info.status).toBe(200);
    const text = info.raw;
    for (const secret of [STRIPE.secretKey, STRIPE.shareKey, VNPAY.secretKey, STRIPE.accessKey])
      expect(text).not.toContain(secret);
    expect(text).not.toMatch(/cwpk_[0-9a-f]{32}/);
    const stripe = (info.body.methods as Array<Record<string, string>>).find((m) => m.method === 'stripe')!;
    expect(stripe).toMatchObject({
      secretKeyMasked: '••••alue',
      shareKeyMasked: '••••t123',
      callbackUrl: STRIPE.callbackUrl,
    });
    expect(info.body.partner).toMatchObject({ partnerId: PARTNER });
    const rows = await t.db.query<{ share_key_enc: string; secret_key_enc: string }>(
      'select share_key_enc, secret_key_enc from payment_methods',
    );
    for (const r of rows) {
      expect(r.secret_key_enc).not.toContain(STRIPE.secretKey);
      expect(r.secret_key_enc).not.toContain(VNPAY.secretKey);
      expect(r.share_key_enc).not.toContain('whsec_');
    }
    const audits = await t.db.query<{ details: unknown }>(
      "select details from audit_log where action like 'payment_config.%'",
    );
    expect(JSON.stringify(audits)).not.toContain(STRIPE.secretKey);
  });

  it('configures another tenant with ?tenantId= (platform admin), separately', async () => {
    const s = await t.get(`${P}/partner-verify-status?tenantId=${demo2}`, sadmin);
    expect(s.body).toMatchObject({ tenantId: demo2, partnerVerified: false, step: 'partner' });
    expect(
      (
        await t.post(
          `${P}/verify-partner-auth?tenantId=${demo2}`,
          { apiKey: issuePartnerApiKey('DEMO2'), partnerId: 'DEMO2' },
          root,
        )
      ).body,
    ).toMatchObject({ tenantId: demo2, partnerVerified: true });
    expect(
      (await t.get(`${P}/partner-verify-status?tenantId=00000000-0000-4000-8000-000000000000`, sadmin)).body.code,
    ).toBe('TENANT_NOT_FOUND');
    expect((await t.get(`${P}/partner-verify-status?tenantId=nope`, sadmin)).body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'tenantId' },
    });
  });
});
