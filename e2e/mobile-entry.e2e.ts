import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch } from './browser.ts';
import { phone, signIn } from './mobile.ts';

let browser: Browser;
const baseUrl = inject('baseUrl');

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('patient app: manual entry', () => {
  test('limits are enforced in the form, and a valid weight saves and shows on Home', async () => {
    const { context, page } = await phone(browser, baseUrl);
    const posted: string[] = [];
    page.on('request', (req) => {
      if (req.method() === 'POST' && req.url().includes('/api/ingest/measurements')) posted.push(req.postData() ?? '');
    });
    await signIn(page, 'patient@demo.test');

    await page.getByRole('link', { name: 'Add reading', exact: true }).click();
    await page.waitForURL(/\/app\/entry$/);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Add reading', exact: true }).count(), { timeout: 15_000 })
      .toBe(1);

    // Out-of-range SpO2: the spec's message on the field, nothing sent.
    const spo2 = page.getByRole('textbox', { name: 'SpO2 (%)', exact: true });
    await spo2.fill('80');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByText('SpO2 must be between 88 and 100 %', { exact: true }).count()).toBe(1);
    await expect.poll(async () => spo2.getAttribute('aria-invalid')).toBe('true');
    expect(posted).toEqual([]);
    await spo2.fill('');

    // Blood pressure: systolic must exceed diastolic by at least 20.
    await page.getByRole('textbox', { name: 'Systolic (mmHg)', exact: true }).fill('110');
    await page.getByRole('textbox', { name: 'Diastolic (mmHg)', exact: true }).fill('95');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(() =>
        page.getByText('Systolic must be greater than diastolic by at least 20 mmHg', { exact: true }).count(),
      )
      .toBe(1);
    expect(posted).toEqual([]);

    // Hiding an index removes its field; the choice survives a reload.
    await page.getByRole('checkbox', { name: 'Blood pressure', exact: true }).uncheck();
    await expect.poll(() => page.getByRole('textbox', { name: 'Systolic (mmHg)', exact: true }).count()).toBe(0);
    await page.reload();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Heart rate (BPM)', exact: true }).count(), { timeout: 15_000 })
      .toBe(1);
    expect(await page.getByRole('textbox', { name: 'Systolic (mmHg)', exact: true }).count()).toBe(0);
    expect(await page.getByRole('checkbox', { name: 'Blood pressure', exact: true }).isChecked()).toBe(false);

    // Nothing typed: at least one measurement.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByText('Enter at least one measurement.', { exact: true }).count()).toBe(1);
    expect(posted).toEqual([]);

    // Over a threshold (heart rate ≥ 140 is high risk by default): a warning with the level; "Edit values" sends nothing.
    const heart = page.getByRole('textbox', { name: 'Heart rate (BPM)', exact: true });
    await heart.fill('150');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Values over your thresholds' });
    await expect.poll(() => dialog.count(), { timeout: 10_000 }).toBe(1);
    expect(await dialog.innerText()).toMatch(/Heart rate: 150 BPM – (High risk|SOS)/);
    await dialog.getByRole('button', { name: 'Edit values', exact: true }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(posted).toEqual([]);
    await heart.fill('');

    // A weight that raises no alert (no weight thresholds), saved and shown on Home.
    const weight = (60 + Math.floor(Math.random() * 200) / 10).toFixed(1);
    await page.getByRole('textbox', { name: 'Weight (kg)', exact: true }).fill(weight);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/\/app\/?$/, { timeout: 15_000 });
    expect(posted).toHaveLength(1);
    expect(JSON.parse(posted[0]!)).toMatchObject({ readings: [{ metric: 'weight', value: Number(weight) }] });
    const card = page
      .getByRole('region', { name: 'Latest values' })
      .getByRole('listitem', { name: 'Weight', exact: true });
    await expect.poll(() => card.innerText(), { timeout: 15_000 }).toContain(`${Number(weight)} kg`);

    // Blood pressure taken twice in a row (within the same minute): both readings are on the server.
    const startedAt = Date.now();
    for (const [sys, dia] of [
      [118, 76],
      [114, 72],
    ] as const) {
      await page.getByRole('link', { name: 'Add reading', exact: true }).click();
      await page.waitForURL(/\/app\/entry$/);
      // Shown again (hidden earlier in this test).
      const bp = page.getByRole('checkbox', { name: 'Blood pressure', exact: true });
      if (!(await bp.isChecked())) await bp.check();
      await page.getByRole('textbox', { name: 'Systolic (mmHg)', exact: true }).fill(String(sys));
      await page.getByRole('textbox', { name: 'Diastolic (mmHg)', exact: true }).fill(String(dia));
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.waitForURL(/\/app\/?$/, { timeout: 15_000 });
    }
    expect(Date.now() - startedAt).toBeLessThan(60_000);
    const token = String(await page.evaluate(() => localStorage.getItem('cw.app.access')));
    const from = new Date(startedAt - 5_000).toISOString();
    const to = new Date(Date.now() + 1_000).toISOString();
    const res = await fetch(
      `${baseUrl}/api/account/app/patients/me/vitals?metric=blood_pressure&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    const series = (await res.json()) as { points: Array<{ avg: number | null; avg2?: number | null; n: number }> };
    expect(series.points.map((p) => [p.avg, p.avg2]).sort()).toEqual([
      [114, 72],
      [118, 76],
    ]);
    await context.close();
  });
});
