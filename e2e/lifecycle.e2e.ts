import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, login as loginAs, newPage, shot } from './browser.ts';

const login = (page: Page, email: string, tenant?: string) => loginAs(page, email, { tenant });

let browser: Browser;
const baseUrl = inject('baseUrl');

beforeAll(async () => { browser = await launch(); });
afterAll(async () => { await browser?.close(); });


describe('account lifecycle', () => {
  test('request deactivation → admin approves → login offers recovery → recovered', async () => {
    const user = await newPage(browser, baseUrl);
    await login(user, 'coach@demo2.test', 'demo2');
    await user.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await user.goto('/account');
    await user.getByRole('tab', { name: 'Deactivate account' }).click();
    await user.getByRole('textbox', { name: 'Reason (optional)' }).fill('Moving abroad');
    await user.getByRole('button', { name: 'Request deactivation' }).click();
    await user.getByRole('dialog').getByRole('button', { name: 'Send request' }).click();
    await expect.poll(() => user.getByText('Your request was sent and is waiting for approval.').count()).toBe(1);

    const admin = await newPage(browser, baseUrl);
    await login(admin, 'sysadmin@demo2.test', 'demo2');
    await admin.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Deactivation requests' }).click();
    await admin.getByRole('button', { name: /^Approve deactivation of Cuong Vo/ }).click();
    await shot(admin, 'deactivation-approve');
    await admin.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => admin.getByText('No requests.').count()).toBe(1);

    const again = await newPage(browser, baseUrl);
    await login(again, 'coach@demo2.test', 'demo2');
    await expect.poll(() => again.getByText('This account is deactivated').count()).toBeGreaterThan(0);
    await shot(again, 'recover-offer');
    await again.getByRole('button', { name: 'Recover my account' }).click();
    await expect.poll(() => again.getByRole('heading', { level: 1 }).first().innerText()).toMatch(/^Hello, /);

    await admin.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Audit log' }).click();
    await admin.getByRole('searchbox', { name: 'Action starts with' }).fill('account.');
    await expect.poll(() => admin.getByText('account.recover').count()).toBeGreaterThan(0);
    await expect.poll(() => admin.getByText('account.deactivation.approve').count()).toBeGreaterThan(0);
    await shot(admin, 'audit-log-en');
    await admin.getByLabel('Language', { exact: true }).selectOption('vi');
    await expect.poll(() => admin.getByRole('heading', { name: 'Nhật ký kiểm toán' }).count()).toBe(1);
    await shot(admin, 'audit-log-vi');
    for (const p of [user, admin, again]) await p.context().close();
  });
});
