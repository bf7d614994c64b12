import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { dismissAlertPopups, launch, login, newPage, shot } from './browser.ts';
import { apiToken, getJson } from './mobile.ts';

/**
 * Saved views of the lists (issue 20): a doctor filters and sorts the patient list, saves it as "Mine", applies it
 * again from the "Views" menu after going elsewhere, then makes it the default: the plain /patients opens with it.
 */
let browser: Browser;
const baseUrl = inject('baseUrl');
const DOCTOR = 'doctor@demo.test';

/** The doctor's saved views of the patient list are removed (before: a rerun; after: other specs open /patients plain). */
async function clearViews(): Promise<void> {
  const token = await apiToken(baseUrl, DOCTOR, 'portal');
  const { items } = await getJson<{ items: Array<{ id: string }> }>(
    baseUrl,
    '/api/account/saved-views?list=patients',
    token,
  );
  for (const v of items) {
    const res = await fetch(`${baseUrl}/api/account/saved-views/${v.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
  }
}

beforeAll(async () => {
  browser = await launch();
  await clearViews();
});
afterAll(async () => {
  await clearViews();
  await browser?.close();
});

/** The texts of one column of the patient table, found by its header. */
async function column(page: Page, header: string): Promise<string[]> {
  return page
    .locator('table')
    .first()
    .evaluate((table, name) => {
      const heads = Array.from(table.querySelectorAll('thead th')).map((th) => th.textContent?.trim() ?? '');
      const i = heads.findIndex((h) => h.startsWith(name));
      return Array.from(table.querySelectorAll('tbody tr')).map((tr) => tr.children[i]?.textContent?.trim() ?? '');
    }, header);
}
const param = (page: Page, key: string) => new URL(page.url()).searchParams.get(key);
const sortOf = (page: Page, name: string) =>
  page.getByRole('columnheader', { name, exact: true }).getAttribute('aria-sort');
const rows = (page: Page) => page.getByRole('link', { name: /^Open / }).count();
const nav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name, exact: true }).click();

describe('saved views', () => {
  test('doctor: save a filtered, sorted patient list as "Mine", apply it from the menu, make it the default', async () => {
    const page = await newPage(browser, baseUrl, { lang: 'en', width: 1440 });
    await dismissAlertPopups(page);
    await login(page, DOCTOR);
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await nav(page, 'Patients');
    await expect.poll(() => rows(page), { timeout: 10_000 }).toBeGreaterThan(0);

    // Filter by the status of the first patient the server lists for this doctor (read in the page's own session:
    // signing in again through the API would end it), so the filtered list has rows; sort by last reading. The
    // status is chosen by its value, never read from a table cell (the tenant's columns may leave Status out).
    const token = await page.evaluate(() => localStorage.getItem('cw.access'));
    expect(token).not.toBeNull();
    const listed = await getJson<{ items: Array<{ status: string }> }>(
      baseUrl,
      '/api/account/patients?size=20',
      token!,
    );
    expect(listed.items.length).toBeGreaterThan(0);
    const statusValue = listed.items[0]!.status;
    const select = page.getByRole('combobox', { name: 'Status', exact: true });
    const status = (await select.locator(`option[value="${statusValue}"]`).innerText()).trim();
    expect(status).not.toBe('');
    await select.selectOption(statusValue);
    await expect.poll(() => param(page, 'status')).toBe(statusValue);
    await page.getByRole('button', { name: 'Last reading', exact: true }).click();
    await expect.poll(() => param(page, 'sort')).toBe('-lastReadingAt');
    await expect
      .poll(async () => (await column(page, 'Status')).every((s) => s.startsWith(status)), { timeout: 10_000 })
      .toBe(true);

    // Save it as "Mine".
    await page.getByRole('button', { name: 'Views', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Save current view…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save current view' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Mine');
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().endsWith('/api/account/saved-views'),
    );
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    const body = (await (await saved).json()) as { name: string; query: string };
    expect(body).toMatchObject({ name: 'Mine', query: `status=${statusValue}&sort=-lastReadingAt` });
    await expect.poll(() => dialog.count()).toBe(0);
    // The button names the view the list shows.
    await expect.poll(() => page.getByRole('button', { name: 'View: Mine', exact: true }).count()).toBe(1);

    // Elsewhere, then the plain patient list (no default yet: unfiltered), then "Mine" from the menu.
    await nav(page, 'Dashboard');
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe('/');
    await nav(page, 'Patients');
    await expect.poll(() => rows(page), { timeout: 10_000 }).toBeGreaterThan(0);
    expect([param(page, 'status'), param(page, 'sort')]).toEqual([null, null]);
    await page.getByRole('button', { name: 'Views', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Mine', exact: true }).click();
    await expect.poll(() => [param(page, 'status'), param(page, 'sort')]).toEqual([statusValue, '-lastReadingAt']);
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Status', exact: true }).inputValue(), { timeout: 5_000 })
      .toBe(statusValue);
    await expect.poll(() => sortOf(page, 'Last reading')).toBe('descending');
    await expect
      .poll(
        async () => {
          const shown = await column(page, 'Status');
          return shown.length > 0 && shown.every((s) => s.startsWith(status));
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    await shot(page, 'saved-views-applied-en');

    // Make it the default: the plain /patients (a fresh load) opens with it.
    await page.getByRole('button', { name: 'View: Mine', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Manage views…' }).click();
    const manage = page.getByRole('dialog', { name: 'My views of this list' });
    await manage.getByRole('button', { name: 'Set view Mine as default', exact: true }).click();
    await expect
      .poll(() => manage.getByRole('button', { name: 'Remove default from view Mine', exact: true }).count(), {
        timeout: 5000,
      })
      .toBe(1);
    await manage.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect.poll(() => manage.count()).toBe(0);

    await page.goto('/patients');
    await expect
      .poll(() => [param(page, 'status'), param(page, 'sort')], { timeout: 10_000 })
      .toEqual([statusValue, '-lastReadingAt']);
    await expect
      .poll(
        async () => {
          const shown = await column(page, 'Status');
          return shown.length > 0 && shown.every((s) => s.startsWith(status));
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    expect(await sortOf(page, 'Last reading')).toBe('descending');
    // The menu marks the default.
    await page.getByRole('button', { name: 'View: Mine', exact: true }).click();
    await expect.poll(() => page.getByRole('menuitem', { name: /^Mine\s*\(default\)$/ }).count()).toBe(1);
    await page.keyboard.press('Escape');
    await page.close();
  });
});
