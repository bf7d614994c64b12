import type { TPaymentResult } from '@carewatch/contracts/payment-results';
import { appPaymentResultsEn } from './payment-results-en.ts';

/** Patient app: payment result texts (Canadian English: same words as US English). */
export const appPaymentResultsEnCa: Record<TPaymentResult, string> = { ...appPaymentResultsEn };
