import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, login, newPage, shot } from './browser.ts';
import { phone, apiToken, getJson, signIn } from './mobile.ts';

let browser: Browser;
const baseUrl = inject('baseUrl');

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function ingestHeartRate(token: string, value: number, measuredAt: Date) {
  const res = await fetch(`${baseUrl}/api/ingest/measurements`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ readings: [{ metric: 'heart_rate', measuredAt: measuredAt.toISOString(), value }] }),
  });
  expect(res.status).toBe(200);
  expect(((await res.json()) as { accepted: number }).accepted).toBe(1);
}

type Sms = { to: string; status: number; alertId: string | null; body: string };
type MyAlerts = {
  items: Array<{
    id: string;
    level: string;
    status: string;
    source: string;
    pendingPrompt: boolean;
    metric: string | null;
  }>;
  total: number;
};

/**
 * The app's own access token: a second app sign-in would end the browser's session (one app session per account),
 * so API checks reuse the page's.
 */
async function browserToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('cw.app.access'));
  expect(token).toBeTruthy();
  return String(token);
}

describe('patient app: alerts and SOS', () => {
  test('the SOS countdown can be cancelled and then nothing is sent', async () => {
    const { context, page } = await phone(browser, baseUrl);
    await signIn(page, 'patient@demo.test');
    const token = await browserToken(page);
    const before = await getJson<MyAlerts>(baseUrl, '/api/account/me/alerts?size=100', token);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: /Alerts/ })
      .click();
    await page.waitForURL(/\/app\/alerts$/);
    await expect.poll(() => page.getByRole('heading', { name: 'Emergency history' }).count()).toBe(1);
    // Thresholds are shown; the demo patient may not edit them.
    await expect
      .poll(() => page.getByRole('cell', { name: 'Heart rate', exact: true }).count(), { timeout: 10_000 })
      .toBe(1);
    expect(await page.getByText('Set by your doctor. Contact your doctor to change it.').count()).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'SOS', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Sending SOS' });
    await expect.poll(() => dialog.getByText(/SOS will be sent in \d s/).count()).toBe(1);
    await shot(page, 'mobile-sos-countdown');
    // Cancelled after 2 s of the 5.
    await expect
      .poll(() => dialog.getByText('SOS will be sent in 3 s').count(), { timeout: 5_000, interval: 50 })
      .toBe(1);
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await page.getByRole('status').filter({ hasText: 'SOS cancelled. Nothing was sent.' }).count()).toBe(1);
    // Longer than the countdown: still no dialog and no new alert on the server.
    await page.waitForTimeout(6_500);
    expect(await page.getByRole('dialog').count()).toBe(0);
    const after = await getJson<MyAlerts>(baseUrl, '/api/account/me/alerts?size=100', token);
    expect(after.total).toBe(before.total);
    expect(after.items.filter((a) => a.source === 'sos_button' && a.status === 'open').length).toBe(
      before.items.filter((a) => a.source === 'sos_button' && a.status === 'open').length,
    );
    await context.close();
  });

  test('a high-risk reading opens the dialog; "I am fine" closes it and is recorded on the alert', async () => {
    const { context, page } = await phone(browser, baseUrl);
    await signIn(page, 'patient@demo.test');
    const token = await browserToken(page);
    const thresholds = await getJson<{
      items: Array<{ index: string; high: { atRisk: number | null; highRisk: number | null; sos: number | null } }>;
    }>(baseUrl, '/api/account/me/thresholds', token);
    const hr = thresholds.items.find((i) => i.index === 'heart_rate')!;
    expect(hr.high.highRisk).not.toBeNull();
    // At the high-risk level (reached at or above it), below SOS.
    const value = Math.ceil(hr.high.highRisk!);
    expect(hr.high.sos === null || value < hr.high.sos).toBe(true);

    let alertId: string | undefined;
    // The app's alert list is fetched when something happens (a socket frame), never on a timer.
    let listCalls = 0;
    page.on('request', (r) => {
      if (r.method() === 'GET' && new URL(r.url()).pathname === '/api/account/me/alerts') listCalls += 1;
    });
    try {
      await ingestHeartRate(token, value, new Date(Date.now() - 30_000));
      const dialog = page.getByRole('dialog', { name: 'High-risk reading' });
      await expect.poll(() => dialog.count(), { timeout: 10_000 }).toBe(1);
      expect(
        await dialog
          .getByText(
            /Your followers will get an SMS in \d+ s unless you answer\.|Your followers have been sent an SMS\./,
          )
          .count(),
      ).toBe(1);
      // Which reading, its value and when.
      expect(
        await dialog
          .getByText(new RegExp(`^Heart rate: ${value} bpm at \\d{2}:\\d{2}:\\d{2} \\d{2}/\\d{2}/\\d{4}$`))
          .count(),
      ).toBe(1);
      await shot(page, 'mobile-high-risk-dialog');
      const mine = await getJson<MyAlerts>(baseUrl, '/api/account/me/alerts?size=100', token);
      const pending = mine.items.find((a) => a.pendingPrompt);
      expect(pending).toMatchObject({ level: 'high_risk', metric: 'heart_rate', status: 'open' });
      alertId = pending!.id;

      await dialog.getByRole('button', { name: 'I am fine', exact: true }).click();
      await expect
        .poll(() => dialog.getByRole('status').innerText(), { timeout: 10_000 })
        .toMatch(/No SMS will be sent/);
      await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

      const afterAnswer = await getJson<MyAlerts>(baseUrl, '/api/account/me/alerts?size=100', token);
      expect(afterAnswer.items.find((a) => a.id === alertId)?.pendingPrompt).toBe(false);
      // Still closed afterwards (the prompt does not come back for the answered alert), and nothing polls meanwhile.
      await page.waitForTimeout(1_500);
      listCalls = 0;
      await page.waitForTimeout(6_000);
      expect(await page.getByRole('dialog').count()).toBe(0);
      expect(listCalls).toBe(0);
      // The answer is in the alert's trail, as the staff see it.
      const doctor = await apiToken(baseUrl, 'doctor@demo.test', 'portal');
      const detail = await getJson<{ openedAt: string; trail: Array<{ kind: string; detail?: string | null }> }>(
        baseUrl,
        `/api/account/alerts/${alertId}`,
        doctor,
      );
      expect(detail.trail.some((e) => e.kind === 'patient_response' && e.detail === 'i_am_fine')).toBe(true);
      // "I am fine" stops the SMS: past the confirmation delay (15 s) and a few delivery-worker rounds, the followers
      // got no text for this alert.
      const due = Date.parse(detail.openedAt) + 15_000 + 6_000;
      if (due > Date.now()) await page.waitForTimeout(due - Date.now());
      const superadmin = await apiToken(baseUrl, 'superadmin@demo.test', 'portal');
      const sms = await getJson<{ items: Sms[] }>(baseUrl, '/api/account/sms?size=200', superadmin);
      expect(sms.items.filter((m) => m.alertId === alertId)).toEqual([]);
    } finally {
      // A normal reading closes the alert, leaving the demo patient as it was.
      await ingestHeartRate(token, 72, new Date());
      await context.close();
    }
    if (alertId) {
      await expect
        .poll(
          async () =>
            (await getJson<MyAlerts>(baseUrl, '/api/account/me/alerts?size=100', token)).items.find(
              (a) => a.id === alertId,
            )?.status,
          { timeout: 10_000 },
        )
        .toBe('closed');
    }
  });

  test('an SOS with a recorded voice message: the staff get the recording with the case', async () => {
    const { context, page } = await phone(browser, baseUrl);
    await context.grantPermissions(['microphone']);
    await signIn(page, 'patient@demo.test');
    const token = await browserToken(page);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: /Alerts/ })
      .click();
    await page.getByRole('button', { name: 'SOS', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Sending SOS' });
    await expect
      .poll(() => dialog.getByRole('radio', { name: 'Record a voice message' }).count(), { timeout: 15_000 })
      .toBe(1);
    await dialog.getByRole('radio', { name: 'Record a voice message' }).check();
    await dialog.getByRole('button', { name: 'Start recording' }).click();
    await expect
      .poll(() => dialog.getByRole('button', { name: /Stop \(\d+ s\)/ }).count(), { timeout: 10_000 })
      .toBe(1);
    await shot(page, 'mobile-sos-recording');
    // Still recording when the countdown ends: the SOS goes by itself with what was recorded so far.
    await expect.poll(() => dialog.getByRole('status').innerText(), { timeout: 20_000 }).toMatch(/SOS sent/);
    expect(await dialog.getByText(/could not be sent/).count()).toBe(0);

    const mine = await getJson<MyAlerts>(baseUrl, '/api/account/me/alerts?size=100', token);
    const sos = mine.items.find((a) => a.source === 'sos_button' && a.status !== 'closed');
    expect(sos).toBeTruthy();
    const cskh = await apiToken(baseUrl, 'cskh@demo.test', 'portal');
    const cases = await getJson<{
      items: Array<{
        id: string;
        alertId: string;
        patientId: string;
        message: { kind: string; recordingId?: string } | null;
      }>;
    }>(baseUrl, '/api/account/sos-cases?size=50', cskh);
    const found = cases.items.find((c) => c.alertId === sos!.id);
    expect(found?.message?.kind).toBe('recording');
    const audio = await fetch(
      `${baseUrl}/api/account/patients/${found!.patientId}/attachments/${found!.message!.recordingId!}`,
      { headers: { authorization: `Bearer ${cskh}` } },
    );
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toMatch(/^audio\//);
    expect((await audio.arrayBuffer()).byteLength).toBeGreaterThan(500);
    // Customer care plays it from the SOS case in the portal.
    const portal = await newPage(browser, baseUrl);
    await login(portal, 'cskh@demo.test');
    await expect.poll(() => portal.url(), { timeout: 15_000 }).not.toMatch(/\/login$/);
    await portal.goto(`/sos-cases/${found!.id}`);
    await portal.getByRole('button', { name: 'Play the voice message' }).click();
    await expect.poll(() => portal.locator('audio').count(), { timeout: 10_000 }).toBe(1);
    expect(await portal.locator('audio').evaluate((a) => (a as HTMLAudioElement).src)).toMatch(/^blob:/);
    await portal.context().close();
    // Customer care closes the case: the demo patient is left without an open SOS for the other specs. (A new token:
    // the portal sign-in above ended the earlier portal session of the same account.)
    const cskhAgain = await apiToken(baseUrl, 'cskh@demo.test', 'portal');
    const closed = await fetch(`${baseUrl}/api/account/sos-cases/${found!.id}/close`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${cskhAgain}` },
      body: JSON.stringify({ outcome: 'false_alarm', note: 'e2e' }),
    });
    expect(closed.status).toBe(200);
    await context.close();
  });

  test('an SOS-level reading is announced in the app and the followers are texted', async () => {
    const { context, page } = await phone(browser, baseUrl);
    await signIn(page, 'patient@demo.test');
    const token = await browserToken(page);
    const thresholds = await getJson<{ items: Array<{ index: string; high: { sos: number | null } }> }>(
      baseUrl,
      '/api/account/me/thresholds',
      token,
    );
    const sosValue = Math.ceil(thresholds.items.find((i) => i.index === 'heart_rate')!.high.sos!);
    const cskh = await apiToken(baseUrl, 'cskh@demo.test', 'portal');
    let caseId: string | undefined;
    try {
      await ingestHeartRate(token, sosValue, new Date(Date.now() - 2_000));
      const dialog = page.getByRole('dialog', { name: 'SOS alert' });
      await expect.poll(() => dialog.count(), { timeout: 15_000 }).toBe(1);
      expect(await dialog.getByText('Your followers are being called and sent an SMS.', { exact: false }).count()).toBe(
        1,
      );
      expect(await dialog.getByText(`Heart rate: ${sosValue}`).count()).toBe(1);
      await shot(page, 'mobile-sos-level');
      const mine = await getJson<MyAlerts>(baseUrl, '/api/account/me/alerts?size=100', token);
      const alert = mine.items.find((a) => a.level === 'sos' && a.source === 'reading' && a.status !== 'closed');
      expect(alert).toBeTruthy();
      const superadmin = await apiToken(baseUrl, 'superadmin@demo.test', 'portal');
      await expect
        .poll(
          async () => {
            const sms = await getJson<{ items: Sms[] }>(baseUrl, '/api/account/sms?size=200', superadmin);
            return sms.items.filter((m) => m.alertId === alert!.id).map((m) => m.to);
          },
          { timeout: 30_000, interval: 1000 },
        )
        .toEqual(expect.arrayContaining(['0900000021', '0900000022']));
      await dialog.getByRole('button', { name: 'OK', exact: true }).click();
      await expect.poll(() => dialog.count()).toBe(0);
      // Home shows the reading behind the notice at once (pushed by the socket, no reload, no poll).
      const heart = page
        .getByRole('region', { name: 'Latest values' })
        .getByRole('listitem', { name: 'Heart rate', exact: true });
      await expect.poll(() => heart.innerText(), { timeout: 5_000 }).toContain(`${sosValue} bpm`);
      // Seen once: a reload does not announce it again.
      await page.reload();
      await page.waitForTimeout(6_000);
      expect(await page.getByRole('dialog', { name: 'SOS alert' }).count()).toBe(0);
      const cases = await getJson<{ items: Array<{ id: string; alertId: string }> }>(
        baseUrl,
        '/api/account/sos-cases?size=50',
        cskh,
      );
      caseId = cases.items.find((c) => c.alertId === alert!.id)?.id;
    } finally {
      await ingestHeartRate(token, 72, new Date());
      if (caseId) {
        await fetch(`${baseUrl}/api/account/sos-cases/${caseId}/close`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${cskh}` },
          body: JSON.stringify({ outcome: 'false_alarm', note: 'e2e' }),
        });
      }
      await context.close();
    }
  });
});
