import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { REPO_ROOT } from './platform/server-dir.ts';

// The production build (`npm run build` → scripts/build-server.mjs): the server compiled to JavaScript runs with plain
// Node — no TypeScript loader — finds its migrations, its worker file and the web apps, and answers.
// Embedded database only, so the PostgreSQL pass of the integration suite skips it (it would prove nothing more).
const skip = Boolean(process.env.TEST_DATABASE_URL);

let outdir: string;
let tmp: string;
let server: ChildProcess | undefined;
let base: string;
let output = '';

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

beforeAll(async () => {
  if (skip) return;
  // Inside the repository (under node_modules/.cache), so the bundle finds its external packages in node_modules.
  const cache = path.join(REPO_ROOT, 'node_modules', '.cache');
  fs.mkdirSync(cache, { recursive: true });
  outdir = fs.mkdtempSync(path.join(cache, 'cw-server-build-'));
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-compiled-'));
  const build = spawnSync(process.execPath, [path.join(REPO_ROOT, 'scripts/build-server.mjs'), outdir], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  expect(build.status, build.stderr).toBe(0);
  const portal = path.join(tmp, 'portal');
  fs.mkdirSync(portal);
  fs.writeFileSync(path.join(portal, 'index.html'), '<!doctype html><title>CareWatch compiled</title>');
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(tmp, 'data'),
    SEED_DEMO: '0',
    MQTT_PORT: 'off',
    LOG_LEVEL: 'warn',
    PORTAL_DIST: portal,
    MOBILE_DIST: path.join(tmp, 'mobile'),
  };
  // Nothing may bring a loader in from outside either.
  for (const k of ['DATABASE_URL', 'MQTT_URL', 'NODE_OPTIONS', 'WEB_ROOT']) delete env[k];
  // From another directory: nothing may depend on the working directory.
  server = spawn(process.execPath, [path.join(outdir, 'main.js')], {
    cwd: tmp,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (d: Buffer) => {
    output += d.toString();
  });
  server.stderr!.on('data', (d: Buffer) => {
    output += d.toString();
  });
  base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 45_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the compiled server exited (${server.exitCode}): ${output}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`the compiled server did not answer in 45 s: ${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}, 90_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server!.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  if (outdir) fs.rmSync(outdir, { recursive: true, force: true });
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

describe.skipIf(skip)('the compiled server', () => {
  test('is JavaScript only: the workspace packages bundled in, no TypeScript loaded or imported', () => {
    const cmdline = fs.readFileSync(`/proc/${server!.pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    expect(cmdline).toEqual([process.execPath, path.join(outdir, 'main.js')]);
    const js = fs
      .readdirSync(outdir)
      .filter((f) => f.endsWith('.js'))
      .map((f) => fs.readFileSync(path.join(outdir, f), 'utf8'))
      .join('\n');
    expect(js).not.toMatch(/(?:from\s*|import\(\s*)["'][^"']*(?:\.ts|@carewatch\/[^"']*|tsx)["']/);
    // Every file the code loads by URL beside itself (the import's worker thread) is in the build.
    const besides = [...js.matchAll(/new URL\(\s*["']\.\/([^"']+)["'],\s*import\.meta\.url\s*\)/g)].map((m) => m[1]!);
    expect(besides).toContain('patients-import.reader.mjs');
    for (const f of besides) expect(fs.existsSync(path.join(outdir, f)), f).toBe(true);
  });
  test('answers: health on the embedded database (migrated), the portal page, the API docs', async () => {
    const health = await fetch(`${base}/api/health`);
    expect(await health.json()).toMatchObject({ status: 'ok', database: 'pglite' });
    const page = await fetch(`${base}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('CareWatch compiled');
    const docs = await fetch(`${base}/api/docs/json`, { headers: { 'accept-encoding': 'br' } });
    expect(docs.status).toBe(200);
    expect(docs.headers.get('content-encoding')).toBe('br');
    expect(((await docs.json()) as { paths: object }).paths).toHaveProperty(['/api/health']);
    expect(output).not.toMatch(/"level":(?:50|60)/);
  });
});
