import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, login as loginAs, navLinks, newPage, shot } from './browser.ts';

async function login(page: Page, email: string) {
  await loginAs(page, email);
  await navLinks(page);
}

let browser: Browser;
const baseUrl = inject('baseUrl');

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('roles and permissions', () => {
  test('a custom role is created; a duplicate name is refused', async () => {
    const admin = await newPage(browser, baseUrl);
    await login(admin, 'superadmin@demo.test');
    await admin.getByRole('link', { name: 'Roles & permissions' }).click();
    await admin.getByRole('button', { name: 'Add role' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Night nurse');
    await dialog.getByRole('checkbox', { name: 'View dashboard' }).check();
    await dialog.getByRole('checkbox', { name: 'View patients' }).check();
    await dialog.getByRole('button', { name: 'Create role' }).click();
    await expect.poll(() => admin.getByRole('navigation', { name: 'Roles' }).getByText('Night nurse').count()).toBe(1);
    await admin.getByRole('button', { name: 'Add role' }).click();
    await admin.getByRole('dialog').getByRole('textbox', { name: 'Name' }).fill('night nurse');
    await admin.getByRole('dialog').getByRole('button', { name: 'Create role' }).click();
    await expect.poll(() => admin.getByRole('dialog').getByText('Role existed').count()).toBe(1);
    await shot(admin, 'role-duplicate');
    await admin.context().close();
  });

  test('revoking a permission asks the affected user to log in again, and their menu changes', async () => {
    const cskh = await newPage(browser, baseUrl);
    await login(cskh, 'cskh@demo.test');
    expect(await navLinks(cskh)).toContain('Messages');

    const admin = await newPage(browser, baseUrl);
    await login(admin, 'superadmin@demo.test');
    await admin.getByRole('link', { name: 'Roles & permissions' }).click();
    await admin.getByRole('navigation', { name: 'Roles' }).getByText('Customer care').click();
    const sw = admin.getByRole('switch', { name: 'View sent e-mails and SMS' });
    await expect.poll(() => sw.isChecked()).toBe(true);
    await sw.click({ force: true });
    await expect.poll(() => sw.isChecked()).toBe(false);

    // The customer-care user's next call is answered "permissions changed".
    await cskh.getByRole('link', { name: 'Account settings' }).click();
    await cskh.reload();
    await expect
      .poll(() => cskh.getByRole('dialog').getByText('Your permissions have changed').count())
      .toBeGreaterThan(0);
    await shot(cskh, 'permissions-changed');
    await cskh.getByRole('dialog').getByRole('button', { name: 'Log in again' }).click();
    await login(cskh, 'cskh@demo.test');
    await expect
      .poll(() => navLinks(cskh))
      .toEqual([
        'Dashboard',
        'Worklist',
        'Patients',
        'Devices',
        'Patients in SOS',
        'SOS cases',
        'Alerts',
        'Tickets',
        'Adherence',
        'Transactions',
        'Ratings and reviews',
        'Feedback',
        'Account settings',
      ]);
    // Put the permission back: other specs share this server and expect the default customer-care menu.
    await sw.click({ force: true });
    await expect.poll(() => sw.isChecked()).toBe(true);
    await cskh.context().close();
    await admin.context().close();
  });
});
