import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, newPage, shot } from './browser.ts';

const PASSWORD = 'CareWatch@2026';
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f6e1d70000000049454e44ae426082',
  'hex',
);
let browser: Browser;
const baseUrl = inject('baseUrl');

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function login(page: Page, email: string, waitForNav = true) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Tenant code', exact: true }).fill('demo');
  await page.getByRole('textbox', { name: 'Email or phone', exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  if (waitForNav) await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 }).first().innerText();

describe('scopes and health centers', () => {
  test('the super admin builds a scope tree and creates a health center with a main admin', async () => {
    const page = await newPage(browser, baseUrl);
    await login(page, 'superadmin@demo.test');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect
      .poll(async () => (await nav.getByRole('link').allInnerTexts()).map((s) => s.trim()))
      .toEqual(expect.arrayContaining(['Scopes', 'Health centers']));

    // A level-1 scope.
    await nav.getByRole('link', { name: 'Scopes', exact: true }).click();
    await expect.poll(() => heading(page)).toBe('Scopes');
    await page.getByRole('button', { name: 'Add scope', exact: true }).click();
    let dialog = page.getByRole('dialog', { name: 'Add scope' });
    await dialog.getByLabel('Name').fill('E2E Region');
    await dialog.getByLabel('Level', { exact: true }).selectOption('1');
    await dialog.getByLabel('Type', { exact: true }).selectOption('region');
    await dialog.getByRole('button', { name: 'Create scope' }).click();
    await expect.poll(() => heading(page)).toBe('E2E Region');

    // Blank name shows the inline error; then a level-2 child under it.
    await page.getByRole('button', { name: 'Add child scope' }).click();
    dialog = page.getByRole('dialog', { name: 'Add scope' });
    await dialog.getByRole('button', { name: 'Create scope' }).click();
    await expect.poll(() => dialog.getByText('Required').count()).toBeGreaterThan(0);
    expect(await dialog.getByLabel('Level', { exact: true }).inputValue()).toBe('2');
    await dialog.getByLabel('Name').fill('E2E City');
    await dialog.getByLabel('Type', { exact: true }).selectOption('city');
    await expect.poll(async () => dialog.getByLabel('Parent scope').inputValue()).not.toBe('');
    await dialog.getByRole('button', { name: 'Create scope' }).click();
    await expect.poll(() => heading(page)).toBe('E2E City');
    expect(await page.getByRole('link', { name: 'E2E Region' }).count()).toBeGreaterThan(0);

    await page.goto('/scopes');
    const tree = page.getByRole('navigation', { name: 'Scope tree' });
    await expect.poll(() => tree.getByText('E2E City').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await expect.poll(() => page.getByRole('table', { name: 'Scope list' }).getByText('E2E City').count()).toBe(1);
    await shot(page, 'org-scopes-en');

    // A health center in the new city with mhscadmin as main admin, and a logo.
    await page.goto('/centers/new');
    await expect.poll(() => heading(page)).toBe('Add health center');
    await page.getByRole('button', { name: 'Create health center' }).click();
    await expect
      .poll(() => page.getByRole('alert').first().innerText())
      .toContain('Please correct the highlighted fields');
    await page.getByRole('textbox', { name: /^Name/ }).fill('E2E Health Center');
    await page.getByLabel('Type', { exact: true }).selectOption('clinic');
    await expect
      .poll(async () =>
        (
          await page
            .getByRole('combobox', { name: /^Scope/ })
            .locator('option')
            .allInnerTexts()
        ).join('|'),
      )
      .toContain('E2E City');
    await page.getByRole('combobox', { name: /^Scope/ }).selectOption({ label: '— E2E City' });
    await page.getByLabel('Hotline').fill('19009999');
    await page.getByLabel('Address').fill('1 Test Street');
    await page.getByLabel('Specialties').fill('cardiology, pediatrics');
    await expect
      .poll(async () => (await page.getByLabel('Main admin').locator('option').allInnerTexts()).join('|'))
      .toContain('mhscadmin@demo.test');
    await page.getByLabel('Main admin').selectOption({ label: 'Mai Center (mhscadmin@demo.test)' });
    await page.locator('input[type=file]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await expect.poll(() => page.getByRole('img', { name: 'Logo preview' }).count()).toBe(1);
    await shot(page, 'org-center-form-en');
    await page.getByRole('button', { name: 'Create health center' }).click();
    await expect.poll(() => heading(page)).toBe('E2E Health Center');
    const admins = page.getByRole('table', { name: 'Admins' });
    await expect.poll(() => admins.innerText()).toContain('Mai Center');
    expect(await admins.innerText()).toContain('Main admin');
    await expect.poll(() => page.getByRole('img', { name: 'Logo of E2E Health Center' }).count()).toBe(1);
    await shot(page, 'org-center-detail-en');

    // It is listed; its scope is now "in use" and cannot be deactivated.
    await page.goto('/centers');
    await page.getByLabel('Search by name, address, e-mail or phone').fill('E2E');
    await expect
      .poll(() =>
        page
          .getByRole('table', { name: 'Health center list' })
          .getByRole('link', { name: 'E2E Health Center' })
          .count(),
      )
      .toBe(1);
    await shot(page, 'org-centers-en');
    await page
      .getByRole('table', { name: 'Health center list' })
      .getByRole('link', { name: 'E2E Health Center' })
      .click();
    await page.getByRole('button', { name: 'Deactivate' }).click();
    await page.getByRole('dialog', { name: 'Deactivate' }).getByRole('button', { name: 'Deactivate' }).click();
    await expect.poll(() => page.getByRole('alert').first().innerText()).toContain('Health center being used');

    await page.goto('/scopes');
    await page.getByRole('table', { name: 'Scope list' }).getByRole('link', { name: 'E2E City' }).click();
    await expect.poll(() => heading(page)).toBe('E2E City');
    await page.getByRole('button', { name: 'Rename / change status' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename / change status' });
    await rename.getByLabel('Active').uncheck({ force: true });
    await rename.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => rename.getByRole('alert').innerText()).toContain('Scope in use cannot be deactivated');
    await shot(page, 'org-scope-in-use-en');
    await page.context().close();
  });

  test('the same screens in Vietnamese', async () => {
    const page = await newPage(browser, baseUrl);
    await login(page, 'superadmin@demo.test');
    await page.getByLabel('Language', { exact: true }).selectOption('vi');
    const nav = page.getByRole('navigation', { name: 'Điều hướng chính' });
    await expect
      .poll(async () => (await nav.getByRole('link').allInnerTexts()).map((s) => s.trim()))
      .toEqual(expect.arrayContaining(['Phạm vi', 'Cơ sở y tế']));
    await nav.getByRole('link', { name: 'Cơ sở y tế', exact: true }).click();
    await expect.poll(() => heading(page)).toBe('Cơ sở y tế');
    await expect
      .poll(() => page.getByRole('table', { name: 'Danh sách cơ sở y tế' }).getByText('Ba Dinh Health Center').count())
      .toBe(1);
    await shot(page, 'org-centers-vi');
    await nav.getByRole('link', { name: 'Phạm vi', exact: true }).click();
    await expect.poll(() => heading(page)).toBe('Phạm vi');
    await expect
      .poll(() => page.getByRole('navigation', { name: 'Cây phạm vi' }).getByText('Hanoi').count())
      .toBeGreaterThan(0);
    await shot(page, 'org-scopes-vi');
    await page.getByRole('table', { name: 'Danh sách phạm vi' }).getByRole('link', { name: 'Northern Region' }).click();
    await expect.poll(() => heading(page)).toBe('Northern Region');
    await shot(page, 'org-scope-detail-vi');
    await page.goto('/centers/new');
    await expect.poll(() => heading(page)).toBe('Thêm cơ sở y tế');
    await shot(page, 'org-center-form-vi');
    await page.getByLabel('Ngôn ngữ', { exact: true }).selectOption('en');
    await page.context().close();
  });

  test('a health-center admin sees "My organization" with their own center', async () => {
    const page = await newPage(browser, baseUrl);
    await login(page, 'mhscadmin@demo.test', false);
    // Two levels: choose the first one.
    await page
      .getByRole('button', { name: /^Choose level/ })
      .first()
      .click();
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'My organization' }).click();
    await expect.poll(() => heading(page)).toBe('My organization');
    await expect.poll(() => page.getByRole('heading', { name: 'My health center' }).count()).toBe(1);
    await expect.poll(() => page.getByRole('link', { name: 'Edit my health center' }).count()).toBe(1);
    expect(await nav.getByRole('link', { name: 'Health centers', exact: true }).count()).toBe(0);
    await shot(page, 'org-my-organization-en');
    await page.context().close();
  });
});
