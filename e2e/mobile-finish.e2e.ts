import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, shot, watchCsp } from './browser.ts';
import { signIn } from './mobile.ts';

// Issue 21, phone-grade finish on a small phone (360×780, touch): no text is cut — level, blood-pressure class and
// contact-kind badges ("EMERGENCY CONTACT", "STAGE 2 HYPERTENSION") show their whole text inside the screen — nothing
// scrolls sideways, and the thresholds table fits its card.

let browser: Browser;
const baseUrl = inject('baseUrl');

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** A 360 px wide touch phone in English (the narrowest common Android width). */
async function smallPhone() {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 360, height: 780 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  await context.grantPermissions(['notifications'], { origin: baseUrl });
  watchCsp(context);
  await context.addInitScript(() => localStorage.setItem('cw.app.lang', 'en'));
  return { context, page: await context.newPage() };
}

/** Opens a screen inside the app (as a tapped link does) and waits until it has loaded. */
async function open(page: Page, path: string) {
  await page.evaluate(() => document.querySelectorAll('h1, h2').forEach((h) => h.setAttribute('data-old', '')));
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, `/app${path}`);
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            !document.querySelector('[data-old]') &&
            !!document.querySelector('main h1, main h2') &&
            !document.querySelector('[aria-busy="true"], .mantine-Skeleton-root, .mantine-Loader-root'),
        ),
      { timeout: 15_000, interval: 100 },
    )
    .toBe(true);
  await page.waitForTimeout(300);
}

/** What is cut or wider than the screen: badges whose text overflows them or the screen, and a page that scrolls sideways. */
async function cutText(page: Page, where: string): Promise<{ problems: string[]; badges: number }> {
  const found = await page.evaluate(() => {
    const problems: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth) problems.push(`scrolls sideways (${doc.scrollWidth} > ${doc.clientWidth})`);
    const badges = Array.from(document.querySelectorAll<HTMLElement>('main .mantine-Badge-root'));
    for (const b of badges) {
      const label = b.querySelector<HTMLElement>('.mantine-Badge-label') ?? b;
      const r = b.getBoundingClientRect();
      if (r.width === 0) continue;
      const text = (b.textContent ?? '').trim();
      if (b.scrollWidth > b.clientWidth + 1 || label.scrollWidth > label.clientWidth + 1)
        problems.push(`badge "${text}" cut (${label.scrollWidth} > ${label.clientWidth})`);
      if (r.right > window.innerWidth + 1 || r.left < -1) problems.push(`badge "${text}" outside the screen`);
    }
    return { problems, badges: badges.length };
  });
  return { problems: found.problems.map((p) => `${where}: ${p}`), badges: found.badges };
}

describe('patient app at 360 px: no text cut', () => {
  test('badges on Home, metric pages, alerts and contacts show their whole text; the thresholds table fits its card', async () => {
    const { context, page } = await smallPhone();
    try {
      // The sign-in screen's links and language choice at 360 px (for people reviewing screens).
      await page.goto('/app/');
      await page.getByRole('textbox', { name: 'Organization code', exact: true }).fill('demo');
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      await page.waitForURL(/\/app\/login$/);
      await page.getByRole('link', { name: 'Forgot password?', exact: true }).waitFor();
      await shot(page, 'mobile-360-login');
      await signIn(page, 'patient@demo.test');
      const problems: string[] = [];
      let badges = 0;
      for (const path of [
        '/',
        '/metrics/blood_pressure',
        '/metrics/heart_rate',
        '/metrics/sleep',
        '/alerts',
        '/contacts',
        '/followed',
      ]) {
        await open(page, path);
        const r = await cutText(page, path);
        problems.push(...r.problems);
        badges += r.badges;
        if (path === '/contacts') {
          // The demo patient's emergency numbers: the long "EMERGENCY CONTACT" badge is among those checked.
          expect(
            await page.locator('main .mantine-Badge-root', { hasText: /^Emergency contact$/ }).count(),
          ).toBeGreaterThan(0);
          await shot(page, 'mobile-360-contacts');
        }
        if (path === '/metrics/blood_pressure') {
          // The longest blood-pressure class, as a reading over 140/90 shows it, in every badge of the screen (the
          // latest reading's level, each reading's class in the table): whole and inside the screen.
          await page.evaluate(() =>
            document.querySelectorAll('main .mantine-Badge-label').forEach((l) => {
              l.textContent = 'Stage 2 hypertension';
            }),
          );
          problems.push(...(await cutText(page, `${path} (longest class)`)).problems);
          await shot(page, 'mobile-360-blood-pressure');
        }
      }
      // The check saw badges (levels on Home, contact kinds): it is not vacuous.
      expect(badges).toBeGreaterThan(0);

      // Thresholds: the whole table inside its card, no sideways scrolling inside it either.
      await open(page, '/alerts');
      await expect
        .poll(() => page.getByRole('cell', { name: 'Heart rate', exact: true }).count(), { timeout: 15_000 })
        .toBe(1);
      const fit = await page.evaluate(() => {
        const card = document.querySelector<HTMLElement>('section[aria-labelledby="alerts-thresholds"]')!;
        const table = card.querySelector<HTMLElement>('table')!;
        const c = card.getBoundingClientRect();
        const t = table.getBoundingClientRect();
        const scroller = table.closest<HTMLElement>('.mantine-TableScrollContainer-root') ?? table.parentElement!;
        return {
          inside: t.left >= c.left - 1 && t.right <= c.right + 1,
          scrolls: table.scrollWidth > scroller.clientWidth + 1 || scroller.scrollWidth > scroller.clientWidth + 1,
          fontPx: parseFloat(getComputedStyle(table.querySelector('td')!).fontSize),
          widths: `${Math.round(t.width)} in ${Math.round(c.width)}`,
        };
      });
      expect(fit.inside, fit.widths).toBe(true);
      expect(fit.scrolls, fit.widths).toBe(false);
      expect(fit.fontPx).toBeGreaterThanOrEqual(12);
      await shot(page, 'mobile-360-thresholds');
      expect(problems, problems.join('\n')).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);
});
