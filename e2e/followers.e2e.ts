import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, login, newPage, shot } from './browser.ts';

let browser: Browser;
const baseUrl = inject('baseUrl');

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function loggedIn(email: string): Promise<Page> {
  const page = await newPage(browser, baseUrl);
  await login(page, email);
  await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
  return page;
}

async function openDemoPatient(page: Page) {
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Patients', exact: true })
    .click();
  await page.getByRole('searchbox', { name: 'Search patients' }).fill('DEMO-P0001');
  await expect.poll(() => page.getByRole('link', { name: /^Open / }).count(), { timeout: 15_000 }).toBe(1);
  await page
    .getByRole('link', { name: /^Open / })
    .first()
    .click();
  await page.getByRole('tab', { name: 'Followers', exact: true }).waitFor();
}

describe('followers and alert configuration in the portal', () => {
  test("the doctor sees DEMO-P0001's followers and changes the patient's alert settings", async () => {
    const page = await loggedIn('doctor@demo.test');
    await openDemoPatient(page);
    await page.getByRole('tab', { name: 'Followers', exact: true }).click();
    const table = page.getByRole('table', { name: 'Followers of the patient' });
    await table.waitFor();
    const rows = table.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(3);
    const texts = await rows.allInnerTexts();
    // Two number-only emergency contacts, texted and called; the follower account, also reached in the app.
    expect(texts[0]).toMatch(
      /Hoang Minh[\s\S]*Emergency contact[\s\S]*Son[\s\S]*0900000021[\s\S]*Phone number only[\s\S]*Accepted[\s\S]*SMS[\s\S]*Call/,
    );
    expect(texts[1]).toMatch(
      /Hoang Lan[\s\S]*Emergency contact[\s\S]*Daughter[\s\S]*0900000022[\s\S]*Phone number only/,
    );
    expect(texts[2]).toMatch(
      /Phong Hoang[\s\S]*Caring follower[\s\S]*CareWatch account[\s\S]*Accepted[\s\S]*In app[\s\S]*Web push[\s\S]*SMS[\s\S]*Call/,
    );
    await shot(page, 'patient-followers');

    // Alert settings: SMS off, saved, still off after a reload, then back on.
    await page.getByRole('tab', { name: 'Thresholds', exact: true }).click();
    const card = page.getByRole('region', { name: 'Alert settings' });
    const sms = card.getByRole('switch', { name: 'SMS to followers' });
    await expect.poll(() => sms.isChecked(), { timeout: 15_000 }).toBe(true);
    await sms.click({ force: true });
    await expect.poll(() => sms.isChecked()).toBe(false);
    await card.getByRole('button', { name: 'Save alert settings' }).click();
    await expect.poll(() => page.getByText('Alert settings saved').count()).toBeGreaterThan(0);
    await shot(page, 'patient-alert-settings');

    await page.reload();
    await page.getByRole('tab', { name: 'Thresholds', exact: true }).click();
    await expect
      .poll(
        () =>
          page
            .getByRole('region', { name: 'Alert settings' })
            .getByRole('switch', { name: 'SMS to followers' })
            .isChecked(),
        { timeout: 15_000 },
      )
      .toBe(false);
    // The thresholds table is still there and editable.
    await expect.poll(() => page.getByRole('button', { name: 'Save thresholds' }).count()).toBe(1);

    // A valid time with only one end is refused on the field, then "all day" is put back with SMS on.
    const again = page.getByRole('region', { name: 'Alert settings' });
    await again.getByRole('checkbox', { name: 'All day' }).click();
    await again.getByLabel('Alerts from', { exact: true }).fill('22:00');
    await again.getByRole('button', { name: 'Save alert settings' }).click();
    await expect.poll(() => again.getByText('Give both times or choose all day').count()).toBe(1);
    await again.getByRole('checkbox', { name: 'All day' }).click();
    await again.getByRole('switch', { name: 'SMS to followers' }).click({ force: true });
    await expect.poll(() => again.getByRole('switch', { name: 'SMS to followers' }).isChecked()).toBe(true);
    await again.getByRole('button', { name: 'Save alert settings' }).click();
    await page.reload();
    await page.getByRole('tab', { name: 'Thresholds', exact: true }).click();
    await expect
      .poll(
        () =>
          page
            .getByRole('region', { name: 'Alert settings' })
            .getByRole('switch', { name: 'SMS to followers' })
            .isChecked(),
        { timeout: 15_000 },
      )
      .toBe(true);

    // The doctor reads the tenant's threshold defaults but cannot change them.
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Threshold defaults', exact: true })
      .click();
    await page.getByRole('table', { name: 'Threshold defaults' }).waitFor();
    expect(await page.getByText('Only tenant administrators can change the defaults.').count()).toBe(1);
    expect(await page.getByRole('button', { name: /^Edit / }).count()).toBe(0);
    await page.context().close();
  });

  test('a tenant administrator changes a threshold default and puts it back to built-in', async () => {
    const page = await loggedIn('sysadmin@demo.test');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Threshold defaults', exact: true })
      .click();
    const table = page.getByRole('table', { name: 'Threshold defaults' });
    await table.waitFor();
    const hrv = table.getByRole('row', { name: 'HRV', exact: true });
    await expect.poll(() => hrv.innerText()).toMatch(/^HRV\s+20\s[\s\S]*Built-in/);
    await page.getByRole('button', { name: 'Edit HRV', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Default thresholds: HRV' });
    const lowAtRisk = dialog.getByRole('textbox', { name: 'Low at risk', exact: true });
    // Out of range: the message stays on the field and nothing is saved.
    await lowAtRisk.fill('-5');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => dialog.getByText(/^Must be between/).count()).toBe(1);
    await lowAtRisk.fill('18');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => hrv.innerText()).toMatch(/^HRV\s+18\s[\s\S]*Tenant/);
    await shot(page, 'threshold-defaults-changed');

    await page.getByRole('button', { name: 'Reset HRV to built-in', exact: true }).click();
    await expect.poll(() => hrv.innerText()).toMatch(/^HRV\s+20\s[\s\S]*Built-in/);
    await page.context().close();
  });
});
