import path from 'node:path';

export type Config = {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  seedDemo: boolean;
  tokenSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  smsProvider: 'record';
  accessTokenTtlSeconds: number;
  refreshTtlSeconds: number;
  refreshTtlRememberSeconds: number;
  webRoot: string;
  /** Built web apps; default <webRoot>/apps/<app>/dist. */
  portalDist: string;
  mobileDist: string;
  logLevel: string;
};

const bool = (v: string | undefined, dflt: boolean) => (v === undefined || v === '' ? dflt : ['1', 'true', 'yes', 'on'].includes(v.toLowerCase()));
const int = (v: string | undefined, dflt: number) => {
  const n = v ? Number.parseInt(v, 10) : NaN;
  return Number.isFinite(n) ? n : dflt;
};

/** Every setting has a safe default: `npm start` on a fresh machine needs none of them. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = env.DATABASE_URL || undefined;
  const webRoot = path.resolve(env.WEB_ROOT || path.join(import.meta.dirname, '../../../../'));
  return {
    port: int(env.PORT, 8080),
    host: env.HOST || '0.0.0.0',
    databaseUrl,
    dataDir: path.resolve(env.DATA_DIR || './data'),
    seedDemo: bool(env.SEED_DEMO, databaseUrl === undefined),
    tokenSecret: env.TOKEN_SECRET || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'CareWatch <no-reply@carewatch.local>',
    smsProvider: 'record',
    accessTokenTtlSeconds: int(env.ACCESS_TOKEN_TTL, 15 * 60),
    refreshTtlSeconds: int(env.REFRESH_TOKEN_TTL, 12 * 3600),
    refreshTtlRememberSeconds: int(env.REFRESH_TOKEN_TTL_REMEMBER, 30 * 24 * 3600),
    webRoot,
    portalDist: path.resolve(env.PORTAL_DIST || path.join(webRoot, 'apps/portal/dist')),
    mobileDist: path.resolve(env.MOBILE_DIST || path.join(webRoot, 'apps/mobile/dist')),
    logLevel: env.LOG_LEVEL || 'info',
  };
}
