import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { cspViolations, dismissAlertPopups, launch, login, newPage, shot } from './browser.ts';
import { getJson, phone, signIn } from './mobile.ts';

let browser: Browser;
const baseUrl = inject('baseUrl');

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

// follower@demo.test is an app account on the free Zero package in the demo data: the code upgrades it.
describe('code packages', () => {
  test('staff create a code package and mark codes paid; an app user redeems a code and is on Basic', async () => {
    const page = await newPage(browser, baseUrl);
    await dismissAlertPopups(page);
    await login(page, 'superadmin@demo.test');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Code packages', exact: true })
      .click();
    await page.getByRole('link', { name: 'New code package' }).click();
    // Every field is required: saving the empty form names each one.
    await page.getByRole('button', { name: 'Create and generate codes' }).click();
    await expect.poll(() => page.getByText('Required', { exact: true }).count()).toBe(10);
    const name = `E2E clinic ${Date.now()}`;
    await page.getByRole('textbox', { name: 'Name' }).fill(name);
    await page.getByRole('combobox', { name: 'Type' }).selectOption('COUPON');
    await page.getByRole('textbox', { name: 'Total codes' }).fill('20');
    await page.getByRole('textbox', { name: 'Total vouchers' }).fill('20');
    await page.getByRole('textbox', { name: 'Availability date' }).fill('01/01/2026');
    await page.getByRole('textbox', { name: 'Expiry' }).fill('31/12/2030');
    await page.getByRole('textbox', { name: 'Recipient organization' }).fill('E2E clinic');
    await page.getByRole('combobox', { name: 'Upgrade package' }).selectOption({ label: 'Basic' });
    await page.getByRole('textbox', { name: 'Months granted' }).fill('6');
    await page.getByRole('textbox', { name: 'Benefits' }).fill('Basic for 6 months');
    await page.getByRole('button', { name: 'Create and generate codes' }).click();
    await page.getByRole('heading', { name, exact: true }).waitFor();
    const codes = page.getByRole('table', { name: 'Codes of this package' });
    await expect.poll(() => codes.locator('tbody tr').count()).toBe(20);
    await page.getByRole('textbox', { name: 'From number' }).fill('1');
    await page.getByRole('textbox', { name: 'To number' }).fill('5');
    await page.getByRole('button', { name: 'Mark paid (Apply to range)' }).click();
    await expect.poll(() => codes.getByText('Paid', { exact: true }).count()).toBe(5);
    const code = (await codes.locator('tbody tr').first().locator('td').nth(2).innerText()).trim();
    expect(code).toMatch(/^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
    await shot(page, 'code-package-detail');

    const { page: app } = await phone(browser, baseUrl);
    await signIn(app, 'follower@demo.test');
    await app.goto('/app/redeem-code');
    await app.getByRole('textbox', { name: 'Code' }).fill('2345-6789-ABCD');
    await app.getByRole('button', { name: 'Redeem', exact: true }).click();
    await expect.poll(() => app.getByRole('alert').innerText()).toContain('This code does not exist');
    await app.getByRole('textbox', { name: 'Code' }).fill(code.replace(/-/g, '').toLowerCase());
    await app.getByRole('button', { name: 'Redeem', exact: true }).click();
    await app.getByText('Your plan is now Basic for 6 months.').waitFor();
    await shot(app, 'code-package-redeemed');
    const token = String(await app.evaluate(() => localStorage.getItem('cw.app.access')));
    const sub = await getJson<{ package: { code: string }; endsAt: string | null }>(
      baseUrl,
      '/api/account/subscriptions/me',
      token,
    );
    expect(sub.package.code).toBe('BASIC');
    expect(sub.endsAt).not.toBeNull();
    // Once only.
    await app.getByRole('button', { name: 'Redeem another code' }).click();
    await app.getByRole('textbox', { name: 'Code' }).fill(code);
    await app.getByRole('button', { name: 'Redeem', exact: true }).click();
    await expect.poll(() => app.getByRole('alert').innerText()).toContain('This code has already been used');

    await page.reload();
    await expect
      .poll(() => codes.locator('tbody tr').first().getByText('Used', { exact: true }).count(), { timeout: 10_000 })
      .toBe(1);
    await expect.poll(() => page.getByLabel('Used: 1', { exact: true }).count()).toBe(1);
    expect(cspViolations()).toEqual([]);
  });
});
