import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD, cspViolations, dismissAlertPopups, launch, login, newPage, shot } from './browser.ts';
import { phone } from './mobile.ts';

let browser: Browser;
const baseUrl = inject('baseUrl');

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

// patient@demo2.test stays on the free Zero package in the demo data (patient@demo.test is on Basic).
const TENANT = 'demo2';
const USER = 'patient@demo2.test';

type Subscription = {
  package: { code: string; name: string };
  status: string;
  endsAt: string | null;
  months: number | null;
  receiptId: string | null;
};

async function call(method: string, path: string, token: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${baseUrl}${path}`, { method, headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: res.headers.get('content-type')?.includes('json') ? await res.json() : null };
}

async function appToken(): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/oauth-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-client': 'app' },
    body: JSON.stringify({ tenant: TENANT, username: USER, password: DEMO_PASSWORD, grant_type: 'password' }),
  });
  expect(res.status).toBe(200);
  return String(((await res.json()) as { access_token: string }).access_token);
}

/** The page's own app token (a second app sign-in of the same account would end the page's session). */
async function pageToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('cw.app.access'));
  expect(token).toBeTruthy();
  return String(token);
}

async function signInDemo2(page: Page) {
  await page.goto('/app/');
  await page.waitForURL(/\/app\/(welcome|login)$/);
  if (page.url().endsWith('/welcome')) {
    await page.getByRole('textbox', { name: 'Organization code', exact: true }).fill(TENANT);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
  }
  await page.getByRole('textbox', { name: 'Phone or e-mail', exact: true }).fill(USER);
  await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/app\/?$/);
}

/** dd/MM/yyyy of an instant in a time zone (how the app shows dates). */
function ddmmyyyy(iso: string, timeZone: string): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(new Date(iso))
      .map((x) => [x.type, x.value]),
  );
  return `${p.day}/${p.month}/${p.year}`;
}

describe('patient app: subscriptions', () => {
  test('a Zero patient meets "Upgrade to Basic", buys Basic 12 months through the sandbox provider, sees success and an active plan with its end date', async () => {
    // Start from Zero, in English (another run or spec may have left the account elsewhere).
    const setup = await appToken();
    expect((await call('POST', '/api/account/me/profile/update-language?lang=en', setup)).status).toBe(200);
    const before = (await call('GET', '/api/account/subscriptions/me', setup)).body as Subscription;
    if (before.status === 'active' || before.status === 'about_to_expire')
      expect((await call('POST', '/api/account/subscriptions/me/cancel', setup)).status).toBe(200);

    const { context, page } = await phone(browser, baseUrl);
    await signInDemo2(page);

    // A Basic feature (medical records) on Zero: the server answers BASIC_REQUIRED, the app offers the upgrade.
    await page.goto('/app/records');
    const upgrade = page.getByRole('region', { name: 'Upgrade to Basic', exact: true });
    await upgrade.waitFor();
    await shot(page, 'billing-upgrade-to-basic');
    await upgrade.getByRole('link', { name: 'See packages', exact: true }).click();
    await page.waitForURL(/\/app\/subscription\/choose$/);

    // Basic's spec prices: 12 months at 10,000 ₫ a month, 120,000 ₫ in all.
    await page.getByRole('heading', { name: 'Basic', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Buy Basic for 12 months, total 120,000 ₫', exact: true }).click();
    await page.waitForURL(/\/app\/subscription\/checkout\/[A-Z0-9]+$/);
    const code = decodeURIComponent(page.url().split('/').pop() ?? '');
    const summary = page.getByRole('region', { name: 'Order summary', exact: true });
    await summary.waitFor();
    expect(await summary.getByText('12 months', { exact: true }).count()).toBe(1);
    expect(await page.getByRole('radio', { name: 'Test payment (sandbox)', exact: true }).isChecked()).toBe(true);
    await shot(page, 'billing-checkout');
    await page.getByRole('button', { name: /^Pay / }).click();

    // The sandbox provider's pay page (served by the server, no account anywhere): Pay posts a signed callback.
    await page.waitForURL(/\/api\/payments\/sandbox\/pay\//);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();

    // Back in the app: the result page polls the order until it is settled.
    await page.waitForURL((u) => u.pathname === '/app/subscription/result' && u.searchParams.get('order') === code);
    const success = page.getByRole('status').filter({ hasText: 'Payment successful' });
    await success.getByText(/^You are now on Basic until \d{2}\/\d{2}\/\d{4}\.$/).waitFor({ timeout: 20_000 });
    await shot(page, 'billing-result-success');

    const token = await pageToken(page);
    const order = (await call('GET', `/api/account/orders/${encodeURIComponent(code)}`, token)).body as {
      status: number;
      provider: string;
      totalMinor: number;
    };
    expect(order).toMatchObject({ status: 2, provider: 'SANDBOX', totalMinor: 120_000 });
    const sub = (await call('GET', '/api/account/subscriptions/me', token)).body as Subscription;
    expect(sub).toMatchObject({ package: { code: 'BASIC' }, status: 'active', months: 12, receiptId: code });
    const profile = (await call('GET', '/api/account/me/profile/get', token)).body as { timezone: string };
    const end = ddmmyyyy(String(sub.endsAt), profile.timezone);
    expect(await success.getByText(`You are now on Basic until ${end}.`, { exact: true }).count()).toBe(1);

    // My subscription: Basic, active, its end date and receipt.
    await success.getByRole('link', { name: 'Back to my subscription', exact: true }).click();
    await page.waitForURL(/\/app\/subscription$/);
    const plan = page.getByRole('region', { name: 'Basic', exact: true });
    await plan.getByLabel('Status: Active', { exact: true }).waitFor();
    const fieldValue = (label: string) =>
      plan.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
    expect(await fieldValue('End date').innerText()).toBe(end);
    expect(await fieldValue('Receipt ID').innerText()).toBe(code);
    expect(await fieldValue('Price').innerText()).toBe('120,000 ₫');
    await shot(page, 'billing-subscription-active');

    // The tenant's staff see the payment in Transactions, open it, and find it in an export.
    const portal = await newPage(browser, baseUrl);
    await dismissAlertPopups(portal);
    await login(portal, 'sysadmin@demo2.test');
    await portal.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await portal.goto(`/transactions?search=${encodeURIComponent(code)}`);
    const table = portal.getByRole('table', { name: 'Transactions', exact: true });
    const link = table.getByRole('link', { name: `Open transaction ${code}`, exact: true });
    await link.waitFor({ timeout: 15_000 });
    const row = table.locator('tbody tr', {
      has: portal.getByRole('link', { name: `Open transaction ${code}`, exact: true }),
    });
    expect(await row.getByText('Success', { exact: true }).count()).toBe(1);
    expect(await row.getByText('120,000 ₫', { exact: true }).count()).toBe(1); // one formatter in both apps (@carewatch/i18n/money)
    await link.click();
    await portal.getByRole('heading', { name: `Transaction ${code}`, exact: true }).waitFor();
    await shot(portal, 'billing-portal-transaction');
    await portal.goBack();
    await portal.getByRole('button', { name: 'Export', exact: true }).click();
    const dialog = portal.getByRole('dialog', { name: 'Export transactions' });
    await dialog.getByRole('combobox', { name: 'Payment channel' }).selectOption('APP');
    await dialog
      .getByRole('textbox', { name: 'From' })
      .fill(ddmmyyyy(new Date(Date.now() - 2 * 86_400_000).toISOString(), profile.timezone));
    await dialog
      .getByRole('textbox', { name: 'To' })
      .fill(ddmmyyyy(new Date(Date.now() + 2 * 86_400_000).toISOString(), profile.timezone));
    await dialog.getByRole('checkbox', { name: 'Select all', exact: true }).check();
    const [download] = await Promise.all([
      portal.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Export', exact: true }).click(),
    ]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile((await download.path())!);
    const cells: string[] = [];
    book.worksheets[0]!.eachRow((r) =>
      r.eachCell((c) => {
        cells.push(String(c.value));
      }),
    );
    expect(cells).toContain(code);
    await portal.context().close();

    // Cancel (confirmed) → back to Zero, as the demo data had it.
    await page.getByRole('button', { name: 'Cancel subscription', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Cancel your subscription?' })
      .getByRole('button', { name: 'Yes, cancel', exact: true })
      .click();
    await page.getByRole('region', { name: 'Zero', exact: true }).getByLabel('Status: Free', { exact: true }).waitFor();
    expect(((await call('GET', '/api/account/subscriptions/me', token)).body as Subscription).package.code).toBe(
      'ZERO',
    );

    expect(cspViolations()).toEqual([]);
    await context.close();
  });
});
