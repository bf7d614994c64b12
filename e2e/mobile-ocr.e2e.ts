import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { bpMonitor, encodePng, renderDisplay } from '../apps/mobile/src/features/entry/seven-segment-render.ts';
import { cspViolations, launch, shot } from './browser.ts';
import { phone, signIn } from './mobile.ts';

let browser: Browser;
const baseUrl = inject('baseUrl');

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('patient app: photo entry (OCR)', () => {
  test('a BP monitor photo fills systolic, diastolic and pulse, saved only on confirmation; a blank screen is refused', async () => {
    const { context, page } = await phone(browser, baseUrl);
    const posted: string[] = [];
    const requested: string[] = [];
    page.on('request', (req) => {
      requested.push(req.url());
      if (req.method() === 'POST' && req.url().includes('/api/ingest/measurements')) posted.push(req.postData() ?? '');
    });
    const ocrFiles = new Map<string, number>();
    context.on('response', (res) => {
      if (res.url().includes('/app/ocr/')) ocrFiles.set(new URL(res.url()).pathname, res.status());
    });
    // The OCR worker's own messages (a refused WebAssembly compile would show here).
    const workerLog: string[] = [];
    page.on('worker', (w) => w.on('console', (m) => workerLog.push(`${m.type()}: ${m.text()}`)));
    await signIn(page, 'patient@demo.test');

    await page.getByRole('link', { name: 'Add reading', exact: true }).click();
    await page.waitForURL(/\/app\/entry$/);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Add reading', exact: true }).count(), { timeout: 15_000 })
      .toBe(1);
    // The reader's code is not part of the entry screen: it loads when the photo option is opened.
    expect(requested.filter((u) => /ocr-sheet/.test(u))).toEqual([]);

    await page.getByRole('button', { name: 'Read from a photo', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Read values from a photo' });
    await expect.poll(() => dialog.count(), { timeout: 10_000 }).toBe(1);
    await dialog.getByRole('radio', { name: 'Blood pressure monitor', exact: true }).check();

    // A photo of a monitor drawn in the test (LCD, slightly tilted and noisy, with a frame and icons).
    const sys = 110 + Math.floor(Math.random() * 10);
    const dia = 70 + Math.floor(Math.random() * 8);
    const pulse = 60 + Math.floor(Math.random() * 20);
    const photo = bpMonitor(sys, dia, pulse, { width: 480, height: 360, rotation: 2, noise: 7, clutter: true }, 7);
    await dialog
      .getByLabel('Photo of the device screen')
      .setInputFiles({ name: 'monitor.png', mimeType: 'image/png', buffer: Buffer.from(encodePng(photo)) });

    // The values are in the form for the patient to check; nothing is sent yet.
    await expect.poll(() => dialog.count(), { timeout: 15_000 }).toBe(0);
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Systolic (mmHg)', exact: true }).inputValue(), { timeout: 10_000 })
      .toBe(String(sys));
    expect(await page.getByRole('textbox', { name: 'Diastolic (mmHg)', exact: true }).inputValue()).toBe(String(dia));
    expect(await page.getByRole('textbox', { name: 'Heart rate (BPM)', exact: true }).inputValue()).toBe(String(pulse));
    expect(await page.getByText('Values read from the photo.', { exact: false }).count()).toBe(1);
    expect(posted).toEqual([]);
    await shot(page, 'mobile-ocr-filled');

    // Confirmed with Save: stored like a typed reading.
    const startedAt = Date.now();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/\/app\/?$/, { timeout: 15_000 });
    expect(posted).toHaveLength(1);
    const token = String(await page.evaluate(() => localStorage.getItem('cw.app.access')));
    const from = new Date(startedAt - 5_000).toISOString();
    const to = new Date(Date.now() + 1_000).toISOString();
    const series = async (metric: string) => {
      const res = await fetch(
        `${baseUrl}/api/account/app/patients/me/vitals?metric=${metric}&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
        { headers: { authorization: `Bearer ${token}` } },
      );
      return ((await res.json()) as { points: Array<{ avg: number | null; avg2?: number | null }> }).points;
    };
    await expect
      .poll(async () => (await series('blood_pressure')).map((p) => [p.avg, p.avg2]), { timeout: 10_000 })
      .toEqual([[sys, dia]]);
    expect((await series('heart_rate')).map((p) => p.avg)).toContain(pulse);

    // An LCD showing printed text (drawn by the browser in a proportional font): read, shown, not saved.
    await page.getByRole('link', { name: 'Add reading', exact: true }).click();
    await page.waitForURL(/\/app\/entry$/);
    const lcd = await page.evaluate(async () => {
      const c = document.createElement('canvas');
      c.width = 480;
      c.height = 300;
      const g = c.getContext('2d')!;
      g.fillStyle = '#b9c7a6';
      g.fillRect(0, 0, 480, 300);
      g.fillStyle = '#1f2a1c';
      g.font = 'italic 36px serif';
      g.fillText('Body temp', 40, 60);
      g.font = 'bold 130px serif';
      g.fillText('37.4', 60, 220);
      g.font = 'bold 60px serif';
      g.fillText('°C', 350, 220);
      const blob = await new Promise<Blob>((resolve) => c.toBlob((b) => resolve(b!), 'image/png'));
      return [...new Uint8Array(await blob.arrayBuffer())];
    });
    await page.getByRole('button', { name: 'Read from a photo', exact: true }).click();
    await expect.poll(() => dialog.count(), { timeout: 10_000 }).toBe(1);
    await dialog.getByRole('radio', { name: 'Thermometer', exact: true }).check();
    await dialog
      .getByLabel('Photo of the device screen')
      .setInputFiles({ name: 'thermometer.png', mimeType: 'image/png', buffer: Buffer.from(lcd) });
    await expect.poll(() => dialog.count(), { timeout: 60_000 }).toBe(0);
    expect(await page.getByRole('textbox', { name: 'Temperature (°C)', exact: true }).inputValue()).toBe('37.4');
    const source = await page
      .getByRole('status')
      .filter({ hasText: 'Values read from the photo.' })
      .getAttribute('data-ocr-source');
    // Not seven segments: read by the text recognizer (tesseract, in the browser, with our own files).
    expect(source).toBe('text');
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.waitForURL(/\/app\/?$/, { timeout: 15_000 });
    expect(posted).toHaveLength(1);

    // A photo of a blank screen: nothing sensible is read (the seven-segment reader, then tesseract from our server).
    await page.getByRole('link', { name: 'Add reading', exact: true }).click();
    await page.waitForURL(/\/app\/entry$/);
    await page.getByRole('button', { name: 'Read from a photo', exact: true }).click();
    await expect.poll(() => dialog.count(), { timeout: 10_000 }).toBe(1);
    const blank = renderDisplay([], { width: 480, height: 360, noise: 6, gradient: 30, clutter: true }, 3);
    await dialog
      .getByLabel('Photo of the device screen')
      .setInputFiles({ name: 'blank.png', mimeType: 'image/png', buffer: Buffer.from(encodePng(blank)) });
    await expect
      .poll(() => dialog.getByRole('alert').innerText(), { timeout: 60_000 })
      .toMatch(/^OCR cannot detect data\./);
    await shot(page, 'mobile-ocr-cannot-detect');
    expect(await page.getByRole('textbox', { name: 'Systolic (mmHg)', exact: true }).inputValue()).toBe('');
    expect(posted).toHaveLength(1);
    // The fallback's worker and English model came from our own server, nothing from elsewhere.
    expect(ocrFiles.get('/app/ocr/worker.min.js')).toBe(200);
    expect(ocrFiles.get('/app/ocr/eng.traineddata.gz')).toBe(200);
    expect(requested.filter((u) => !u.startsWith(baseUrl) && !u.startsWith('blob:') && !u.startsWith('data:'))).toEqual(
      [],
    );
    expect(workerLog.filter((m) => /Content Security Policy|CompileError|wasm/i.test(m))).toEqual([]);
    expect(cspViolations()).toEqual([]);
    await context.close();
  });
});
