import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD, launch, login, shot } from './browser.ts';

// Issue 13: one clock on every staff screen. The browser runs in UTC, the doctor's profile in Asia/Ho_Chi_Minh
// (UTC+7): the popup, the SOS case, the alert list and the chart tooltip all show the profile's wall-clock time.

let browser: Browser;
const baseUrl = inject('baseUrl');
const ZONE = 'Asia/Ho_Chi_Minh';

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function token(username: string, client: 'app' | 'portal'): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/oauth-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(client === 'app' ? { 'x-client': 'app' } : {}) },
    body: JSON.stringify({ tenant: 'demo', username, password: DEMO_PASSWORD, grant_type: 'password' }),
  });
  expect(res.status).toBe(200);
  return String(((await res.json()) as { access_token: string }).access_token);
}
async function api<T>(method: string, path: string, tok: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${tok}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(res.status, path).toBeLessThan(300);
  return (await res.json()) as T;
}

/** dd/MM/yyyy HH:mm:ss of an instant in a zone, computed here independently of the apps. */
function wall(iso: string | number, zone: string): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(iso))
      .map((x) => [x.type, x.value]),
  );
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}:${p.second}`;
}

async function dismissPopup(page: Page) {
  const popup = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Dismiss', exact: true }) });
  if (await popup.count()) await popup.getByRole('button', { name: 'Dismiss', exact: true }).first().click();
}

describe('one clock on every screen', () => {
  test('browser in UTC, profile in Asia/Ho_Chi_Minh: popup, case, alert list and chart tooltip show the same wall-clock time', async () => {
    const doctor = await token('doctor@demo.test', 'portal');
    const profile = await api<{ timezone: string }>('GET', '/api/account/me/profile/get', doctor);
    expect(profile.timezone).toBe(ZONE);
    const patient = await token('patient@demo.test', 'app');

    const context = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: 1366, height: 900 },
      timezoneId: 'UTC',
    });
    await context.addInitScript(() => localStorage.setItem('cw.lang', 'en'));
    const page = await context.newPage();
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('UTC');
    await login(page, 'doctor@demo.test');
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();

    // An SOS-level heart rate of the demo patient, measured a minute ago (a whole second, so the chart point is exact).
    const measuredAt = new Date(Math.floor((Date.now() - 60_000) / 1000) * 1000).toISOString();
    const res = await api<{ accepted: number }>('POST', '/api/ingest/measurements', patient, {
      readings: [{ metric: 'heart_rate', measuredAt, value: 252 }],
    });
    expect(res.accepted).toBe(1);
    type Alert = {
      id: string;
      patientId: string;
      level: string;
      status: string;
      openedAt: string;
      sosCaseId: string | null;
      metric: string | null;
    };
    let alert: Alert | undefined;
    await expect
      .poll(
        async () => {
          alert = (await api<{ items: Alert[] }>('GET', '/api/account/me/alerts?size=50', patient)).items.find(
            (a) => a.metric === 'heart_rate' && a.level === 'sos' && a.status !== 'closed',
          );
          return Boolean(alert?.sosCaseId);
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    const opened = wall(alert!.openedAt, ZONE);
    expect(opened).not.toBe(wall(alert!.openedAt, 'UTC'));

    try {
      // The popup.
      const popup = page.getByRole('dialog').filter({ hasText: 'Phuong Hoang' });
      await expect.poll(() => popup.count(), { timeout: 15_000 }).toBeGreaterThan(0);
      await expect.poll(() => popup.first().innerText()).toContain(opened);
      await shot(page, 'timezone-popup');
      await dismissPopup(page);

      // The SOS case.
      await page.goto(`/sos-cases/${alert!.sosCaseId}`);
      await dismissPopup(page);
      await expect.poll(() => page.getByText(opened, { exact: true }).count(), { timeout: 15_000 }).toBeGreaterThan(0);
      await shot(page, 'timezone-case');

      // The alert list.
      await page.goto('/alerts');
      await dismissPopup(page);
      await expect
        .poll(() => page.getByRole('cell', { name: opened, exact: true }).count(), { timeout: 15_000 })
        .toBeGreaterThan(0);

      // The chart tooltip over the reading (the demo patient's Health tab, today, heart rate).
      await page.goto(`/patients/${alert!.patientId}`);
      await dismissPopup(page);
      await page.getByRole('tab', { name: 'Health', exact: true }).click();
      await page.getByText('Day', { exact: true }).click();
      const chart = page.getByRole('img', { name: /Heart rate/ });
      await expect.poll(() => chart.count(), { timeout: 15_000 }).toBeGreaterThan(0);
      await chart.first().scrollIntoViewIfNeeded();
      const box = (await chart.first().boundingBox())!;
      // The day runs from the profile zone's midnight; the reading's x on the time axis (grid: left 56, right 24).
      const dayStart = Date.parse(
        `${wall(measuredAt, ZONE).slice(6, 10)}-${wall(measuredAt, ZONE).slice(3, 5)}-${wall(measuredAt, ZONE).slice(0, 2)}T00:00:00+07:00`,
      );
      const x = box.x + 56 + ((Date.parse(measuredAt) - dayStart) / 86_400_000) * (box.width - 80);
      await page.mouse.move(x, box.y + box.height / 2);
      const expected = wall(measuredAt, ZONE);
      // ECharts' tooltip is a div in the chart's container: its first line is the time of the point under the mouse.
      const tooltipText = async () =>
        (await chart.first().locator('div').allInnerTexts())
          .map((x) => x.trim())
          .find((x) => /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}/.test(x)) ?? '';
      await expect.poll(tooltipText, { timeout: 10_000 }).toMatch(/^\d{2}\/\d{2}\/\d{4}/);
      // The point under the mouse is the reading (or one a few minutes from it): its time is the profile zone's.
      const shownAt = (await tooltipText()).slice(0, 19);
      const [d, mo, rest] = shownAt.split('/');
      const instant = Date.parse(`${rest!.slice(0, 4)}-${mo}-${d}T${rest!.slice(5)}+07:00`);
      expect(Math.abs(instant - Date.parse(measuredAt))).toBeLessThan(20 * 60_000);
      expect(shownAt.slice(11, 13)).toBe(expected.slice(11, 13));
      await shot(page, 'timezone-chart-tooltip');
    } finally {
      const cskh = await token('cskh@demo.test', 'portal');
      await fetch(`${baseUrl}/api/account/sos-cases/${alert!.sosCaseId}/close`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${cskh}` },
        body: JSON.stringify({ outcome: 'false_alarm', note: 'e2e: time zones' }),
      });
      await context.close();
    }
  });
});
