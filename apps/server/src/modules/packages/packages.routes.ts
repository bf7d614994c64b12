import type { AnyRoute } from '../../platform/route.ts';
import {
  appListPackagesRoute,
  createPackageRoute,
  enablePackageRoute,
  listPackagesRoute,
  updatePackageRoute,
} from './routes/packages.ts';

/** The "packages" module's routes: service packages and add-on packs (staff), and the app's list of enabled ones. */
export const PACKAGES_ROUTES: AnyRoute[] = [
  listPackagesRoute,
  appListPackagesRoute,
  createPackageRoute,
  updatePackageRoute,
  enablePackageRoute,
];
