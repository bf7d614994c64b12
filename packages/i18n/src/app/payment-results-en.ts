import type { TPaymentResult } from '@carewatch/contracts/payment-results';

/** Payment result texts, app and portal (patient-app §8 "Bank result texts", staff-portal §8 "Payment result codes"; English). Keys: contracts/payment-results.ts. */
export const appPaymentResultsEn: Record<TPaymentResult, string> = {
  success: 'Payment successful.',
  insufficient_balance: 'Not enough balance in your account.',
  wrong_otp: 'Wrong OTP. Please try again.',
  suspected_fraud: 'The payment was taken but is suspected of fraud; please contact your bank.',
  not_registered_online_banking: 'Your card or account is not registered for online banking.',
  verification_failed_3_times: 'Card or account verification was wrong more than 3 times.',
  timeout: 'The payment wait expired. Please try again.',
  locked: 'Your card or account is locked.',
  cancelled: 'You cancelled the payment.',
  wrong_password_too_many: 'Wrong payment password too many times.',
  over_daily_limit: 'Your daily payment limit is exceeded.',
  bank_maintenance: 'Your bank is under maintenance.',
  incomplete: 'The payment is not complete.',
  error: 'The payment failed because of an error.',
  reversed: 'The payment was reversed (amounts do not match).',
  settled: 'The payment is already settled.',
  unknown: 'Unknown payment result.',
};
