import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { cspViolations, launch, shot } from './browser.ts';
import { axeProblems } from './axe.ts';
import { apiToken, phone, signIn } from './mobile.ts';

// The Permissions screen (states read from the browser, the spec's §8 message for a denied one) and Help (guides, FAQ,
// device manual; searched in the screen's language), on a phone at 390×844 with touch.

let browser: Browser;
const baseUrl = inject('baseUrl');

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Heights of the visible buttons, links and text inputs of the main area lower than 44 px ("name: height"). */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('main button, main a[href], main input'))
      .filter((el) => (el as HTMLElement).offsetParent !== null)
      .map(
        (el) =>
          [
            (el.textContent || el.getAttribute('aria-label') || el.getAttribute('type') || '').trim(),
            el.getBoundingClientRect().height,
          ] as const,
      )
      .filter(([, h]) => h < 43.5)
      .map(([name, h]) => `${name}: ${h}`),
  );
}

/** Another language on this phone only (the profile keeps its own: other specs sign in as the same patient). */
async function showIn(page: Page, lang: string) {
  await page.evaluate((l) => localStorage.setItem('cw.app.lang', l), lang);
  await page.reload();
}

describe('patient app: permissions and help', () => {
  test('location denied shows the §8 message, notifications allowed; help searched in English, Vietnamese and Canadian English', async () => {
    // Signing in adopts the profile's language; another spec may have left it in Vietnamese.
    const token = await apiToken(baseUrl, 'patient@demo.test', 'app');
    expect(
      (
        await fetch(`${baseUrl}/api/account/me/profile/update-language?lang=en`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
        })
      ).status,
    ).toBe(200);
    // phone() grants notifications only: every other permission (geolocation included) is refused for the origin.
    const { context, page } = await phone(browser, baseUrl);
    try {
      await signIn(page, 'patient@demo.test');
      const problems: string[] = [];

      // Settings → Permissions.
      await page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: 'Settings', exact: true })
        .click();
      await page.getByRole('link', { name: 'Permissions', exact: true }).click();
      await page.waitForURL(/\/app\/settings\/permissions$/);
      const location = page.getByRole('region', { name: 'Location', exact: true });
      await expect.poll(() => location.getByText(/^(Denied|Not asked yet)$/).count(), { timeout: 15_000 }).toBe(1);
      // Where the browser still says "not asked", the question itself is refused (no grant): the same message.
      if (await location.getByText('Not asked yet', { exact: true }).count())
        await location.getByRole('button', { name: 'Allow Location', exact: true }).click();
      await expect
        .poll(
          () =>
            location
              .getByText('Location permission denied. Enable it manually in your browser or phone settings.', {
                exact: true,
              })
              .count(),
          { timeout: 20_000 },
        )
        .toBe(1);
      expect(
        await location.getByText('Until then, an SOS is sent without your position.', { exact: true }).count(),
      ).toBe(1);
      expect(await location.getByRole('button', { name: 'Check again', exact: true }).count()).toBe(1);
      const notificationsRow = page.getByRole('region', { name: 'Notifications', exact: true });
      expect(await notificationsRow.getByText('Allowed', { exact: true }).count()).toBe(1);
      expect(await notificationsRow.getByRole('button').count()).toBe(0);
      for (const name of ['Camera', 'Bluetooth', 'Storage'])
        expect(await page.getByRole('region', { name, exact: true }).count(), name).toBe(1);
      await shot(page, 'mobile-help-permissions');
      problems.push(
        ...(await axeProblems(page, '/settings/permissions', { wcagOnly: true })),
        ...(await smallTargets(page)).map((s) => `/settings/permissions small: ${s}`),
      );

      // Settings → Help: "follower" finds the add-follower guide, opened.
      await page.getByRole('link', { name: '← Back' }).click();
      await page.getByRole('link', { name: 'Help, guides and FAQ', exact: true }).click();
      await page.waitForURL(/\/app\/help$/);
      await expect
        .poll(() => page.getByRole('heading', { name: 'Help and guides', exact: true }).count(), { timeout: 15_000 })
        .toBe(1);
      await page.getByRole('searchbox', { name: 'Search the help', exact: true }).fill('follower');
      const guide = page.getByRole('button', { name: 'Add a follower', exact: true });
      await expect.poll(() => guide.getAttribute('aria-expanded')).toBe('true');
      await expect
        .poll(() => page.getByText('Open Contacts and tap Add follower.', { exact: true }).isVisible())
        .toBe(true);
      expect(await page.getByRole('button', { name: 'What is sleep apnea?', exact: true }).count()).toBe(0);
      // The manual is found by its specifications (spec §9).
      await page.getByRole('searchbox', { name: 'Search the help', exact: true }).fill('IP68');
      await expect
        .poll(() =>
          page.getByRole('button', { name: 'GT2 and GT5 watches', exact: true }).getAttribute('aria-expanded'),
        )
        .toBe('true');
      for (const value of [
        'Up to 50 cm from the phone',
        '130 mAh, 5 to 7 days per charge',
        '−5 to 45 °C (23 to 113 °F)',
      ]) {
        expect(await page.getByRole('cell', { name: value, exact: true }).count(), value).toBe(1);
      }
      await shot(page, 'mobile-help-en');
      problems.push(
        ...(await axeProblems(page, '/help (en)', { wcagOnly: true })),
        ...(await smallTargets(page)).map((s) => `/help small: ${s}`),
      );

      // Vietnamese: translated titles, and a search typed without accents finds the accented guide.
      await showIn(page, 'vi');
      await expect
        .poll(() => page.getByRole('heading', { name: 'Trợ giúp và hướng dẫn', exact: true }).count(), {
          timeout: 15_000,
        })
        .toBe(1);
      expect(await page.getByRole('heading', { name: 'Hỏi đáp về ngưng thở khi ngủ', exact: true }).count()).toBe(1);
      await page.getByRole('searchbox', { name: 'Tìm trong trợ giúp', exact: true }).fill('nguoi theo doi');
      await expect
        .poll(() =>
          page.getByRole('button', { name: 'Thêm người theo dõi', exact: true }).getAttribute('aria-expanded'),
        )
        .toBe('true');
      problems.push(...(await axeProblems(page, '/help (vi)', { wcagOnly: true })));

      // Canadian English: 911 and Canadian spelling.
      await showIn(page, 'en-CA');
      await expect
        .poll(() => page.getByRole('heading', { name: 'Help and guides', exact: true }).count(), { timeout: 15_000 })
        .toBe(1);
      await page.getByRole('searchbox', { name: 'Search the help', exact: true }).fill('911');
      await expect
        .poll(() =>
          page.getByRole('button', { name: 'When should I see a doctor?', exact: true }).getAttribute('aria-expanded'),
        )
        .toBe('true');
      await expect.poll(() => page.getByText(/call 911\.$/).isVisible()).toBe(true);
      await page.getByRole('searchbox', { name: 'Search the help', exact: true }).fill('health centre');
      await expect
        .poll(() =>
          page.getByRole('button', { name: 'Health alerts: how they work', exact: true }).getAttribute('aria-expanded'),
        )
        .toBe('true');

      expect(problems).toEqual([]);
      expect(cspViolations()).toEqual([]);
    } finally {
      await page.evaluate(() => localStorage.setItem('cw.app.lang', 'en')).catch(() => undefined);
      await context.close();
    }
  });
});
