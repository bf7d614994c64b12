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

const LABELS = {
  en: {
    tenant: 'Tenant code',
    username: 'Email or phone',
    password: 'Password',
    login: 'Log in',
    nav: 'Main navigation',
  },
  vi: {
    tenant: 'Mã tổ chức',
    username: 'Email hoặc số điện thoại',
    password: 'Mật khẩu',
    login: 'Đăng nhập',
    nav: 'Điều hướng chính',
  },
};

async function login(page: Page, email: string, lang: 'en' | 'vi' = 'en', tenant = 'demo') {
  const l = LABELS[lang];
  await page.goto('/login');
  await page.getByRole('textbox', { name: l.tenant, exact: true }).fill(tenant);
  await page.getByRole('textbox', { name: l.username, exact: true }).fill(email);
  await page.getByLabel(l.password, { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: l.login, exact: true }).click();
  await page.getByRole('navigation', { name: l.nav }).waitFor();
}

async function navLinks(page: Page, lang: 'en' | 'vi' = 'en'): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: LABELS[lang].nav });
  await nav.waitFor();
  return (await nav.getByRole('link').allInnerTexts()).map((s) => s.trim());
}

async function fillConnection(page: Page, n: number, port: string) {
  const row = page.getByRole('group', { name: `Connection ${n}`, exact: true });
  await row.getByRole('textbox', { name: 'Host name', exact: true }).fill('127.0.0.1');
  await row.getByRole('textbox', { name: 'Port', exact: true }).fill(port);
  await row.getByRole('textbox', { name: 'Public URL', exact: true }).fill(`https://db${n}.example.com`);
  await row.getByRole('textbox', { name: 'User name', exact: true }).fill('postgres');
  await row.getByRole('textbox', { name: 'Retype user name', exact: true }).fill('postgres');
  await row.getByLabel(/^Password( \*)?$/).fill('any-password');
  await row.getByLabel(/^Retype password( \*)?$/).fill('any-password');
  return row;
}

async function api(path: string, init: RequestInit & { token?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  const res = await fetch(baseUrl + path, { ...init, headers });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('tenants', () => {
  test('the super admin creates a dedicated tenant: a closed port fails the test, the real PostgreSQL passes', async () => {
    const page = await newPage(browser, baseUrl);
    await login(page, 'superadmin@demo.test');
    expect(await navLinks(page)).toEqual(expect.arrayContaining(['Tenants', 'Tenant requests', 'Tenant settings']));
    await page.getByRole('link', { name: 'Tenants', exact: true }).click();
    await expect.poll(() => page.getByRole('row', { name: 'Open tenant CareWatch Demo Two' }).count()).toBe(1);
    await shot(page, 'tenants-list-en');

    await page.getByRole('link', { name: 'Add tenant', exact: true }).click();
    await page.getByRole('textbox', { name: 'Tenant name', exact: true }).fill('E2E Dedicated Clinic');
    await page.getByRole('textbox', { name: 'Official full name', exact: true }).fill('E2E Dedicated Clinic Group');
    await page.getByRole('textbox', { name: 'Tenant code', exact: true }).fill('e2eded');
    await page.getByRole('textbox', { name: 'First admin e-mail', exact: true }).fill('admin@e2eded.test');
    await page.getByLabel('Connection type', { exact: true }).selectOption('dedicated');
    const row1 = await fillConnection(page, 1, '5432');
    await fillConnection(page, 2, '5432');
    const row3 = await fillConnection(page, 3, '1');

    await row1.getByRole('button', { name: 'Test connection 1', exact: true }).click();
    await expect.poll(() => row1.getByRole('status').innerText()).toBe('Connection 1 works.');
    await row3.getByRole('button', { name: 'Test connection 3', exact: true }).click();
    // A failure is answered when the connection time limit (3 s) has passed, whatever the cause.
    await expect.poll(() => row3.getByText('Could not contact supplied server').count(), { timeout: 10_000 }).toBe(1);

    await page.getByRole('button', { name: 'Create tenant', exact: true }).click();
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'Could not contact supplied server' }).count(), {
        timeout: 10_000,
      })
      .toBeGreaterThan(0);
    expect(new URL(page.url()).pathname).toBe('/tenants/new');
    await shot(page, 'tenant-create-connection-failed-en');

    await row3.getByRole('textbox', { name: 'Port', exact: true }).fill('5432');
    await page.getByRole('button', { name: 'Create tenant', exact: true }).click();
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'E2E Dedicated Clinic' }).count(), { timeout: 15_000 })
      .toBe(1);
    expect(new URL(page.url()).pathname).toMatch(/^\/tenants\/[0-9a-f-]{36}$/);
    await page.getByRole('tab', { name: 'Connection', exact: true }).click();
    await expect.poll(() => page.getByRole('cell', { name: 'https://db3.example.com' }).count()).toBe(1);
    expect(await page.getByText('any-password').count()).toBe(0);
    await shot(page, 'tenant-detail-connections-en');

    // Editing: an empty password keeps the stored one only while host, port and user name stay as saved.
    await page.getByRole('link', { name: 'Edit tenant', exact: true }).first().click();
    const edit1 = page.getByRole('group', { name: 'Connection 1', exact: true });
    await expect.poll(() => edit1.getByText('Leave empty to keep the stored password.').count()).toBe(1);
    await edit1.getByRole('textbox', { name: 'Port', exact: true }).fill('5433');
    await expect
      .poll(() => edit1.getByText('The host, port or user name changed: type the password again.').count())
      .toBe(1);
    await page.getByRole('button', { name: 'Save tenant', exact: true }).click();
    await expect.poll(() => edit1.getByText('Required', { exact: true }).count()).toBe(1);

    // The first admin's e-mail (with the temporary password) is recorded under Messages.
    await page.getByRole('link', { name: 'Messages', exact: true }).click();
    await expect.poll(() => page.getByRole('cell', { name: 'admin@e2eded.test' }).count()).toBeGreaterThan(0);
    await page.context().close();
  });

  test('changing the branding colour applies it to the portal at once', async () => {
    const page = await newPage(browser, baseUrl);
    await login(page, 'superadmin@demo.test');
    await page.getByRole('link', { name: 'Tenant settings', exact: true }).click();
    const colour = page.getByRole('textbox', { name: 'Colour', exact: true });
    await colour.waitFor();
    const save = page.getByRole('button', { name: 'Save', exact: true });
    const bg = () => save.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await bg()).toBe('rgb(11, 114, 133)');
    await colour.fill('#c92a2a');
    await page.getByRole('heading', { level: 1, name: 'Tenant settings' }).click();
    await save.click();
    await page.mouse.move(0, 0);
    await expect.poll(bg, { timeout: 10_000 }).toBe('rgb(201, 42, 42)');
    await shot(page, 'tenant-settings-branding-en');
    // Another tab: the security rule of the tenant.
    await page.getByRole('tab', { name: 'Security', exact: true }).click();
    await expect.poll(() => page.getByLabel('Password rule', { exact: true }).inputValue()).toBe('standard');
    await shot(page, 'tenant-settings-security-en');
    await page.context().close();
  });

  test('a trial request is approved from the requests screen (in Vietnamese)', async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({
      organizationName: 'Quy Nhon Care',
      contactName: 'Hoa Pham',
      email: 'hoa@quynhon.test',
      phone: '0905000111',
      tenantCode: 'quynhon',
      color: '#1971c2',
    }))
      form.append(k, v);
    form.append('squareLogo', new Blob([PNG], { type: 'image/png' }), 'square.png');
    form.append('horizontalLogo', new Blob([PNG], { type: 'image/png' }), 'horizontal.png');
    expect((await api('/api/auth/tenant/trial-request', { method: 'POST', body: form })).status).toBe(201);

    const page = await newPage(browser, baseUrl, { lang: 'vi' });
    await login(page, 'superadmin@demo.test', 'vi');
    await page.getByRole('link', { name: 'Tổ chức', exact: true }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Tổ chức' }).count()).toBe(1);
    await expect.poll(() => page.getByRole('row', { name: 'Mở tổ chức CareWatch Demo Two' }).count()).toBe(1);
    await shot(page, 'tenants-list-vi');
    await page.getByRole('row', { name: 'Mở tổ chức CareWatch Demo Two' }).click();
    await expect.poll(() => page.getByRole('tab', { name: 'Thương hiệu', exact: true }).count()).toBe(1);
    await shot(page, 'tenant-detail-vi');

    await page.getByRole('link', { name: 'Yêu cầu tổ chức', exact: true }).click();
    const row = page.getByRole('row', { name: 'Yêu cầu của Quy Nhon Care' });
    await expect.poll(() => row.count()).toBe(1);
    await shot(page, 'tenant-requests-vi');
    await row.click();
    await page.getByRole('button', { name: 'Duyệt', exact: true }).click();
    await page.getByRole('button', { name: 'Xác nhận', exact: true }).click();
    await expect.poll(() => page.getByText('Đã duyệt yêu cầu.').count()).toBeGreaterThan(0);
    await page.getByLabel('Trạng thái', { exact: true }).selectOption('approved');
    await expect.poll(() => row.getByText('Đã duyệt', { exact: true }).count()).toBe(1);
    await page.context().close();

    const tokens = await api('/api/auth/oauth-token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        tenant: 'demo',
        username: 'superadmin@demo.test',
        password: PASSWORD,
        grant_type: 'password',
      }),
    });
    const list = await api('/api/account/sadmin/tenant?searchValue=quynhon', {
      token: String(tokens.body.access_token),
    });
    expect(list.body.total).toBe(1);
  });

  test('a system admin edits their own tenant settings, not other tenants', async () => {
    const page = await newPage(browser, baseUrl);
    await login(page, 'sysadmin@demo2.test', 'en', 'demo2');
    const links = await navLinks(page);
    expect(links).toContain('Tenant settings');
    expect(links).not.toContain('Tenants');
    await page.getByRole('link', { name: 'Tenant settings', exact: true }).click();
    await expect.poll(() => page.getByText('Settings of your organisation CareWatch Demo Two.').count()).toBe(1);
    await expect.poll(() => page.getByRole('button', { name: 'Send request', exact: true }).count()).toBe(1);
    await shot(page, 'tenant-settings-sysadmin-en');
    await page.getByRole('tab', { name: 'Units', exact: true }).click();
    await page.getByLabel('Thermal unit', { exact: true }).selectOption('F');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByText('Saved', { exact: true }).count()).toBeGreaterThan(0);
    await page.getByRole('tab', { name: 'Other', exact: true }).click();
    await expect.poll(() => page.getByLabel('Dial code', { exact: true }).inputValue()).toBe('+84');
    await page.getByLabel('Country', { exact: true }).selectOption('CA');
    expect(await page.getByLabel('Dial code', { exact: true }).inputValue()).toBe('+1');
    await shot(page, 'tenant-settings-other-en');
    await page.goto('/tenants');
    await expect.poll(() => page.getByRole('heading', { name: 'Page not found' }).count()).toBe(1);
    await page.context().close();
  });
});
