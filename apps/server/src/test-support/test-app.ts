import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openPg, openPglite, type Db } from '../platform/db.ts';
import { fakeClock } from '../platform/clock.ts';
import { createServer, JOB_HANDLERS, type Started, type StartOptions } from '../server.ts';
import { runDueJobs } from '../platform/jobs.ts';
import { DEMO_PASSWORD } from '../modules/seed/demo.ts';
import type { Config } from '../platform/config.ts';

export type Res = {
  status: number;
  body: Record<string, unknown> & { code?: string; details?: Record<string, unknown> };
  headers: Record<string, unknown>;
  raw: string;
};

/** A fresh database (copy of the migrated, seeded template) for one test file. */
export async function freshDb(): Promise<{ db: Db; drop: () => Promise<void> }> {
  const tpl = inject('cwTemplate');
  if (tpl.kind === 'pglite') {
    const buf = await fs.readFile(tpl.dumpFile);
    const db = await openPglite(undefined, new Blob([buf]));
    return { db, drop: async () => db.close() };
  }
  const name = `cw_t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: tpl.adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${tpl.template}`);
  await admin.end();
  const u = new URL(tpl.adminUrl);
  u.pathname = `/${name}`;
  const db = await openPg(u.toString(), 5);
  return {
    db,
    drop: async () => {
      await db.close();
      const c = new pg.Client({ connectionString: tpl.adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;

/**
 * The real server (routes, services, SQL) on a fresh database, with a fake clock; requests via inject.
 * `providers`: e-mail/SMS providers built on the database (e.g. the recording ones wrapped to see what is sent).
 */
export async function startTestApp(
  opts: {
    config?: Partial<Config>;
    providers?: (db: Db) => Pick<StartOptions, 'mail' | 'sms'>;
    realtime?: StartOptions['realtime'];
  } = {},
) {
  const { db, drop } = await freshDb();
  const clock = fakeClock(new Date('2026-11-22T08:00:00Z'));
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-test-'));
  const started: Started = await createServer({
    db,
    clock,
    ...opts.providers?.(db),
    ...(opts.realtime ? { realtime: opts.realtime } : {}),
    config: {
      seedDemo: false,
      dataDir,
      databaseUrl: undefined,
      mqttPort: 'off',
      mqttUrl: undefined,
      alertEngineCacheMs: 0,
      ...opts.config,
    },
    jobs: false,
  });
  const { app } = started;

  async function call(
    method: string,
    url: string,
    opts: {
      token?: string;
      body?: unknown;
      form?: Record<string, string>;
      headers?: Record<string, string>;
      payload?: string | Buffer;
    } = {},
  ): Promise<Res> {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let payload: string | Buffer | undefined = opts.payload;
    if (opts.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(opts.form).toString();
    } else if (opts.body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(opts.body);
    }
    const res = await app.inject({ method: method as 'GET', url, headers, payload });
    let body: Res['body'] = {};
    try {
      body = res.body ? JSON.parse(res.body) : {};
    } catch {
      /* not JSON */
    }
    return { status: res.statusCode, body, headers: res.headers, raw: res.body };
  }

  async function login(local: string, tenant = 'demo', extra: Record<string, string> = {}) {
    const domain = tenant === 'demo' ? 'demo.test' : `${tenant}.test`;
    const res = await call('POST', '/api/auth/oauth-token', {
      form: { tenant, username: `${local}@${domain}`, password: DEMO_PASSWORD, grant_type: 'password', ...extra },
    });
    if (res.status !== 200) throw new Error(`login ${local}@${tenant} failed: ${res.status} ${res.raw}`);
    return { access: String(res.body.access_token), refresh: String(res.body.refresh_token) };
  }

  /** The latest recorded message to a recipient, and the 6-digit code in it (the unmasked copy the demo tenants keep). */
  async function lastCodeTo(recipient: string): Promise<string> {
    const rows = await db.query<{ body: string }>(
      'select coalesce(secret_body, body) as body from messages where recipient = $1 order by created_at desc, id desc limit 1',
      [recipient],
    );
    const m = rows[0]?.body.match(/\b(\d{6})\b/);
    if (!m) throw new Error(`no code sent to ${recipient}`);
    return m[1]!;
  }

  return {
    app,
    db,
    clock,
    call,
    login,
    lastCodeTo,
    deps: started.deps,
    /** Runs the durable jobs due at the fake clock's time. */
    runJobs: () => runDueJobs(started.deps, JOB_HANDLERS),
    get: (url: string, token?: string) => call('GET', url, { token }),
    post: (url: string, body?: unknown, token?: string) => call('POST', url, { body: body ?? {}, token }),
    put: (url: string, body?: unknown, token?: string) => call('PUT', url, { body: body ?? {}, token }),
    close: async () => {
      await started.close();
      await drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
