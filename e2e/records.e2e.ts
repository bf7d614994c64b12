import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { cspViolations, launch, login, newPage, shot } from './browser.ts';
import { apiToken, getJson, phone, signIn } from './mobile.ts';

let browser: Browser;
const baseUrl = inject('baseUrl');

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** A 240×160 PNG (a blue card with a white band), so the viewer has something visible to draw. */
function cardPng(): Buffer {
  const png = new PNG({ width: 240, height: 160 });
  for (let y = 0; y < 160; y++) {
    for (let x = 0; x < 240; x++) {
      const i = (y * 240 + x) * 4;
      const band = y > 60 && y < 100;
      png.data[i] = band ? 255 : 30;
      png.data[i + 1] = band ? 255 : 90;
      png.data[i + 2] = band ? 255 : 200;
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

type Rec = {
  id: string;
  title: string;
  examinationDate: string;
  doctorName: string | null;
  attachments: Array<{ id: string; type: string; fileName: string; contentType: string }>;
};

async function imageDrawn(page: Page, name: string): Promise<number> {
  const img = page.getByRole('img', { name });
  await img.waitFor();
  const drawn = () =>
    img.evaluate((el) => ((el as HTMLImageElement).complete ? (el as HTMLImageElement).naturalWidth : 0));
  await expect.poll(drawn, { timeout: 10_000 }).toBeGreaterThan(0);
  return drawn();
}

describe('medical records', () => {
  test('a doctor adds a record with a PDF and an image for the demo patient, views the papers, in Vietnamese too; the patient sees it in the app', async () => {
    // API checks use another account: a portal sign-in ends the same user's earlier portal session.
    const staffToken = await apiToken(baseUrl, 'sysadmin@demo.test', 'portal');
    const found = await getJson<{ items: Array<{ id: string; patientCode: string | null }> }>(
      baseUrl,
      '/api/account/patients?search=DEMO-P0001&size=5',
      staffToken,
    );
    const patientId = found.items.find((p) => p.patientCode === 'DEMO-P0001')!.id;
    // The demo data: one record with its result card (a PDF kept through platform/files.ts).
    const seeded = (
      await getJson<{ items: Rec[] }>(baseUrl, `/api/account/patients/${patientId}/medical-records`, staffToken)
    ).items.find((r) => r.title === 'Quarterly check-up: blood tests')!;
    expect(seeded.attachments.map((a) => [a.type, a.contentType])).toEqual([['RESULT_CARD', 'application/pdf']]);
    const paper = await fetch(
      `${baseUrl}/api/account/medical-records/${seeded.id}/attachments/${seeded.attachments[0]!.id}`,
      { headers: { authorization: `Bearer ${staffToken}` } },
    );
    expect(paper.headers.get('content-disposition')).toBe('attachment; filename="result-card.pdf"');
    expect(
      Buffer.from(await paper.arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');

    const page = await newPage(browser, baseUrl, { lang: 'en' });
    await login(page, 'doctor@demo.test');
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await page.goto(`/patients/${patientId}`);
    await page.getByRole('tab', { name: 'Medical records', exact: true }).click();
    // The demo record is there already.
    await page.getByRole('button', { name: 'Open record Quarterly check-up: blood tests' }).waitFor();

    await page.getByRole('button', { name: 'Add record', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'New medical record' });
    // Nothing typed: the form names the title and the date.
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => dialog.getByText('Required').count()).toBeGreaterThan(0);
    await dialog.getByRole('textbox', { name: 'Title' }).fill('ENT visit: left ear');
    // A field's message goes once it is edited; the date, not typed yet, still says it is required.
    expect(await dialog.getByRole('textbox', { name: 'Title' }).getAttribute('aria-invalid')).not.toBe('true');
    expect(await dialog.getByRole('textbox', { name: 'Examination date' }).getAttribute('aria-invalid')).toBe('true');
    await dialog.getByRole('textbox', { name: 'Examination date' }).fill('20/11/2026');
    await dialog.getByRole('textbox', { name: 'Place' }).fill('Ba Dinh Health Center');
    await dialog.getByRole('textbox', { name: 'Doctor of the organization' }).click();
    await page
      .getByRole('listbox')
      .getByRole('option', { name: /Duc Nguyen/ })
      .click();
    await dialog.getByRole('textbox', { name: 'Note' }).fill('Otitis media, left ear. Drops for 7 days.');
    const fileInput = dialog.locator('input[type=file]');
    await dialog.getByRole('combobox', { name: 'Type of the next file' }).selectOption('OTOSCOPE_RESULT');
    await fileInput.setInputFiles({ name: 'otoscope.pdf', mimeType: 'application/pdf', buffer: PDF });
    await dialog.getByRole('combobox', { name: 'Type of the next file' }).selectOption('EXAMINATION_CARD');
    await fileInput.setInputFiles({ name: 'card.png', mimeType: 'image/png', buffer: cardPng() });
    expect(await dialog.getByRole('combobox', { name: 'Type of otoscope.pdf' }).inputValue()).toBe('OTOSCOPE_RESULT');
    expect(await dialog.getByRole('combobox', { name: 'Type of card.png' }).inputValue()).toBe('EXAMINATION_CARD');
    await shot(page, 'records-form');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();

    // Saved: the record opens with its papers; the PDF first (open in a new tab), then the image inline.
    const detail = page.getByRole('dialog', { name: 'Medical record' });
    await detail.getByRole('heading', { name: 'ENT visit: left ear' }).waitFor({ timeout: 15_000 });
    const open = detail.getByRole('link', { name: 'Open otoscope.pdf in a new tab' });
    await open.waitFor();
    expect(await open.getAttribute('href')).toMatch(/^blob:/);
    await detail.getByRole('button', { name: 'View card.png' }).click();
    expect(await imageDrawn(page, 'Examination card: card.png')).toBe(240);
    await shot(page, 'records-viewer');

    const list = await getJson<{ items: Rec[] }>(
      baseUrl,
      `/api/account/patients/${patientId}/medical-records`,
      staffToken,
    );
    const rec = list.items.find((r) => r.title === 'ENT visit: left ear')!;
    expect(rec).toMatchObject({ examinationDate: '2026-11-20', doctorName: 'Duc Nguyen' });
    expect(rec.attachments.map((a) => [a.type, a.contentType])).toEqual([
      ['OTOSCOPE_RESULT', 'application/pdf'],
      ['EXAMINATION_CARD', 'image/png'],
    ]);

    // In Vietnamese: the tab, the types and the viewer.
    await detail.getByRole('button', { name: 'Close', exact: true }).last().click();
    await page.getByLabel('Language', { exact: true }).selectOption('vi');
    await page.getByRole('tab', { name: 'Hồ sơ khám bệnh', exact: true }).click();
    await page
      .getByRole('table', { name: 'Hồ sơ khám bệnh' })
      .getByText('Kết quả nội soi tai, Phiếu khám bệnh')
      .waitFor();
    await page.getByRole('button', { name: 'Mở hồ sơ ENT visit: left ear' }).click();
    const vi = page.getByRole('dialog', { name: 'Hồ sơ khám bệnh' });
    await vi.getByRole('button', { name: 'Xem card.png' }).click();
    expect(await imageDrawn(page, 'Phiếu khám bệnh: card.png')).toBe(240);
    expect(await vi.getByRole('link', { name: 'Mở otoscope.pdf trong thẻ mới' }).count()).toBe(0);
    await vi.getByRole('button', { name: 'Xem otoscope.pdf' }).click();
    await vi.getByRole('link', { name: 'Mở otoscope.pdf trong thẻ mới' }).waitFor();
    await shot(page, 'records-viewer-vi');
    await page.context().close();

    // The patient, on a phone: Settings → Medical records → the record → the image.
    const { context, page: app } = await phone(browser, baseUrl);
    await signIn(app, 'patient@demo.test');
    await app.goto('/app/settings');
    await app.getByRole('link', { name: 'Medical records', exact: true }).click();
    await app.getByRole('heading', { level: 1, name: 'Medical records' }).waitFor();
    await app.getByRole('link', { name: 'Open ENT visit: left ear' }).click();
    await app.getByRole('heading', { name: 'ENT visit: left ear' }).waitFor();
    expect(await app.getByText('20/11/2026').count()).toBeGreaterThan(0);
    await app.getByRole('button', { name: 'View card.png' }).click();
    expect(await imageDrawn(app, 'Examination card: card.png')).toBe(240);
    expect(await app.getByRole('link', { name: 'Download card.png' }).getAttribute('href')).toMatch(/^blob:/);
    // Nothing to edit here: the app is read only.
    expect(await app.getByRole('button', { name: /Edit|Delete/ }).count()).toBe(0);
    const width = await app.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await shot(app, 'records-app');
    await context.close();
    expect(cspViolations()).toEqual([]);
  }, 180_000);
});
