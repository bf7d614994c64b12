import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { newId } from '../../platform/ids.ts';
import { DEMO_PASSWORD } from '../seed/demo.ts';
import { ensureDefaultPackages } from '../packages/packages.service.ts';
import { issuePartnerApiKey } from '../payment-config/partner-keys.ts';
import { addSimCard, DEMO_CARDS } from './providers/card-simulator.ts';
import { vnpaySign } from './providers/vnpay-sign.ts';

const CFG = '/api/auth/sadmin/payment-config';
const VNP = {
  accessKey: 'CWTEST01',
  secretKey: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ012345',
  shareKey: 'https://sandbox.vnpayment.vn/paymentv2/vpcpay.html',
};
const WHSEC = 'whsec_TestWebhookSigningSecret0001';

/** A stand-in for api.stripe.com: answers Checkout Session creation; `hang` makes it never answer (a timeout). */
function stripeStub() {
  const state = { hang: false, requests: [] as Array<{ path: string; body: string }> };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += String(c);
    });
    req.on('end', () => {
      state.requests.push({ path: req.url ?? '', body });
      if (state.hang) return; // never answers
      const ref = new URLSearchParams(body).get('client_reference_id') ?? 'x';
      res.writeHead(200, { 'content-type': 'application/json', 'request-id': 'req_stub' });
      res.end(
        JSON.stringify({
          id: `cs_test_${ref}`,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/c/pay/cs_test_${ref}`,
          client_reference_id: ref,
        }),
      );
    });
  });
  return { server, state };
}

describe('payment providers (sandbox, cards, VNPay, Stripe)', () => {
  let t: TestApp;
  let stub: ReturnType<typeof stripeStub>;
  let demo: string;
  let basic: string;
  const users: Record<string, string> = {};
  const tokens: Record<string, string> = {};
  let sadmin: string;

  const appLogin = async (local: string) => {
    const res = await t.call('POST', '/api/auth/oauth-token', {
      form: { tenant: 'demo', username: `${local}@demo.test`, password: DEMO_PASSWORD, grant_type: 'password' },
      headers: { 'x-client': 'app' },
    });
    if (res.status !== 200) throw new Error(res.raw);
    return String(res.body.access_token);
  };
  /** A pending Basic 12-month order written straight into H1's table (120,000 đ + 10 % tax). */
  const order = async (
    user = 'patient',
    total = 132_000,
    currency = 'VND',
  ): Promise<{ code: string; id: string; total: number }> => {
    const id = newId();
    const code = `CW261122${id.replace(/-/g, '').slice(-8).toUpperCase()}`;
    const now = t.clock.now();
    await t.db.query(
      `insert into orders (id, tenant_id, code, user_id, package_id, item_type, months, quantity, amount_minor, tax_minor, total_minor, currency, channel, status, created_at, updated_at)
       values ($1, $2, $3, $4, $5, 'SERVICE_PACKAGE', 12, 1, $6, $7, $8, $9, 'APP', 1, $10, $10)`,
      [
        id,
        demo,
        code,
        users[user]!,
        basic,
        total - Math.floor(total / 11),
        Math.floor(total / 11),
        total,
        currency,
        now,
      ],
    );
    return { code, id, total };
  };
  const orderRow = async (code: string) =>
    (
      await t.db.query<{
        status: number;
        provider: string | null;
        response_code: string | null;
        response_message: string | null;
        provider_ref: string | null;
        paid_at: Date | null;
      }>(
        'select status, provider, response_code, response_message, provider_ref, paid_at from orders where code = $1',
        [code],
      )
    )[0]!;
  const activeSubs = async (user: string) =>
    t.db.query<{ ends_at: Date; source_id: string }>(
      "select ends_at, source_id from subscriptions where user_id = $1 and status = 'active'",
      [users[user]!],
    );

  beforeAll(async () => {
    stub = stripeStub();
    await new Promise<void>((r) => stub.server.listen(0, '127.0.0.1', () => r()));
    const port = (stub.server.address() as AddressInfo).port;
    t = await startTestApp({ config: { stripeApi: { host: '127.0.0.1', port, protocol: 'http', timeoutMs: 500 } } });
    demo = (await t.db.query<{ id: string }>("select id from tenants where code = 'demo'"))[0]!.id;
    await ensureDefaultPackages(t.db, demo, t.clock.now());
    basic = (
      await t.db.query<{ id: string }>("select id from packages where tenant_id = $1 and code = 'BASIC'", [demo])
    )[0]!.id;
    for (const u of ['patient', 'follower']) {
      users[u] = (await t.db.query<{ id: string }>('select id from users where email = $1', [`${u}@demo.test`]))[0]!.id;
      tokens[u] = await appLogin(u);
    }
    sadmin = (await t.login('superadmin')).access;
  });
  afterAll(async () => {
    await t?.close();
    stub?.server.closeAllConnections();
    await new Promise<void>((r) => stub.server.close(() => r()));
  });

  // ------------------------------------------------------------ sandbox (the default)

  /** Opens the sandbox pay page of a checkout and reads its two signed forms. */
  const sandboxForms = async (code: string, token = tokens.patient!, lang = 'en') => {
    const co = await t.post(`/api/account/orders/${code}/checkout`, { provider: 'SANDBOX' }, token);
    expect(co.status, co.raw).toBe(200);
    expect(co.body.orderCode).toBe(code);
    const page = await t.call('GET', (co.body.redirectUrl as string).replace(/([?&])lang=\w+&?/, '$1'), {
      headers: { 'accept-language': lang },
    });
    expect(page.status).toBe(200);
    const forms = page.raw
      .split('<form')
      .slice(1)
      .map((f) => Object.fromEntries([...f.matchAll(/name="(\w+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!])));
    return { page, pay: forms[0]!, decline: forms[1]! };
  };

  it('offers the sandbox and the card simulator while no real method is verified; others are not finalized', async () => {
    const p = await t.get('/api/account/payment-providers', tokens.patient);
    expect(p.body.providers).toEqual(expect.arrayContaining(['SANDBOX', 'VIETTEL_PAY', 'BCCS']));
    expect(p.body.providers).not.toContain('VN_PAY');
    expect(p.body.providers).not.toContain('STRIPE');
    const o = await order();
    expect(
      (await t.post(`/api/account/orders/${o.code}/checkout`, { provider: 'VN_PAY' }, tokens.patient)).body.code,
    ).toBe('PAYMENT_METHOD_NOT_FINALIZED');
    expect(
      (await t.post(`/api/account/orders/${o.code}/checkout`, { provider: 'STRIPE' }, tokens.patient)).body.code,
    ).toBe('PAYMENT_METHOD_NOT_FINALIZED');
    expect(
      (await t.post(`/api/account/orders/${o.code}/checkout`, { provider: 'SANDBOX' }, tokens.follower)).body.code,
    ).toBe('ORDER_NOT_FOUND');
  });

  it('sandbox: pay page (en/vi) → signed callback settles once → result page; tampered, stale and replayed callbacks change nothing', async () => {
    const o = await order();
    const { page, pay } = await sandboxForms(o.code, tokens.patient, 'vi');
    expect(page.headers['content-type']).toContain('text/html');
    expect(String(page.headers['content-security-policy'])).toContain("form-action 'self'");
    expect(page.raw).toContain('Thanh toán');
    expect(page.raw).toContain('132.000 đ');
    expect(page.raw).not.toContain('<script');
    const forged = await t.get(`/api/payments/sandbox/pay/${o.code}?tenant=${demo}&sig=${'0'.repeat(64)}&lang=en`);
    expect(forged.raw).toContain('Payment not found');
    expect(forged.raw).not.toContain('<form');
    const co = await t.post(`/api/account/orders/${o.code}/checkout`, { provider: 'SANDBOX' }, tokens.patient);
    expect(co.body.redirectUrl).toMatch(/^\/api\/payments\/sandbox\/pay\/CW\w+\?tenant=.*&lang=en&sig=[0-9a-f]{64}$/);
    const en = await t.call('GET', co.body.redirectUrl as string, { headers: { 'accept-language': 'vi' } });
    expect(en.raw).toContain('>Pay</button>');
    expect(await orderRow(o.code)).toMatchObject({ status: 1, provider: 'SANDBOX' });

    // Tampered: another amount, result or order under the same signature.
    for (const bad of [
      { ...pay, amount: '1' },
      { ...pay, order: 'CW000000AAAAAAAA' },
      { ...pay, sig: pay.sig!.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) },
      { ...pay, tenant: newId() },
    ]) {
      const r = await t.call('POST', '/api/payments/sandbox/callback', { form: bad });
      expect(r.status).toBe(400);
    }
    expect((await orderRow(o.code)).status).toBe(1);

    const ok = await t.call('POST', '/api/payments/sandbox/callback', { form: pay });
    expect(ok.status).toBe(303);
    expect(ok.headers.location).toBe(`/app/subscription/result?order=${o.code}`);
    const paid = await orderRow(o.code);
    expect(paid).toMatchObject({ status: 2, provider: 'SANDBOX', response_message: 'success' });
    const subs = await activeSubs('patient');
    expect(subs).toHaveLength(1);
    const ends = subs[0]!.ends_at.getTime();

    // Replayed: the same callback again changes nothing.
    const again = await t.call('POST', '/api/payments/sandbox/callback', { form: pay });
    expect(again.status).toBe(303);
    expect((await activeSubs('patient'))[0]!.ends_at.getTime()).toBe(ends);
    expect(
      await t.db.query("select 1 from payment_events where provider = 'SANDBOX' and event_id = $1", [pay.txn!]),
    ).toHaveLength(1);
    expect((await t.get(`/api/account/orders/${o.code}`, tokens.patient)).body.status).toBe(2);
    // Back to the pay page after paying: no buttons, a link to the order's result in the app.
    const back = await t.call('GET', co.body.redirectUrl as string);
    expect(back.raw).toContain('This payment is finished');
    expect(back.raw).toContain(`href="/app/subscription/result?order=${o.code}"`);
    expect(back.raw).not.toContain('<form');
    const trail = await t.db.query<{ outcome: string }>(
      "select outcome from audit_log where action = 'payment.sandbox_callback' and (details->>'order' = $1 or tenant_id is null)",
      [o.code],
    );
    expect(trail.map((r) => r.outcome).sort()).toEqual(['denied', 'denied', 'denied', 'denied', 'ok', 'ok']);
  });

  it('sandbox: Decline fails the order; a callback older than 30 minutes is refused', async () => {
    const o = await order();
    const { decline } = await sandboxForms(o.code);
    expect((await t.call('POST', '/api/payments/sandbox/callback', { form: decline })).status).toBe(303);
    expect(await orderRow(o.code)).toMatchObject({ status: 0, response_code: 'cancelled' });

    const o2 = await order();
    const { pay } = await sandboxForms(o2.code);
    t.clock.set(new Date(t.clock.now().getTime() + 31 * 60_000));
    expect((await t.call('POST', '/api/payments/sandbox/callback', { form: pay })).status).toBe(400);
    expect((await orderRow(o2.code)).status).toBe(1);
    tokens.patient = await appLogin('patient');
    tokens.follower = await appLogin('follower');
    sadmin = (await t.login('superadmin')).access;
  });

  it('10 concurrent identical valid callbacks → one payment, one subscription change', async () => {
    expect(await activeSubs('follower')).toHaveLength(0);
    const o = await order('follower');
    const { pay } = await sandboxForms(o.code, tokens.follower);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => t.call('POST', '/api/payments/sandbox/callback', { form: pay })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(303));
    expect((await orderRow(o.code)).status).toBe(2);
    const subs = await activeSubs('follower');
    expect(subs).toHaveLength(1);
    const months12 = new Date(t.clock.now());
    months12.setUTCMonth(months12.getUTCMonth() + 12);
    expect(subs[0]!.ends_at.getTime()).toBe(months12.getTime());
    expect(
      await t.db.query("select 1 from payment_events where provider = 'SANDBOX' and event_id = $1", [pay.txn!]),
    ).toHaveLength(1);
    // And ten different valid callbacks for one order (two pay pages): still one payment.
    const o2 = await order('follower');
    const pages = await Promise.all(Array.from({ length: 10 }, () => sandboxForms(o2.code, tokens.follower)));
    await Promise.all(pages.map((p) => t.call('POST', '/api/payments/sandbox/callback', { form: p.pay })));
    expect((await orderRow(o2.code)).status).toBe(2);
    months12.setUTCMonth(months12.getUTCMonth() + 12);
    expect((await activeSubs('follower'))[0]!.ends_at.getTime()).toBe(months12.getTime());
  });

  // ------------------------------------------------------------ scratch cards

  it('scratch cards: wrong code, 3 wrong security codes lock, too little money, good card settles', async () => {
    const now = t.clock.now();
    await addSimCard(
      t.db,
      demo,
      { provider: 'VIETTEL_PAY', code: '111122223333', securityCode: '9999888877', valueMinor: 500_000 },
      now,
    );
    await addSimCard(
      t.db,
      demo,
      { provider: 'VIETTEL_PAY', code: '111122224444', securityCode: '9999888877', valueMinor: 500_000 },
      now,
    );
    await addSimCard(
      t.db,
      demo,
      { provider: 'BCCS', code: '555566667777', securityCode: '1111222233', valueMinor: 10_000 },
      now,
    );
    const o = await order();
    const pay = (code: string, securityCode: string, provider = 'VIETTEL_PAY') =>
      t.post(`/api/account/orders/${o.code}/scratch-card`, { provider, code, securityCode }, tokens.patient);

    expect((await pay('000000000000', '9999888877')).body).toMatchObject({
      code: 'CARD_WRONG',
      message: 'Incorrect security code or scratch card code',
    });
    expect((await pay('111122223333', '9999888877', 'BCCS')).body.code).toBe('CARD_WRONG');
    expect((await pay('111122223333', '0000000001')).body.code).toBe('CARD_WRONG');
    expect((await pay('111122223333', '0000000002')).body.code).toBe('CARD_WRONG');
    const third = await pay('111122223333', '0000000003');
    expect(third.status).toBe(423);
    expect(third.body.code).toBe('CARD_LOCKED');
    expect((await pay('111122223333', '9999888877')).body.code).toBe('CARD_LOCKED');
    expect((await pay('555566667777', '1111222233', 'BCCS')).body).toMatchObject({
      code: 'PAYMENT_FAILED',
      message: 'Payment failed, not enough money',
    });
    expect((await pay('12', '1')).body).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'code' } });
    expect((await orderRow(o.code)).status).toBe(1);

    const good = await pay('111122224444', '9999888877');
    expect(good.status, good.raw).toBe(200);
    expect(good.body).toMatchObject({ code: o.code, status: 2, provider: 'VIETTEL_PAY' });
    // A card pays once.
    const o2 = await order();
    expect(
      (
        await t.post(
          `/api/account/orders/${o2.code}/scratch-card`,
          { provider: 'VIETTEL_PAY', code: '111122224444', securityCode: '9999888877' },
          tokens.patient,
        )
      ).body.code,
    ).toBe('PAYMENT_FAILED');
    expect(
      (
        await t.post(
          `/api/account/orders/${o.code}/scratch-card`,
          { provider: 'VIETTEL_PAY', code: '111122224444', securityCode: '9999888877' },
          tokens.patient,
        )
      ).body.code,
    ).toBe('ORDER_NOT_PENDING');
    // The demo tenants' documented card (README): Viettel Pay 10000000000001 / 12345678901, 500,000 đ.
    const demoCard = DEMO_CARDS[0]!;
    expect(
      (
        await t.post(
          `/api/account/orders/${o2.code}/scratch-card`,
          { provider: demoCard.provider, code: demoCard.code, securityCode: demoCard.securityCode },
          tokens.patient,
        )
      ).body,
    ).toMatchObject({ status: 2 });
  });

  it('scratch cards: at most 10 tries per account in 15 minutes (no probing for card numbers)', async () => {
    const o = await order('follower');
    const pay = () =>
      t.post(
        `/api/account/orders/${o.code}/scratch-card`,
        { provider: 'VIETTEL_PAY', code: '900000000000', securityCode: '9999888877' },
        tokens.follower,
      );
    for (let i = 0; i < 10; i++) expect((await pay()).body.code).toBe('CARD_WRONG');
    const limited = await pay();
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('RATE_LIMITED');
    expect((await orderRow(o.code)).status).toBe(1);
  });

  // ------------------------------------------------------------ VNPay

  const ipn = (params: Record<string, string>) =>
    t.get(`/api/payments/vnpay/ipn?${new URLSearchParams(params).toString()}`);
  const vnpParams = (code: string, total: number, extra: Record<string, string> = {}) => {
    const p: Record<string, string> = {
      vnp_Amount: String(total * 100),
      vnp_BankCode: 'NCB',
      vnp_BankTranNo: 'VNP1',
      vnp_CardType: 'ATM',
      vnp_OrderInfo: `Thanh toan don hang ${code}`,
      vnp_PayDate: '20261122150500',
      vnp_ResponseCode: '00',
      vnp_TmnCode: VNP.accessKey,
      vnp_TransactionNo: '14980726',
      vnp_TransactionStatus: '00',
      vnp_TxnRef: code,
      ...extra,
    };
    return { ...p, vnp_SecureHashType: 'HmacSHA512', vnp_SecureHash: vnpaySign(p, VNP.secretKey) };
  };

  it('VNPay: signed payment URL; IPN 97, 01, 04, 00, 02; bank codes fail the order; the return never pays', async () => {
    const early = await order();
    const { pay: earlyPay } = await sandboxForms(early.code);
    expect(
      (
        await t.post(
          `${CFG}/verify-partner-auth`,
          { apiKey: issuePartnerApiKey('CAREWATCH'), partnerId: 'CAREWATCH' },
          sadmin,
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await t.post(
          `${CFG}/verify-payment-method`,
          { method: 'vnpay', ...VNP, callbackUrl: 'https://cw.example/api/payments/vnpay/ipn' },
          sadmin,
        )
      ).status,
    ).toBe(200);
    // The sandbox is off once a real method is verified: an earlier pay page's callback no longer pays.
    expect((await t.call('POST', '/api/payments/sandbox/callback', { form: earlyPay })).body.code).toBe(
      'PAYMENT_METHOD_NOT_FINALIZED',
    );
    expect((await orderRow(early.code)).status).toBe(1);
    expect(
      (await t.post(`/api/account/orders/${early.code}/checkout`, { provider: 'SANDBOX' }, tokens.patient)).body.code,
    ).toBe('PAYMENT_METHOD_NOT_FINALIZED');
    const providers = (await t.get('/api/account/payment-providers', tokens.patient)).body.providers as string[];
    expect(providers).toContain('VN_PAY');
    expect(providers).not.toContain('SANDBOX');

    const o = await order();
    const co = await t.post(`/api/account/orders/${o.code}/checkout`, { provider: 'VN_PAY' }, tokens.patient);
    expect(co.status, co.raw).toBe(200);
    const url = new URL(co.body.redirectUrl as string);
    expect(`${url.origin}${url.pathname}`).toBe(VNP.shareKey);
    const q = Object.fromEntries(url.searchParams.entries());
    expect(q).toMatchObject({
      vnp_Version: '2.1.0',
      vnp_Command: 'pay',
      vnp_TmnCode: VNP.accessKey,
      vnp_Amount: String(o.total * 100),
      vnp_CurrCode: 'VND',
      vnp_TxnRef: o.code,
      vnp_ReturnUrl: 'https://cw.example/api/payments/vnpay/return',
    });
    expect(q.vnp_SecureHash).toBe(vnpaySign(q, VNP.secretKey));

    // 97 before 01: a bad signature on an unknown order is 97.
    expect((await ipn({ ...vnpParams('CW000000NOTFOUND', 1), vnp_SecureHash: '0'.repeat(128) })).body).toEqual({
      RspCode: '97',
      Message: 'Invalid signature',
    });
    const tampered = { ...vnpParams(o.code, o.total), vnp_Amount: '100' };
    expect((await ipn(tampered)).body.RspCode).toBe('97');
    expect((await ipn({ ...vnpParams(o.code, o.total, { vnp_TmnCode: 'OTHER001' }) })).body.RspCode).toBe('97');
    expect((await ipn(vnpParams('CW000000NOTFOUND', o.total))).body).toEqual({
      RspCode: '01',
      Message: 'Order not found',
    });
    expect((await ipn(vnpParams(o.code, o.total + 1))).body).toEqual({ RspCode: '04', Message: 'Invalid amount' });
    expect((await orderRow(o.code)).status).toBe(1);

    // The return URL, even signed as a success, only redirects.
    const ret = await t.get(`/api/payments/vnpay/return?${new URLSearchParams(vnpParams(o.code, o.total)).toString()}`);
    expect(ret.status).toBe(303);
    expect(ret.headers.location).toBe(`/app/subscription/result?order=${o.code}`);
    expect((await orderRow(o.code)).status).toBe(1);

    expect((await ipn(vnpParams(o.code, o.total))).body).toEqual({ RspCode: '00', Message: 'Confirm Success' });
    expect(await orderRow(o.code)).toMatchObject({
      status: 2,
      provider: 'VN_PAY',
      provider_ref: '14980726',
      response_code: '00',
    });
    expect((await ipn(vnpParams(o.code, o.total))).body).toEqual({ RspCode: '02', Message: 'Order already confirmed' });
    expect((await ipn(vnpParams(o.code, o.total, { vnp_ResponseCode: '24' }))).body.RspCode).toBe('02');

    // A bank refusal: insufficient balance fails the order with its code.
    const o2 = await order();
    expect(
      (await ipn(vnpParams(o2.code, o2.total, { vnp_ResponseCode: '51', vnp_TransactionStatus: '02' }))).body.RspCode,
    ).toBe('00');
    expect(await orderRow(o2.code)).toMatchObject({
      status: 0,
      response_code: '51',
      response_message: 'insufficient_balance',
    });
    expect((await ipn(vnpParams(o2.code, o2.total))).body.RspCode).toBe('02');
    expect((await orderRow(o2.code)).status).toBe(0);
  });

  // ------------------------------------------------------------ Stripe

  const event = (id: string, type: string, code: string, total: number, extra: Record<string, unknown> = {}) =>
    JSON.stringify(
      {
        id,
        object: 'event',
        type,
        api_version: '2025-01-01',
        created: Math.floor(t.clock.now().getTime() / 1000),
        data: {
          object: {
            id: `cs_test_${code}`,
            object: 'checkout.session',
            client_reference_id: code,
            amount_total: total,
            currency: 'vnd',
            payment_status: 'paid',
            payment_intent: `pi_${code}`,
            metadata: { orderCode: code },
            ...extra,
          },
        },
      },
      null,
      2,
    );
  const signed = (payload: string, secondsAgo = 0, secret = WHSEC) =>
    Stripe.webhooks.generateTestHeaderString({
      payload,
      secret,
      timestamp: Math.floor(t.clock.now().getTime() / 1000) - secondsAgo,
    });
  const webhook = (payload: string, signature: string) =>
    t.call('POST', '/api/payments/stripe/webhook', {
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });

  it('Stripe: Checkout Session through the SDK (local stub); a timeout leaves the order pending', async () => {
    expect(
      (
        await t.post(
          `${CFG}/verify-payment-method`,
          {
            method: 'stripe',
            accessKey: 'pk_test_51TestPublishable',
            secretKey: 'sk_test_51TestSecretValue',
            shareKey: WHSEC,
            callbackUrl: 'https://cw.example/api/payments/stripe/webhook',
          },
          sadmin,
        )
      ).status,
    ).toBe(200);
    const o = await order();
    const co = await t.post(`/api/account/orders/${o.code}/checkout`, { provider: 'STRIPE' }, tokens.patient);
    expect(co.status, co.raw).toBe(200);
    expect(co.body.redirectUrl).toBe(`https://checkout.stripe.test/c/pay/cs_test_${o.code}`);
    const sent = new URLSearchParams(stub.state.requests.at(-1)!.body);
    expect(stub.state.requests.at(-1)!.path).toBe('/v1/checkout/sessions');
    expect(sent.get('line_items[0][price_data][unit_amount]')).toBe(String(o.total));
    expect(sent.get('line_items[0][price_data][currency]')).toBe('vnd');
    expect(sent.get('success_url')).toBe(`https://cw.example/app/subscription/result?order=${o.code}`);

    stub.state.hang = true;
    const o2 = await order();
    const slow = await t.post(`/api/account/orders/${o2.code}/checkout`, { provider: 'STRIPE' }, tokens.patient);
    stub.state.hang = false;
    expect(slow.status).toBe(502);
    expect(slow.body.code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    expect(await orderRow(o2.code)).toMatchObject({ status: 1, provider: 'STRIPE' });
    // Settled later by the provider's webhook.
    const p = event('evt_late_1', 'checkout.session.completed', o2.code, o2.total);
    expect((await webhook(p, signed(p))).body).toMatchObject({ received: true, outcome: 'confirmed' });
    expect((await orderRow(o2.code)).status).toBe(2);
  });

  it('Stripe webhook: bad signature refused, 301 s old refused, event applied once, expired fails', async () => {
    const o = await order();
    const p = event('evt_ok_1', 'checkout.session.completed', o.code, o.total);
    expect((await webhook(p, signed(p, 0, 'whsec_SomebodyElsesSecret000000'))).status).toBe(400);
    expect((await webhook(p.replace(`"amount_total": ${o.total}`, '"amount_total": 1'), signed(p))).status).toBe(400);
    expect((await webhook(p, signed(p, 301))).status).toBe(400);
    expect((await webhook(p, 'garbage')).status).toBe(400);
    expect((await orderRow(o.code)).status).toBe(1);
    expect(await t.db.query("select 1 from payment_events where event_id = 'evt_ok_1'")).toHaveLength(0);

    const ok = await webhook(p, signed(p, 299));
    expect(ok.status, ok.raw).toBe(200);
    expect(ok.body).toEqual({ received: true, duplicate: false, outcome: 'confirmed' });
    expect(await orderRow(o.code)).toMatchObject({ status: 2, provider: 'STRIPE', provider_ref: `pi_${o.code}` });
    const ends = (await activeSubs('patient'))[0]!.ends_at.getTime();
    const dup = await Promise.all(Array.from({ length: 5 }, () => webhook(p, signed(p))));
    expect(dup.map((d) => d.body.duplicate)).toEqual(Array(5).fill(true));
    expect((await activeSubs('patient'))[0]!.ends_at.getTime()).toBe(ends);

    const o2 = await order();
    const exp = event('evt_exp_1', 'checkout.session.expired', o2.code, o2.total, { payment_status: 'unpaid' });
    expect((await webhook(exp, signed(exp))).body.outcome).toBe('failed');
    expect(await orderRow(o2.code)).toMatchObject({ status: 0, response_code: 'timeout' });
    // A different event id for an already paid order changes nothing.
    const late = event('evt_ok_2', 'checkout.session.completed', o.code, o.total);
    expect((await webhook(late, signed(late))).body.outcome).toBe('already_confirmed');
  });
});
