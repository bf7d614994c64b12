import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

const root = path.resolve(import.meta.dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** Builds both web apps, starts the real server (embedded database or E2E_DATABASE_URL's PostgreSQL, demo data) on a free port and a fresh DATA_DIR. */
export default async function setup(project: TestProject) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-e2e-'));
  // Each run builds into its own folder, so parallel runs never overwrite each other's build.
  const webDirs: Record<string, string> = {};
  const compressing: Array<Promise<void>> = [];
  for (const app of ['portal', 'mobile']) {
    webDirs[app] = path.join(dataDir, `web-${app}`);
    if (process.env.E2E_SKIP_BUILD) {
      webDirs[app] = path.join(root, 'apps', app, 'dist');
      continue;
    }
    const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', webDirs[app]!], {
      cwd: path.join(root, 'apps', app),
      stdio: 'inherit',
    });
    if (r.status !== 0) throw new Error(`${app} build failed`);
    // As `npm run build` does: the server sends the .br/.gz files written beside the assets (while the next app builds).
    const c = spawn(process.execPath, [path.join(root, 'scripts/precompress.mjs'), webDirs[app]!], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    compressing.push(
      new Promise((resolve, reject) =>
        c.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${app} precompression failed`)))),
      ),
    );
  }
  await Promise.all(compressing);
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(dataDir, 'data'),
    SEED_DEMO: '1',
    DEMO_VITALS_DAYS: '7',
    LOG_LEVEL: 'warn',
    PORTAL_DIST: webDirs.portal,
    MOBILE_DIST: webDirs.mobile,
    MQTT_PORT: 'off',
    // As an operator would: dedicated tenants' databases may be on this machine's PostgreSQL (tenants.e2e.ts).
    TENANT_DB_ALLOWED_HOSTS: '127.0.0.1',
    // Webhook receivers started by a spec listen on this machine over http (webhooks.e2e.ts).
    WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
    // Every spec signs in from 127.0.0.1 against this one server: high limits (the limits have their own tests).
    ...Object.fromEntries(
      ['SIGNIN', 'OTP', 'REGISTER', 'RESET', 'CONNECTION_TEST', 'UPLOAD'].map((g) => [
        `RATE_LIMIT_${g}`,
        '1000000/1000000',
      ]),
    ),
  };
  delete env.DATABASE_URL;
  delete env.MQTT_URL;
  // E2E_DATABASE_URL (CI): the server runs on a fresh database of that PostgreSQL, as production does, instead of the
  // embedded engine (PGlite runs its queries on the server's own thread: on a 2-core machine running two browsers and
  // two servers it was the slowest part of the run). `npm start`'s embedded path keeps its own smoke and first-load runs.
  const adminUrl = process.env.E2E_DATABASE_URL;
  const dbName = `cw_e2e_${port}_${process.pid}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  if (adminUrl) {
    await admin(`CREATE DATABASE ${dbName}`);
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    env.DATABASE_URL = url.toString();
  }
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  // E2E_START_TIMEOUT_MS: a loaded machine (several runs at once) may need longer than the default 90 s.
  const deadline = Date.now() + (Number(process.env.E2E_START_TIMEOUT_MS) || 90_000);
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline)
      throw new Error(
        `server did not become healthy in ${Math.round((Number(process.env.E2E_START_TIMEOUT_MS) || 90_000) / 1000)} s`,
      );
    await new Promise((r) => setTimeout(r, 500));
  }
  project.provide('baseUrl', baseUrl);
  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (adminUrl) await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  };
}
