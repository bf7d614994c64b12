import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, newPage, shot } from './browser.ts';

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

describe('public trial request', () => {
  test('an organisation requests a trial from the login page; the super admin sees the request', async () => {
    const page = await newPage(browser, baseUrl);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Request a trial for your organisation' }).click();
    await page.getByRole('textbox', { name: 'Organisation name' }).fill('Sunrise Clinic');
    await page.getByRole('textbox', { name: 'Contact name' }).fill('Linh Pham');
    await page.getByRole('textbox', { name: 'E-mail' }).fill('linh@sunrise.example');
    await page.getByRole('textbox', { name: 'Phone' }).fill('0912345678');
    await page.getByRole('textbox', { name: 'Desired tenant code' }).fill('sunrise');
    // Submitting without logos names both missing files.
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect.poll(() => page.getByText('Choose a PNG logo').count()).toBe(2);
    const inputs = page.locator('input[type=file]');
    await inputs.nth(0).setInputFiles({ name: 'square.png', mimeType: 'image/png', buffer: PNG });
    await inputs.nth(1).setInputFiles({ name: 'wide.png', mimeType: 'image/png', buffer: PNG });
    await shot(page, 'trial-form');
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect.poll(() => page.getByText('We will e-mail linh@sunrise.example').count(), { timeout: 10_000 }).toBe(1);

    const login = await fetch(`${baseUrl}/api/auth/oauth-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        tenant: 'demo',
        username: 'superadmin@demo.test',
        password: 'CareWatch@2026',
        grant_type: 'password',
      }),
    });
    const { access_token } = (await login.json()) as { access_token: string };
    const list = await fetch(`${baseUrl}/api/account/sadmin/tenant-request?type=TRIAL_REQUEST`, {
      headers: { authorization: `Bearer ${access_token}` },
    });
    const body = JSON.stringify(await list.json());
    expect(body).toContain('Sunrise Clinic');
    await page.context().close();
  });
});
