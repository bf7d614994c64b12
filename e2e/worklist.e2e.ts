import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { dismissAlertPopups, launch, login, newPage, shot } from './browser.ts';
import { simulate } from './simulate.ts';

let browser: Browser;
const baseUrl = inject('baseUrl');

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('triage worklist', () => {
  test('the doctor lands on the worklist; a simulated high-risk reading shows up within 2 s above the at-risk patients; acknowledged from the row; a dashboard tile opens the filtered list', async () => {
    // A heart-rate alert left open by an earlier test would be raised, not opened: a normal reading closes it.
    await simulate(baseUrl, 'normal');
    const page = await newPage(browser, baseUrl, { lang: 'en' });
    await dismissAlertPopups(page);
    await login(page, 'doctor@demo.test');
    // The doctor's home after signing in.
    await page.getByRole('heading', { level: 1, name: 'Triage worklist' }).waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe('/worklist');
    const table = page.getByRole('table', { name: 'Triage worklist' });
    await table.waitFor();
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await expect.poll(() => bell.getAttribute('data-realtime-state'), { timeout: 15_000 }).toBe('open');
    const demoRow = table.locator('tr[data-patient-code="DEMO-P0001"]');
    expect(await demoRow.count()).toBe(0);

    // The simulator sends DEMO-P0001's high-risk heart rate; the socket's alert frame refreshes the list.
    await simulate(baseUrl, 'high-risk');
    const sent = Date.now();
    await expect.poll(() => demoRow.count(), { timeout: 2_000, interval: 50 }).toBe(1);
    expect(Date.now() - sent).toBeLessThan(2_000);
    expect(await demoRow.getAttribute('data-level')).toBe('high_risk');
    await expect.poll(() => demoRow.getByText('High risk', { exact: true }).count()).toBe(1);
    expect(await demoRow.getByText(/^Heart rate: \d+/).count()).toBe(1);
    expect(await demoRow.getByRole('img', { name: /^(Rising|Falling|Steady|No trend)$/ }).count()).toBe(1);
    expect(await demoRow.getByText('Duc Nguyen').count()).toBe(1);
    expect(await demoRow.getByText(/^Waiting \d+ min$/).count()).toBe(1);
    // Ranked: SOS, then high risk, then at risk; the new high-risk row sits above every at-risk one.
    const levels = await table.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-level')));
    const codes = await table
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-patient-code')));
    const rank = { sos: 0, high_risk: 1, at_risk: 2 } as Record<string, number>;
    expect(levels.map((l) => rank[l ?? ''])).toEqual([...levels.map((l) => rank[l ?? ''])].sort());
    const mine = codes.indexOf('DEMO-P0001');
    expect(levels.indexOf('at_risk')).toBeGreaterThan(mine);
    await shot(page, 'worklist-doctor-en');

    // Acknowledge from the worklist, by keyboard: the row then says who acknowledged it.
    const ack = demoRow.getByRole('button', { name: 'Acknowledge the alert of Phuong Hoang' });
    await ack.focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => demoRow.locator('td[data-acknowledged]').getAttribute('data-acknowledged'), { timeout: 5_000 })
      .toBe('yes');
    expect(await demoRow.getByText(/^By Duc Nguyen, \d{2}\/\d{2}\/\d{4} /).count()).toBe(1);
    expect(await demoRow.getByRole('button', { name: /^Acknowledge/ }).count()).toBe(0);

    // The dashboard's tiles open the patient list filtered by status.
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Dashboard', exact: true })
      .click();
    const tile = page.getByRole('link', { name: /^High risk: \d+ patients, open the list$/ });
    await tile.click();
    await expect
      .poll(() => new URL(page.url()).pathname + new URL(page.url()).search)
      .toBe('/patients?status=high_risk');
    await page.getByRole('heading', { level: 1, name: 'Patients' }).waitFor();
    await page.close();

    // Back to normal: the alert closes (keeps the demo data tidy for other files).
    await simulate(baseUrl, 'normal');
  });

  test('an operator assigns a waiting patient to another doctor from the worklist; the row names the doctor', async () => {
    const page = await newPage(browser, baseUrl, { lang: 'en' });
    await dismissAlertPopups(page);
    await login(page, 'operator@demo.test');
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await page.goto('/worklist');
    const table = page.getByRole('table', { name: 'Triage worklist' });
    await table.waitFor();
    // The last row that is not the demo patient of the other test (its doctors stay as they are).
    const rows = table.locator('tbody tr:not([data-patient-code="DEMO-P0001"])');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBeGreaterThan(0);
    const row = rows.last();
    const code = await row.getAttribute('data-patient-code');
    await row.getByRole('button', { name: /^Assign .+ to a doctor$/ }).click();
    const dialog = page.getByRole('dialog', { name: /^Assign .+ to a doctor$/ });
    await dialog.getByRole('textbox', { name: 'Doctor' }).click();
    const option = dialog.getByRole('option').first();
    await option.waitFor();
    const doctor = (await option.innerText()).replace(/\s*\(.*\)\s*$/, '').trim();
    // By keyboard (another popup's overlay may cover the list for a moment): the first option, chosen.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.getByRole('textbox', { name: 'Doctor' }).inputValue()).toContain(doctor);
    await dialog.getByRole('button', { name: 'Assign', exact: true }).focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    const same = table.locator(`tr[data-patient-code="${code}"]`);
    await expect.poll(() => same.locator('td').nth(4).innerText(), { timeout: 5_000 }).toContain(doctor);
    // Offered no more for that patient: the doctor now follows them.
    await same.getByRole('button', { name: /^Assign .+ to a doctor$/ }).click();
    await dialog.getByRole('textbox', { name: 'Doctor' }).click();
    await expect.poll(() => dialog.getByRole('option', { name: new RegExp(`^${doctor}`) }).count()).toBe(0);
    await page.close();
  });
});
