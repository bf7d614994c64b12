import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, shot } from './browser.ts';
import { phone, signIn } from './mobile.ts';
import { appleHealthExportBytes } from '../apps/mobile/src/features/health-import/apple-health-export-generator.ts';

let browser: Browser;
const baseUrl = inject('baseUrl');

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const DAY = 86_400_000;
const p2 = (n: number) => String(n).padStart(2, '0');
/** dd/MM/yyyy of a local (+07:00, the demo patient's zone) day `k` days after `day`. */
function ddmmyyyy(day: string, k: number): string {
  const d = new Date(Date.parse(`${day}T12:00:00Z`) + k * DAY);
  return `${p2(d.getUTCDate())}/${p2(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
}

describe('patient app: import from Apple Health', () => {
  test('picks a generated export.zip, imports it, imports it again without duplicates, and finds the readings in the history', async () => {
    // About ten days of data, 200 days ago (the demo's own readings cover the last 30 days).
    const first = new Date(Date.now() - 200 * DAY + 7 * 3_600_000).toISOString().slice(0, 10);
    const { bytes, info } = appleHealthExportBytes({ records: 1_400, firstDay: first });
    const readings = Object.values(info.readings).reduce((a, b) => a + b, 0);
    const stored = Object.values(info.stored).reduce((a, b) => a + b, 0);

    const { context, page } = await phone(browser, baseUrl);
    await signIn(page, 'patient@demo.test');
    await page.goto('/app/devices');
    await page.getByRole('link', { name: 'Import from Apple Health', exact: true }).click();
    await page.waitForURL(/\/app\/health-import$/);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Import from Apple Health', exact: true }).count(), {
        timeout: 15_000,
      })
      .toBe(1);
    expect(await page.getByRole('button', { name: 'Start import', exact: true }).isDisabled()).toBe(true);

    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'export.zip', mimeType: 'application/zip', buffer: Buffer.from(bytes) });
    await page.getByRole('button', { name: 'Start import', exact: true }).click();
    await expect.poll(() => page.getByText('Import finished', { exact: true }).count(), { timeout: 30_000 }).toBe(1);
    const stat = (label: string) => page.getByRole('group', { name: label, exact: true }).innerText();
    expect(await stat('Records read')).toContain(String(info.records));
    expect(await stat('Readings sent')).toContain(String(readings));
    expect(await stat('New readings')).toContain(String(stored));
    expect(
      await page
        .getByText(
          `${stored} new readings added, ${readings - stored} duplicates skipped (already stored or twice in the file).`,
          { exact: true },
        )
        .count(),
    ).toBe(1);
    await shot(page, 'mobile-health-import-done');

    // The same file again: nothing new, everything skipped.
    await page.getByRole('button', { name: 'Start import', exact: true }).click();
    await expect
      .poll(
        () =>
          page
            .getByText(`0 new readings added, ${readings} duplicates skipped (already stored or twice in the file).`, {
              exact: true,
            })
            .count(),
        { timeout: 30_000 },
      )
      .toBe(1);
    expect(await stat('Duplicates skipped')).toContain(String(readings));

    // The imported weights are in the weight history (the last 365 days), on the imported days.
    await page.getByRole('link', { name: 'See weight', exact: true }).click();
    await page.waitForURL(/\/app\/metrics\/weight$/);
    const days = Array.from({ length: 14 }, (_, k) => ddmmyyyy(info.firstDay, k - 1));
    await expect
      .poll(
        async () => {
          const table = page.getByRole('table', { name: 'Weight records' });
          if ((await table.count()) === 0) return 0;
          const rows = await table.getByRole('row').allInnerTexts();
          return rows.filter((r) => days.some((d) => r.includes(d))).length;
        },
        { timeout: 15_000 },
      )
      .toBeGreaterThan(0);
    await context.close();
  });

  test('a file that is not a Health export is refused with a message', async () => {
    const { context, page } = await phone(browser, baseUrl);
    await signIn(page, 'patient@demo.test');
    await page.goto('/app/health-import');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Import from Apple Health', exact: true }).count(), {
        timeout: 15_000,
      })
      .toBe(1);
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'photo.zip', mimeType: 'application/zip', buffer: Buffer.from('not a zip at all') });
    await page.getByRole('button', { name: 'Start import', exact: true }).click();
    await expect
      .poll(
        () =>
          page
            .getByText('This file is not a Health export. Choose the export.zip made by “Export All Health Data”.', {
              exact: true,
            })
            .count(),
        { timeout: 15_000 },
      )
      .toBe(1);
    await context.close();
  });
});
