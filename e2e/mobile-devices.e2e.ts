import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { lastCode, launch, login, newPage, shot } from './browser.ts';
import { apiToken, getJson, phone, phoneWithNetwork, type NetworkPhone } from './mobile.ts';

let browser: Browser;
const baseUrl = inject('baseUrl');

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

type Reading = {
  metric: string;
  measuredAt: string;
  value?: number;
  values?: { systolic: number; diastolic: number };
  deviceId?: string;
};
type Series = {
  points: Array<{ t: string; avg: number | null; avg2?: number | null; n: number }>;
  bucketSeconds: number;
};
type Latest = { items: Array<{ metric: string; value: number | null; measuredAt: string }> };

/** Headless Chromium as a browser without Web Bluetooth (what most phones' browsers are): no `navigator.bluetooth`. */
async function withoutBluetooth(context: BrowserContext) {
  await context.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'bluetooth', { get: () => undefined, configurable: true });
  });
}

/** The readings waiting in the app's IndexedDB outbox. */
const outbox = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<Array<{ reading: Reading }>>((resolve, reject) => {
        const req = indexedDB.open('carewatch-app');
        req.onerror = () => reject(new Error('open failed'));
        req.onsuccess = () => {
          const all = req.result.transaction('outbox', 'readonly').objectStore('outbox').getAll();
          all.onsuccess = () => resolve(all.result as Array<{ reading: Reading }>);
          all.onerror = () => reject(new Error('read failed'));
        };
      }),
  );

async function register(page: Page, number: string) {
  const superadmin = await apiToken(baseUrl, 'superadmin@demo.test', 'portal');
  await page.goto('/app/');
  await page.getByRole('textbox', { name: 'Organization code', exact: true }).fill('demo');
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByRole('link', { name: 'Create an account', exact: true }).click();
  await page.getByRole('textbox', { name: 'Phone number', exact: true }).fill(number);
  await page.getByRole('button', { name: 'Send code', exact: true }).click();
  let code = '';
  await expect
    .poll(
      async () => {
        code = await lastCode(baseUrl, superadmin, number);
        return code;
      },
      { timeout: 15_000, interval: 500 },
    )
    .toMatch(/^\d{6}$/);
  await page.getByRole('textbox', { name: 'One-time code', exact: true }).fill(code);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByRole('textbox', { name: 'First name', exact: true }).fill('Minh');
  await page.getByRole('textbox', { name: 'Last name', exact: true }).fill('Pham');
  await page.getByLabel(/^Date of birth/).fill('12/03/1975');
  await page.getByRole('radio', { name: 'Male', exact: true }).check();
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill('5 Le Loi, Hue');
  await page.getByRole('combobox', { name: 'Blood type', exact: true }).selectOption('A+');
  await page.getByRole('combobox', { name: 'Skin color', exact: true }).selectOption('type_3');
  await page.getByRole('combobox', { name: 'Relationship', exact: true }).selectOption('self');
  await page.getByRole('combobox', { name: 'Account type', exact: true }).selectOption('patient');
  await page.getByLabel(/^Password/).fill('Secret@2026');
  await page.getByLabel(/^Confirm password/).fill('Secret@2026');
  await page.getByRole('checkbox', { name: /^I accept the terms of use/ }).check();
  await page.getByRole('checkbox', { name: /^I agree to the processing of my health data/ }).check();
  await page.getByRole('button', { name: 'Create my account', exact: true }).click();
  await page.waitForURL(/\/app\/?$/, { timeout: 15_000 });
}

describe('patient app: wearables and offline sync', () => {
  let context: BrowserContext;
  let page: Page;
  let network: NetworkPhone;
  let number = '';

  test('register by phone → pair the simulated GT5 → its readings reach Home and the staff API', async () => {
    network = await phoneWithNetwork(browser, baseUrl);
    ({ context, page } = network);
    await withoutBluetooth(context);
    number = `09${String(Date.now()).slice(-8)}`;
    await register(page, number);

    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByRole('link', { name: 'Devices', exact: true }).click();
    await page.waitForURL(/\/app\/devices$/);
    await expect
      .poll(() => page.getByText('No device is paired yet.', { exact: true }).count(), { timeout: 15_000 })
      .toBe(1);
    await page.getByRole('link', { name: 'Add device', exact: true }).click();
    // No Web Bluetooth here: the "not supported" message of §8, and the simulated watch is still offered.
    await expect.poll(() => page.getByText(/^This browser does not support Bluetooth devices/).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Scan for devices' }).count()).toBe(0);
    await shot(page, 'mobile-devices-add');
    await page.getByRole('button', { name: 'Simulated watch GT5', exact: true }).click();

    await page.waitForURL(/\/app\/devices$/, { timeout: 15_000 });
    await expect.poll(() => page.getByLabel('Status: Connected', { exact: true }).count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(async () => page.getByText(/^Readings received: [1-9]/).count(), { timeout: 20_000 }).toBe(1);
    await shot(page, 'mobile-devices-connected');

    await nav.getByRole('link', { name: 'Home', exact: true }).click();
    const latest = page.getByRole('region', { name: 'Latest values' });
    await expect
      .poll(() => latest.getByRole('listitem', { name: 'Heart rate', exact: true }).count(), { timeout: 20_000 })
      .toBe(1);
    await expect
      .poll(() => latest.getByRole('listitem', { name: 'SpO2', exact: true }).count(), { timeout: 20_000 })
      .toBe(1);

    // Staff see the new patient's watch readings (the portal's API: patient search, then latest vitals).
    const superadmin = await apiToken(baseUrl, 'superadmin@demo.test', 'portal');
    const found = await getJson<{ items: Array<{ id: string }> }>(
      baseUrl,
      `/api/account/patients?search=${number}`,
      superadmin,
    );
    expect(found.items).toHaveLength(1);
    const staffLatest = await getJson<Latest>(
      baseUrl,
      `/api/account/patients/${found.items[0]!.id}/vitals/latest`,
      superadmin,
    );
    expect(staffLatest.items.map((i) => i.metric)).toEqual(
      expect.arrayContaining(['heart_rate', 'spo2', 'temperature']),
    );
    // … and in the staff portal: the new patient's Health tab shows the watch's latest values.
    const portal = await newPage(browser, baseUrl, { lang: 'en' });
    await login(portal, 'superadmin@demo.test');
    await expect.poll(() => portal.url(), { timeout: 15_000 }).not.toMatch(/\/login$/);
    await portal.goto(`/patients/${found.items[0]!.id}`);
    await portal.getByRole('tab', { name: 'Health', exact: true }).click();
    const staffValues = portal.getByRole('region', { name: 'Latest values' });
    await expect
      .poll(() => staffValues.getByRole('listitem', { name: 'Heart rate', exact: true }).count(), { timeout: 15_000 })
      .toBe(1);
    expect(await staffValues.getByRole('listitem', { name: 'Blood oxygen (SpO2)', exact: true }).count()).toBe(1);
    await shot(portal, 'mobile-devices-portal-health');
    await portal.context().close();

    // The pairing is remembered on the phone: after a restart of the app the watch reconnects by itself.
    await page.reload();
    await page.waitForURL(/\/app\/?$/);
    await nav.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByRole('link', { name: 'Devices', exact: true }).click();
    await expect.poll(() => page.getByLabel('Status: Connected', { exact: true }).count(), { timeout: 15_000 }).toBe(1);

    // Device settings of the simulated watch: a setting is kept with the pairing; the log downloads as a text file.
    await page.getByRole('link', { name: 'Device settings', exact: true }).click();
    await page.waitForURL(/\/app\/devices\/settings$/);
    await page.locator('label', { hasText: /^5$/ }).click();
    await expect
      .poll(() =>
        page.evaluate(() => {
          const key = Object.keys(localStorage).find((k) => k.startsWith('cw.app.device.'));
          return key
            ? (JSON.parse(localStorage.getItem(key) ?? '{}') as { settings?: { brightness?: number } }).settings
                ?.brightness
            : null;
        }),
      )
      .toBe(5);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export log', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^GT5-.*-log\.txt$/);
    const log = fs.readFileSync(await download.path(), 'utf8');
    expect(log).toMatch(/state connected/);
    expect(log).toMatch(/settings brightness/);
    await shot(page, 'mobile-device-settings');
  });

  test('offline: watch and manual readings wait on the phone, then reach the server exactly once', async () => {
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const token = String(await page.evaluate(() => localStorage.getItem('cw.app.access')));
    const since = new Date(Date.now() - 10 * 60_000).toISOString();
    await network.offline();

    // A watch measurement taken offline ("Measure now": blood pressure, GT5 only).
    await nav.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByRole('link', { name: 'Devices', exact: true }).click();
    const measure = page.getByRole('region', { name: 'Measure now' });
    await measure.getByText('Blood pressure', { exact: true }).click();
    await measure.getByRole('button', { name: 'Start measurement', exact: true }).click();
    await expect
      .poll(() => page.getByText('Blood pressure: Measurement completed', { exact: true }).count(), { timeout: 15_000 })
      .toBe(1);

    // A manual reading taken offline: saved on the phone, no error.
    await nav.getByRole('link', { name: 'Home', exact: true }).click();
    await page.getByRole('link', { name: 'Add reading', exact: true }).click();
    await page.getByRole('textbox', { name: 'Weight (kg)', exact: true }).fill('71.4');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(
        () =>
          page
            .getByText('Saved on this phone. The readings will be sent when the connection returns.', { exact: true })
            .count(),
        { timeout: 10_000 },
      )
      .toBe(1);
    expect(await page.getByRole('alert').count()).toBe(0);
    // Shown once readings have waited a moment (not for the half second a watch reading waits online).
    await expect.poll(() => page.getByText(/^\d+ readings? waiting to be sent$/).count(), { timeout: 10_000 }).toBe(1);
    await shot(page, 'mobile-sync-waiting');

    const queued = (await outbox(page)).map((i) => i.reading);
    expect(queued.some((r) => r.metric === 'weight' && r.value === 71.4 && r.deviceId === undefined)).toBe(true);
    expect(queued.some((r) => r.metric === 'blood_pressure' && r.deviceId)).toBe(true);

    await network.online();
    await expect.poll(() => page.getByText(/^\d+ readings? waiting to be sent$/).count(), { timeout: 60_000 }).toBe(0);
    expect(await outbox(page)).toEqual([]);

    // Every reading taken offline is on the server exactly once (same metric, time and value).
    const until = new Date(Date.now() + 60_000).toISOString();
    const series = new Map<string, Series>();
    for (const metric of new Set(queued.map((r) => r.metric))) {
      series.set(
        metric,
        await getJson<Series>(
          baseUrl,
          `/api/account/me/vitals?metric=${metric}&from=${encodeURIComponent(since)}&to=${encodeURIComponent(until)}&points=5000`,
          token,
        ),
      );
    }
    for (const r of queued) {
      const s = series.get(r.metric)!;
      expect(s.bucketSeconds, r.metric).toBe(0);
      const value = r.metric === 'blood_pressure' ? r.values?.systolic : r.value;
      const same = s.points.filter((p) => Date.parse(p.t) === Date.parse(r.measuredAt));
      expect(
        same.map((p) => p.avg),
        `${r.metric} at ${r.measuredAt}`,
      ).toEqual([value]);
    }
    await context.close();
  });
});

describe('patient app: visitor mode', () => {
  test('pair the simulated watch and enter a reading: shown from the phone, nothing sent to the server', async () => {
    const { context, page } = await phone(browser, baseUrl);
    await withoutBluetooth(context);
    const sent: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname.startsWith('/api/') && url.pathname !== '/api/health')
        sent.push(`${req.method()} ${url.pathname}`);
    });
    await page.goto('/app/');
    await page.waitForURL(/\/app\/welcome$/);
    await page.getByRole('link', { name: 'Continue as visitor', exact: true }).click();
    await page.waitForURL(/\/app\/visitor$/);
    await expect.poll(() => page.getByText(/^You are using CareWatch as a visitor/).count()).toBe(1);
    expect(await page.getByText(/^This browser does not support Bluetooth devices/).count()).toBe(1);

    await page.getByRole('button', { name: 'Simulated watch GT2', exact: true }).click();
    await expect.poll(() => page.getByLabel('Status: Connected', { exact: true }).count(), { timeout: 15_000 }).toBe(1);
    const latest = page.getByRole('region', { name: 'Latest values on this phone' });
    await expect
      .poll(() => latest.getByRole('listitem', { name: 'Heart rate', exact: true }).count(), { timeout: 20_000 })
      .toBe(1);
    expect(await latest.getByRole('listitem', { name: 'Heart rate', exact: true }).innerText()).toMatch(/\d+ BPM/);

    await page.getByRole('textbox', { name: 'Temperature (°C)', exact: true }).fill('37.9');
    await page.getByRole('button', { name: 'Save on this phone', exact: true }).click();
    await expect
      .poll(
        async () =>
          (
            await latest
              .getByRole('listitem', { name: 'Temperature', exact: true })
              .innerText()
              .catch(() => '')
          ).includes('37.9 °C'),
        { timeout: 10_000 },
      )
      .toBe(true);
    await shot(page, 'mobile-visitor');

    // Data stays on the phone: no health data (nor the watch) goes to the server.
    expect(sent.filter((s) => /ingest|device-status|vitals/.test(s))).toEqual([]);

    await page.getByRole('button', { name: 'Leave visitor mode', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Leave visitor mode?' })
      .getByRole('button', { name: 'Delete and leave', exact: true })
      .click();
    await page.waitForURL(/\/app\/(welcome|login)$/);
    const left = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const req = indexedDB.open('carewatch-app');
          req.onsuccess = () => {
            const c = req.result.transaction('local-readings', 'readonly').objectStore('local-readings').count();
            c.onsuccess = () => resolve(c.result);
          };
        }),
    );
    expect(left).toBe(0);
    expect(sent.filter((s) => /ingest|device-status|vitals/.test(s))).toEqual([]);
    await context.close();
  });
});
