import type { ApiRequest } from './staff.ts';
import {
  ZPartnerVerifyStatus,
  ZPaymentMethodInformation,
  type TPaymentTaxRequest,
  type TVerifyPartnerRequest,
  type TVerifyPaymentMethodRequest,
} from '@carewatch/contracts/payment-config';

const P = '/api/auth/sadmin/payment-config';

/**
 * Payment configuration (super admin; spec §7): partner verify → payment method verify → tax, the status and the masked
 * information. `tenantId` picks the tenant (a platform admin's choice; omitted = the caller's own).
 */
export const paymentConfigApi = (request: ApiRequest) => {
  const query = (tenantId?: string) => (tenantId ? { tenantId } : {});
  return {
    status: (tenantId?: string) =>
      request('GET', `${P}/partner-verify-status`, { query: query(tenantId), schema: ZPartnerVerifyStatus }),
    information: (tenantId?: string) =>
      request('GET', `${P}/payment-method-information`, { query: query(tenantId), schema: ZPaymentMethodInformation }),
    verifyPartner: (body: TVerifyPartnerRequest, tenantId?: string) =>
      request('POST', `${P}/verify-partner-auth`, { body, query: query(tenantId), schema: ZPartnerVerifyStatus }),
    verifyMethod: (body: TVerifyPaymentMethodRequest, tenantId?: string) =>
      request('POST', `${P}/verify-payment-method`, { body, query: query(tenantId), schema: ZPartnerVerifyStatus }),
    setTax: (body: TPaymentTaxRequest, tenantId?: string) =>
      request('PUT', `${P}/tax`, { body, query: query(tenantId), schema: ZPartnerVerifyStatus }),
  };
};
export type PaymentConfigApi = ReturnType<typeof paymentConfigApi>;
