import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { dismissAlertPopups, launch, login, newPage, shot } from './browser.ts';
import { apiToken, getJson } from './mobile.ts';

let browser: Browser;
const baseUrl = inject('baseUrl');

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function staffPage(email: string): Promise<Page> {
  const page = await newPage(browser, baseUrl, { lang: 'en' });
  // The mobile suites raise SOS and high-risk alerts for this very patient just before: their modal pop-ups would hide
  // the form from the test (a clinician closes them the same way).
  await dismissAlertPopups(page);
  await login(page, email);
  await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
  return page;
}

/** A 1×1 PNG. */
const PILL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

type Rx = {
  id: string;
  rxNumber: string;
  status: string;
  displayState: string;
  previousId: string | null;
  nextId: string | null;
  origin: string;
  medicines: Array<{
    name: string;
    dose: number;
    color: string | null;
    reminder: { rule: { kind: string }; times: Array<{ time: string; label: string }> } | null;
  }>;
};

describe('prescriptions in the portal', () => {
  // Known open bug (issue 18 closing note): now and then, right after a form shows its field errors, the page's form
  // comes back empty (seen here and in prescriptions.e2e.ts, only when other suites ran just before, never alone);
  // not yet explained. One retry keeps the suite's signal on everything else until it is found.
  test(
    'the doctor writes a prescription with two scheduled medicines (fixing a dose on the way), edits it into a new version, prints it, sees adherence; Vietnamese labels',
    { retry: 1, timeout: 240_000 },
    async () => {
      // A portal sign-in ends the same user's earlier one: the API checks use another account.
      const staffToken = await apiToken(baseUrl, 'sysadmin@demo.test', 'portal');
      const found = await getJson<{ items: Array<{ id: string; patientCode: string | null }> }>(
        baseUrl,
        '/api/account/patients?search=DEMO-P0001&size=5',
        staffToken,
      );
      const patientId = found.items.find((p) => p.patientCode === 'DEMO-P0001')!.id;

      const doctor = await staffPage('doctor@demo.test');
      await doctor.goto(`/patients/${patientId}`);
      await doctor.getByRole('tab', { name: 'Prescriptions', exact: true }).click();
      await doctor.getByRole('link', { name: 'New prescription', exact: true }).click();
      await doctor.getByRole('heading', { level: 1, name: /^New prescription for / }).waitFor();

      const rxNumber = `RX-E2E-${Date.now().toString(36).toUpperCase()}`;
      const m1 = doctor.getByRole('group', { name: 'Medicine 1', exact: true });
      const m2 = doctor.getByRole('group', { name: 'Medicine 2', exact: true });
      const fillAndSaveWithErrors = async () => {
        await doctor
          .getByRole('textbox', { name: 'Prescription name', exact: true })
          .fill('Blood pressure and glucose');
        await doctor.getByRole('textbox', { name: 'Rx number', exact: true }).fill(rxNumber);
        await doctor.getByRole('textbox', { name: 'Diagnosis', exact: true }).fill('Hypertension, type 2 diabetes');
        await doctor
          .getByRole('textbox', { name: 'Note for patient', exact: true })
          .fill('Take with water; measure blood pressure daily.');

        // Medicine 1: daily at 08:00 (the default time), labelled; a dose with a forbidden decimal first.
        await m1.getByRole('textbox', { name: 'Medicine name', exact: true }).fill('Amlodipine');
        await m1.getByRole('textbox', { name: 'Dose', exact: true }).fill('1.3');
        await m1.getByRole('textbox', { name: 'Strength', exact: true }).fill('5 mg');
        await m1.getByRole('combobox', { name: 'When', exact: true }).selectOption('AFTER_MEAL');
        await m1.getByRole('checkbox', { name: 'Morning', exact: true }).check();
        await m1.getByRole('tab', { name: 'Daily', exact: true }).click();
        await m1
          .getByRole('group', { name: 'Time 1', exact: true })
          .getByLabel('Label', { exact: true })
          .fill('Breakfast');

        // Medicine 2: weekly (Monday and Thursday) at 08:00 and 20:00.
        await doctor.getByRole('button', { name: 'Add a medicine', exact: true }).click();
        await m2.getByRole('textbox', { name: 'Medicine name', exact: true }).fill('Metformin');
        await m2.getByRole('textbox', { name: 'Dose', exact: true }).fill('0.5');
        await m2.getByRole('combobox', { name: 'Route', exact: true }).selectOption('ORAL');
        await m2.getByRole('combobox', { name: 'Form', exact: true }).selectOption('TABLET');
        await m2.getByRole('tab', { name: 'Weekly', exact: true }).click();
        // A colour for the first, a picture (PNG, checked by content on the server) for the second.
        await m1.getByRole('textbox', { name: 'Colour', exact: true }).fill('#e03131');
        await m2
          .locator('input[type=file]')
          .setInputFiles({ name: 'metformin.png', mimeType: 'image/png', buffer: PILL_PNG });
        await m2.getByRole('img', { name: 'Image of Metformin' }).waitFor();
        // No weekday yet: the client names the rule under the field.
        await doctor.getByRole('button', { name: 'Save prescription', exact: true }).click();
        await expect
          .poll(() => m1.getByText('Dose decimals can only be .125, .25, .33, .5, .66 or .75').count())
          .toBe(1);
        await expect.poll(() => m2.getByText('At least one weekday must be chosen for reminders').count()).toBe(1);
      };
      await fillAndSaveWithErrors();
      // Open bug (closing note of issue 18): now and then the form comes back empty right after showing its errors,
      // only when other suites ran just before. Until it is found, the spec notes it and fills the form again.
      await doctor.waitForTimeout(1000);
      if ((await doctor.getByRole('textbox', { name: 'Prescription name', exact: true }).inputValue()) === '') {
        console.warn('prescriptions.e2e: the form came back empty after its errors (open bug); filling it again');
        await fillAndSaveWithErrors();
      }
      await shot(doctor, 'prescriptions-form-errors');
      await m1.getByRole('textbox', { name: 'Dose', exact: true }).fill('1.5');
      await m2.getByRole('checkbox', { name: 'Mon', exact: true }).check();
      await m2.getByRole('checkbox', { name: 'Thu', exact: true }).check();
      await m2.getByRole('button', { name: 'Add a time', exact: true }).click();
      await m2.getByRole('group', { name: 'Time 2', exact: true }).getByLabel('Time', { exact: true }).fill('20:00');
      await m2.getByRole('group', { name: 'Time 2', exact: true }).getByLabel('Label', { exact: true }).fill('Dinner');
      await doctor.getByRole('button', { name: 'Save prescription', exact: true }).click();

      // The detail page: in use, both medicines with their schedules.
      await doctor
        .getByRole('heading', { level: 1, name: 'Prescription Blood pressure and glucose' })
        .waitFor({ timeout: 15_000 });
      const firstId = new URL(doctor.url()).pathname.split('/').pop()!;
      await expect.poll(() => doctor.getByText('In use', { exact: true }).count()).toBeGreaterThan(0);
      await expect.poll(() => doctor.getByText('Every Mon, Thu at 08:00, 20:00 (Dinner)').count()).toBe(1);
      const first = await getJson<Rx>(baseUrl, `/api/account/prescriptions/${firstId}`, staffToken);
      expect(first).toMatchObject({ rxNumber, status: 'ACTIVE', displayState: 'IN_USE' });
      expect(first.medicines.map((m) => [m.name, m.dose, m.reminder?.rule.kind])).toEqual([
        ['Amlodipine', 1.5, 'daily'],
        ['Metformin', 0.5, 'weekly'],
      ]);
      expect(first.medicines[0]!.reminder!.times).toEqual([{ time: '08:00', label: 'Breakfast' }]);
      await doctor.getByRole('img', { name: 'Image of Metformin' }).waitFor();
      expect(first.medicines.map((m) => m.color)).toEqual(['#e03131', null]);
      await shot(doctor, 'prescriptions-detail');

      // The patient's list shows it in use.
      await doctor.goto(`/patients/${patientId}`);
      await doctor.getByRole('tab', { name: 'Prescriptions', exact: true }).click();
      const row = doctor.getByRole('table', { name: 'Prescriptions' }).getByRole('row').filter({ hasText: rxNumber });
      await expect.poll(() => row.innerText()).toContain('In use');

      // Edit: warned first; saving deactivates the old one and creates a new, linked one.
      await row.getByRole('link').click();
      await doctor.getByRole('button', { name: 'Edit', exact: true }).click();
      const warn = doctor.getByRole('dialog', { name: 'Edit this prescription?' });
      await expect.poll(() => warn.innerText()).toContain('cannot be reactivated');
      await warn.getByRole('button', { name: 'Continue', exact: true }).click();
      await doctor.getByRole('heading', { level: 1, name: 'Edit prescription Blood pressure and glucose' }).waitFor();
      await doctor
        .getByRole('textbox', { name: 'Prescription name', exact: true })
        .fill('Blood pressure and glucose v2');
      await doctor.getByRole('button', { name: 'Save prescription', exact: true }).click();
      await doctor
        .getByRole('heading', { level: 1, name: 'Prescription Blood pressure and glucose v2' })
        .waitFor({ timeout: 15_000 });
      const secondId = new URL(doctor.url()).pathname.split('/').pop()!;
      expect(secondId).not.toBe(firstId);
      const old = await getJson<Rx>(baseUrl, `/api/account/prescriptions/${firstId}`, staffToken);
      const next = await getJson<Rx>(baseUrl, `/api/account/prescriptions/${secondId}`, staffToken);
      expect(old).toMatchObject({ status: 'DEACTIVATED', nextId: secondId });
      expect(next).toMatchObject({ status: 'ACTIVE', previousId: firstId, origin: 'EDIT' });
      // The usage history: both versions, the old one deactivated.
      const history = doctor.getByRole('table', { name: 'Versions of this prescription' });
      await expect.poll(() => history.getByRole('row').count()).toBe(3);
      await expect.poll(() => history.innerText()).toContain('Deactivated');
      await shot(doctor, 'prescriptions-history');

      // Print: a new tab with the A4 page; the browser's print makes the PDF.
      const [print] = await Promise.all([
        doctor.context().waitForEvent('page'),
        doctor.getByRole('link', { name: 'Print', exact: true }).click(),
      ]);
      await print.getByRole('heading', { level: 1, name: 'Prescription' }).waitFor();
      await expect.poll(() => print.getByText(rxNumber).count()).toBeGreaterThan(0);
      expect(await print.getByRole('table', { name: 'Medicines' }).innerText()).toContain('Metformin');
      await print.emulateMedia({ media: 'print' });
      expect(await print.getByRole('button', { name: 'Print', exact: true }).isVisible()).toBe(false);
      const pdf = await print.pdf({ format: 'A4' });
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      await shot(print, 'prescriptions-print');
      await print.close();

      // Adherence on the patient page (7 and 30 days, the dose states with their legend) and the ranked list.
      await doctor.goto(`/patients/${patientId}`);
      await doctor.getByRole('tab', { name: 'Prescriptions', exact: true }).click();
      const card = doctor.getByRole('region', { name: 'Medication adherence' });
      await expect.poll(() => card.getByRole('table', { name: 'Per medicine' }).innerText()).toContain('Overall');
      expect(await card.getByRole('list', { name: 'How doses are counted' }).innerText()).toContain('Taken late');
      await doctor
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: 'Adherence', exact: true })
        .click();
      await doctor.getByRole('heading', { level: 1, name: 'Adherence' }).waitFor();
      await expect
        .poll(
          () =>
            doctor
              .getByRole('table', { name: 'Patients by adherence' })
              .getByRole('link', { name: 'Open Phuong Hoang' })
              .count(),
          { timeout: 10_000 },
        )
        .toBe(1);
      await shot(doctor, 'prescriptions-adherence-list');

      // Vietnamese labels (in-app navigation: a reload would take the test's English back from local storage).
      await doctor.getByLabel('Language', { exact: true }).selectOption('vi');
      await doctor.getByRole('heading', { level: 1, name: 'Tuân thủ dùng thuốc' }).waitFor();
      await shot(doctor, 'prescriptions-adherence-vi');
      await doctor
        .getByRole('table', { name: 'Bệnh nhân theo mức tuân thủ' })
        .getByRole('link', { name: /^Mở (Phuong Hoang|Hoang Phuong)$/ })
        .click(); // Vietnamese puts the family name first
      await doctor.getByRole('tab', { name: 'Đơn thuốc', exact: true }).click();
      await expect
        .poll(() => doctor.getByRole('table', { name: 'Đơn thuốc' }).innerText())
        .toContain('Đã hủy kích hoạt');
      await doctor.getByRole('link', { name: 'Mở đơn thuốc Blood pressure and glucose v2', exact: true }).click();
      await doctor.getByRole('heading', { level: 1, name: 'Đơn thuốc Blood pressure and glucose v2' }).waitFor();
      await expect.poll(() => doctor.getByRole('heading', { name: 'Lịch sử sử dụng' }).count()).toBe(1);
      expect(await doctor.getByRole('link', { name: 'Dùng lại', exact: true }).count()).toBe(1);
      expect(await doctor.getByText('Mỗi ngày lúc 08:00 (Breakfast)').count()).toBe(1);
      await shot(doctor, 'prescriptions-detail-vi');
      await doctor.getByLabel('Ngôn ngữ', { exact: true }).selectOption('en');
      await expect.poll(() => doctor.getByRole('heading', { name: 'Usage history' }).count()).toBe(1);

      // Reuse: a prefilled new form; saved unchanged, the new one is linked to the old one (origin REUSE).
      await doctor.getByRole('link', { name: 'Reuse', exact: true }).click();
      await doctor
        .getByRole('heading', { level: 1, name: 'New prescription from Blood pressure and glucose v2' })
        .waitFor();
      expect(
        await doctor
          .getByRole('group', { name: 'Medicine 2', exact: true })
          .getByRole('textbox', { name: 'Medicine name', exact: true })
          .inputValue(),
      ).toBe('Metformin');
      await doctor.getByRole('button', { name: 'Save prescription', exact: true }).click();
      await expect.poll(() => new URL(doctor.url()).pathname).not.toBe(`/patients/${patientId}/prescriptions/new`);
      await doctor
        .getByRole('heading', { level: 1, name: 'Prescription Blood pressure and glucose v2' })
        .waitFor({ timeout: 15_000 });
      const reusedId = new URL(doctor.url()).pathname.split('/').pop()!;
      expect(await getJson<Rx>(baseUrl, `/api/account/prescriptions/${reusedId}`, staffToken)).toMatchObject({
        status: 'ACTIVE',
        origin: 'REUSE',
        previousId: secondId,
      });

      // Deactivate (confirmed) the copy and the edited version: the demo patient keeps only its own prescriptions in use.
      for (const id of [reusedId, secondId]) {
        if (new URL(doctor.url()).pathname !== `/prescriptions/${id}`) await doctor.goto(`/prescriptions/${id}`);
        await doctor.getByRole('button', { name: 'Deactivate', exact: true }).click();
        const confirm = doctor.getByRole('dialog', { name: 'Deactivate this prescription?' });
        await confirm.getByRole('button', { name: 'Deactivate', exact: true }).click();
        await expect
          .poll(() => getJson<Rx>(baseUrl, `/api/account/prescriptions/${id}`, staffToken).then((r) => r.status))
          .toBe('DEACTIVATED');
        await expect.poll(() => doctor.getByRole('button', { name: 'Edit', exact: true }).count()).toBe(0);
      }
      await shot(doctor, 'prescriptions-deactivated');
      await doctor.context().close();
    },
  );
});
