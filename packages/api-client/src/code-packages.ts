import type { ApiRequest } from './staff.ts';
import { ZPackageList } from '@carewatch/contracts/billing';
import {
  ZCodePackage,
  ZCodePackagePage,
  ZCodePackageStats,
  ZCodeStatusResult,
  ZRedeemCodePage,
  ZRedeemResult,
  type TCodeListQuery,
  type TCodePackageInput,
  type TCodePackageListQuery,
  type TCodeStatusRequest,
} from '@carewatch/contracts/code-packages';

const M = '/api/account/code-packages';
const enc = encodeURIComponent;

/** Code packages (portal: CodePackageManage) and the app's code redemption. */
export const codePackagesApi = (request: ApiRequest) => ({
  list: (query: Partial<TCodePackageListQuery> = {}) => request('GET', M, { query, schema: ZCodePackagePage }),
  create: (body: TCodePackageInput) => request('POST', M, { body, schema: ZCodePackage }),
  get: (id: string) => request('GET', `${M}/${enc(id)}`, { schema: ZCodePackage }),
  codes: (id: string, query: Partial<TCodeListQuery> = {}) =>
    request('GET', `${M}/${enc(id)}/codes`, { query, schema: ZRedeemCodePage }),
  setStatus: (id: string, body: TCodeStatusRequest) =>
    request('PATCH', `${M}/${enc(id)}/codes`, { body, schema: ZCodeStatusResult }),
  statistics: (id: string) => request('GET', `${M}/${enc(id)}/statistics`, { schema: ZCodePackageStats }),
  /** .xlsx: fetch it with the Authorization header (blob download helper). */
  exportUrl: (id: string) => `${M}/${enc(id)}/export`,
  /** The tenant's plans (the upgrade package of a code package is one of them). */
  plans: () => request('GET', '/api/account/packages', { query: { kind: 'plan' }, schema: ZPackageList }),
  /** The app: redeem a code for the signed-in user. */
  redeem: (code: string) => request('POST', `${M}/redeem`, { body: { code }, schema: ZRedeemResult }),
});
export type CodePackagesApi = ReturnType<typeof codePackagesApi>;
