import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { ACCESS_TOKEN_KEY } from '@carewatch/api-client/client';
import { launch, login, newPage, shot } from './browser.ts';

let browser: Browser;
const baseUrl = inject('baseUrl');

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function devicesXlsx(rows: string[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Devices');
  ws.addRow(['Account', 'MAC', 'IMEI', 'Model', 'Serial', 'Name']);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('devices', () => {
  test('an operator imports devices: the good line is imported, the unsupported model is refused with its line', async () => {
    const page = await newPage(browser, baseUrl, { lang: 'en' });
    await login(page, 'operator@demo.test');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Devices', exact: true })
      .click();
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Devices' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Import devices', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Import devices from Excel').waitFor();
    const file = await devicesXlsx([
      ['patient@demo.test', 'AA:BB:CC:00:11:E2', '', 'V19', 'E2E-SN-0001', 'E2E watch'],
      ['patient@demo.test', 'AA:BB:CC:00:11:E3', '', 'X99', 'E2E-SN-0002', 'Unknown model'],
    ]);
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'devices.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: file,
    });
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect
      .poll(() => dialog.getByText('1 devices imported, 1 lines refused.').count(), { timeout: 15_000 })
      .toBe(1);
    const errors = dialog.getByRole('list', { name: 'Refused lines' }).getByRole('listitem');
    await expect.poll(() => errors.count()).toBe(1);
    expect(await errors.first().innerText()).toMatch(/^Line 3, model: /i);
    await shot(page, 'devices-import-result-en');
    await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();

    await page.getByRole('searchbox', { name: 'Search by MAC, IMEI, serial or account' }).fill('E2E-SN');
    await expect
      .poll(() => page.getByRole('cell', { name: 'E2E-SN-0001', exact: true }).count(), { timeout: 15_000 })
      .toBe(1);
    expect(await page.getByRole('cell', { name: 'E2E-SN-0002', exact: true }).count()).toBe(0);

    // A new device can be edited; an activated one cannot.
    await page.getByRole('button', { name: 'Actions for device E2E-SN-0001', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Edit', exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Edit device' });
    await edit.getByRole('textbox', { name: 'Device name', exact: true }).fill('E2E watch renamed');
    await edit.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByText('E2E watch renamed', { exact: true }).count(), { timeout: 15_000 }).toBe(1);
    await page.getByRole('searchbox', { name: 'Search by MAC, IMEI, serial or account' }).fill('DEMO-GT5-0001');
    await page.getByRole('button', { name: 'Actions for device DEMO-GT5-0001', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Edit', exact: true }).click();
    const locked = page.getByRole('dialog', { name: 'Edit device' });
    await expect.poll(() => locked.getByText('This device is activated and can no longer be edited.').count()).toBe(1);
    expect(await locked.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);
    await locked.getByRole('button', { name: 'Cancel', exact: true }).click();

    // Credentials of a cellular device: the secret is shown once with the MQTT topic.
    await page.getByRole('tab', { name: 'Cellular devices', exact: true }).click();
    await page.getByRole('searchbox', { name: 'Search by MAC, IMEI, serial or account' }).fill('');
    // The watch list stays on screen (busy) until the cellular one arrives.
    await expect
      .poll(async () => await page.getByRole('cell', { name: /^(V19|GT2|GT5)$/ }).count(), { timeout: 15_000 })
      .toBe(0);
    await expect
      .poll(
        () =>
          page
            .getByRole('status')
            .filter({ hasText: /devices?$/ })
            .getAttribute('aria-busy'),
        { timeout: 15_000 },
      )
      .toBe('false');
    const actions = page.getByRole('button', { name: /^Actions for device / }).first();
    await actions.waitFor();
    await actions.click();
    await page.getByRole('menuitem', { name: 'Device credentials', exact: true }).click();
    const creds = page.getByRole('dialog');
    await creds.getByRole('button', { name: /^Issue (new )?credentials$/ }).click();
    await expect.poll(() => creds.getByTestId('device-secret').count(), { timeout: 15_000 }).toBe(1);
    expect((await creds.getByTestId('device-secret').innerText()).length).toBeGreaterThan(16);
    expect(await creds.getByRole('row', { name: /MQTT topic/ }).innerText()).toMatch(/\S+\/\S+/);
    await shot(page, 'devices-credentials-en');
    await page.context().close();
  });

  test('a system admin sees the list by category and the connection history', async () => {
    const page = await newPage(browser, baseUrl, { lang: 'en' });
    await login(page, 'sysadmin@demo.test');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Devices', exact: true })
      .click();
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Devices' }).count()).toBe(1);
    // The count on screen (-1 while the previous category's list is still shown, aria-busy) against the server's count
    // for that category, read at the same moment: the demo's simulator may pair a device at any time.
    const total = async () => {
      const status = page.getByRole('status').filter({ hasText: /\d+ devices?$/ });
      if ((await status.count()) === 0 || (await status.getAttribute('aria-busy')) === 'true') return -1;
      return Number(/(\d+) devices?/.exec(await status.innerText())?.[1] ?? -1);
    };
    // The page's own session (signing in again elsewhere would end it: one session per account).
    const serverTotal = (category?: string) =>
      page.evaluate(
        async ({ c, key }) => {
          const res = await fetch(`/api/account/devices?size=1${c ? `&category=${c}` : ''}`, {
            headers: { authorization: `Bearer ${localStorage.getItem(key)}` },
          });
          return ((await res.json()) as { total: number }).total;
        },
        { c: category, key: ACCESS_TOKEN_KEY },
      );
    const shows = async (category?: string) => {
      const [onScreen, server] = [await total(), await serverTotal(category)];
      if (onScreen === server) return 'same';
      const statuses = await page
        .getByRole('status')
        .evaluateAll((els) =>
          els.map((e) => `${e.textContent ?? ''}${e.getAttribute('aria-busy') === 'true' ? ' (busy)' : ''}`),
        );
      return `${onScreen} on screen, ${server} on the server; statuses: ${statuses.join(' | ')}`;
    };
    await expect.poll(() => shows(), { timeout: 15_000 }).toBe('same');
    await shot(page, 'devices-list-all-en');
    await page.getByRole('tab', { name: 'Watches', exact: true }).click();
    await expect
      .poll(async () => await page.getByRole('cell', { name: /^(J2025E|J2025B)$/ }).count(), { timeout: 15_000 })
      .toBe(0);
    await expect.poll(() => shows('watch'), { timeout: 15_000 }).toBe('same');
    await page.getByRole('tab', { name: 'Cellular devices', exact: true }).click();
    await expect
      .poll(async () => await page.getByRole('cell', { name: /^(V19|GT2|GT5)$/ }).count(), { timeout: 15_000 })
      .toBe(0);
    await expect.poll(() => shows('cellular'), { timeout: 15_000 }).toBe('same');
    expect((await serverTotal('watch')) + (await serverTotal('cellular'))).toBe(await serverTotal());
    await shot(page, 'devices-list-cellular-en');

    await page.getByRole('link', { name: 'Connection history', exact: true }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Device and phone history' }).count()).toBe(1);
    await expect.poll(() => page.getByRole('tab', { name: 'Connection history', exact: true }).count()).toBe(1);
    await page.getByRole('tab', { name: 'Phone history', exact: true }).click();
    await expect.poll(() => page.getByRole('combobox', { name: 'App version', exact: true }).count()).toBe(1);
    await shot(page, 'devices-history-phone-en');
    await page.context().close();
  });
});
