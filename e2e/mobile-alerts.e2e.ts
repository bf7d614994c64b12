import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO_PASSWORD, launch, shot } from './browser.ts';

let browser: Browser;
const baseUrl = inject('baseUrl');

beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });

/** A phone-sized touch browser, as the patient app is used (same setup as mobile-access). */
async function phone(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  await context.addInitScript(() => { if (!localStorage.getItem('cw.app.lang')) localStorage.setItem('cw.app.lang', 'en'); });
  return { context, page: await context.newPage() };
}

async function apiToken(username: string, client: 'app' | 'portal'): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/oauth-token`, {
    method: 'POST', headers: { 'content-type': 'application/json', ...(client === 'app' ? { 'x-client': 'app' } : {}) },
    body: JSON.stringify({ tenant: 'demo', username, password: DEMO_PASSWORD, grant_type: 'password' }),
  });
  expect(res.status).toBe(200);
  return String(((await res.json()) as { access_token: string }).access_token);
}

async function getJson<T>(path: string, token: string): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

async function ingestHeartRate(token: string, value: number, measuredAt: Date) {
  const res = await fetch(`${baseUrl}/api/ingest/measurements`, {
    method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ readings: [{ metric: 'heart_rate', measuredAt: measuredAt.toISOString(), value }] }),
  });
  expect(res.status).toBe(200);
  expect(((await res.json()) as { accepted: number }).accepted).toBe(1);
}

type MyAlerts = { items: Array<{ id: string; level: string; status: string; source: string; pendingPrompt: boolean; metric: string | null }>; total: number };

/**
 * The app's own access token: a second app sign-in would end the browser's session (one app session per account),
 * so API checks reuse the page's.
 */
async function browserToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('cw.app.access'));
  expect(token).toBeTruthy();
  return String(token);
}

async function signIn(page: Page, username: string) {
  await page.goto('/app/');
  await page.waitForURL(/\/app\/(welcome|login)$/);
  if (page.url().endsWith('/welcome')) {
    await page.getByRole('textbox', { name: 'Organization code', exact: true }).fill('demo');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
  }
  await page.getByRole('textbox', { name: 'Phone or e-mail', exact: true }).fill(username);
  await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/app\/?$/);
}

describe('patient app: alerts and SOS', () => {
  test('the SOS countdown can be cancelled and then nothing is sent', async () => {
    const { context, page } = await phone();
    await signIn(page, 'patient@demo.test');
    const token = await browserToken(page);
    const before = await getJson<MyAlerts>('/api/account/me/alerts?size=100', token);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: /Alerts/ }).click();
    await page.waitForURL(/\/app\/alerts$/);
    await expect.poll(() => page.getByRole('heading', { name: 'Emergency history' }).count()).toBe(1);
    // Thresholds are shown; the demo patient may not edit them.
    await expect.poll(() => page.getByRole('cell', { name: 'Heart rate', exact: true }).count(), { timeout: 10_000 }).toBe(1);
    expect(await page.getByText('Set by your doctor. Contact your doctor to change it.').count()).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'SOS', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Sending SOS' });
    await expect.poll(() => dialog.getByText(/SOS will be sent in \d s/).count()).toBe(1);
    await shot(page, 'mobile-sos-countdown');
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await page.getByRole('status').filter({ hasText: 'SOS cancelled. Nothing was sent.' }).count()).toBe(1);
    // Longer than the countdown: still no dialog and no new alert on the server.
    await page.waitForTimeout(6_500);
    expect(await page.getByRole('dialog').count()).toBe(0);
    const after = await getJson<MyAlerts>('/api/account/me/alerts?size=100', token);
    expect(after.total).toBe(before.total);
    expect(after.items.filter((a) => a.source === 'sos_button' && a.status === 'open').length)
      .toBe(before.items.filter((a) => a.source === 'sos_button' && a.status === 'open').length);
    await context.close();
  });

  test('a high-risk reading opens the dialog; "I am fine" closes it and is recorded on the alert', async () => {
    const { context, page } = await phone();
    await signIn(page, 'patient@demo.test');
    const token = await browserToken(page);
    const thresholds = await getJson<{ items: Array<{ index: string; high: { atRisk: number | null; highRisk: number | null; sos: number | null } }> }>('/api/account/me/thresholds', token);
    const hr = thresholds.items.find((i) => i.index === 'heart_rate')!;
    expect(hr.high.highRisk).not.toBeNull();
    // At the high-risk level (reached at or above it), below SOS.
    const value = Math.ceil(hr.high.highRisk!);
    expect(hr.high.sos === null || value < hr.high.sos).toBe(true);

    let alertId: string | undefined;
    try {
      await ingestHeartRate(token, value, new Date(Date.now() - 30_000));
      const dialog = page.getByRole('dialog', { name: 'High-risk reading' });
      await expect.poll(() => dialog.count(), { timeout: 15_000 }).toBe(1);
      expect(await dialog.getByText(/Your followers will get an SMS in \d+ s unless you answer\.|Your followers have been sent an SMS\./).count()).toBe(1);
      await shot(page, 'mobile-high-risk-dialog');
      const mine = await getJson<MyAlerts>('/api/account/me/alerts?size=100', token);
      const pending = mine.items.find((a) => a.pendingPrompt);
      expect(pending).toMatchObject({ level: 'high_risk', metric: 'heart_rate', status: 'open' });
      alertId = pending!.id;

      await dialog.getByRole('button', { name: 'I am fine', exact: true }).click();
      await expect.poll(() => dialog.getByRole('status').innerText(), { timeout: 10_000 }).toMatch(/No SMS will be sent/);
      await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

      const afterAnswer = await getJson<MyAlerts>('/api/account/me/alerts?size=100', token);
      expect(afterAnswer.items.find((a) => a.id === alertId)?.pendingPrompt).toBe(false);
      // Still closed after the next polls (the prompt does not come back for the answered alert).
      await page.waitForTimeout(6_000);
      expect(await page.getByRole('dialog').count()).toBe(0);
      // The answer is in the alert's trail, as the staff see it.
      const doctor = await apiToken('doctor@demo.test', 'portal');
      const detail = await getJson<{ trail: Array<{ kind: string; detail?: string | null }> }>(`/api/account/alerts/${alertId}`, doctor);
      expect(detail.trail.some((e) => e.kind === 'patient_response' && e.detail === 'i_am_fine')).toBe(true);
    } finally {
      // A normal reading closes the alert, leaving the demo patient as it was.
      await ingestHeartRate(token, 72, new Date());
      await context.close();
    }
    if (alertId) {
      await expect.poll(async () => (await getJson<MyAlerts>('/api/account/me/alerts?size=100', token)).items.find((a) => a.id === alertId)?.status, { timeout: 10_000 })
        .toBe('closed');
    }
  });
});
