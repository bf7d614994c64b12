import { z } from 'zod';

/**
 * Payment result texts (staff-portal spec §8 "Payment result codes", patient-app spec §8 "Bank result texts").
 * Clients show `paymentResults.<key>` from their catalogues; providers' codes map here.
 */
export const PAYMENT_RESULTS = [
  'success',
  'insufficient_balance',
  'wrong_otp',
  'suspected_fraud',
  'not_registered_online_banking',
  'verification_failed_3_times',
  'timeout',
  'locked',
  'cancelled',
  'wrong_password_too_many',
  'over_daily_limit',
  'bank_maintenance',
  'incomplete',
  'error',
  'reversed',
  'settled',
  'unknown',
] as const;
export const ZPaymentResult = z.enum(PAYMENT_RESULTS);
export type TPaymentResult = z.infer<typeof ZPaymentResult>;

/** VNPay vnp_ResponseCode → result (VNPay's table of response codes). */
export const VNPAY_RESPONSE_RESULTS: Readonly<Record<string, TPaymentResult>> = {
  '00': 'success',
  '07': 'suspected_fraud',
  '09': 'not_registered_online_banking',
  '10': 'verification_failed_3_times',
  '11': 'timeout',
  '12': 'locked',
  '13': 'wrong_otp',
  '24': 'cancelled',
  '51': 'insufficient_balance',
  '65': 'over_daily_limit',
  '75': 'bank_maintenance',
  '79': 'wrong_password_too_many',
  '99': 'error',
};

/** VNPay vnp_TransactionStatus → result, used when the response code says success but the transaction does not. */
export const VNPAY_TRANSACTION_RESULTS: Readonly<Record<string, TPaymentResult>> = {
  '00': 'success',
  '01': 'incomplete',
  '02': 'error',
  '04': 'reversed',
  '05': 'settled',
  '06': 'settled',
  '07': 'suspected_fraud',
  '09': 'reversed',
};

/** The result of a VNPay answer: a non-00 response code first, then a non-00 transaction status; unknown codes → 'unknown'. */
export function vnpayResult(
  responseCode: string | null | undefined,
  transactionStatus?: string | null,
): TPaymentResult {
  const rc = (responseCode ?? '').trim();
  if (rc !== '00') return VNPAY_RESPONSE_RESULTS[rc] ?? 'unknown';
  const ts = (transactionStatus ?? '00').trim();
  return VNPAY_TRANSACTION_RESULTS[ts] ?? 'unknown';
}

/**
 * The result of a stored order: its response message when it is a result key (the providers store one), else its
 * VNPay response code, else 'unknown'.
 */
export function paymentResultOf(
  provider: string | null,
  responseCode: string | null,
  responseMessage?: string | null,
): TPaymentResult {
  if (responseMessage && (PAYMENT_RESULTS as readonly string[]).includes(responseMessage))
    return responseMessage as TPaymentResult;
  if (responseCode && (PAYMENT_RESULTS as readonly string[]).includes(responseCode))
    return responseCode as TPaymentResult;
  if (provider === 'VN_PAY' && responseCode) return vnpayResult(responseCode);
  return 'unknown';
}
