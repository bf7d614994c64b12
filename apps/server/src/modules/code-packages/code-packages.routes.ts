import type { AnyRoute } from '../../platform/route.ts';
import {
  codePackageStatsRoute,
  createCodePackageRoute,
  exportCodesRoute,
  getCodePackageRoute,
  listCodePackagesRoute,
  listCodesRoute,
  redeemCodeRoute,
  setCodeStatusRoute,
} from './routes/code-packages.ts';

/** The "code-packages" module's routes: staff management (CodePackageManage) and the app's redemption. */
export const CODE_PACKAGES_ROUTES: AnyRoute[] = [
  listCodePackagesRoute,
  createCodePackageRoute,
  redeemCodeRoute,
  getCodePackageRoute,
  listCodesRoute,
  setCodeStatusRoute,
  codePackageStatsRoute,
  exportCodesRoute,
];
