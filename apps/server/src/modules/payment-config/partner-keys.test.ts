import { describe, expect, test } from 'vitest';
import { issuePartnerApiKey, mask, methodKeyProblem, partnerKeyValid } from './partner-keys.ts';

/** The demo pair documented in the README / report. */
const DEMO = { partnerId: 'CAREWATCH-DEMO', apiKey: 'cwpk_0123456789abcdef0123456789abcdef_bc35511f' };

describe('partner verification (offline check digit)', () => {
  test('the documented demo pair and issued keys verify', () => {
    expect(partnerKeyValid(DEMO.partnerId, DEMO.apiKey)).toBe(true);
    expect(partnerKeyValid('TENANT01', issuePartnerApiKey('TENANT01'))).toBe(true);
  });
  test('another partner id, a changed key, a bad format fail', () => {
    expect(partnerKeyValid('CAREWATCH-OTHER', DEMO.apiKey)).toBe(false);
    expect(partnerKeyValid(DEMO.partnerId, DEMO.apiKey.replace('0123', '0124'))).toBe(false);
    expect(partnerKeyValid(DEMO.partnerId, DEMO.apiKey.slice(0, -1))).toBe(false);
    expect(partnerKeyValid('cw', issuePartnerApiKey('cw'))).toBe(false);
  });
});

describe('payment method keys', () => {
  const stripe = {
    method: 'stripe' as const,
    accessKey: 'pk_test_1234567890',
    secretKey: 'sk_test_1234567890',
    shareKey: 'whsec_1234567890abcdef',
    callbackUrl: 'https://x.example/api/payments/stripe/webhook',
  };
  const vnpay = {
    method: 'vnpay' as const,
    accessKey: 'ABCD1234',
    secretKey: 'A'.repeat(32),
    shareKey: 'https://sandbox.vnpayment.vn/paymentv2/vpcpay.html',
    callbackUrl: 'https://x.example/',
  };
  test('right forms pass', () => {
    expect(methodKeyProblem(stripe)).toBeNull();
    expect(methodKeyProblem(vnpay)).toBeNull();
    expect(
      methodKeyProblem({
        method: 'sandbox',
        accessKey: 'demo',
        secretKey: 'a-long-signing-key',
        shareKey: '-',
        callbackUrl: 'http://localhost:8080/',
      }),
    ).toBeNull();
  });
  test('each wrong key is named', () => {
    expect(methodKeyProblem({ ...stripe, accessKey: 'sk_test_1234567890' })).toBe('accessKey');
    expect(methodKeyProblem({ ...stripe, secretKey: 'sk_live_1234567890' })).toBe('secretKey');
    expect(methodKeyProblem({ ...stripe, shareKey: 'secret' })).toBe('shareKey');
    expect(methodKeyProblem({ ...stripe, callbackUrl: 'ftp://x' })).toBe('callbackUrl');
    expect(methodKeyProblem({ ...vnpay, accessKey: 'ABC' })).toBe('accessKey');
    expect(methodKeyProblem({ ...vnpay, secretKey: 'A'.repeat(31) })).toBe('secretKey');
    expect(methodKeyProblem({ ...vnpay, shareKey: 'http://insecure.example' })).toBe('shareKey');
    expect(
      methodKeyProblem({
        method: 'sandbox',
        accessKey: 'demo',
        secretKey: 'short',
        shareKey: '-',
        callbackUrl: 'http://localhost/',
      }),
    ).toBe('secretKey');
  });
  test('masks keep the last 4 characters of long values only', () => {
    expect(mask('sk_test_1234567890')).toBe('••••7890');
    expect(mask('short')).toBe('••••');
  });
});
