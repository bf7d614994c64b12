import path from 'node:path';
import { z } from 'zod';
import { ZIceServer, type TIceServer } from '@carewatch/contracts/meetings';
import { parseHostAllowList } from './host-allow-list.ts';
import { REPO_ROOT } from './server-dir.ts';

/** A configuration problem that stops the start; main prints its message alone (no stack trace). */
export class StartupError extends Error {}

/** Rate-limited kinds of request; each route names its group (uploads are limited whatever their route). */
export const RATE_LIMIT_GROUPS = ['signin', 'otp', 'register', 'reset', 'connection_test', 'upload'] as const;
export type RateLimitGroup = (typeof RATE_LIMIT_GROUPS)[number];
export type RateLimitPair = { perAddress: number; perAccount: number };
export type RateLimitConfig = {
  /** One window for every group (RATE_LIMIT_WINDOW, seconds). */
  windowSeconds: number;
  /** Where counts live: unset = the database when it is PostgreSQL (shared by every process), else memory. */
  store: 'memory' | 'database' | undefined;
  groups: Record<RateLimitGroup, RateLimitPair>;
};
/**
 * Requests per window (15 min) per address / per account. Sign-in: a clinic behind one address signs in many staff,
 * one person rarely more than a few times (5 wrong passwords lock the account anyway). Codes cost an SMS each.
 */
export const RATE_LIMIT_DEFAULTS: Record<RateLimitGroup, RateLimitPair> = {
  signin: { perAddress: 100, perAccount: 10 },
  otp: { perAddress: 30, perAccount: 5 },
  register: { perAddress: 20, perAccount: 5 },
  reset: { perAddress: 30, perAccount: 5 },
  connection_test: { perAddress: 30, perAccount: 10 },
  upload: { perAddress: 300, perAccount: 120 },
};

export type Config = {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  seedDemo: boolean;
  /** Days of demo vitals seeded per demo patient (DEMO_VITALS_DAYS, default 30). */
  demoVitalsDays: number;
  tokenSecret: string | undefined;
  /** Master key of the stored secrets (SECRETS_KEY) or a file holding it (SECRETS_KEY_FILE); unset = DATA_DIR/secrets.key. */
  secretsKey: string | undefined;
  secretsKeyFile: string | undefined;
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
  /** External MQTT broker to subscribe to (e.g. mqtt://127.0.0.1:1883); unset = run the embedded broker. */
  mqttUrl: string | undefined;
  /** Shared-subscription group of the server processes on the external broker (MQTT_SHARE_GROUP, default carewatch). */
  mqttShareGroup: string;
  /** Embedded broker's TCP port: 0 = a random free port, 'off' = no MQTT at all. */
  mqttPort: number | 'off';
  /** Twilio-compatible SMS and voice provider (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM, TWILIO_URL); unset = record only. */
  twilio:
    | { url: string; accountSid: string; authToken: string; from: string; statusCallbackUrl?: string | undefined }
    | undefined;
  /**
   * How long (ms) the alert engine may remember that a patient has no open alert, and their thresholds, to skip a
   * query per batch of normal readings (ALERT_ENGINE_CACHE_MS, default 1000; 0 = off). Another server process's
   * threshold change or new alert is seen within this time.
   */
  alertEngineCacheMs: number;
  /**
   * Proxies whose X-Forwarded-For / X-Forwarded-Proto are believed (TRUST_PROXY: comma-separated addresses, CIDR ranges
   * or `loopback`, `linklocal`, `uniquelocal`); empty = none, the caller's address is the TCP peer's.
   */
  trustProxy: readonly string[];
  rateLimits: RateLimitConfig;
  /** Web push: VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY (unset = generated once, kept in the database) and VAPID_SUBJECT. */
  vapid: { publicKey: string | undefined; privateKey: string | undefined; subject: string };
  /**
   * Hosts a dedicated tenant's database connections may point at (TENANT_DB_ALLOWED_HOSTS: comma-separated host names,
   * `*.suffix` names, IPv4/IPv6 addresses and CIDRs). Empty = no dedicated connection is allowed.
   */
  tenantDbAllowedHosts: string[];
  /**
   * Webhook targets exempt from the private-address rule, and the only ones that may use http:// (WEBHOOK_ALLOWED_HOSTS:
   * same syntax as TENANT_DB_ALLOWED_HOSTS; for tests and development). Empty = https to public addresses only.
   */
  webhookAllowedHosts: string[];
  /** Extra CA certificates (PEM file) trusted for webhook https connections (WEBHOOK_CA_FILE; a test receiver's own CA). */
  webhookCaFile: string | undefined;
  /** STUN/TURN servers for video visits (ICE_SERVERS: JSON RTCIceServer list, or comma-separated stun:/turn: URLs); none by default. */
  iceServers: TIceServer[];
  /**
   * How long a job worker's claim holds without being renewed (JOB_LEASE_SECONDS, default 30): after a crash, another
   * process (or the restarted one) takes the job over within this time.
   */
  jobLeaseMs: number;
  /** Time limit of one tenant database connection test (TENANT_DB_TIMEOUT_MS, default 3000). */
  tenantDbTimeoutMs: number;
  /** Stripe API address (STRIPE_API_HOST, STRIPE_API_PORT, STRIPE_API_PROTOCOL; default https://api.stripe.com:443) and time limit (STRIPE_TIMEOUT_MS, default 10000). */
  stripeApi: { host: string; port: number; protocol: 'http' | 'https'; timeoutMs: number };
  /** The embedded sandbox payment provider (PAYMENT_SANDBOX): auto (default) = offered while a tenant has no real method verified; on; off. */
  paymentSandbox: 'auto' | 'on' | 'off';
  /** Where files are kept (FILE_STORE): postgres (default: the database every process shares) or s3 (an S3-compatible bucket, S3_*). */
  fileStore: 'postgres' | 's3';
  /** S3_ENDPOINT, S3_BUCKET, S3_REGION (default us-east-1), S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE (default true with an endpoint). */
  s3: {
    endpoint: string | undefined;
    bucket: string | undefined;
    region: string;
    accessKeyId: string | undefined;
    secretAccessKey: string | undefined;
    forcePathStyle: boolean;
  };
};

const bool = (v: string | undefined, dflt: boolean) =>
  v === undefined || v === '' ? dflt : ['1', 'true', 'yes', 'on'].includes(v.toLowerCase());
const int = (v: string | undefined, dflt: number) => {
  const n = v ? Number.parseInt(v, 10) : NaN;
  return Number.isFinite(n) ? n : dflt;
};

function allowedHosts(value: string | undefined): string[] {
  try {
    return [...parseHostAllowList(value ?? '').entries];
  } catch (e) {
    throw new StartupError((e as Error).message);
  }
}

const PROXY_KEYWORDS = ['loopback', 'linklocal', 'uniquelocal'];
const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}(\/([0-9]|[12]\d|3[0-2]))?$/;
const IPV6 = /^[0-9a-f:.]*:[0-9a-f:.]*(\/(\d|[1-9]\d|1[01]\d|12[0-8]))?$/i;

/** TRUST_PROXY: named proxies only. `true` or `*` (believe anyone) is refused: it would make the audit IP spoofable. */
export function parseTrustProxy(v: string | undefined): string[] {
  const items = (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const item of items) {
    if (!PROXY_KEYWORDS.includes(item.toLowerCase()) && !IPV4.test(item) && !IPV6.test(item)) {
      throw new Error(
        `TRUST_PROXY: "${item}" is not an address, a CIDR range or one of ${PROXY_KEYWORDS.join(', ')} (name the proxies; trusting every sender is not offered)`,
      );
    }
  }
  return items.map((s) => (PROXY_KEYWORDS.includes(s.toLowerCase()) ? s.toLowerCase() : s));
}

/** RATE_LIMIT_<GROUP>=<per address>/<per account>, e.g. RATE_LIMIT_SIGNIN=100/10. */
export function parseRateLimits(env: NodeJS.ProcessEnv): RateLimitConfig {
  const groups = { ...RATE_LIMIT_DEFAULTS };
  for (const g of RATE_LIMIT_GROUPS) {
    const name = `RATE_LIMIT_${g.toUpperCase()}`;
    const v = env[name]?.trim();
    if (!v) continue;
    const m = /^(\d+)\s*\/\s*(\d+)$/.exec(v);
    if (!m || Number(m[1]) < 1 || Number(m[2]) < 1)
      throw new Error(`${name}: "${v}" is not <per address>/<per account> (two whole numbers, at least 1)`);
    groups[g] = { perAddress: Number(m[1]), perAccount: Number(m[2]) };
  }
  const w = env.RATE_LIMIT_WINDOW?.trim();
  if (w && !/^\d+$/.test(w)) throw new Error(`RATE_LIMIT_WINDOW: "${w}" is not a number of seconds`);
  const store = env.RATE_LIMIT_STORE?.trim().toLowerCase();
  if (store && store !== 'memory' && store !== 'database')
    throw new Error(`RATE_LIMIT_STORE: "${store}" is not memory or database`);
  return {
    windowSeconds: Math.max(1, w ? Number(w) : 900),
    store: store ? (store as 'memory' | 'database') : undefined,
    groups,
  };
}

/** Every setting has a safe default: `npm start` on a fresh machine needs none of them. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = env.DATABASE_URL || undefined;
  const webRoot = path.resolve(env.WEB_ROOT || REPO_ROOT);
  return {
    port: int(env.PORT, 8080),
    host: env.HOST || '0.0.0.0',
    databaseUrl,
    dataDir: path.resolve(env.DATA_DIR || './data'),
    seedDemo: bool(env.SEED_DEMO, databaseUrl === undefined),
    demoVitalsDays: int(env.DEMO_VITALS_DAYS, 30),
    tokenSecret: env.TOKEN_SECRET || undefined,
    secretsKey: env.SECRETS_KEY || undefined,
    secretsKeyFile: env.SECRETS_KEY_FILE || undefined,
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
    mqttUrl: env.MQTT_URL || undefined,
    mqttShareGroup: /^[A-Za-z0-9_-]{1,64}$/.test(env.MQTT_SHARE_GROUP ?? '') ? env.MQTT_SHARE_GROUP! : 'carewatch',
    mqttPort: (env.MQTT_PORT ?? '').toLowerCase() === 'off' ? 'off' : int(env.MQTT_PORT, 1883),
    twilio:
      env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM
        ? {
            url: env.TWILIO_URL || 'https://api.twilio.com',
            accountSid: env.TWILIO_ACCOUNT_SID,
            authToken: env.TWILIO_AUTH_TOKEN,
            from: env.TWILIO_FROM,
            // The public address of POST /api/providers/twilio/call-status: the provider reports each call's end there.
            statusCallbackUrl: env.TWILIO_STATUS_CALLBACK_URL || undefined,
          }
        : undefined,
    alertEngineCacheMs: Math.max(0, int(env.ALERT_ENGINE_CACHE_MS, 1000)),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    rateLimits: parseRateLimits(env),
    vapid: {
      publicKey: env.VAPID_PUBLIC_KEY || undefined,
      privateKey: env.VAPID_PRIVATE_KEY || undefined,
      subject: env.VAPID_SUBJECT || 'mailto:no-reply@carewatch.local',
    },
    // Parsed here so that a typo stops the start with a message naming the entry.
    tenantDbAllowedHosts: allowedHosts(env.TENANT_DB_ALLOWED_HOSTS),
    webhookAllowedHosts: allowedHosts(env.WEBHOOK_ALLOWED_HOSTS),
    webhookCaFile: env.WEBHOOK_CA_FILE || undefined,
    iceServers: iceServers(env.ICE_SERVERS),
    jobLeaseMs: Math.max(2, int(env.JOB_LEASE_SECONDS, 30)) * 1000,
    tenantDbTimeoutMs: Math.min(30_000, Math.max(100, int(env.TENANT_DB_TIMEOUT_MS, 3000))),
    stripeApi: {
      host: env.STRIPE_API_HOST || 'api.stripe.com',
      port: int(env.STRIPE_API_PORT, 443),
      protocol: env.STRIPE_API_PROTOCOL === 'http' ? 'http' : 'https',
      timeoutMs: Math.max(100, int(env.STRIPE_TIMEOUT_MS, 10_000)),
    },
    paymentSandbox: env.PAYMENT_SANDBOX === 'on' || env.PAYMENT_SANDBOX === 'off' ? env.PAYMENT_SANDBOX : 'auto',
    ...fileStoreConfig(env),
  };
}

/** FILE_STORE and S3_*: a bucket store without a bucket, or an unknown store, stops the start. */
export function fileStoreConfig(env: NodeJS.ProcessEnv): Pick<Config, 'fileStore' | 's3'> {
  const kind = (env.FILE_STORE ?? '').trim().toLowerCase() || 'postgres';
  if (kind !== 'postgres' && kind !== 's3') throw new StartupError(`FILE_STORE: "${kind}" is not postgres or s3`);
  const endpoint = env.S3_ENDPOINT?.trim() || undefined;
  const bucket = env.S3_BUCKET?.trim() || undefined;
  if (kind === 's3' && !bucket)
    throw new StartupError(
      'FILE_STORE=s3 needs S3_BUCKET (and S3_ENDPOINT for a server other than AWS, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY)',
    );
  if (endpoint && !/^https?:\/\//.test(endpoint))
    throw new StartupError(`S3_ENDPOINT: "${endpoint}" is not an http(s) URL`);
  return {
    fileStore: kind,
    s3: {
      endpoint,
      bucket,
      region: env.S3_REGION?.trim() || 'us-east-1',
      accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
      forcePathStyle: bool(env.S3_FORCE_PATH_STYLE, endpoint !== undefined),
    },
  };
}

/** ICE_SERVERS: a JSON list of RTCIceServer, or stun:/turn: URLs separated by commas. Anything else stops the start. */
export function iceServers(raw: string | undefined): TIceServer[] {
  const text = (raw ?? '').trim();
  if (!text) return [];
  if (text.startsWith('[')) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new StartupError('ICE_SERVERS: not valid JSON');
    }
    const parsed = z.array(ZIceServer).safeParse(json);
    if (!parsed.success)
      throw new StartupError('ICE_SERVERS: expected a JSON list of {"urls", "username", "credential"}');
    return parsed.data;
  }
  const urls = text
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean);
  if (urls.some((u) => !/^(stun|turns?):/.test(u)))
    throw new StartupError('ICE_SERVERS: each URL must start with stun:, turn: or turns:');
  return urls.map((urls) => ({ urls }));
}
