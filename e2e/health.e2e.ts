import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD, dismissAlertPopups, launch, login, newPage, shot } from './browser.ts';

let browser: Browser;
const baseUrl = inject('baseUrl');

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function token(username: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/oauth-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ tenant: 'demo', username, password: DEMO_PASSWORD, grant_type: 'password' }),
  });
  return String(((await res.json()) as { access_token: string }).access_token);
}

/** Makes sure the demo patient has readings of the last days (the demo seed writes a month; this only tops it up when missing). */
async function ensureReadings(): Promise<void> {
  const doctor = await token('doctor@demo.test');
  const list = (await (
    await fetch(`${baseUrl}/api/account/patients?search=DEMO-P0001`, { headers: { authorization: `Bearer ${doctor}` } })
  ).json()) as { items: Array<{ id: string }> };
  const id = list.items[0]?.id;
  expect(id).toBeTruthy();
  const latest = (await (
    await fetch(`${baseUrl}/api/account/patients/${id}/vitals/latest`, {
      headers: { authorization: `Bearer ${doctor}` },
    })
  ).json()) as { items: unknown[] };
  if (latest.items.length > 0) return;
  const patient = await token('patient@demo.test');
  const now = Date.now();
  const readings = [];
  for (let i = 1; i <= 96; i++) {
    const measuredAt = new Date(now - i * 15 * 60_000).toISOString();
    readings.push({ metric: 'heart_rate', measuredAt, value: 62 + (i % 20) });
    if (i % 24 === 0)
      readings.push({ metric: 'blood_pressure', measuredAt, values: { systolic: 118 + (i % 30), diastolic: 76 } });
  }
  const res = await fetch(`${baseUrl}/api/ingest/measurements`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${patient}` },
    body: JSON.stringify({ readings }),
  });
  expect(res.status).toBe(200);
}

const chart = (page: Page, name: string) => page.getByRole('img', { name, exact: true });

describe('patient health profile', () => {
  test('a doctor opens the demo patient and sees the charts, in English then in Vietnamese', async () => {
    await ensureReadings();
    const page = await newPage(browser, baseUrl, { lang: 'en' });
    await dismissAlertPopups(page);
    await login(page, 'doctor@demo.test');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Patients', exact: true })
      .click();
    await page.getByRole('searchbox', { name: 'Search patients' }).fill('DEMO-P0001');
    const open = page.getByRole('link', { name: /^Open / }).first();
    await expect.poll(() => page.getByRole('link', { name: /^Open / }).count(), { timeout: 15_000 }).toBe(1);
    await open.click();
    await page.getByRole('tab', { name: 'Health', exact: true }).click();

    // Latest values and the heart-rate chart of the week, with its readable summary.
    await expect
      .poll(
        () =>
          page
            .getByRole('region', { name: 'Latest values' })
            .getByRole('listitem', { name: 'Heart rate', exact: true })
            .count(),
        { timeout: 15_000 },
      )
      .toBe(1);
    await expect.poll(() => chart(page, 'Heart rate chart').count(), { timeout: 15_000 }).toBe(1);
    await expect
      .poll(() => page.getByText(/^Heart rate: min \d+, average \d+, max \d+ bpm \(\d+ readings\)\.$/).count())
      .toBeGreaterThan(0);
    expect(await page.locator('canvas').count()).toBeGreaterThan(0);
    await shot(page, 'health-heart-rate-week-en');

    // Day / month ranges and the previous period.
    await page.getByText('Day', { exact: true }).click();
    await expect.poll(() => chart(page, 'Heart rate chart').count(), { timeout: 15_000 }).toBe(1);
    await page.getByRole('button', { name: 'Previous period', exact: true }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Back to today', exact: true }).count()).toBe(1);
    await page.getByRole('button', { name: 'Back to today', exact: true }).click();
    await page.getByText('Month', { exact: true }).click();

    // Blood pressure with its classes.
    const metric = page.getByRole('combobox', { name: 'Metric', exact: true });
    await metric.selectOption('blood_pressure');
    await expect.poll(() => chart(page, 'Blood pressure chart').count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => page.getByText(/^Average \d+\/\d+ mmHg:$/).count()).toBe(1);
    await expect
      .poll(() => page.getByRole('list', { name: 'Blood pressure classes' }).getByRole('listitem').count())
      .toBe(4);
    await shot(page, 'health-blood-pressure-month-en');

    // Sleep stages, steps against the target, an ECG strip (the demo seed writes them; the top-up above does not).
    await metric.selectOption('sleep');
    await expect
      .poll(
        async () =>
          (await chart(page, 'Sleep chart').count()) + (await page.getByText('No Sleep data in this period.').count()),
        { timeout: 15_000 },
      )
      .toBe(1);
    if (await chart(page, 'Sleep chart').count()) {
      await expect
        .poll(() => page.getByRole('table', { name: 'Sleep stages of the last night' }).getByRole('row').count())
        .toBe(5);
      await shot(page, 'health-sleep-month-en');
    }
    await metric.selectOption('steps');
    await expect
      .poll(
        async () =>
          (await chart(page, 'Steps chart').count()) + (await page.getByText('No Steps data in this period.').count()),
        { timeout: 15_000 },
      )
      .toBe(1);
    await metric.selectOption('ecg');
    await expect
      .poll(
        async () =>
          (await chart(page, 'ECG chart').count()) + (await page.getByText('No ECG data in this period.').count()),
        { timeout: 15_000 },
      )
      .toBe(1);
    await shot(page, 'health-ecg-month-en');

    // The doctor edits the steps target.
    await page.getByRole('textbox', { name: 'Daily steps target', exact: true }).fill('7500');
    await page.getByRole('button', { name: 'Save targets', exact: true }).click();
    await expect.poll(() => page.getByText('Current: 7,500').count(), { timeout: 15_000 }).toBe(1);

    // Vietnamese.
    await metric.selectOption('heart_rate');
    await page.getByLabel('Language', { exact: true }).selectOption('vi');
    await expect.poll(() => chart(page, 'Biểu đồ Nhịp tim').count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => page.getByRole('tab', { name: 'Sức khỏe', exact: true }).count()).toBe(1);
    await expect.poll(() => page.getByRole('region', { name: 'Giá trị mới nhất' }).count()).toBe(1);
    await expect
      .poll(() => page.getByText(/^Nhịp tim: thấp nhất \d+, trung bình \d+, cao nhất \d+ bpm/).count())
      .toBeGreaterThan(0);
    await expect.poll(() => page.getByRole('combobox', { name: 'Chỉ số', exact: true }).count()).toBe(1);
    await shot(page, 'health-heart-rate-month-vi');
    await page.getByRole('combobox', { name: 'Chỉ số', exact: true }).selectOption('blood_pressure');
    await expect.poll(() => chart(page, 'Biểu đồ Huyết áp').count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => page.getByRole('list', { name: 'Phân loại huyết áp' }).count()).toBe(1);
    await shot(page, 'health-blood-pressure-vi');
    await new Promise((r) => setTimeout(r, 1500));
    await shot(page, 'health-blood-pressure-vi-later');
    expect(await page.getByRole('tab', { name: 'Sức khỏe', exact: true }).getAttribute('aria-selected')).toBe('true');
    await page.context().close();
  });
});
