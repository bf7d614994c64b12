import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { OCR_WORKER_CSP, registerSecurityHeaders } from './security-headers.ts';

const app = Fastify();
beforeAll(async () => {
  await registerSecurityHeaders(app);
  app.get('/app/*', async () => 'ok');
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

const scriptSrc = (csp: string) =>
  csp
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([k]) => k === 'script-src')
    ?.slice(1);

describe('OCR worker CSP', () => {
  test('only /app/ocr/ may compile WebAssembly; JavaScript eval stays refused everywhere', async () => {
    const ocr = await app.inject({ method: 'GET', url: '/app/ocr/worker.min.js' });
    expect(ocr.headers['content-security-policy']).toBe(OCR_WORKER_CSP);
    expect(scriptSrc(OCR_WORKER_CSP)).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(OCR_WORKER_CSP).toContain("frame-ancestors 'none'");

    const page = await app.inject({ method: 'GET', url: '/app/entry' });
    expect(scriptSrc(String(page.headers['content-security-policy']))).toEqual(["'self'"]);
  });
});
