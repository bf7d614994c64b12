import type { AnyRoute } from '../../platform/route.ts';
import { appDownloadPackageRoute, appWatchPackagesRoute } from './routes/app-firmware.ts';
import {
  downloadFirmwareRoute,
  listFirmwareRoute,
  markCurrentFirmwareRoute,
  uploadFirmwareRoute,
} from './routes/staff-firmware.ts';

/** The "firmware" module's routes: staff manage watch packages; the patient app reads what its watch may take. */
export const FIRMWARE_ROUTES: AnyRoute[] = [
  uploadFirmwareRoute,
  listFirmwareRoute,
  markCurrentFirmwareRoute,
  downloadFirmwareRoute,
  appWatchPackagesRoute,
  appDownloadPackageRoute,
];
