import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, shot } from './browser.ts';
import { apiToken, getJson, phone, signIn } from './mobile.ts';

let browser: Browser;
const baseUrl = inject('baseUrl');

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

type Report = {
  startDate: string;
  endDate: string;
  summary: { n: number; avg: number | null; min: number | null; max: number | null };
  bp: { counts: Record<string, number> } | null;
};

/** The app's own token (a second app sign-in would end the browser's session). */
async function browserToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('cw.app.access'));
  expect(token).toBeTruthy();
  return String(token);
}

/** The app adopts the profile's language at sign-in; another spec may have left the demo patient in Vietnamese. */
async function profileLanguage(username: string, lang: string) {
  const token = await apiToken(baseUrl, username, 'app');
  const res = await fetch(`${baseUrl}/api/account/me/profile/update-language?lang=${lang}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
}

const stat = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true });
const statText = async (page: Page, label: string) => (await stat(page, label).innerText()).replace(label, '').trim();
/** Today in the profile's time zone: the app and the server cut report days in it. */
async function profileToday(token: string): Promise<string> {
  const { timezone } = await getJson<{ timezone: string }>(baseUrl, '/api/account/me/profile/get', token);
  // en-CA formats a date as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
}

describe('patient app: metric pages', () => {
  test('heart rate detail, trend and week/month/year report; BP class, sleep stages, steps and weight goals', async () => {
    await profileLanguage('patient@demo.test', 'en');
    const { context, page } = await phone(browser, baseUrl);
    await signIn(page, 'patient@demo.test');
    const token = await browserToken(page);

    // Home → tap the heart-rate card.
    await page.getByRole('link', { name: 'Open Heart rate', exact: true }).click();
    await page.waitForURL(/\/app\/metrics\/heart_rate$/);
    await expect.poll(() => page.getByRole('heading', { name: 'Heart rate', exact: true }).count()).toBe(1);
    const latest = stat(page, 'Latest');
    await expect.poll(() => latest.count(), { timeout: 15_000 }).toBe(1);
    expect(await latest.innerText()).toMatch(/\d+ bpm/);
    // Detail: today's readings (the demo has one every 15 minutes), or the empty-day message just after midnight.
    await expect
      .poll(
        async () =>
          (await page.getByRole('table', { name: 'Today’s readings' }).getByRole('row').count()) > 1 ||
          (await page.getByText('No readings today.').count()) === 1,
        { timeout: 15_000 },
      )
      .toBe(true);
    await shot(page, 'mobile-metric-detail');

    // Trend: a chart and the range's min and max.
    await page.getByRole('tab', { name: 'Trend', exact: true }).click();
    const chart = page.getByRole('img', { name: 'Heart rate chart', exact: true });
    await expect.poll(() => chart.locator('canvas').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const min = Number((await statText(page, 'Min')).replace(/\D+/g, ''));
    const max = Number((await statText(page, 'Max')).replace(/\D+/g, ''));
    expect(min).toBeGreaterThan(20);
    expect(max).toBeGreaterThanOrEqual(min);
    await shot(page, 'mobile-metric-trend');

    // Report: week → month → year, each summary equal to the API's report of the same period.
    await page.getByRole('tab', { name: 'Report', exact: true }).click();
    const today = await profileToday(token);
    for (const period of ['week', 'month', 'year'] as const) {
      if (period !== 'week') await page.getByText(period === 'month' ? 'Month' : 'Year', { exact: true }).click();
      const api = await getJson<Report>(
        baseUrl,
        `/api/account/app/patients/me/vitals/report?metric=heart_rate&period=${period}&date=${today}`,
        token,
      );
      expect(api.summary.n).toBeGreaterThan(0);
      await expect
        .poll(async () => (await stat(page, 'Readings').count()) === 1 && (await statText(page, 'Readings')), {
          timeout: 15_000,
        })
        .toBe(String(api.summary.n));
      expect(await statText(page, 'Average')).toBe(`${Math.round(api.summary.avg!)} bpm`);
      expect(await statText(page, 'Min')).toBe(`${Math.round(api.summary.min!)} bpm`);
      expect(await statText(page, 'Max')).toBe(`${Math.round(api.summary.max!)} bpm`);
      expect(
        await page.getByRole('img', { name: 'Heart rate report chart' }).locator('canvas').count(),
      ).toBeGreaterThan(0);
    }
    await shot(page, 'mobile-metric-report-year');
    // Previous year: the demo has no readings there.
    await page.getByRole('button', { name: 'Previous period' }).click();
    await expect.poll(() => page.getByText('No readings in this period.').count(), { timeout: 15_000 }).toBe(1);

    // Blood pressure: the class of each reading and the counts per class in the report (this month, or the previous
    // one in the first hours of a month).
    await page.goto('/app/metrics/blood_pressure');
    await page.getByRole('tab', { name: 'Report', exact: true }).click();
    await page.getByText('Month', { exact: true }).click();
    let bpApi = await getJson<Report>(
      baseUrl,
      `/api/account/app/patients/me/vitals/report?metric=blood_pressure&period=month&date=${today}`,
      token,
    );
    if (bpApi.summary.n === 0) {
      await page.getByRole('button', { name: 'Previous period' }).click();
      const previousMonth = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 2, 1))
        .toISOString()
        .slice(0, 10);
      bpApi = await getJson<Report>(
        baseUrl,
        `/api/account/app/patients/me/vitals/report?metric=blood_pressure&period=month&date=${previousMonth}`,
        token,
      );
    }
    const counts = page.getByRole('group', { name: 'Readings per class' });
    await expect.poll(() => counts.count(), { timeout: 15_000 }).toBe(1);
    expect(await counts.getByLabel(/^Blood pressure class: /).count()).toBe(4);
    expect(Object.values(bpApi.bp!.counts).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    expect(await counts.getByText('Stage 1 hypertension', { exact: true }).count()).toBe(1);
    await shot(page, 'mobile-metric-bp');

    // Sleep: last night's stages against the ideal ranges.
    await page.goto('/app/metrics/sleep');
    const shares = page.getByRole('group', { name: 'Share of sleep' });
    await expect.poll(() => shares.count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByRole('img', { name: 'Sleep stages over the night' }).count()).toBe(1);
    for (const s of ['Deep', 'Light', 'REM', 'Awake'])
      expect(await shares.getByRole('group', { name: s, exact: true }).innerText()).toMatch(/\d+(\.\d)? %/);
    expect(await shares.getByText('Ideal 13–23 %').count()).toBe(1);
    await shot(page, 'mobile-metric-sleep');

    // Steps: set the daily target and see today's progress against it.
    await page.goto('/app/metrics/steps');
    const target = page.getByRole('group', { name: 'Daily steps target' });
    await expect.poll(() => target.count(), { timeout: 15_000 }).toBe(1);
    await target.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('textbox', { name: 'Daily steps target' }).fill('8000');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByText(/^\d+ of 8000 steps$/).count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByRole('progressbar').count()).toBe(1);
    expect(await page.getByText(/^\d+ % of the target$/).count()).toBe(1);

    // Weight: a goal that survives a reload, and the records.
    await page.goto('/app/metrics/weight');
    const goal = page.getByRole('group', { name: 'Weight goal' });
    await expect.poll(() => goal.count(), { timeout: 15_000 }).toBe(1);
    await goal.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('textbox', { name: 'Weight goal' }).fill('72.5');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(() => page.getByRole('group', { name: 'Weight goal' }).innerText(), { timeout: 15_000 })
      .toContain('72.5 kg');
    await page.reload();
    await expect
      .poll(
        async () =>
          (await page.getByRole('group', { name: 'Weight goal' }).count()) === 1 &&
          page.getByRole('group', { name: 'Weight goal' }).innerText(),
        { timeout: 15_000 },
      )
      .toContain('72.5 kg');
    expect(
      await getJson<{ targetWeightKg: number }>(baseUrl, '/api/account/app/patients/me/goals', token),
    ).toMatchObject({ targetWeightKg: 72.5, stepsTarget: 8000 });
    expect(await page.getByRole('table', { name: 'Weight records' }).getByRole('row').count()).toBeGreaterThan(0);
    await shot(page, 'mobile-metric-weight');

    // An unknown index.
    await page.goto('/app/metrics/nope');
    await expect.poll(() => page.getByText('This health index does not exist.').count()).toBe(1);
    await context.close();
  });

  test('in Vietnamese the page headings are Vietnamese', async () => {
    await profileLanguage('patient@demo.test', 'vi');
    const { context, page } = await phone(browser, baseUrl);
    await signIn(page, 'patient@demo.test');
    await page.goto('/app/metrics/heart_rate');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Nhịp tim', exact: true }).count(), { timeout: 15_000 })
      .toBe(1);
    for (const tab of ['Chi tiết', 'Xu hướng', 'Báo cáo'])
      await expect.poll(() => page.getByRole('tab', { name: tab, exact: true }).count(), { timeout: 15_000 }).toBe(1);
    await page.getByRole('tab', { name: 'Báo cáo', exact: true }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Tổng hợp', exact: true }).count(), { timeout: 15_000 })
      .toBe(1);
    await shot(page, 'mobile-metric-vi');
    await context.close();
    await profileLanguage('patient@demo.test', 'en');
  });

  test('the caring follower reads the patient’s heart rate and report through the app API, not another patient’s', async () => {
    const token = await apiToken(baseUrl, 'follower@demo.test', 'app');
    const subjects = await getJson<{ items: Array<{ patientId: string; relation: string }> }>(
      baseUrl,
      '/api/account/app/patients',
      token,
    );
    const followed = subjects.items.find((s) => s.relation === 'caring' || s.relation === 'emergency');
    expect(followed).toBeDefined();
    const to = new Date();
    const from = new Date(to.getTime() - 24 * 3600_000);
    const series = await getJson<{ points: unknown[] }>(
      baseUrl,
      `/api/account/app/patients/${followed!.patientId}/vitals?metric=heart_rate&from=${from.toISOString()}&to=${to.toISOString()}&points=200`,
      token,
    );
    expect(series.points.length).toBeGreaterThan(0);
    const report = await getJson<Report>(
      baseUrl,
      `/api/account/app/patients/${followed!.patientId}/vitals/report?metric=heart_rate&period=week&date=${to.toISOString().slice(0, 10)}`,
      token,
    );
    expect(report.summary.n).toBeGreaterThan(0);
    const other = await fetch(
      `${baseUrl}/api/account/app/patients/00000000-0000-4000-8000-000000000000/vitals/report?metric=heart_rate&period=week&date=${to.toISOString().slice(0, 10)}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(other.status).toBe(404);
  });
});
