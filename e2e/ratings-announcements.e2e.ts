import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { cspViolations, launch, login, newPage, shot, watchCsp } from './browser.ts';
import { apiToken, phone, signIn } from './mobile.ts';

let browser: Browser;
const baseUrl = inject('baseUrl');
const uniq = Math.random().toString(36).slice(2, 7);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('ratings, announcements and feedback (issue 17)', () => {
  test('a patient rates their doctor in the app; customer care reports the review, which leaves the average', async () => {
    const { context, page } = await phone(browser, baseUrl);
    await signIn(page, 'patient@demo.test');
    await page.goto('/app/contacts/doctor');
    await page.getByRole('searchbox', { name: 'Search doctors' }).fill('Duc');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const card = page.getByRole('listitem').filter({ hasText: 'Duc' }).first();
    await card.getByRole('button', { name: /^Ratings and reviews/ }).click();
    await card
      .getByRole('status')
      .filter({ hasText: /ratings|No ratings yet/ })
      .waitFor();
    await card.getByRole('button', { name: 'Send rating' }).click();
    await expect.poll(() => card.getByText('Choose from 1 to 5 stars.').count()).toBe(1);
    await card.getByRole('radio', { name: '4 stars' }).click();
    await card.getByRole('textbox', { name: /^Comment/ }).fill(`Kind and clear ${uniq}`);
    await card.getByRole('button', { name: 'Send rating' }).click();
    await expect.poll(() => page.getByText('Thank you: your rating was saved.').count()).toBeGreaterThan(0);
    await shot(page, 'app-rate-doctor');
    await context.close();

    const portal = await newPage(browser, baseUrl);
    watchCsp(portal.context());
    await login(portal, 'cskh@demo.test');
    await portal.getByRole('link', { name: 'Ratings and reviews' }).click();
    const row = portal.getByRole('row').filter({ hasText: `Kind and clear ${uniq}` });
    await row.waitFor();
    await row.getByRole('button', { name: /^Report the review of/ }).click();
    const dialog = portal.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Report', exact: true }).click();
    await expect.poll(() => dialog.getByText('Required').count()).toBeGreaterThan(0);
    await dialog.getByRole('textbox', { name: 'Report message' }).fill('Test report');
    await dialog.getByRole('button', { name: 'Report', exact: true }).click();
    await expect.poll(() => row.getByText('Reported', { exact: true }).count()).toBe(1);
    await shot(portal, 'portal-ratings-reported');
    await row.getByRole('button', { name: /^Restore the review of/ }).click();
    await expect.poll(() => row.getByText('Visible', { exact: true }).count()).toBe(1);
    await portal.context().close();
  });

  test('an admin composes an announcement; the patient reads it in the app', async () => {
    const portal = await newPage(browser, baseUrl);
    watchCsp(portal.context());
    await login(portal, 'sysadmin@demo.test');
    await portal.getByRole('link', { name: 'Announcements' }).click();
    await portal.getByRole('button', { name: 'New announcement' }).click();
    const form = portal.getByRole('form', { name: 'Compose an announcement' });
    await form.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => form.getByText('Required').count()).toBeGreaterThan(0);
    await form.getByRole('textbox', { name: 'Title' }).fill(`Clinic news ${uniq}`);
    await form.getByRole('textbox', { name: 'Message' }).fill('Our clinics open at 7:00 from Monday.');
    await form.getByRole('button', { name: 'Send' }).click();
    const row = portal.getByRole('row').filter({ hasText: `Clinic news ${uniq}` });
    await expect.poll(() => row.getByText('Sent', { exact: true }).count(), { timeout: 30_000 }).toBe(1);
    await shot(portal, 'portal-announcements');
    await portal.context().close();

    const { context, page } = await phone(browser, baseUrl);
    await signIn(page, 'patient@demo.test');
    await page.goto('/app/settings');
    await page.getByRole('link', { name: 'Announcements' }).click();
    await expect.poll(() => page.getByRole('listitem', { name: `Clinic news ${uniq}` }).count()).toBe(1);
    await shot(page, 'app-announcements');
    await context.close();
  });

  test('customer care filters feedback, opens its image in a new tab and marks it handled', async () => {
    const token = await apiToken(baseUrl, 'patient@demo.test', 'app');
    const form = new FormData();
    form.append('kind', 'ERROR');
    form.append('category', 'HARDWARE');
    form.append('description', `The strap broke ${uniq}`);
    form.append('image', new Blob([PNG], { type: 'image/png' }), 'strap.png');
    const res = await fetch(`${baseUrl}/api/account/me/feedback`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(res.status).toBe(201);

    const portal = await newPage(browser, baseUrl);
    watchCsp(portal.context());
    await login(portal, 'cskh@demo.test');
    await portal.getByRole('link', { name: 'Feedback' }).click();
    await portal.getByRole('combobox', { name: 'Type' }).selectOption('ERROR');
    await portal.getByRole('combobox', { name: 'Category' }).selectOption('HARDWARE');
    await portal
      .getByRole('row')
      .filter({ hasText: `The strap broke ${uniq}` })
      .getByRole('link')
      .click();
    await portal.getByRole('img', { name: 'Picture attached to the feedback' }).waitFor();
    const [tab] = await Promise.all([
      portal.context().waitForEvent('page'),
      portal.getByRole('link', { name: 'Open the image in a new tab' }).click(),
    ]);
    await tab.waitForLoadState();
    expect(tab.url()).toMatch(/^blob:/);
    await tab.close();
    await portal.getByRole('button', { name: 'Mark handled' }).click();
    await expect.poll(() => portal.getByText(/^Handled by /).count()).toBe(1);
    await shot(portal, 'portal-feedback-handled');
    await portal.context().close();
    expect(cspViolations()).toEqual([]);
  });
});
