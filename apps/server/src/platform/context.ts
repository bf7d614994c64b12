import type { Db } from './db.ts';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { MailProvider, SmsProvider } from './providers/messaging.ts';
import type { TokenSigner } from './tokens.ts';
import type { TRoleCode } from '@carewatch/contracts/roles';
import type { TDeviceModel } from '@carewatch/contracts/devices';
import type { TIngestResponse, TMetric } from '@carewatch/contracts/vitals';
import type { TAlertLevel } from '@carewatch/contracts/alerts';
import type { VoiceProvider } from './providers/voice.ts';
import type { PushSender } from './providers/push.ts';
import type { SecretBox } from './crypto.ts';
import type { FileStore } from './file-store.ts';

/** Everything a service needs, built once at start (composition root) and shared by requests. */
export type Deps = {
  db: Db;
  clock: Clock;
  config: Config;
  /** Every file the product keeps (the database or an S3-compatible bucket: every process sees every file). */
  files: FileStore;
  mail: MailProvider;
  sms: SmsProvider;
  /** Voice calls (default: recorded in the call log; Twilio-compatible by config). */
  voice: VoiceProvider;
  /** Web push (VAPID). */
  push: PushSender;
  signer: TokenSigner;
  /** Server secret for keyed hashes (OTP codes, refresh tokens). */
  pepper: string;
  /** Encrypts secrets kept in tenant data (tenant database passwords, OCR keys) at rest. */
  secrets: SecretBox;
  /** Called after commit with every batch of accepted readings (the alert engine plugs in here). */
  readingHandlers: ReadingsHandler[];
  /** What platform code needs of the domain modules, wired by the composition root. */
  ports: PlatformPorts;
};

/**
 * The domain functions platform code (authentication, device auth, MQTT ingest, the realtime hub) calls. Platform
 * imports no module: `platform-ports.ts` beside server.ts wires the modules' functions in.
 */
export type PlatformPorts = {
  /** The worst level of a patient's open alerts (modules/alerts): patients read it without importing alerts (no cycle). */
  openAlertLevel(db: Db, tenantId: string, patientId: string): Promise<TAlertLevel>;
  findSessionForAuth(db: Db, tenantId: string, sessionId: string): Promise<SessionAuthRow | null>;
  /** A device id and secret (HTTP Basic, MQTT CONNECT); null when wrong. */
  verifyDeviceSecret(db: Db, pepper: string, deviceId: string, secret: string): Promise<DevicePrincipal | null>;
  /** The device whose secret signed this MQTT message (external broker), or null. */
  verifyDeviceSignature(
    deps: Pick<Deps, 'db' | 'secrets'>,
    deviceId: string,
    topic: string,
    raw: string,
  ): Promise<DevicePrincipal | null>;
  mqttBatchSeen(db: Db, tenantId: string, deviceId: string, batchId: string): Promise<boolean>;
  rememberMqttBatch(db: Db, tenantId: string, deviceId: string, batchId: string, now: Date): Promise<unknown>;
  forgetMqttBatchesBefore(db: Db, before: Date): Promise<unknown>;
  /** The shared ingest of HTTP and MQTT batches (answers after the commit). */
  ingestReadings(
    deps: Deps,
    target: { tenantId: string; patientId: string; deviceId: string | null; deviceModel?: string | null },
    raw: readonly unknown[],
  ): Promise<TIngestResponse>;
  /**
   * What decides whether this user (at this level) may see a patient by the staff rules: users with the same key see
   * the same patients (e.g. every user of one health center's level), so one answer serves them all.
   */
  staffVisibilityKey(auth: AuthInfo): string;
  /** Whether the staff rules let this user (at this level) see the patient: a function of `staffVisibilityKey` alone. */
  staffMaySeePatient(db: Db, auth: AuthInfo, patientId: string): Promise<boolean>;
  /** Whether the app's subject rule lets this user see the patient (their own record, a sub-user, a followed patient). */
  appMaySeePatient(db: Db, auth: AuthInfo, patientId: string): Promise<boolean>;
};

/** One authenticated call's session, user, level and permissions (the query is modules/auth/sessions.repo.ts). */
export type SessionAuthRow = {
  session_id: string;
  /** The user's language: names and texts the server composes for them follow it. */
  language: string | null;
  revoked_at: Date | null;
  revoked_reason: string | null;
  expires_at: Date;
  session_pv: number;
  user_id: string;
  user_status: string;
  user_pv: number;
  tenant_code: string;
  tenant_active: boolean;
  level_id: string;
  level_scope_id: string | null;
  level_center_id: string | null;
  role_code: string;
  permissions: number[];
};

/** A device proven by its credentials (cellular devices only): the tenant and the patient it is assigned to. */
export type DevicePrincipal = {
  deviceId: string;
  tenantId: string;
  tenantCode: string;
  model: TDeviceModel;
  patientId: string | null;
};

/** A reading that was stored (not a duplicate), canonical units, as handed to the alert engine. */
export type AcceptedReading = {
  metric: TMetric;
  measuredAt: Date;
  source: string;
  deviceId: string | null;
  value: number | null;
  value2: number | null;
  data: Record<string, unknown> | null;
};
export type ReadingsBatch = { tenantId: string; patientId: string; readings: AcceptedReading[] };

/**
 * Called after the batch is committed, on the same path as the ingest (HTTP or MQTT), before the caller is answered
 * (modules/vitals/readings-seam.ts runs them). Handlers are listed in `Deps.readingHandlers` by server.ts.
 */
export type ReadingsHandler = (deps: Deps, batch: ReadingsBatch) => Promise<void>;

export type AuthInfo = {
  userId: string;
  tenantId: string;
  tenantCode: string;
  sessionId: string;
  levelId: string;
  /** The chosen level's scope and health center (null = tenant-wide). Lists and counts follow them. */
  scopeId: string | null;
  centerId: string | null;
  roleCode: TRoleCode | string;
  permissions: ReadonlySet<number>;
  /** The user's language (en, vi): names are written in its convention (contracts/names.ts). */
  language: string;
};

export type Ctx = Deps & {
  requestId: string;
  ip: string;
  auth: AuthInfo | null;
  /** Set on device-authenticated routes. */ device?: DevicePrincipal | null;
};
export type AuthedCtx = Ctx & { auth: AuthInfo };
/** A device-or-user route's context: exactly one of a signed-in user or an authenticated device. */
export type DeviceOrUserCtx = Ctx & ({ auth: AuthInfo; device: null } | { auth: null; device: DevicePrincipal });
