import { describe, expect, test } from 'vitest';
import { vnpayDate, vnpayPaymentUrl, vnpaySign, vnpaySignData, vnpayVerify } from './vnpay-sign.ts';

/**
 * A return VNPay's sandbox signed (a public sample: TmnCode L8M3EKX2, hash secret 6HEKW2H6YES2FSOKLKKRQ0JS3QF1M4H6):
 * its vnp_SecureHash is VNPay's, so our algorithm reproduces VNPay's signature, Vietnamese text and spaces included.
 */
const VNPAY_SIGNED = {
  vnp_Amount: '14108000',
  vnp_BankCode: 'NCB',
  vnp_BankTranNo: 'VNP14980726',
  vnp_CardType: 'ATM',
  vnp_OrderInfo: 'Thanh toán đơn hàng #6834803ff5166e338d7103a8',
  vnp_PayDate: '20250526215346',
  vnp_ResponseCode: '00',
  vnp_TmnCode: 'L8M3EKX2',
  vnp_TransactionNo: '14980726',
  vnp_TransactionStatus: '00',
  vnp_TxnRef: '6834803ff5166e338d7103a8',
  vnp_SecureHash:
    '3264dbf4850cb57d0cd597716260bf0722810f49b7abb144254f7f77adf08a1a6f496ab19e18c16266153c8caee87497fea7fa3507e61bcf9786dcff0d71b532',
};
const SECRET = '6HEKW2H6YES2FSOKLKKRQ0JS3QF1M4H6';

describe('VNPay signature', () => {
  test('reproduces a signature made by VNPay', () => {
    expect(vnpaySign(VNPAY_SIGNED, SECRET)).toBe(VNPAY_SIGNED.vnp_SecureHash);
    expect(vnpayVerify(VNPAY_SIGNED, SECRET)).toBe(true);
    expect(vnpayVerify({ ...VNPAY_SIGNED, vnp_SecureHash: VNPAY_SIGNED.vnp_SecureHash.toUpperCase() }, SECRET)).toBe(
      true,
    );
  });
  test('any change of a parameter, the secret or the hash fails', () => {
    expect(vnpayVerify({ ...VNPAY_SIGNED, vnp_Amount: '14108100' }, SECRET)).toBe(false);
    expect(vnpayVerify({ ...VNPAY_SIGNED, vnp_ResponseCode: '24' }, SECRET)).toBe(false);
    expect(vnpayVerify({ ...VNPAY_SIGNED, vnp_Extra: 'x' }, SECRET)).toBe(false);
    expect(vnpayVerify(VNPAY_SIGNED, SECRET.replace('6', '7'))).toBe(false);
    expect(vnpayVerify({ ...VNPAY_SIGNED, vnp_SecureHash: 'abc' }, SECRET)).toBe(false);
    const { vnp_SecureHash: _h, ...unsigned } = VNPAY_SIGNED;
    expect(vnpayVerify(unsigned, SECRET)).toBe(false);
  });
  test('sign data: sorted names, values encoded with + for spaces, hash fields left out', () => {
    expect(
      vnpaySignData({
        vnp_b: 'a b',
        vnp_a: 'x/y&z',
        vnp_SecureHashType: 'HmacSHA512',
        vnp_SecureHash: 'h',
        other: '1',
      }),
    ).toBe('vnp_a=x%2Fy%26z&vnp_b=a+b');
  });
  test('a self-consistent payment URL verifies after the round trip through a query string', () => {
    const params = {
      vnp_Version: '2.1.0',
      vnp_Command: 'pay',
      vnp_TmnCode: 'CWTEST01',
      vnp_Amount: '12000000',
      vnp_TxnRef: 'CW261122ABCDEFGH',
      vnp_OrderInfo: 'Thanh toan don hang CW261122ABCDEFGH',
      vnp_ReturnUrl: 'https://cw.example/api/payments/vnpay/return',
    };
    const url = new URL(vnpayPaymentUrl('https://sandbox.vnpayment.vn/paymentv2/vpcpay.html', params, 'A'.repeat(32)));
    const back = Object.fromEntries(url.searchParams.entries());
    expect(back.vnp_OrderInfo).toBe(params.vnp_OrderInfo);
    expect(vnpayVerify(back, 'A'.repeat(32))).toBe(true);
  });
  test('dates are VNPay format in Vietnam time', () => {
    expect(vnpayDate(new Date('2026-11-22T08:00:00Z'))).toBe('20261122150000');
  });
});
