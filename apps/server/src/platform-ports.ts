import type { PlatformPorts } from './platform/context.ts';
import { findSessionForAuth } from './modules/auth/sessions.repo.ts';
import { verifyDeviceSecret, verifyDeviceSignature } from './modules/devices/device-credentials.ts';
import { batchSeen, forgetBatchesBefore, rememberBatch } from './modules/devices/device-credentials.repo.ts';
import { ingestReadings } from './modules/vitals/ingest.service.ts';
import { openAlertLevel } from './modules/alerts/open-level.ts';
import { patientVisibility } from './modules/patients/patient-access.ts';
import { findAppSubject, findVisible } from './modules/patients/patient-access.repo.ts';

/** The domain functions platform code calls (Deps.ports): wired here so that platform imports no module. */
export const PLATFORM_PORTS: PlatformPorts = {
  findSessionForAuth,
  verifyDeviceSecret,
  verifyDeviceSignature,
  mqttBatchSeen: batchSeen,
  rememberMqttBatch: rememberBatch,
  forgetMqttBatchesBefore: forgetBatchesBefore,
  ingestReadings,
  openAlertLevel,
  // The same rules as the routes: staff by patient visibility, app users by the app's subject rule (their own record,
  // a sub-user they manage, a patient who accepted them as follower).
  staffVisibilityKey: (auth) => JSON.stringify(patientVisibility(auth)),
  staffMaySeePatient: async (db, auth, patientId) =>
    (await findVisible(db, auth.tenantId, patientVisibility(auth), patientId)) !== null,
  appMaySeePatient: async (db, auth, patientId) =>
    (await findAppSubject(db, auth.tenantId, auth.userId, patientId)) !== null,
};
