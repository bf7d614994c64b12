import { describe, expect, test } from 'vitest';
import { PAYMENT_RESULTS, VNPAY_RESPONSE_RESULTS, paymentResultOf, vnpayResult } from './payment-results.ts';

describe('payment result codes', () => {
  test('VNPay bank result codes map to the spec texts', () => {
    expect(vnpayResult('00', '00')).toBe('success');
    expect(vnpayResult('07')).toBe('suspected_fraud');
    expect(vnpayResult('09')).toBe('not_registered_online_banking');
    expect(vnpayResult('10')).toBe('verification_failed_3_times');
    expect(vnpayResult('11')).toBe('timeout');
    expect(vnpayResult('12')).toBe('locked');
    expect(vnpayResult('13')).toBe('wrong_otp');
    expect(vnpayResult('24')).toBe('cancelled');
    expect(vnpayResult('51')).toBe('insufficient_balance');
    expect(vnpayResult('65')).toBe('over_daily_limit');
    expect(vnpayResult('75')).toBe('bank_maintenance');
    expect(vnpayResult('79')).toBe('wrong_password_too_many');
    expect(vnpayResult('99')).toBe('error');
    expect(vnpayResult('42')).toBe('unknown');
    expect(vnpayResult(null)).toBe('unknown');
  });
  test('a 00 response with a non-00 transaction status follows the status', () => {
    expect(vnpayResult('00', '01')).toBe('incomplete');
    expect(vnpayResult('00', '02')).toBe('error');
    expect(vnpayResult('00', '04')).toBe('reversed');
    expect(vnpayResult('00', '05')).toBe('settled');
    expect(vnpayResult('00', '88')).toBe('unknown');
  });
  test('every mapped code names a known result', () => {
    for (const r of Object.values(VNPAY_RESPONSE_RESULTS)) expect(PAYMENT_RESULTS).toContain(r);
  });
  test('a stored order: the result key in its message first, then its code', () => {
    expect(paymentResultOf('STRIPE', 'timeout', 'timeout')).toBe('timeout');
    expect(paymentResultOf('VN_PAY', '51', 'insufficient_balance')).toBe('insufficient_balance');
    expect(paymentResultOf('VN_PAY', '24', null)).toBe('cancelled');
    expect(paymentResultOf('SANDBOX', null, null)).toBe('unknown');
  });
});
