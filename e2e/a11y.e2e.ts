import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { dismissAlertPopups, launch, login, newPage } from './browser.ts';
import { axeProblems } from './axe.ts';

// Accessibility (axe-core: 0 critical, 0 serious) and the 1024 px layout (no page scrolls sideways) of every portal
// screen a super admin and a doctor reach from the menu, in English and Vietnamese.

// Evaluated through the DevTools protocol: the server's CSP (script-src 'self') refuses an injected <script>.
let browser: Browser;
const baseUrl = inject('baseUrl');

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Whether the page scrolls sideways. */
async function sideways(page: Page, where: string): Promise<string[]> {
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  return scroll > client ? [`${where}: scrolls sideways (${scroll} > ${client})`] : [];
}

/**
 * Waits until the screen has loaded: the previous screen's heading is gone (a lazy screen keeps the old one shown while
 * its code loads), a heading is shown, and nothing is busy (skeletons, loaders).
 */
async function settled(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            !document.querySelector('[data-a11y-old]') &&
            !!document.querySelector('main h1, main h2') &&
            !document.querySelector('main [aria-busy="true"], main .mantine-Skeleton-root, main .mantine-Loader-root'),
        ),
      { timeout: 6000, interval: 100 },
    )
    .toBe(true);
}

/** Marks the current screen's headings, so that `settled` knows when the next screen has replaced them. */
const markOld = (page: Page) =>
  page.evaluate(() =>
    document.querySelectorAll('main h1, main h2').forEach((h) => h.setAttribute('data-a11y-old', '')),
  );

async function check(page: Page, where: string): Promise<string[]> {
  const t0 = Date.now();
  await settled(page).catch(() => undefined);
  const t1 = Date.now();
  const out = [...(await axeProblems(page, where)), ...(await sideways(page, where))];
  if (process.env.A11Y_TIMING) console.log(`${where}: settle ${t1 - t0} ms, axe ${Date.now() - t1} ms`);
  return out;
}

/** Signs in at 1024×768 (optionally switching to Vietnamese), opens the collapsed sidebar and walks every menu entry. */
async function walkPortal(
  email: string,
  lang: 'en' | 'vi',
  extra?: (page: Page, problems: string[]) => Promise<void>,
): Promise<string[]> {
  const page = await newPage(browser, baseUrl, { width: 1024, height: 768 });
  await dismissAlertPopups(page);
  const problems: string[] = [];
  await page.goto('/login');
  problems.push(...(await check(page, `/login (${lang})`)));
  await login(page, email);
  // Below 1200 px the sidebar starts collapsed; the burger opens it (and the choice is remembered).
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  const burger = page.getByRole('button', { name: 'Show the menu' });
  await burger.waitFor();
  expect(await nav.isVisible()).toBe(false);
  await burger.click();
  await nav.waitFor();
  if (lang === 'vi') {
    await page.getByLabel('Language', { exact: true }).selectOption('vi');
    await page.getByRole('navigation', { name: 'Điều hướng chính' }).waitFor();
  }
  const menu = page.getByRole('navigation', { name: lang === 'vi' ? 'Điều hướng chính' : 'Main navigation' });
  const links = await menu.getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  expect(links.length).toBeGreaterThan(10);
  for (const href of links) {
    if (new URL(page.url()).pathname !== href) await markOld(page);
    await menu.locator(`a[href="${href}"]`).click();
    await page.waitForURL((u) => u.pathname === href);
    problems.push(...(await check(page, `${href} (${lang})`)));
  }
  if (extra) await extra(page, problems);
  if (lang === 'vi') await page.getByLabel('Ngôn ngữ', { exact: true }).selectOption('en');
  await page.context().close();
  return problems;
}

/** The patient detail page and each of its tabs, the bell's popover and one modal. */
async function patientDetail(page: Page, problems: string[]) {
  await markOld(page);
  await page.goto('/patients');
  const open = page.getByRole('link', { name: /^(Open|Mở) / }).first();
  await open.waitFor();
  await open.click();
  await page.waitForURL(/\/patients\/[^/]+$/);
  const tabs = page.getByRole('tablist').first().getByRole('tab');
  await tabs.first().waitFor();
  const n = await tabs.count();
  for (let i = 0; i < n; i++) {
    await tabs.nth(i).click();
    problems.push(...(await check(page, `patient detail tab ${await tabs.nth(i).innerText()}`)));
  }
  const bell = page.getByRole('button', { name: /^(Notifications|Thông báo)/ }).first();
  await bell.click();
  await page.getByRole('dialog').first().waitFor();
  await page.waitForTimeout(300);
  problems.push(...(await axeProblems(page, 'notification popover')));
  await page.keyboard.press('Escape');
  await expect.poll(() => page.getByRole('dialog').count(), { timeout: 3000 }).toBe(0);
  const change = page.getByRole('button', { name: /^(Change status|Đổi trạng thái)/ }).first();
  if (await change.count()) {
    await change.click();
    await page.getByRole('dialog').first().waitFor();
    await page.waitForTimeout(300);
    problems.push(...(await axeProblems(page, 'change-status modal')));
    await page.keyboard.press('Escape');
  }
}

describe('accessibility and the 1024 px layout', () => {
  // Every screen of the menu; the doctor's menu is a part of the super admin's, walked again for the role's own data
  // (dashboard, worklist, lists). The patient detail page with each tab, the bell's popover and a modal in both languages.
  test.each([
    ['superadmin@demo.test', 'en', false],
    ['superadmin@demo.test', 'vi', true],
    ['doctor@demo.test', 'en', true],
  ] as const)(
    '%s (%s): every screen has no critical or serious axe violation and no sideways scroll',
    async (email, lang, detail) => {
      const problems = await walkPortal(email, lang, detail ? patientDetail : undefined);
      expect(problems).toEqual([]);
    },
    120_000,
  );

  test('the sidebar state is remembered, and the menu is reachable by Tab with a visible focus ring', async () => {
    const page = await newPage(browser, baseUrl, { width: 1024, height: 768 });
    await dismissAlertPopups(page);
    await login(page, 'doctor@demo.test');
    await page.getByRole('button', { name: 'Show the menu' }).click();
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await page.reload();
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await page.getByRole('button', { name: 'Hide the menu' }).waitFor();
    // Tab from the page start reaches the first menu entry, which shows a focus ring.
    /** Presses Tab until the focused element is in `scope` (a selector); its text and outline style when it shows a ring. */
    const tabTo = async (scope: string) => {
      for (let i = 0; i < 40; i++) {
        await page.keyboard.press('Tab');
        const ring = await page.evaluate((sel) => {
          const el = document.activeElement;
          if (!el?.closest(sel)) return '';
          const s = getComputedStyle(el);
          return s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0
            ? `${el.textContent?.trim()}|${s.outlineStyle}`
            : 'no ring';
        }, scope);
        if (ring) return ring;
      }
      return '';
    };
    expect(await tabTo('nav')).toMatch(/^Dashboard\|/);
    // The patient list: Tab from the heading reaches the first patient's link, with a focus ring.
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Patients', exact: true })
      .click();
    await page
      .getByRole('link', { name: /^Open / })
      .first()
      .waitFor();
    await page.getByRole('heading', { level: 1 }).first().click();
    expect(await tabTo('table a[aria-label^="Open "]')).toMatch(/\|(solid|auto)$/);
    await page.context().close();
  });
});
