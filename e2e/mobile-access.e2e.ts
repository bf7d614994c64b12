import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { cspViolations, DEMO_PASSWORD, lastCode, launch, shot } from './browser.ts';
import { phone, phoneWithNetwork, apiToken, getJson } from './mobile.ts';

let browser: Browser;
const baseUrl = inject('baseUrl');

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** The organisation code screen, then the sign-in form (English labels). */
async function signIn(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.goto('/app/');
  await page.waitForURL(/\/app\/(welcome|login)$/);
  if (page.url().endsWith('/welcome')) {
    await page.getByRole('textbox', { name: 'Organization code', exact: true }).fill('demo');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
  }
  await page.getByRole('textbox', { name: 'Phone or e-mail', exact: true }).fill(username);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Texts of the navigation's links without their (decorative, aria-hidden) icons. */
const navNames = (nav: Locator) =>
  nav.getByRole('link').evaluateAll((links) =>
    links.map((a) =>
      Array.from(a.childNodes)
        .filter((n) => !(n instanceof HTMLElement && n.getAttribute('aria-hidden') === 'true'))
        .map((n) => n.textContent ?? '')
        .join('')
        .trim(),
    ),
  );

describe('patient app: PWA files', () => {
  test('the manifest, icons and service worker are served with sensible types, and the page links them', async () => {
    const manifestRes = await fetch(`${baseUrl}/app/manifest.webmanifest`);
    expect(manifestRes.status).toBe(200);
    expect(manifestRes.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    // Revalidated on every use (fixed names, unlike the hashed assets), so a new build is picked up at once.
    expect(manifestRes.headers.get('cache-control')).toMatch(/no-cache|max-age=0\b/);
    const manifest = (await manifestRes.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      scope: string;
      display: string;
      theme_color: string;
      icons: Array<{ src: string; sizes: string; type: string }>;
    };
    expect(manifest).toMatchObject({
      name: 'CareWatch',
      short_name: 'CareWatch',
      start_url: '/app/',
      scope: '/app/',
      display: 'standalone',
    });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    for (const size of ['192x192', '512x512']) {
      const icon = manifest.icons.find((i) => i.sizes === size && i.type === 'image/png');
      expect(icon, size).toBeTruthy();
      const res = await fetch(`${baseUrl}${icon!.src}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      const bytes = new Uint8Array(await res.arrayBuffer());
      // PNG signature, then the IHDR width (big-endian) matches the declared size.
      expect([...bytes.slice(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
      expect(new DataView(bytes.buffer).getUint32(16)).toBe(Number(size.split('x')[0]));
    }
    const svg = manifest.icons.find((i) => i.type === 'image/svg+xml');
    expect((await fetch(`${baseUrl}${svg!.src}`)).headers.get('content-type')).toMatch(/^image\/svg\+xml/);

    const sw = await fetch(`${baseUrl}/app/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get('content-type')).toMatch(/javascript/);
    expect(sw.headers.get('cache-control')).toMatch(/no-cache|max-age=0\b/);
    const swText = await sw.text();
    expect(swText).toContain("startsWith('/api/')");
    expect(swText).toContain('caches.open');

    const html = await (await fetch(`${baseUrl}/app/`)).text();
    expect(html).toContain('<link rel="manifest" href="/app/manifest.webmanifest"');
    expect(html).toMatch(/<meta name="theme-color" content="#[0-9a-fA-F]{6}"/);
  });
});

describe('patient app: sign-in, home, language, sign out', () => {
  test('the demo patient signs in, sees the latest heart rate, switches to Vietnamese and signs out', async () => {
    const network = await phoneWithNetwork(browser, baseUrl);
    const { context, page } = network;
    await signIn(page, 'patient@demo.test');
    await page.waitForURL(/\/app\/?$/);

    const latest = page.getByRole('region', { name: 'Latest values' });
    const heart = latest.getByRole('listitem', { name: 'Heart rate', exact: true });
    await expect.poll(() => heart.count(), { timeout: 15_000 }).toBe(1);
    expect(await heart.innerText()).toMatch(/\d+ bpm/);
    expect(await heart.innerText()).toMatch(/Measured .*(ago|now|yesterday)/);
    // Each index with thresholds shows its level.
    expect(await heart.getByLabel(/^Level: (Normal|At risk|High risk|SOS)$/).count()).toBe(1);
    // The bottom navigation offers only the screens that exist.
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    expect(await navNames(nav)).toEqual(['Home', 'Alerts', 'Contacts', 'Settings']);
    // The app keeps its own session keys (the portal on the same origin keeps its own).
    const keys = await page.evaluate(() => ({
      app: localStorage.getItem('cw.app.access'),
      portal: localStorage.getItem('cw.access'),
    }));
    expect(keys.app).toBeTruthy();
    expect(keys.portal).toBeNull();
    // Installed as a PWA: the service worker controls /app/.
    const scope = await page.evaluate(() =>
      Promise.race([
        navigator.serviceWorker.ready.then((r) => r.scope),
        new Promise<string>((resolve) => setTimeout(() => resolve('no active service worker within 10 s'), 10_000)),
      ]),
    );
    expect(scope).toBe(`${new URL(page.url()).origin}/app/`);
    await shot(page, 'mobile-home-en');

    // Offline, the app still starts from the cached shell, on the values the phone last had; back online it recovers
    // by itself (the cold start from a closed app is walked in mobile-sos.e2e.ts).
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('cw.app.cache.v1') ?? ''), { timeout: 10_000 })
      .toContain('"latest"');
    await network.offline();
    await page.reload();
    await expect.poll(() => page.getByText(/^Offline: values as of /).count(), { timeout: 15_000 }).toBe(1);
    // The layout's banner can come before Home's tiles (their chunk, from the service worker, on a loaded machine).
    await expect.poll(() => heart.count()).toBe(1);
    await shot(page, 'mobile-offline-start');
    // The screens loaded on first use (metric pages, contacts) were cached at install with the rest of the build.
    const cached = await page.evaluate(async () => {
      const names = await caches.keys();
      const urls = (
        await Promise.all(
          names.map(async (n) => (await (await caches.open(n)).keys()).map((r) => new URL(r.url).pathname)),
        )
      ).flat();
      return urls.filter((u) => /\/app\/assets\/(metric-page|contacts-page)-[^/]+\.js$/.test(u)).length;
    });
    expect(cached).toBe(2);
    await network.online();
    await expect.poll(() => page.getByText(/^Offline: values as of /).count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => heart.count(), { timeout: 15_000 }).toBe(1);

    await nav.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByText('Tiếng Việt', { exact: true }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Cài đặt', exact: true }).count()).toBe(1);
    const navVi = page.getByRole('navigation', { name: 'Điều hướng chính' });
    expect(await navNames(navVi)).toEqual(['Trang chủ', 'Cảnh báo', 'Danh bạ', 'Cài đặt']);
    // Saved to the profile too.
    const token = String(await page.evaluate(() => localStorage.getItem('cw.app.access')));
    await expect
      .poll(async () => (await getJson<{ language: string }>(baseUrl, '/api/account/me/profile/get', token)).language)
      .toBe('vi');
    await navVi.getByRole('link', { name: 'Trang chủ', exact: true }).click();
    const latestVi = page.getByRole('region', { name: 'Chỉ số mới nhất' });
    await expect
      .poll(() => latestVi.getByRole('listitem', { name: 'Nhịp tim', exact: true }).count(), { timeout: 15_000 })
      .toBe(1);
    expect(await latestVi.getByRole('listitem', { name: 'Nhịp tim', exact: true }).innerText()).toMatch(
      /Đo .*trước|Đo bây giờ/,
    );
    await shot(page, 'mobile-home-vi');

    await navVi.getByRole('link', { name: 'Cài đặt', exact: true }).click();
    await page.getByRole('button', { name: 'Đăng xuất', exact: true }).click();
    await page.waitForURL(/\/app\/login$/);
    await expect.poll(() => page.getByRole('heading', { name: 'Đăng nhập', exact: true }).count()).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('cw.app.access'))).toBeNull();
    // The session is over on the server as well.
    expect(
      (await fetch(`${baseUrl}/api/account/me/profile/get`, { headers: { authorization: `Bearer ${token}` } })).status,
    ).toBe(401);

    // Leave the demo patient in English for the other suites.
    const again = await apiToken(baseUrl, 'patient@demo.test', 'app');
    expect(
      (
        await fetch(`${baseUrl}/api/account/me/profile/update-language?lang=en`, {
          method: 'POST',
          headers: { authorization: `Bearer ${again}` },
        })
      ).status,
    ).toBe(200);
    await context.close();
  });

  test('a screen whose code cannot be downloaded says so, with a retry and the emergency call; the tabs stay', async () => {
    // No service worker (a first visit before it has cached the build), and the new-build reload already spent.
    const context = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      serviceWorkers: 'block',
    });
    await context.grantPermissions(['notifications'], { origin: baseUrl });
    await context.addInitScript(() => {
      localStorage.setItem('cw.app.lang', 'en');
      sessionStorage.setItem('cw.reloadedForNewBuild', String(Date.now()));
    });
    const page = await context.newPage();
    try {
      await signIn(page, 'patient@demo.test');
      await page.waitForURL(/\/app\/?$/);
      const chunk = /\/app\/assets\/contacts-page-[^/]+\.js$/;
      await context.route(chunk, (r) => r.abort());
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      await nav.getByRole('link', { name: 'Contacts', exact: true }).tap();
      const failed = page.getByRole('alert').filter({ hasText: 'This screen could not be opened' });
      await failed.waitFor({ timeout: 15_000 });
      expect(await failed.getByRole('link', { name: 'Call emergency 115', exact: true }).getAttribute('href')).toBe(
        'tel:115',
      );
      // The tabs (and with them the SOS tab) stay.
      expect(await nav.getByRole('link', { name: 'Home', exact: true }).isVisible()).toBe(true);
      await shot(page, 'mobile-route-error');
      await context.unroute(chunk);
      await failed.getByRole('button', { name: 'Try again', exact: true }).tap();
      await page.waitForURL(/\/app\/contacts/);
      await expect
        .poll(() => page.getByRole('alert').filter({ hasText: 'This screen could not be opened' }).count(), {
          timeout: 15_000,
        })
        .toBe(0);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });

  test('a wrong password is refused with the server message', async () => {
    const { context, page } = await phone(browser, baseUrl);
    await signIn(page, 'nobody@demo.test', 'Wrong@2026x');
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'Wrong phone, e-mail or password.' }).count(), {
        timeout: 10_000,
      })
      .toBe(1);
    await context.close();
  });
});

describe('patient app: registration by phone', () => {
  test('phone → code from the SMS log → profile → Home; password reset by phone; 5 wrong passwords lock the account', async () => {
    const superadmin = await apiToken(baseUrl, 'superadmin@demo.test', 'portal');
    const number = `09${String(Date.now()).slice(-8)}`;
    const { context, page } = await phone(browser, baseUrl);
    await page.goto('/app/');
    await page.getByRole('textbox', { name: 'Organization code', exact: true }).fill('demo');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByRole('link', { name: 'Create an account', exact: true }).click();

    // Step 1: the phone number.
    await page.getByRole('textbox', { name: 'Phone number', exact: true }).fill(number);
    await page.getByRole('button', { name: 'Send code', exact: true }).click();

    // Step 2: the code, read where the SMS provider recorded it; an incomplete code is refused in the form.
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
    const codeInput = page.getByRole('textbox', { name: 'One-time code', exact: true });
    await codeInput.fill(code.slice(0, 4));
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect.poll(() => page.getByText('Enter the complete 6-digit code', { exact: true }).count()).toBe(1);
    await codeInput.fill(code);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();

    // Step 3: the profile. A name with digits and missing agreements are refused on their fields first.
    await page.getByRole('textbox', { name: 'First name', exact: true }).fill('Lan2');
    await page.getByRole('textbox', { name: 'Last name', exact: true }).fill('Tran');
    await page.getByLabel(/^Date of birth/).fill('01/05/1980');
    await page.getByRole('radio', { name: 'Female', exact: true }).check();
    await page.getByRole('textbox', { name: 'Address', exact: true }).fill('1 Hang Bai, Hanoi');
    await page.getByRole('combobox', { name: 'Blood type', exact: true }).selectOption('O+');
    await page.getByRole('combobox', { name: 'Skin color', exact: true }).selectOption('type_3');
    await page.getByRole('combobox', { name: 'Relationship', exact: true }).selectOption('self');
    await page.getByRole('combobox', { name: 'Account type', exact: true }).selectOption('patient');
    await page.getByLabel(/^Password/).fill('Secret@2026');
    await page.getByLabel(/^Confirm password/).fill('Secret@2026');
    await page.getByRole('button', { name: 'Create my account', exact: true }).click();
    await expect.poll(() => page.getByText('Names must not contain digits', { exact: true }).count()).toBe(1);
    expect(await page.getByText('You must accept the terms of use', { exact: true }).count()).toBe(1);
    expect(await page.getByText('You must agree to the processing of your health data', { exact: true }).count()).toBe(
      1,
    );

    // The terms open above the form, which keeps its values.
    await page.getByRole('link', { name: 'terms of use', exact: true }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Terms of use' }).count()).toBe(1);
    await page.getByRole('dialog', { name: 'Terms of use' }).getByRole('button', { name: 'Back', exact: true }).click();
    await page.getByRole('textbox', { name: 'First name', exact: true }).fill('Lan');
    await page.getByRole('checkbox', { name: /^I accept the terms of use/ }).check();
    await page.getByRole('checkbox', { name: /^I agree to the processing of my health data/ }).check();
    await shot(page, 'mobile-register-profile');
    await page.getByRole('button', { name: 'Create my account', exact: true }).click();

    // Signed in at once: Home greets the new patient, who has no readings yet.
    await page.waitForURL(/\/app\/?$/, { timeout: 15_000 });
    await expect
      .poll(() => page.getByRole('heading', { name: 'Hello, Lan', exact: true }).count(), { timeout: 15_000 })
      .toBe(1);
    await expect.poll(() => page.getByText(/^No measurements yet/).count(), { timeout: 15_000 }).toBe(1);
    await shot(page, 'mobile-register-home');

    // Sign out; forgot password by phone: code → new password → signed in with it.
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Settings', exact: true })
      .click();
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForURL(/\/app\/login$/);
    await page.getByRole('link', { name: 'Forgot password?', exact: true }).click();
    await page.getByRole('textbox', { name: 'Phone number', exact: true }).fill(number);
    await page.getByRole('button', { name: 'Send code', exact: true }).click();
    let resetCode = '';
    await expect
      .poll(
        async () => {
          resetCode = await lastCode(baseUrl, superadmin, number, /reset/i);
          return resetCode;
        },
        { timeout: 15_000, interval: 500 },
      )
      .toMatch(/^\d{6}$/);
    await page.getByRole('textbox', { name: 'One-time code', exact: true }).fill(resetCode);
    await page.getByLabel(/^New password/).fill('Changed@2026');
    await page.getByLabel(/^Confirm new password/).fill('Changed@2026');
    await page.getByRole('button', { name: 'Reset password', exact: true }).click();
    await expect
      .poll(
        () => page.getByText('Your password was changed. Sign in with the new password.', { exact: true }).count(),
        { timeout: 10_000 },
      )
      .toBe(1);
    await page.getByRole('link', { name: 'Back to sign in', exact: true }).click();
    await page.getByRole('textbox', { name: 'Phone or e-mail', exact: true }).fill(number);
    await page.getByLabel(/^Password/).fill('Changed@2026');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Hello, Lan', exact: true }).count(), { timeout: 15_000 })
      .toBe(1);

    // Sign out again; then five wrong passwords, and the sixth attempt gets the lockout message of the spec.
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Settings', exact: true })
      .click();
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForURL(/\/app\/login$/);
    await page.getByRole('textbox', { name: 'Phone or e-mail', exact: true }).fill(number);
    await page.getByLabel(/^Password/).fill('Wrong@2026x');
    for (let i = 0; i < 6; i++) {
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/auth/oauth-token'));
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      expect((await answered).status()).toBe(i < 5 ? 400 : 423);
    }
    const locked = page.getByRole('alert').filter({ hasText: 'Account locked' });
    await expect.poll(() => locked.count()).toBe(1);
    expect(await locked.innerText()).toContain('locked for 24 hours after 5 failed sign-in attempts');
    await shot(page, 'mobile-login-locked');
    await context.close();
    // Every screen of this spec ran under the server's CSP (camera, voice, service worker, QR codes) without a refusal.
    expect(cspViolations()).toEqual([]);
  });
});
