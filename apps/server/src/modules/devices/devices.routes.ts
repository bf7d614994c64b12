import type { AnyRoute } from '../../platform/route.ts';
import {
  assignDeviceRoute,
  createDeviceRoute,
  deviceCredentialsRoute,
  deviceNameListRoute,
  disconnectCountRoute,
  getDeviceRoute,
  listDevicesRoute,
  operatorUserDevicesRoute,
  roleDeviceRoutes,
  updateDeviceRoute,
  userDevicesRoute,
} from './routes/devices.ts';
import { deviceImportRoute, deviceTemplateRoute } from './routes/device-import.ts';
import {
  appVersionListRoute,
  centerConnectionHistoryRoute,
  centerPhoneHistoryRoute,
  connectionHistoryRoute,
  phoneNameListRoute,
  rolePhoneAndLogRoutes,
  statusForceRoute,
} from './routes/history.ts';
import { meDeviceStatusRoute, mePhoneStatusRoute } from './routes/me.ts';

/** The "devices" module's routes; the server's route table includes them. */
export const DEVICES_ROUTES: AnyRoute[] = [
  listDevicesRoute,
  deviceTemplateRoute,
  deviceImportRoute,
  getDeviceRoute,
  createDeviceRoute,
  updateDeviceRoute,
  assignDeviceRoute,
  deviceCredentialsRoute,
  ...roleDeviceRoutes,
  operatorUserDevicesRoute,
  userDevicesRoute,
  disconnectCountRoute,
  deviceNameListRoute,
  connectionHistoryRoute,
  centerConnectionHistoryRoute,
  centerPhoneHistoryRoute,
  phoneNameListRoute,
  appVersionListRoute,
  statusForceRoute,
  ...rolePhoneAndLogRoutes,
  mePhoneStatusRoute,
  meDeviceStatusRoute,
];
