import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD, dismissAlertPopups, lastCode, launch, login, newPage, shot } from './browser.ts';
import { apiToken } from './mobile.ts';

/**
 * The shared list toolkit (issue 20) on the patient list: sorting by column headers on the server, page / filter /
 * sort in the URL (reload and Back), and the patient page's tab and chart period in the URL.
 */
let browser: Browser;
const baseUrl = inject('baseUrl');
// Names take no digits: the run's time in letters keeps the patient unique.
const QUIET = {
  first: 'Silent',
  last: `Quiet${String(Date.now())
    .slice(-6)
    .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`,
};
let quiet: Promise<{ error?: unknown }>;

/**
 * A patient whose device went quiet (no fake time in E2E): a new app account whose only reading, synced from the
 * phone's health store, is two days old; nothing since, so the tenant's 6 h rule flags them.
 */
async function quietPatient(): Promise<void> {
  const superadmin = await apiToken(baseUrl, 'superadmin@demo.test', 'portal');
  const phone = `09${String(Date.now()).slice(-8)}`;
  const post = (url: string, body: unknown, token?: string) =>
    fetch(`${baseUrl}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  expect((await post('/api/auth/app/register/otp', { tenant: 'demo', channel: 'phone', phone })).status).toBe(200);
  let code = '';
  await expect
    .poll(async () => (code = await lastCode(baseUrl, superadmin, phone)), { timeout: 15_000, interval: 300 })
    .toMatch(/^\d{6}$/);
  const registered = await post('/api/auth/app/register', {
    tenant: 'demo',
    channel: 'phone',
    phone,
    otp: code,
    firstName: QUIET.first,
    lastName: QUIET.last,
    birthday: '1950-03-04',
    gender: 'male',
    address: '1 Test street',
    bloodType: 'O+',
    skinColour: 'type_3',
    relationship: 'self',
    accountType: 'patient',
    password: DEMO_PASSWORD,
    confirmPassword: DEMO_PASSWORD,
    acceptTerms: true,
    acceptHealthProcessing: true,
    language: 'en',
  });
  expect(registered.status, await registered.clone().text()).toBe(201);
  const app = await apiToken(baseUrl, phone, 'app');
  const measuredAt = new Date(Date.now() - 2 * 24 * 3600_000).toISOString();
  const ingest = await post(
    '/api/ingest/measurements',
    { readings: [{ metric: 'heart_rate', measuredAt, value: 71, source: 'apple_health' }] },
    app,
  );
  expect(ingest.status, await ingest.clone().text()).toBe(200);
}

beforeAll(async () => {
  browser = await launch();
  // Set up through the API while the browser starts and signs in.
  quiet = quietPatient().then(
    () => ({}),
    (error: unknown) => ({ error }),
  );
});
afterAll(async () => {
  await browser?.close();
});

/** Severity order of `sort=status` (contracts/patients.ts): most severe first. */
const SEVERITY = ['SOS', 'High risk', 'At risk', 'Normal', 'Assigned', 'Unassigned'];

async function loggedIn(email: string): Promise<Page> {
  const page = await newPage(browser, baseUrl, { lang: 'en', width: 1440 });
  await dismissAlertPopups(page);
  await login(page, email);
  await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
  return page;
}

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
const statusRanks = async (page: Page) => (await column(page, 'Status')).map((s) => SEVERITY.indexOf(s));
const isSorted = (xs: number[]) => xs.every((x, i) => i === 0 || xs[i - 1]! <= x);
/** dd/MM/yyyy HH:mm:ss (the profile zone formatter) → a sortable number; none = null. */
const readingTimes = async (page: Page) =>
  (await column(page, 'Last reading')).map((s) => {
    const m = /(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2}):(\d{2})/.exec(s);
    return m ? Number(`${m[3]}${m[2]}${m[1]}${m[4]}${m[5]}${m[6]}`) : null;
  });
const firstName = (page: Page) =>
  page
    .getByRole('link', { name: /^Open / })
    .first()
    .getAttribute('aria-label');
const sortOf = (page: Page, name: string) =>
  page.getByRole('columnheader', { name, exact: true }).getAttribute('aria-sort');
const param = (page: Page, key: string) => new URL(page.url()).searchParams.get(key);

/**
 * Runs `action`, waits for the patient list's answer to `query` (page 0 may be left out of the request) and for the
 * table to show it (the old rows stay while the new ones load); the first row's link name.
 */
async function shown(page: Page, action: () => Promise<void>, query: Record<string, string>): Promise<string> {
  const answer = page.waitForResponse((r) => {
    const u = new URL(r.url());
    return (
      r.request().method() === 'GET' &&
      u.pathname.endsWith('/patients') &&
      Object.entries(query).every(([k, v]) => (u.searchParams.get(k) ?? (k === 'page' ? '0' : '')) === v)
    );
  });
  await action();
  const body = (await (await answer).json()) as { items: Array<{ fullName: string }> };
  const first = `Open ${body.items[0]!.fullName}`;
  await expect.poll(() => firstName(page), { timeout: 5000 }).toBe(first);
  return first;
}

describe('lists', () => {
  test('patient list: sort by status and last reading from the headers; page, filter and sort survive reload and Back', async () => {
    const page = await loggedIn('operator@demo.test');
    await quiet; // the new patient is in the lists before they are paged through
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Patients', exact: true })
      .click();
    await expect.poll(() => page.getByRole('link', { name: /^Open / }).count(), { timeout: 10_000 }).toBeGreaterThan(0);

    // Status: most severe first (SOS / high risk on top), then the other way round; the header says how it is sorted.
    await shown(page, () => page.getByRole('button', { name: 'Status', exact: true }).click(), { sort: 'status' });
    expect(isSorted(await statusRanks(page))).toBe(true);
    expect(await sortOf(page, 'Status')).toBe('ascending');
    expect(param(page, 'sort')).toBe('status');
    expect(['SOS', 'High risk']).toContain((await column(page, 'Status'))[0]);
    await shot(page, 'lists-patients-by-status-en');
    await shown(page, () => page.getByRole('button', { name: 'Status', exact: true }).press('Enter'), {
      sort: '-status',
    }); // keyboard operable
    expect(isSorted((await statusRanks(page)).reverse())).toBe(true);
    expect(await sortOf(page, 'Status')).toBe('descending');
    expect(param(page, 'sort')).toBe('-status');

    // Last reading: newest first, patients without readings last.
    await shown(page, () => page.getByRole('button', { name: 'Last reading', exact: true }).click(), {
      sort: '-lastReadingAt',
    });
    expect(await sortOf(page, 'Last reading')).toBe('descending');
    expect(param(page, 'sort')).toBe('-lastReadingAt');
    const times = await readingTimes(page);
    const known = times.filter((x): x is number => x !== null);
    expect(known.length).toBeGreaterThan(0);
    expect(times.slice(0, known.length).every((x) => x !== null) && isSorted([...known].reverse())).toBe(true);
    expect(await sortOf(page, 'Status')).toBe('none');

    // Status filter + name sort, then page 2: all in the URL.
    await shown(
      page,
      async () => {
        await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption('normal');
      },
      { status: 'normal', sort: '-lastReadingAt' },
    );
    const page1First = await shown(page, () => page.getByRole('button', { name: 'Name', exact: true }).click(), {
      status: 'normal',
      sort: 'name',
      page: '0',
    });
    expect((await column(page, 'Status')).every((s) => s === 'Normal')).toBe(true);
    const page2First = await shown(page, () => page.getByRole('button', { name: 'Page 2', exact: true }).click(), {
      status: 'normal',
      sort: 'name',
      page: '1',
    });
    expect(page2First).not.toBe(page1First);
    expect([param(page, 'page'), param(page, 'status'), param(page, 'sort')]).toEqual(['2', 'normal', 'name']);

    await page.reload();
    await expect.poll(() => firstName(page), { timeout: 10_000 }).toBe(page2First);
    expect([param(page, 'page'), param(page, 'status'), param(page, 'sort')]).toEqual(['2', 'normal', 'name']);
    expect(await page.getByRole('combobox', { name: 'Status', exact: true }).inputValue()).toBe('normal');
    expect(await sortOf(page, 'Name')).toBe('ascending');

    // Back: page 1 of the same filter and sort.
    await page.goBack();
    await expect.poll(() => firstName(page), { timeout: 10_000 }).toBe(page1First);
    expect([param(page, 'page'), param(page, 'status'), param(page, 'sort')]).toEqual([null, 'normal', 'name']);

    // A new sort from page 2 asks for the first page only: the stale page is never fetched.
    await page.goForward();
    await expect.poll(() => firstName(page), { timeout: 10_000 }).toBe(page2First);
    const asked: string[] = [];
    page.on('request', (r) => {
      if (/\/patients\?/.test(r.url())) asked.push(new URL(r.url()).searchParams.get('page') ?? '0');
    });
    await page.getByRole('button', { name: 'Name', exact: true }).click();
    await expect.poll(() => sortOf(page, 'Name')).toBe('descending');
    await expect.poll(() => asked.length, { timeout: 5000 }).toBeGreaterThan(0);
    expect(asked.every((p) => p === '0')).toBe(true);
    expect(param(page, 'page')).toBeNull();
    await page.close();
  });

  test('patient page: the Health tab and its Month period come back after Back and reload; a quiet patient is flagged silent', async () => {
    // The system admin sees the whole tenant (the new app patient has no center yet).
    const page = await loggedIn('sysadmin@demo.test');
    await page.goto('/patients?search=DEMO-P0001');
    await expect.poll(() => page.getByRole('link', { name: /^Open / }).count(), { timeout: 10_000 }).toBe(1);
    await page
      .getByRole('link', { name: /^Open / })
      .first()
      .click();
    await page.getByRole('tab', { name: 'Health', exact: true }).click();
    await page.getByText('Month', { exact: true }).click();
    await expect.poll(() => [param(page, 'tab'), param(page, 'period')]).toEqual(['health', 'month']);

    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Patients', exact: true })
      .click();
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Patients' }).count()).toBe(1);
    await page.goBack();
    const healthTab = page.getByRole('tab', { name: 'Health', exact: true });
    await expect.poll(() => healthTab.getAttribute('aria-selected'), { timeout: 10_000 }).toBe('true');
    await expect.poll(() => page.getByRole('radio', { name: 'Month', exact: true }).isChecked()).toBe(true);

    await page.reload();
    await expect
      .poll(() => page.getByRole('tab', { name: 'Health', exact: true }).getAttribute('aria-selected'), {
        timeout: 10_000,
      })
      .toBe('true');
    await expect.poll(() => page.getByRole('radio', { name: 'Month', exact: true }).isChecked()).toBe(true);
    // Back once more: the week (the default) of the Health tab, then the profile tab.
    await page.goBack();
    await expect
      .poll(() => page.getByRole('radio', { name: 'Week', exact: true }).isChecked(), { timeout: 5000 })
      .toBe(true);
    await page.goBack();
    await expect
      .poll(() => page.getByRole('tab', { name: 'Profile', exact: true }).getAttribute('aria-selected'), {
        timeout: 5000,
      })
      .toBe('true');

    // A patient whose device went quiet: flagged in the list, with since when in the badge's tooltip.
    const setup = await quiet;
    if (setup.error) throw setup.error;
    await page.goto(`/patients?search=${QUIET.last}&sort=lastReadingAt`);
    await expect
      .poll(() => page.getByRole('link', { name: new RegExp(`^Open .*${QUIET.last}`) }).count(), { timeout: 10_000 })
      .toBe(1);
    const badge = page.getByText('Silent device', { exact: true });
    await expect.poll(() => badge.count(), { timeout: 5000 }).toBe(1);
    // Since when: read out with the row (screen readers), and in a tooltip on hover or focus.
    const since = page.getByText(/^Nothing received since \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    expect(await since.count()).toBe(1);
    await badge.hover();
    await expect.poll(() => since.count(), { timeout: 5000 }).toBe(2);
    await shot(page, 'lists-silent-patient-en');
    await page.close();
  });
});
