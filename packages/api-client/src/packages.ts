import type { ApiRequest } from './staff.ts';
import { ZPackage, ZPackageList, type TPackageInput } from '@carewatch/contracts/billing';

const P = '/api/account/packages';
const enc = encodeURIComponent;

/** Service packages and add-on packs (portal, PackageManage; issue 17). */
export const packagesApi = (request: ApiRequest) => ({
  list: (kind?: 'plan' | 'addon') => request('GET', P, { query: kind ? { kind } : {}, schema: ZPackageList }),
  create: (body: TPackageInput) => request('POST', P, { body, schema: ZPackage }),
  update: (id: string, body: TPackageInput) => request('PUT', `${P}/${enc(id)}`, { body, schema: ZPackage }),
  /** Enable or disable (reversible; the default Zero package cannot be disabled). */
  setEnabled: (id: string, enabled: boolean) =>
    request('POST', `${P}/${enc(id)}/enable`, { body: { enabled }, schema: ZPackage }),
});
export type PackagesApi = ReturnType<typeof packagesApi>;
