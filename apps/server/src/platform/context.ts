import type { Db } from './db.ts';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { MailProvider, SmsProvider } from './providers/messaging.ts';
import type { TokenSigner } from './tokens.ts';
import type { TRoleCode } from '@carewatch/contracts/roles';
import type { DevicePrincipal } from '../modules/devices/device-credentials.ts';
import type { ReadingsHandler } from '../modules/vitals/readings-seam.ts';
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
};

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

export type Ctx = Deps & { requestId: string; ip: string; auth: AuthInfo | null; /** Set on device-authenticated routes. */ device?: DevicePrincipal | null };
export type AuthedCtx = Ctx & { auth: AuthInfo };
/** A device-or-user route's context: exactly one of a signed-in user or an authenticated device. */
export type DeviceOrUserCtx = Ctx & ({ auth: AuthInfo; device: null } | { auth: null; device: DevicePrincipal });
