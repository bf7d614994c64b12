import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** Helpers of the crash and fault-injection suites: real server processes on their own real PostgreSQL database. */

const root = path.resolve(import.meta.dirname, '../../../..');
export const ADMIN_URL =
  process.env.CRASH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** `npm run test:soak` sets CRASH_SIZE=full: the issue's counts; otherwise the CI size. */
export const FULL = process.env.CRASH_SIZE === 'full';
export const envInt = (name: string, ci: number, full: number) => {
  const n = Number.parseInt(process.env[name] ?? '', 10);
  return Number.isFinite(n) && n > 0 ? n : FULL ? full : ci;
};

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** A fresh database `cw_crash_<random>` on the PostgreSQL server, dropped (forcing connections off) by `drop`. */
export async function scratchDatabase(
  prefix: string,
): Promise<{ url: string; pool: pg.Pool; drop: () => Promise<void> }> {
  const name = `${prefix}_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(ADMIN_URL);
  u.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: u.toString(), max: 3 });
  return {
    url: u.toString(),
    pool,
    drop: async () => {
      await pool.end().catch(() => undefined);
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * The real server (`node --import tsx apps/server/src/main.ts`) as a child process, restartable on the same port,
 * database and DATA_DIR. Its output is kept in memory (last lines) and shown only when a start fails.
 */
const SOURCE_ENTRY = ['--import', 'tsx', 'apps/server/src/main.ts'];
const COMPILED_ENTRY = ['--enable-source-maps', 'apps/server/dist/main.js'];

export class ServerProcess {
  readonly baseUrl: string;
  private child: ChildProcess | null = null;
  private tail: string[] = [];
  kills = 0;
  constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
    private readonly entry: string[] = SOURCE_ENTRY,
  ) {
    this.baseUrl = `http://127.0.0.1:${port}`;
  }

  /** `compiled`: the production build (apps/server/dist, built by the caller), as `npm start` runs it; else the sources through tsx. */
  static async create(env: Record<string, string>, opts: { compiled?: boolean } = {}): Promise<ServerProcess> {
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-crash-'));
    return new ServerProcess(port, { DATA_DIR: dataDir, ...env }, opts.compiled ? COMPILED_ENTRY : SOURCE_ENTRY);
  }

  get dataDir(): string {
    return this.env.DATA_DIR!;
  }
  get pid(): number | undefined {
    return this.child?.pid;
  }

  async start(timeoutMs = 120_000): Promise<number> {
    if (this.child) throw new Error('server already running');
    const t0 = Date.now();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      HOST: '127.0.0.1',
      MQTT_PORT: 'off',
      LOG_LEVEL: 'warn',
      ...this.env,
      PORT: String(this.port),
    };
    delete env.MQTT_URL;
    const child = spawn(process.execPath, this.entry, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    const keep = (b: Buffer) => {
      this.tail.push(...b.toString('utf8').split('\n').filter(Boolean));
      if (this.tail.length > 80) this.tail.splice(0, this.tail.length - 80);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) {
        this.child = null;
        throw new Error(`server exited during start (${child.exitCode ?? child.signalCode}):\n${this.tail.join('\n')}`);
      }
      try {
        const res = await fetch(`${this.baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
        if (res.ok) return Date.now() - t0;
      } catch {
        /* not up yet */
      }
      if (Date.now() - t0 > timeoutMs) {
        await this.kill();
        throw new Error(`server not healthy after ${timeoutMs} ms:\n${this.tail.join('\n')}`);
      }
      await sleep(100);
    }
  }

  /** SIGKILL (no shutdown hook runs) and wait until the process is gone, so the port and the lock are free. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = null;
    if (child.exitCode === null && child.signalCode === null) {
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await gone;
    }
    this.kills++;
  }

  /** Graceful stop (SIGTERM), SIGKILL after 10 s. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = null;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await gone;
    clearTimeout(timer);
  }

  async dispose(): Promise<void> {
    await this.stop();
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}

export type ApiResult = { status: number; body: Record<string, unknown> };

/** One JSON call; throws on network errors and timeouts (the callers decide whether to retry). */
export async function api(
  baseUrl: string,
  method: string,
  url: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<ApiResult> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.token) headers.authorization = opts.token.startsWith('Basic ') ? opts.token : `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${baseUrl}${url}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
  });
  const text = await res.text();
  let body: Record<string, unknown> = {};
  try {
    body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    /* not JSON */
  }
  return { status: res.status, body };
}

/** `api` that must answer 2xx. */
export async function apiOk(
  baseUrl: string,
  method: string,
  url: string,
  opts: Parameters<typeof api>[3] = {},
): Promise<Record<string, unknown>> {
  const r = await api(baseUrl, method, url, opts);
  if (r.status < 200 || r.status >= 300)
    throw new Error(`${method} ${url}: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
  return r.body;
}

export const DEMO_PASSWORD = 'CareWatch@2026';

/** Access token of a demo account; `app` signs in as the patient app would. */
export async function demoLogin(baseUrl: string, username: string, tenant: string, app = false): Promise<string> {
  const body = await apiOk(baseUrl, 'POST', '/api/auth/oauth-token', {
    body: { tenant, username, password: DEMO_PASSWORD, grant_type: 'password' },
    headers: app ? { 'x-client': 'app' } : {},
  });
  return String(body.access_token);
}

// ---------------------------------------------------------------- Twilio-compatible stub

export type StubRequest = {
  resource: 'Messages' | 'Calls';
  key: string | null;
  to: string;
  body: string;
  at: number;
  /** ok: answered 200 (the message went out); fail: answered 500; timeout: held past the client's timeout, never sent. */
  outcome: 'ok' | 'fail' | 'timeout';
};

/**
 * Enough of Twilio's REST API for `platform/providers/twilio.ts`: POST …/Accounts/<sid>/Messages.json and Calls.json,
 * form-encoded, Basic auth. `failRate` of the requests get a 500, `timeoutRate` are held without an answer for
 * `holdMs` (longer than the client's 10 s timeout) and then dropped unsent; the rest are sent and recorded. It does
 * not honour the idempotency token, so a resend after a lost answer is counted as the duplicate a phone would get.
 */
export class TwilioStub {
  readonly accountSid = `AC${crypto.randomBytes(16).toString('hex')}`;
  readonly authToken = crypto.randomBytes(16).toString('hex');
  readonly requests: StubRequest[] = [];
  failRate = 0;
  timeoutRate = 0;
  holdMs = 12_000;
  private server: http.Server | null = null;
  private held = new Set<http.ServerResponse>();
  port = 0;

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }
  /** Requests that went out (answered 200). */
  get sent(): StubRequest[] {
    return this.requests.filter((r) => r.outcome === 'ok');
  }

  env(): Record<string, string> {
    return {
      TWILIO_URL: this.url,
      TWILIO_ACCOUNT_SID: this.accountSid,
      TWILIO_AUTH_TOKEN: this.authToken,
      TWILIO_FROM: '+15550001111',
    };
  }

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => {
      void this.handle(req, res);
    });
    await new Promise<void>((r) => this.server!.listen(0, '127.0.0.1', () => r()));
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const reply = (status: number, body: Record<string, unknown>) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const m = /^\/2010-04-01\/Accounts\/([^/]+)\/(Messages|Calls)\.json$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !m) return reply(404, { code: 20404, message: 'not found' });
    const auth = `Basic ${Buffer.from(`${this.accountSid}:${this.authToken}`).toString('base64')}`;
    if (decodeURIComponent(m[1]!) !== this.accountSid || req.headers.authorization !== auth)
      return reply(401, { code: 20003, message: 'authenticate' });
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    const resource = m[2] as 'Messages' | 'Calls';
    const keyHeader = req.headers['i-twilio-idempotency-token'];
    const rec: StubRequest = {
      resource,
      key: typeof keyHeader === 'string' ? keyHeader : null,
      to: form.get('To') ?? '',
      body: form.get('Body') ?? form.get('Twiml') ?? '',
      at: Date.now(),
      outcome: 'ok',
    };
    const dice = Math.random();
    if (dice < this.failRate) {
      rec.outcome = 'fail';
      this.requests.push(rec);
      return reply(500, { code: 20500, message: 'internal error (injected)' });
    }
    if (dice < this.failRate + this.timeoutRate) {
      rec.outcome = 'timeout';
      this.requests.push(rec);
      this.held.add(res);
      await sleep(this.holdMs);
      this.held.delete(res);
      res.destroy();
      return;
    }
    this.requests.push(rec);
    const sid = `${resource === 'Messages' ? 'SM' : 'CA'}${crypto.randomBytes(16).toString('hex')}`;
    reply(201, { sid, status: 'queued', to: rec.to });
  }

  async close(): Promise<void> {
    for (const r of this.held) r.destroy();
    this.held.clear();
    this.server?.closeAllConnections();
    await new Promise<void>((r) => (this.server ? this.server.close(() => r()) : r()));
  }
}
