import type { Db } from './db.ts';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { MailProvider, SmsProvider } from './providers/messaging.ts';
import type { TokenSigner } from './tokens.ts';
import type { TRoleCode } from '@carewatch/contracts/roles';

/** Everything a service needs, built once at start (composition root) and shared by requests. */
export type Deps = {
  db: Db;
  clock: Clock;
  config: Config;
  mail: MailProvider;
  sms: SmsProvider;
  signer: TokenSigner;
  /** Server secret for keyed hashes (OTP codes, refresh tokens). */
  pepper: string;
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
};

export type Ctx = Deps & { requestId: string; ip: string; auth: AuthInfo | null };
export type AuthedCtx = Ctx & { auth: AuthInfo };
