import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../test-support/test-app.ts';
import { REPO_ROOT } from './server-dir.ts';

// Answers are compressed as the client accepts (brotli, gzip) above 1 KB; the web apps' files are sent from the .br/.gz
// that the build wrote beside them (scripts/precompress.mjs), with their own type, caching and `Vary: accept-encoding`.
let t: TestApp;
let root: string;
let token: string;
const script = 'console.log("CareWatch");\n'.repeat(200);
const html = `<!doctype html><title>CareWatch</title>${'<!-- padding -->'.repeat(100)}`;

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-compress-'));
  for (const app of ['portal', 'mobile']) {
    await fs.mkdir(path.join(root, app, 'assets'), { recursive: true });
    await fs.writeFile(path.join(root, app, 'index.html'), html);
    await fs.writeFile(path.join(root, app, 'assets', 'index-Ab12Cd34.js'), script);
    await fs.writeFile(path.join(root, app, 'assets', 'logo-Ab12Cd34.png'), Buffer.alloc(2048, 7));
    const r = spawnSync(process.execPath, [path.join(REPO_ROOT, 'scripts/precompress.mjs'), path.join(root, app)], {
      encoding: 'utf8',
    });
    expect(r.status, r.stderr).toBe(0);
  }
  t = await startTestApp({ config: { portalDist: path.join(root, 'portal'), mobileDist: path.join(root, 'mobile') } });
  token = (await t.login('doctor')).access;
});
afterAll(async () => {
  await t?.close();
  await fs.rm(root, { recursive: true, force: true });
});

const decode = (encoding: unknown, body: Buffer) =>
  encoding === 'br' ? zlib.brotliDecompressSync(body) : encoding === 'gzip' ? zlib.gunzipSync(body) : body;
const get = (url: string, acceptEncoding?: string, auth = false) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: {
      ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
      ...(auth ? { authorization: `Bearer ${token}` } : {}),
    },
  });

describe('API answers', () => {
  const url = '/api/account/patients?size=50';
  test('above 1 KB: brotli or gzip as asked, the same JSON once decoded; plain when not asked', async () => {
    const plain = await get(url, undefined, true);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const json = JSON.parse(plain.body) as unknown;
    for (const [asked, expected] of [
      ['br, gzip, deflate', 'br'],
      ['gzip', 'gzip'],
      ['gzip;q=1, br;q=0.5', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const res = await get(url, asked, true);
      expect(res.statusCode, asked).toBe(200);
      expect(res.headers['content-encoding'], asked).toBe(expected);
      expect(res.headers['content-type'], asked).toContain('application/json');
      expect(res.headers['cache-control'], asked).toBe('no-store');
      if (expected) {
        expect(String(res.headers.vary), asked).toMatch(/accept-encoding/i);
        expect(res.rawPayload.length, asked).toBeLessThan(plain.rawPayload.length);
      }
      expect(JSON.parse(decode(expected, res.rawPayload).toString('utf8')), asked).toEqual(json);
    }
  });
  test('small answers are sent as they are', async () => {
    const res = await get('/api/health', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ status: 'ok' });
  });
  test('a downloaded spreadsheet (compressed already) is sent as it is, whole', async () => {
    // The doctor may not import; the operator may.
    const operator = (await t.login('operator')).access;
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/account/patients/import/template',
      headers: { authorization: `Bearer ${operator}`, 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
  });
});

describe('web apps', () => {
  test('a hashed script: the .br (or .gz) written at build time, with its type, immutable caching and Vary', async () => {
    for (const prefix of ['', '/app']) {
      const url = `${prefix}/assets/index-Ab12Cd34.js`;
      for (const [asked, expected] of [
        ['gzip, deflate, br', 'br'],
        ['gzip', 'gzip'],
        [undefined, undefined],
      ] as const) {
        const res = await get(url, asked);
        expect(res.statusCode, `${url} ${asked}`).toBe(200);
        expect(res.headers['content-encoding'], `${url} ${asked}`).toBe(expected);
        expect(res.headers['content-type'], `${url} ${asked}`).toMatch(/^(?:text|application)\/javascript/);
        expect(res.headers['cache-control'], `${url} ${asked}`).toBe('public, max-age=31536000, immutable');
        expect(String(res.headers.vary), `${url} ${asked}`).toMatch(/accept-encoding/i);
        expect(decode(expected, res.rawPayload).toString('utf8'), `${url} ${asked}`).toBe(script);
      }
      // What is sent is the file written ahead (brotli quality 11), not one compressed on the fly.
      const br = await get(url, 'br');
      expect(
        br.rawPayload.equals(
          await fs.readFile(path.join(root, prefix ? 'mobile' : 'portal', 'assets', 'index-Ab12Cd34.js.br')),
        ),
      ).toBe(true);
    }
  });
  test('the pages: compressed, revalidated', async () => {
    for (const url of ['/', '/app/', '/patients/42', '/app/measurements']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(String(res.headers.vary), url).toMatch(/accept-encoding/i);
      expect(decode('br', res.rawPayload).toString('utf8'), url).toBe(html);
    }
  });
  test('an image is sent as it is', async () => {
    const res = await get('/assets/logo-Ab12Cd34.png', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.length).toBe(2048);
  });
});
