import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freshDb } from '../test-support/test-app.ts';
import { fakeClock } from './clock.ts';
import { createServer, type Started } from '../server.ts';

// The built web apps: Vite's hashed assets are cached for a year, everything else (HTML, service worker, manifest)
// is revalidated, so a new build — and a new service worker — reaches users at once.
let started: Started;
let drop: () => Promise<void>;
let root: string;

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-static-'));
  for (const app of ['portal', 'mobile']) {
    await fs.mkdir(path.join(root, app, 'assets'), { recursive: true });
    await fs.writeFile(path.join(root, app, 'index.html'), '<!doctype html><title>x</title>');
    await fs.writeFile(path.join(root, app, 'assets', 'index-Ab12Cd34.js'), 'console.log(1)');
  }
  await fs.writeFile(path.join(root, 'mobile', 'sw.js'), 'self.addEventListener("fetch", () => {})');
  await fs.writeFile(path.join(root, 'mobile', 'manifest.webmanifest'), '{"name":"CareWatch"}');
  const fresh = await freshDb();
  drop = fresh.drop;
  started = await createServer({
    db: fresh.db,
    clock: fakeClock(new Date('2026-11-22T08:00:00Z')),
    jobs: false,
    config: {
      seedDemo: false,
      dataDir: path.join(root, 'data'),
      databaseUrl: undefined,
      mqttPort: 'off',
      mqttUrl: undefined,
      portalDist: path.join(root, 'portal'),
      mobileDist: path.join(root, 'mobile'),
    },
  });
});
afterAll(async () => {
  await started?.close();
  await drop?.();
  await fs.rm(root, { recursive: true, force: true });
});

describe('static web apps', () => {
  const get = (url: string) => started.app.inject({ method: 'GET', url });
  test('hashed assets are immutable for a year', async () => {
    for (const url of ['/assets/index-Ab12Cd34.js', '/app/assets/index-Ab12Cd34.js']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
    }
  });
  test('HTML, the service worker and the manifest are revalidated', async () => {
    for (const url of ['/', '/app/', '/app/sw.js', '/app/manifest.webmanifest', '/app/some/route']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });
});
