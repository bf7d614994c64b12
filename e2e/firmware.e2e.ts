import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { encodePackage } from '@carewatch/contracts/firmware';
import { launch, login, navLinks, newPage, shot } from './browser.ts';
import { phone, signIn } from './mobile.ts';

let browser: Browser;
const baseUrl = inject('baseUrl');

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** A package of the format the watches take (contracts/firmware.ts); ~120 KB so the transfer shows its progress. */
const pkg = (kind: 'firmware' | 'watch_face', version: string, size = 120_000) =>
  Buffer.from(
    encodePackage(
      { model: 'GT5', kind, version },
      Uint8Array.from({ length: size }, (_, i) => (i * 13 + 5) & 0xff),
    ),
  );

/** Uploads a package through the portal's "Upload package" dialog. */
async function uploadInPortal(
  page: Page,
  p: { kind: 'Firmware' | 'Watch face'; version: string; name?: string; notes?: string; bytes: Buffer },
) {
  await page.getByRole('button', { name: 'Upload package', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload package' });
  await dialog.getByRole('combobox', { name: /^Model/ }).selectOption('GT5');
  await dialog.getByRole('combobox', { name: /^Kind/ }).selectOption({ label: p.kind });
  await dialog.getByRole('textbox', { name: /^Version/ }).fill(p.version);
  if (p.name) await dialog.getByRole('textbox', { name: /^Name/ }).fill(p.name);
  if (p.notes) await dialog.getByRole('textbox', { name: /^Notes/ }).fill(p.notes);
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: `GT5-${p.version}.cwpk`, mimeType: 'application/octet-stream', buffer: p.bytes });
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect.poll(() => dialog.count(), { timeout: 15_000 }).toBe(0);
}

describe('watch firmware and faces', () => {
  test('staff upload firmware and a face; the app updates the watch, refuses a corrupted package and applies the face', async () => {
    // ---- Portal: a system admin uploads a GT5 firmware and marks it current, and a watch face.
    const admin = await newPage(browser, baseUrl);
    await login(admin, 'sysadmin@demo.test');
    expect(await navLinks(admin)).toContain('Watch firmware');
    await admin.getByRole('link', { name: 'Watch firmware', exact: true }).click();
    await expect
      .poll(() => admin.getByRole('heading', { level: 1, name: 'Watch firmware and faces' }).count(), {
        timeout: 15_000,
      })
      .toBe(1);
    await uploadInPortal(admin, {
      kind: 'Firmware',
      version: '5.2.0',
      notes: 'Longer battery life',
      bytes: pkg('firmware', '5.2.0'),
    });
    await uploadInPortal(admin, {
      kind: 'Watch face',
      version: '1.0.0',
      name: 'Ocean',
      bytes: pkg('watch_face', '1.0.0', 20_000),
    });
    const table = admin.getByRole('table', { name: 'Firmware and watch-face packages' });
    await expect.poll(() => table.getByRole('row').count(), { timeout: 15_000 }).toBe(3);
    await table.getByRole('button', { name: 'Mark GT5 Firmware 5.2.0 as current', exact: true }).click();
    await expect
      .poll(
        () =>
          table
            .getByRole('row', { name: /5\.2\.0/ })
            .getByText('Current', { exact: true })
            .count(),
        {
          timeout: 15_000,
        },
      )
      .toBe(1);
    await table.getByRole('button', { name: 'Mark GT5 Watch face 1.0.0 as current', exact: true }).click();
    await expect
      .poll(() => table.getByRole('row', { name: /Ocean/ }).getByText('Current', { exact: true }).count(), {
        timeout: 15_000,
      })
      .toBe(1);
    // One current package per model and kind: the firmware stays current beside the face.
    expect(await table.locator('tbody').getByText('Current', { exact: true }).count()).toBe(2);
    await shot(admin, 'firmware-portal');

    // ---- App (390×844, touch): the demo patient pairs the simulated GT5 and sees the update offered.
    const { context, page } = await phone(browser, baseUrl);
    await signIn(page, 'patient@demo.test');
    await page.goto('/app/devices');
    await page.getByRole('link', { name: 'Add device', exact: true }).click();
    await page.getByRole('button', { name: 'Simulated watch GT5', exact: true }).click();
    await page.waitForURL(/\/app\/devices$/, { timeout: 15_000 });
    await expect.poll(() => page.getByLabel('Status: Connected', { exact: true }).count(), { timeout: 15_000 }).toBe(1);
    const panel = page.getByRole('region', { name: 'Firmware and watch faces' });
    await expect.poll(() => panel.getByText('Firmware version 5.1.0-sim', { exact: true }).count()).toBe(1);
    await expect
      .poll(() => panel.getByText('Firmware 5.2.0 is available.', { exact: true }).count(), { timeout: 15_000 })
      .toBe(1);
    expect(await panel.getByText('What is new: Longer battery life', { exact: true }).count()).toBe(1);

    // Install: progress, then success with the new version shown.
    await panel.getByRole('button', { name: 'Update firmware', exact: true }).tap();
    await expect
      .poll(() => panel.getByRole('progressbar', { name: 'Installation progress' }).count(), { timeout: 10_000 })
      .toBe(1);
    await shot(page, 'firmware-app-installing');
    await expect
      .poll(() => panel.getByText('Firmware updated to 5.2.0.', { exact: true }).count(), { timeout: 30_000 })
      .toBe(1);
    await expect.poll(() => panel.getByText('Firmware version 5.2.0', { exact: true }).count()).toBe(1);
    expect(await panel.getByText('Your watch has the latest firmware.', { exact: true }).count()).toBe(1);
    await shot(page, 'firmware-app-updated');

    // ---- A corrupted package (its payload no longer matches the CRC in its header) is made current.
    const corrupt = pkg('firmware', '5.3.0');
    corrupt[corrupt.length - 10]! ^= 0xff;
    await uploadInPortal(admin, { kind: 'Firmware', version: '5.3.0', bytes: corrupt });
    await table.getByRole('button', { name: 'Mark GT5 Firmware 5.3.0 as current', exact: true }).click();
    await expect
      .poll(
        () =>
          table
            .getByRole('row', { name: /5\.3\.0/ })
            .getByText('Current', { exact: true })
            .count(),
        {
          timeout: 15_000,
        },
      )
      .toBe(1);

    // The app (reopened: the watch keeps its new version) offers 5.3.0; the install fails and keeps 5.2.0.
    await page.reload();
    await expect.poll(() => page.getByLabel('Status: Connected', { exact: true }).count(), { timeout: 15_000 }).toBe(1);
    await expect
      .poll(() => panel.getByText('Firmware 5.3.0 is available.', { exact: true }).count(), { timeout: 15_000 })
      .toBe(1);
    expect(await panel.getByText('Firmware version 5.2.0', { exact: true }).count()).toBe(1);
    await panel.getByRole('button', { name: 'Update firmware', exact: true }).tap();
    const failure = panel.getByRole('alert');
    await expect
      .poll(() => failure.getByText('Firmware or UI upgrade failed.', { exact: true }).count(), { timeout: 30_000 })
      .toBe(1);
    expect(await failure.getByText('The package is corrupted or not meant for this watch.').count()).toBe(1);
    expect(await failure.getByText('Your watch keeps firmware 5.2.0.', { exact: true }).count()).toBe(1);
    expect(await panel.getByText('Firmware version 5.2.0', { exact: true }).count()).toBe(1);
    await shot(page, 'firmware-app-failed');

    // ---- Watch face: pick one, send it, see it applied.
    expect(await panel.getByText('Watch face: Built-in', { exact: true }).count()).toBe(1);
    await panel.getByRole('button', { name: 'Apply watch face Ocean', exact: true }).tap();
    await expect
      .poll(() => panel.getByText('Watch face Ocean applied.', { exact: true }).count(), { timeout: 20_000 })
      .toBe(1);
    expect(await panel.getByText('Watch face: Ocean', { exact: true }).count()).toBe(1);
    expect(await panel.getByText('On the watch', { exact: true }).count()).toBe(1);
    await shot(page, 'firmware-app-face');

    await context.close();
    await admin.context().close();
  }, 150_000);
});
