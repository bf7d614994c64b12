import { describe, expect, test } from 'vitest';
import { ROUTES } from '../routes.ts';
import { isPermissionId } from '@carewatch/contracts/permissions';

describe('route table', () => {
  test('every route declares a known permission or public', () => {
    const missing = ROUTES.filter(
      (r) => !(r.permission === 'public' || (typeof r.permission === 'number' && isPermissionId(r.permission))),
    );
    expect(missing.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });
  test('every route lives under /api (or the FHIR API, /fhir/R4) and is unique', () => {
    const keys = ROUTES.map((r) => `${r.method} ${r.url}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(
      ROUTES.filter((r) => !r.url.startsWith('/api/') && !r.url.startsWith('/fhir/R4/')).map((r) => r.url),
    ).toEqual([]);
  });
  test('public routes are only the sign-in, registration, password reset, health and signed provider callbacks', () => {
    const pub = ROUTES.filter((r) => r.permission === 'public').map((r) => r.url);
    // Provider callbacks authenticate the request by its signature (Twilio: X-Twilio-Signature), not by a user token.
    // Payment providers: VNPay (HMAC-SHA512), Stripe (Stripe-Signature), the sandbox page and callback (HMAC-SHA256).
    const callbacks = [
      '/api/providers/twilio/call-status',
      '/api/payments/vnpay/ipn',
      '/api/payments/vnpay/return',
      '/api/payments/stripe/webhook',
      '/api/payments/sandbox/pay/:code',
      '/api/payments/sandbox/callback',
    ];
    // FHIR's CapabilityStatement is public by the specification (clients read it before they have a token).
    expect(
      pub.filter(
        (u) =>
          !(u === '/api/health' || u === '/fhir/R4/metadata' || u.startsWith('/api/auth/') || callbacks.includes(u)),
      ),
    ).toEqual([]);
  });
  test('only ingest routes (readings, wear) also accept device credentials, and they still declare a permission for users', () => {
    const dev = ROUTES.filter((r) => r.deviceAuth);
    expect(dev.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /api/ingest/measurements', 'POST /api/ingest/wear']);
    expect(dev.every((r) => typeof r.permission === 'number')).toBe(true);
  });
});
