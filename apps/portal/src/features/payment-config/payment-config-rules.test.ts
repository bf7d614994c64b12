import { describe, expect, test } from 'vitest';
import { PAYMENT_METHOD_KINDS } from '@carewatch/contracts/payment-config';
import { hasKey, portalT } from '../../test-support/portal-t.ts';
import {
  METHOD_FIELDS,
  PARTNER_FIELDS,
  callbackUrlFor,
  methodStep,
  missingFields,
  nextStepText,
  picksTenant,
  taxStep,
} from './payment-config-rules.ts';

describe('payment methods setup', () => {
  test('only a platform role with tenant management picks the tenant', () => {
    expect(picksTenant(true, 'root')).toBe(true);
    expect(picksTenant(true, 'super_admin')).toBe(true);
    expect(picksTenant(true, 'admin')).toBe(false);
    expect(picksTenant(false, 'root')).toBe(false);
    expect(picksTenant(true, undefined)).toBe(false);
  });

  test('each provider is called back at its own path on the portal origin', () => {
    expect(callbackUrlFor('https://care.example', 'stripe')).toBe('https://care.example/api/payments/stripe/webhook');
    expect(callbackUrlFor('https://care.example/', 'vnpay')).toBe('https://care.example/api/payments/vnpay/ipn');
    expect(callbackUrlFor('http://localhost:5173', 'sandbox')).toBe(
      'http://localhost:5173/api/payments/sandbox/callback',
    );
    expect(new Set(PAYMENT_METHOD_KINDS.map((m) => callbackUrlFor('https://x', m))).size).toBe(
      PAYMENT_METHOD_KINDS.length,
    );
  });

  test('blank (or spaces only) required fields are named, in the fields’ order; the rest pass', () => {
    expect(missingFields({ partnerId: ' ', apiKey: 'k' }, PARTNER_FIELDS)).toEqual({
      partnerId: 'fieldRules.required',
    });
    expect(missingFields({ partnerId: 'p', apiKey: 'k' }, PARTNER_FIELDS)).toEqual({});
    const blank = { accessKey: '', shareKey: '', secretKey: '\t', callbackUrl: '' };
    expect(Object.keys(missingFields(blank, METHOD_FIELDS))).toEqual([
      'accessKey',
      'shareKey',
      'secretKey',
      'callbackUrl',
    ]);
    expect(portalT('en')('fieldRules.required')).toBe('Required');
    expect(portalT('vi')('fieldRules.required')).toBe('Bắt buộc');
  });

  test('the method step waits for the partner; tax waits for the partner, then for a method', () => {
    expect(methodStep({ partnerVerified: false })).toEqual({
      disabled: true,
      reasonKey: 'paymentConfig.method.needsPartner',
    });
    expect(methodStep({ partnerVerified: true })).toEqual({ disabled: false, reasonKey: null });
    expect(taxStep({ partnerVerified: false, methods: [] })).toEqual({
      disabled: true,
      reasonKey: 'paymentConfig.method.needsPartner',
    });
    expect(taxStep({ partnerVerified: true, methods: [] })).toEqual({
      disabled: true,
      reasonKey: 'paymentConfig.tax.needsMethod',
    });
    expect(
      taxStep({ partnerVerified: true, methods: [{ method: 'stripe', verifiedAt: '2030-01-01T00:00:00.000Z' }] }),
    ).toEqual({ disabled: false, reasonKey: null });
  });

  test('the status line names the next step in the reader’s language', () => {
    expect(nextStepText('done')).toEqual({ key: 'paymentConfig.status.done' });
    expect(nextStepText('tax')).toEqual({ key: 'paymentConfig.status.next', stepKey: 'paymentConfig.steps.tax' });
    for (const step of ['partner', 'method', 'tax'] as const) {
      const next = nextStepText(step);
      for (const lng of ['en', 'vi'] as const)
        expect(hasKey('stepKey' in next ? next.stepKey : '', lng), `${lng} ${step}`).toBe(true);
    }
    for (const k of ['paymentConfig.method.needsPartner', 'paymentConfig.tax.needsMethod'])
      expect(hasKey(k, 'vi'), k).toBe(true);
  });
});
