import type { AnyRoute } from '../../platform/route.ts';
import {
  getMyThresholdsRoute,
  getThresholdsRoute,
  putMyThresholdsRoute,
  putThresholdsRoute,
  resetThresholdsRoute,
} from './routes/thresholds.ts';
import {
  ackAlertRoute,
  getAlertRoute,
  listAlertsRoute,
  myAlertsRoute,
  respondAlertRoute,
  snoozeAlertRoute,
  sosRoute,
} from './routes/alerts.ts';
import { sosRecordingRoute } from './routes/sos-recording.ts';
import { sosContactsRoute } from './routes/sos-contacts.ts';
import { sosLocationRoute } from './routes/sos-location.ts';
import { closeSosCaseRoute, getSosCaseRoute, listSosCasesRoute } from './routes/sos-cases.ts';
import {
  getTenantThresholdsRoute,
  putTenantThresholdsRoute,
  resetTenantThresholdsRoute,
} from './routes/threshold-defaults.ts';
import { worklistRoute } from './routes/worklist.ts';
import {
  getAlertSettingsRoute,
  getMyAlertSettingsRoute,
  putAlertSettingsRoute,
  putMyAlertSettingsRoute,
} from './routes/alert-settings.ts';

/** The "alerts" module's routes: thresholds, tenant defaults, alert settings, alerts, the patient's answers and SOS button, SOS cases. */
export const ALERTS_ROUTES: AnyRoute[] = [
  getThresholdsRoute,
  putThresholdsRoute,
  resetThresholdsRoute,
  getMyThresholdsRoute,
  putMyThresholdsRoute,
  getTenantThresholdsRoute,
  putTenantThresholdsRoute,
  resetTenantThresholdsRoute,
  getAlertSettingsRoute,
  putAlertSettingsRoute,
  getMyAlertSettingsRoute,
  putMyAlertSettingsRoute,
  listAlertsRoute,
  getAlertRoute,
  ackAlertRoute,
  snoozeAlertRoute,
  myAlertsRoute,
  respondAlertRoute,
  sosRoute,
  sosRecordingRoute,
  sosContactsRoute,
  sosLocationRoute,
  listSosCasesRoute,
  getSosCaseRoute,
  closeSosCaseRoute,
  worklistRoute,
];
