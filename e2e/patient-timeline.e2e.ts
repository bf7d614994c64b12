import fs from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { dismissAlertPopups, launch, login, newPage, shot } from './browser.ts';
import { apiToken, getJson } from './mobile.ts';
import { pdfText } from '../apps/server/src/test-support/pdf-text.ts';

let browser: Browser;
const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const baseUrl = inject('baseUrl');

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function ingestHeartRate(token: string, readings: Array<{ value: number; minutesAgo: number }>): Promise<void> {
  const res = await fetch(`${baseUrl}/api/ingest/measurements`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      readings: readings.map((r) => ({
        metric: 'heart_rate',
        measuredAt: new Date(Date.now() - r.minutesAgo * 60_000).toISOString(),
        value: r.value,
      })),
    }),
  });
  expect(res.status).toBe(200);
}

/**
 * The demo patient has at least one alert in the last 30 days: a few readings out of range when no earlier file left
 * one (true: the caller sends a normal reading at the end, so the patient is back to normal for the next files).
 */
async function ensureAlert(): Promise<boolean> {
  const staff = await apiToken(baseUrl, 'operator@demo.test', 'portal');
  const found = await getJson<{ items: Array<{ id: string; patientCode: string | null }> }>(
    baseUrl,
    '/api/account/patients?search=DEMO-P0001&size=5',
    staff,
  );
  const id = found.items.find((p) => p.patientCode === 'DEMO-P0001')!.id;
  const alerts = await getJson<{ items: unknown[] }>(
    baseUrl,
    `/api/account/patients/${id}/timeline?types=alert&limit=1`,
    staff,
  );
  if (alerts.items.length > 0) return false;
  const patient = await apiToken(baseUrl, 'patient@demo.test', 'app');
  await ingestHeartRate(patient, [
    { value: 118, minutesAgo: 4 },
    { value: 121, minutesAgo: 3 },
  ]);
  return true;
}

async function downloadOf(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), click()]);
  return { name: download.suggestedFilename(), bytes: fs.readFileSync((await download.path())!) };
}

describe('patient timeline', () => {
  test('a doctor adds a note, sees it on the timeline with the alerts, filters by type, and downloads the report PDF', async () => {
    const created = await ensureAlert();
    const page = await newPage(browser, baseUrl, { lang: 'en' });
    await dismissAlertPopups(page);
    await login(page, 'doctor@demo.test');
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await page.goto('/patients?search=DEMO-P0001');
    await expect.poll(() => page.getByRole('link', { name: /^Open / }).count(), { timeout: 15_000 }).toBe(1);
    await page
      .getByRole('link', { name: /^Open / })
      .first()
      .click();
    await page.getByRole('tab', { name: 'Timeline', exact: true }).click();

    const list = page.getByRole('list', { name: 'Timeline events' });
    await list.waitFor({ timeout: 15_000 });
    const note = `Timeline e2e note ${Date.now()}: ankles swollen, review in 2 days`;
    // An empty note is refused on its field, before anything is sent.
    await page.getByRole('button', { name: 'Add note', exact: true }).click();
    await expect.poll(() => page.getByText('Write the note first', { exact: true }).count()).toBe(1);
    await page.getByRole('textbox', { name: 'New note' }).fill(note);
    await page.getByRole('button', { name: 'Add note', exact: true }).click();
    const noteItem = list.getByRole('listitem').filter({ hasText: note });
    await expect.poll(() => noteItem.count(), { timeout: 10_000 }).toBe(1);
    // The "Note added" toast passes axe too (its close button is named, its text has 4.5:1 contrast).
    const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'Note added' });
    await toast.waitFor();
    if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
    const toastProblems = await page.evaluate(async () => {
      const w = window as unknown as {
        axe: {
          run(ctx: Element, opts: object): Promise<{ violations: Array<{ id: string; impact?: string | null }> }>;
        };
      };
      const el = document.querySelector('.mantine-Notification-root');
      if (!el) return ['no toast'];
      const r = await w.axe.run(el, { resultTypes: ['violations'] });
      return r.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious').map((v) => v.id);
    });
    expect(toastProblems).toEqual([]);
    expect(await noteItem.innerText()).toContain('By Duc Nguyen');
    const alertItems = list.locator('li[data-type="alert"]');
    await expect.poll(() => alertItems.count(), { timeout: 10_000 }).toBeGreaterThan(0);
    // An alert's trail opens in place.
    await alertItems.first().getByRole('button', { name: 'Show the trail' }).click();
    await alertItems.first().getByRole('table', { name: /trail/i }).waitFor();
    await shot(page, 'patient-timeline');

    // Only notes: the alerts leave the list, the note stays.
    for (const type of ['Readings out of range', 'Alerts', 'SOS cases', 'Status changes', 'Devices']) {
      // The chip's input is visually hidden: its label is what a user clicks.
      const id = await page.getByRole('checkbox', { name: type, exact: true }).getAttribute('id');
      await page.locator(`label[for="${id}"]`).click();
    }
    await expect.poll(() => alertItems.count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => noteItem.count()).toBe(1);
    expect(await list.locator('li:not([data-type="note"])').count()).toBe(0);

    // The report of the last 30 days: the charts' titles, an alert and the note, as text of the PDF.
    await page.getByRole('button', { name: 'Print report', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Patient report (PDF)' });
    await dialog.waitFor();
    const pdf = await downloadOf(page, () => dialog.getByRole('button', { name: 'Download', exact: true }).click());
    expect(pdf.name).toMatch(/^report-DEMO-P0001-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.pdf$/);
    const text = pdfText(pdf.bytes);
    expect(text).toContain('Patient report');
    expect(text).toContain('Heart rate (bpm)');
    expect(text).toMatch(/\b(At risk|High risk|SOS)\b/);
    expect(text).toContain(note);
    await page.context().close();
    if (created)
      await ingestHeartRate(await apiToken(baseUrl, 'patient@demo.test', 'app'), [{ value: 72, minutesAgo: 0.5 }]);
  });
});
