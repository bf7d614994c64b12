import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { dismissAlertPopups, launch, login, newPage, shot } from './browser.ts';
import { apiToken, phone, signIn } from './mobile.ts';

let browser: Browser;
const baseUrl = inject('baseUrl');

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Makes sure the demo patient has readings of the last hours (the demo seed writes them; this only tops up). */
async function ensureReadings(): Promise<void> {
  const patient = await apiToken(baseUrl, 'patient@demo.test', 'app');
  const now = Date.now();
  const readings = Array.from({ length: 12 }, (_, i) => ({
    metric: 'heart_rate',
    measuredAt: new Date(now - (i + 1) * 7 * 60_000 - 13_000).toISOString(),
    value: 64 + i,
  }));
  const res = await fetch(`${baseUrl}/api/ingest/measurements`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${patient}` },
    body: JSON.stringify({ readings }),
  });
  expect(res.status).toBe(200);
}

async function downloadOf(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), click()]);
  return { name: download.suggestedFilename(), bytes: fs.readFileSync((await download.path())!) };
}

/** CSV lines after the byte order mark and the header. */
const csvReadings = (bytes: Buffer) =>
  bytes
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .slice(1);

describe('vitals export', () => {
  test('portal: a doctor exports the demo patient’s vitals as CSV and as a PDF report from the Export menu', async () => {
    await ensureReadings();
    const page = await newPage(browser, baseUrl, { lang: 'en' });
    await dismissAlertPopups(page);
    await login(page, 'doctor@demo.test');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Patients', exact: true })
      .click();
    await page.getByRole('searchbox', { name: 'Search patients' }).fill('DEMO-P0001');
    await expect.poll(() => page.getByRole('link', { name: /^Open / }).count(), { timeout: 15_000 }).toBe(1);
    await page
      .getByRole('link', { name: /^Open / })
      .first()
      .click();
    await page.getByRole('tab', { name: 'Health', exact: true }).click();

    const exportMenu = page.getByRole('button', { name: 'Export vitals', exact: true });
    await exportMenu.click();
    await page.getByRole('menuitem', { name: 'CSV', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Export vitals — CSV' });
    await dialog.waitFor();
    // A start after the end is refused on its field, before anything is sent.
    const from = dialog.getByRole('textbox', { name: 'From' });
    const to = dialog.getByRole('textbox', { name: 'To' });
    const defaultTo = await to.inputValue();
    await from.fill('01/01/2099');
    await dialog.getByRole('button', { name: 'Download', exact: true }).click();
    await expect.poll(() => dialog.getByText('End date must be on or after the start date').count()).toBe(1);
    // The last 7 days.
    const [d, m, y] = defaultTo.split('/').map(Number) as [number, number, number];
    const weekAgo = new Date(Date.UTC(y, m - 1, d - 6));
    await from.fill(
      `${String(weekAgo.getUTCDate()).padStart(2, '0')}/${String(weekAgo.getUTCMonth() + 1).padStart(2, '0')}/${weekAgo.getUTCFullYear()}`,
    );
    await shot(page, 'vitals-export-portal-dialog');
    const csv = await downloadOf(page, () => dialog.getByRole('button', { name: 'Download', exact: true }).click());
    expect(csv.name).toMatch(/^vitals-DEMO-P0001-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = csv.bytes.toString('utf8');
    expect(text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
      '"Time","Metric","Value","Value 2 (diastolic)","Unit","Source / device","Out of range","Time (UTC, ISO 8601)"',
    );
    const rows = csvReadings(csv.bytes);
    expect(rows.length).toBeGreaterThanOrEqual(12);
    expect(rows.filter((r) => r.includes('"Heart rate"')).length).toBeGreaterThanOrEqual(12);
    expect(rows.every((r) => /^"\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}",/.test(r))).toBe(true);
    await expect.poll(() => dialog.count()).toBe(0);

    await exportMenu.click();
    await page.getByRole('menuitem', { name: 'PDF report', exact: true }).click();
    const pdfDialog = page.getByRole('dialog', { name: 'Export vitals — PDF report' });
    await pdfDialog.waitFor();
    const pdf = await downloadOf(page, () => pdfDialog.getByRole('button', { name: 'Download', exact: true }).click());
    expect(pdf.name).toMatch(/\.pdf$/);
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((pdf.bytes.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length).toBeGreaterThanOrEqual(1);
    await page.context().close();
  });

  test('app (390×844): “Export for my doctor” downloads a CSV of my readings when the share API is absent', async () => {
    const { context, page } = await phone(browser, baseUrl);
    await signIn(page, 'patient@demo.test');
    const card = page.getByRole('region', { name: 'Export for my doctor' });
    await expect.poll(() => card.count(), { timeout: 15_000 }).toBe(1);
    await card.getByRole('button', { name: 'Export for my doctor', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Export for my doctor' });
    await dialog.waitFor();
    await dialog.getByText('Last 7 days', { exact: true }).click();
    await dialog.getByText('CSV (spreadsheet)', { exact: true }).click();
    // Headless Chromium has no file sharing: the button says Download and the file is saved.
    expect(
      await page.evaluate(
        () =>
          typeof navigator.canShare === 'function' &&
          navigator.canShare({ files: [new File(['x'], 'x.csv', { type: 'text/csv' })] }),
      ),
    ).toBe(false);
    await shot(page, 'vitals-export-app-dialog');
    const csv = await downloadOf(page, () => dialog.getByRole('button', { name: 'Download', exact: true }).click());
    expect(csv.name).toMatch(/^vitals-DEMO-P0001-.*\.csv$/);
    const rows = csvReadings(csv.bytes);
    expect(rows.filter((r) => r.includes('"Heart rate"')).length).toBeGreaterThanOrEqual(12);
    await expect.poll(() => page.getByText('File downloaded', { exact: true }).count()).toBeGreaterThan(0);

    // The PDF report the same way.
    await card.getByRole('button', { name: 'Export for my doctor', exact: true }).click();
    await dialog.waitFor();
    const pdf = await downloadOf(page, () => dialog.getByRole('button', { name: 'Download', exact: true }).click());
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await context.close();
  });
});
