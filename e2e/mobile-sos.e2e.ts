import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, login, newPage, shot } from './browser.ts';
import { apiToken, getJson, phone, phoneWithNetwork, signIn } from './mobile.ts';

// Issue 13: an SOS that sends itself, and an app that works from a cold offline start — walked as a patient on a
// phone who presses one button and then does nothing, or whose phone has no network, or who closes the app.

let browser: Browser;
const baseUrl = inject('baseUrl');

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

type Sms = { to: string; alertId: string | null; body: string };
type Call = { to: string; alertId: string | null };
type MyAlerts = {
  items: Array<{
    id: string;
    level: string;
    status: string;
    source: string;
    sosCaseId: string | null;
    openedAt: string;
  }>;
  total: number;
};

const CONTACTS = [/00000021$/, /00000022$/];

async function browserToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('cw.app.access'));
  expect(token).toBeTruthy();
  return String(token);
}

async function openSosButtonAlerts(token: string) {
  return (await getJson<MyAlerts>(baseUrl, '/api/account/me/alerts?size=100', token)).items.filter(
    (a) => a.source === 'sos_button' && a.status !== 'closed',
  );
}

/** Texts and calls the server made for one alert, by recipient (the recorded providers of the demo). */
async function outgoing(alertId: string) {
  const sa = await apiToken(baseUrl, 'superadmin@demo.test', 'portal');
  const sms = await getJson<{ items: Sms[] }>(baseUrl, '/api/account/sms?size=200', sa);
  const calls = await getJson<{ items: Call[] }>(baseUrl, '/api/account/calls?size=200', sa);
  return {
    sms: sms.items.filter((m) => m.alertId === alertId).map((m) => m.to),
    calls: calls.items.filter((c) => c.alertId === alertId).map((c) => c.to),
  };
}

/** Customer care closes the case, so the next test starts from a patient without an open SOS. */
async function closeSos(alertId: string) {
  const cskh = await apiToken(baseUrl, 'cskh@demo.test', 'portal');
  const cases = await getJson<{ items: Array<{ id: string; alertId: string; status: string }> }>(
    baseUrl,
    '/api/account/sos-cases?size=50',
    cskh,
  );
  const found = cases.items.find((c) => c.alertId === alertId && c.status === 'open');
  if (!found) return;
  const res = await fetch(`${baseUrl}/api/account/sos-cases/${found.id}/close`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${cskh}` },
    body: JSON.stringify({ outcome: 'false_alarm', note: 'e2e: SOS test' }),
  });
  expect(res.status).toBe(200);
}

const alertsTab = (page: Page) =>
  page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: /Alerts/ });

/** Waits until the service worker controls the page and the offline copy (latest values, SOS contacts) is on the phone. */
async function readyForOffline(page: Page) {
  const scope = await page.evaluate(() =>
    Promise.race([
      navigator.serviceWorker.ready.then((r) => r.scope),
      new Promise<string>((resolve) => setTimeout(() => resolve('no service worker within 15 s'), 15_000)),
    ]),
  );
  expect(scope).toBe(`${new URL(page.url()).origin}/app/`);
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('cw.app.cache.v1') ?? ''), { timeout: 15_000 })
    .toMatch(/"sos-contacts".*|.*"sos-contacts"/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('cw.app.cache.v1') ?? '')).toContain('"latest"');
}

describe('patient app: the SOS button sends by itself', () => {
  test('SOS tapped and left alone: the emergency contacts are texted and called within 10 s', async () => {
    const { context, page } = await phone(browser, baseUrl);
    await context.grantPermissions(['geolocation'], { origin: baseUrl });
    await context.setGeolocation({ latitude: 21.0285, longitude: 105.8542, accuracy: 15 });
    await signIn(page, 'patient@demo.test');
    const token = await browserToken(page);
    expect(await openSosButtonAlerts(token)).toEqual([]);
    await alertsTab(page).click();
    await page.waitForURL(/\/app\/alerts$/);

    const tapped = Date.now();
    await page.getByRole('button', { name: 'SOS', exact: true }).tap();
    const dialog = page.getByRole('dialog', { name: 'Sending SOS' });
    // The countdown screen offers the message, "I need help" chosen.
    await expect.poll(() => dialog.getByRole('radio', { name: 'I need help' }).isChecked()).toBe(true);
    await shot(page, 'mobile-sos-countdown-choice');
    // Then nothing more is touched.
    await expect
      .poll(() => dialog.getByRole('status').filter({ hasText: 'SOS sent' }).count(), { timeout: 10_000 })
      .toBe(1);
    const [sos] = await openSosButtonAlerts(token);
    expect(sos?.sosCaseId).toBeTruthy();
    let out = { sms: [] as string[], calls: [] as string[] };
    await expect
      .poll(
        async () => {
          out = await outgoing(sos!.id);
          return CONTACTS.every((c) => out.sms.some((to) => c.test(to)) && out.calls.some((to) => c.test(to)));
        },
        { timeout: Math.max(1_000, 10_000 - (Date.now() - tapped)), interval: 500 },
      )
      .toBe(true);
    expect(Date.now() - tapped).toBeLessThan(10_000);
    const sa = await apiToken(baseUrl, 'superadmin@demo.test', 'portal');
    const texts = (await getJson<{ items: Sms[] }>(baseUrl, '/api/account/sms?size=200', sa)).items.filter(
      (m) => m.alertId === sos!.id,
    );
    expect(texts.some((m) => m.body.includes('I need help'))).toBe(true);
    await dialog.getByRole('button', { name: 'Close' }).first().tap();

    // While the case is open the app sends where the phone is (at once, then every 30 s); customer care sees the newest
    // position with a map link, updated live.
    const cskh = await apiToken(baseUrl, 'cskh@demo.test', 'portal');
    await expect
      .poll(
        async () =>
          (
            await getJson<{ alert: { trail: Array<{ kind: string }> } }>(
              baseUrl,
              `/api/account/sos-cases/${sos!.sosCaseId}`,
              cskh,
            )
          ).alert.trail.filter((e) => e.kind === 'location').length,
        { timeout: 10_000 },
      )
      .toBeGreaterThan(0);
    const portal = await newPage(browser, baseUrl);
    await login(portal, 'cskh@demo.test');
    await expect.poll(() => portal.url(), { timeout: 15_000 }).not.toMatch(/\/login$/);
    await portal.goto(`/sos-cases/${sos!.sosCaseId}`);
    // The case's location field (the timeline below has a map link per position too).
    const map = portal.getByRole('link', { name: 'Open in a map' }).first();
    await expect.poll(() => map.count(), { timeout: 15_000 }).toBe(1);
    expect(await map.getAttribute('href')).toBe(
      'https://www.openstreetmap.org/?mlat=21.02850&mlon=105.85420#map=17/21.02850/105.85420',
    );
    // The phone has moved by the next report (the app's 30 s tick, sent here directly): the page follows without a reload.
    await new Promise((r) => setTimeout(r, 10_500));
    const moved = await fetch(`${baseUrl}/api/account/me/sos/location`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ lat: 21.0301, lng: 105.8499 }),
    });
    expect(((await moved.json()) as { stored: boolean }).stored).toBe(true);
    await expect
      .poll(() => map.getAttribute('href'), { timeout: 10_000 })
      .toBe('https://www.openstreetmap.org/?mlat=21.03010&mlon=105.84990#map=17/21.03010/105.84990');
    await shot(portal, 'portal-sos-live-location');
    await portal.context().close();
    await closeSos(sos!.id);
    await context.close();
  });
});

describe('patient app: offline', () => {
  test('cold start offline: Home shows the last values, SOS and entry are there; a reading typed offline reaches the server once, with no tap', async () => {
    const network = await phoneWithNetwork(browser, baseUrl);
    const { context, page } = network;
    await signIn(page, 'patient@demo.test');
    const heart = page
      .getByRole('region', { name: 'Latest values' })
      .getByRole('listitem', { name: 'Heart rate', exact: true });
    await expect.poll(() => heart.count(), { timeout: 15_000 }).toBe(1);
    await readyForOffline(page);
    const token = await browserToken(page);

    // The app is closed, the phone loses its network, the app is opened again.
    await page.close();
    await network.offline();
    const cold = await context.newPage();
    await cold.goto('/app/');
    const coldHeart = cold
      .getByRole('region', { name: 'Latest values' })
      .getByRole('listitem', { name: 'Heart rate', exact: true });
    await expect.poll(() => coldHeart.count(), { timeout: 15_000 }).toBe(1);
    expect(await coldHeart.innerText()).toMatch(/\d+ bpm/);
    expect(await cold.getByText(/^Offline: values as of \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/).count()).toBe(1);
    expect(await cold.getByText('Server unreachable: check your Internet connection.').count()).toBe(0);
    await shot(cold, 'mobile-offline-cold-start');
    // Its texts came from the service worker's copy of the catalogue the page asks for first (the JSON beside the
    // entry), not from the fallback chunk.
    const downloads = await cold.evaluate(() =>
      performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname),
    );
    expect(downloads.filter((p) => /\/catalogue-[a-z-]+-[0-9a-f]+\.json$/.test(p))).toEqual([
      expect.stringMatching(/^\/app\/assets\/catalogue-en-[0-9a-f]+\.json$/),
    ]);
    expect(downloads.filter((p) => /\/assets\/(en|en-ca|vi)-[\w-]+\.js$/.test(p))).toEqual([]);

    // SOS is one tap away.
    await alertsTab(cold).tap();
    await expect
      .poll(() => cold.getByRole('button', { name: 'SOS', exact: true }).count(), { timeout: 10_000 })
      .toBe(1);

    // A reading typed offline waits on the phone.
    await cold
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Home', exact: true })
      .tap();
    await cold.getByRole('link', { name: 'Add reading', exact: true }).tap();
    const rate = String(60 + Math.floor(Math.random() * 20));
    await cold.getByRole('textbox', { name: 'Heart rate (BPM)', exact: true }).fill(rate);
    const typedAt = Date.now();
    await cold.getByRole('button', { name: 'Save', exact: true }).tap();
    await expect
      .poll(
        () => cold.getByText('Saved on this phone. The readings will be sent when the connection returns.').count(),
        { timeout: 10_000 },
      )
      .toBe(1);
    await expect
      .poll(
        () =>
          cold
            .getByRole('status')
            .filter({ hasText: /1 reading waiting to be sent/ })
            .count(),
        { timeout: 10_000 },
      )
      .toBe(1);

    // The connection returns; nobody touches anything.
    await network.online();
    await expect
      .poll(
        () =>
          cold
            .getByRole('status')
            .filter({ hasText: /waiting to be sent/ })
            .count(),
        { timeout: 15_000 },
      )
      .toBe(0);
    await cold
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Home', exact: true })
      .tap();
    // Exactly once on the server.
    const from = new Date(typedAt - 120_000).toISOString();
    const to = new Date(Date.now() + 1_000).toISOString();
    type Series = { points: Array<{ t: string; avg: number | null; n: number }> };
    const series = await getJson<Series>(
      baseUrl,
      `/api/account/app/patients/me/vitals?metric=heart_rate&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
      token,
    );
    expect(series.points.filter((p) => p.avg === Number(rate)).reduce((n, p) => n + p.n, 0)).toBe(1);
    // Home is current again by itself.
    await expect.poll(() => cold.getByText(/^Offline: values as of /).count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => coldHeart.count(), { timeout: 10_000 }).toBe(1);
    await context.close();
  });

  test('SOS pressed offline: the phone offers to call and text; it waits through a restart and goes by itself when the connection returns', async () => {
    const network = await phoneWithNetwork(browser, baseUrl);
    const { context, page } = network;
    await signIn(page, 'patient@demo.test');
    await readyForOffline(page);
    const token = await browserToken(page);
    expect(await openSosButtonAlerts(token)).toEqual([]);
    await alertsTab(page).tap();
    await page.waitForURL(/\/app\/alerts$/);

    await network.offline();
    const pressed = Date.now();
    await page.getByRole('button', { name: 'SOS', exact: true }).tap();
    const dialog = page.getByRole('dialog', { name: 'Sending SOS' });
    await expect
      .poll(() => dialog.getByRole('alert').filter({ hasText: 'No connection: your SOS is waiting' }).count(), {
        timeout: 12_000,
      })
      .toBe(1);
    const help = dialog.getByRole('group', { name: 'Call for help without the app' });
    expect(await help.getByRole('link', { name: 'Call emergency 115' }).getAttribute('href')).toBe('tel:115');
    const hrefs = await help.getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    for (const c of CONTACTS) expect(hrefs.some((h) => h.startsWith('tel:') && c.test(h))).toBe(true);
    const sms = hrefs.find((h) => h.startsWith('sms:'));
    expect(sms).toBeTruthy();
    expect(decodeURIComponent(sms!.split('?body=')[1] ?? '')).toMatch(/^SOS from .+: I need help\./);
    await shot(page, 'mobile-sos-offline');

    // The app is closed before the connection returns, and opened again, still offline: the SOS still waits.
    await page.close();
    const again = await context.newPage();
    await again.goto('/app/');
    const banner = again
      .getByRole('alert')
      .filter({ hasText: 'SOS waiting for a connection. It will be sent automatically.' });
    await expect.poll(() => banner.count(), { timeout: 15_000 }).toBe(1);
    expect(await banner.getByRole('link', { name: 'Call emergency 115' }).count()).toBe(1);
    expect(await openSosButtonAlerts(token)).toEqual([]);

    // The connection returns: it goes with no tap, once.
    await network.online();
    await expect
      .poll(() => again.getByRole('status').filter({ hasText: 'Your SOS has been sent.' }).count(), { timeout: 15_000 })
      .toBe(1);
    const open = await openSosButtonAlerts(token);
    expect(open).toHaveLength(1);
    await expect
      .poll(
        async () => {
          const out = await outgoing(open[0]!.id);
          return CONTACTS.every((c) => out.sms.some((to) => c.test(to)));
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    // Staff see when it was pressed, not only when it arrived.
    const doctor = await apiToken(baseUrl, 'cskh@demo.test', 'portal');
    const detail = await getJson<{ trail: Array<{ kind: string; at: string; detail?: string | null }> }>(
      baseUrl,
      `/api/account/alerts/${open[0]!.id}`,
      doctor,
    );
    const press = detail.trail.find((e) => e.kind === 'patient_response' && e.detail === 'sos_button:need_help');
    expect(Math.abs(Date.parse(press!.at) - pressed)).toBeLessThan(5_000);
    await closeSos(open[0]!.id);
    await context.close();
  });
});

describe('patient app: notifications', () => {
  test('at first sign-in the app explains why it needs notifications and asks on a tap; "Not now" is remembered', async () => {
    const { context, page } = await phone(browser, baseUrl, { notificationsAnswered: false });
    await signIn(page, 'patient@demo.test');
    const en = page.getByRole('dialog', { name: 'Get alerts when the app is closed' });
    await expect.poll(() => en.count(), { timeout: 15_000 }).toBe(1);
    expect(await en.getByRole('button', { name: 'Allow notifications' }).count()).toBe(1);
    // Not answered yet: asked again at the next start, here in Vietnamese.
    await page.evaluate(() => localStorage.setItem('cw.app.lang', 'vi'));
    await page.reload();
    const dialog = page.getByRole('dialog', { name: 'Nhận cảnh báo khi ứng dụng đang đóng' });
    await expect.poll(() => dialog.count(), { timeout: 15_000 }).toBe(1);
    expect(await dialog.getByRole('button', { name: 'Cho phép thông báo' }).count()).toBe(1);
    await shot(page, 'mobile-push-intro-vi');
    await dialog.getByRole('button', { name: 'Để sau' }).tap();
    await expect.poll(() => dialog.count()).toBe(0);
    await page.reload();
    await expect.poll(() => page.getByRole('region', { name: 'Chỉ số mới nhất' }).count(), { timeout: 15_000 }).toBe(1);
    await page.waitForTimeout(1_000);
    expect(await dialog.count()).toBe(0);
    await context.close();
  });
});
