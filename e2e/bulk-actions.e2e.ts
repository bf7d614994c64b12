import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { dismissAlertPopups, launch, login, newPage, shot } from './browser.ts';
import { axeProblems } from './axe.ts';
import { apiToken, getJson } from './mobile.ts';

/**
 * Bulk actions of the lists (issue 20): select rows with the checkbox column (header = the whole page, or one by one
 * with the keyboard), act on them from the bar, read the summary, see the list change. Everything acted on is made
 * here through the API (a doctor, two patients, two staff accounts), so the demo accounts other specs use stay as
 * they are.
 */
let browser: Browser;
const baseUrl = inject('baseUrl');
// Names take no digits: the run's time in letters keeps the rows unique and findable by search.
const TAG = String(Date.now())
  .slice(-7)
  .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);
const uniq = Math.random().toString(36).slice(2, 8);

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function post<T>(path: string, token: string, body: unknown): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as T;
  expect(res.status, `${path}: ${JSON.stringify(json)}`).toBe(201);
  return json;
}

async function loggedIn(email: string): Promise<Page> {
  const page = await newPage(browser, baseUrl, { lang: 'en', width: 1440 });
  await dismissAlertPopups(page);
  await login(page, email);
  await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
  return page;
}

const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

describe('bulk actions', () => {
  test('patients: select two, assign a doctor, the list shows them assigned; staff: disable two accounts', async () => {
    // --- Setup by API: a new doctor, two unassigned patients, two coach accounts; all named with TAG.
    // Another account than the browser's: a portal sign-in ends the same account's other sessions.
    const admin = await apiToken(baseUrl, 'superadmin@demo.test', 'portal');
    const centerId = (
      await getJson<{ items: Array<{ centerId: string | null }> }>(baseUrl, '/api/account/doctors?name=Duc', admin)
    ).items[0]!.centerId;
    const doctor = await post<{ id: string }>('/api/account/staff', admin, {
      firstName: 'Bach',
      lastName: `Doc${TAG}`,
      email: `bulk.doc.${uniq}@demo.test`,
      levels: [{ roleCode: 'doctor', centerId, isMain: true }],
      doctorProfile: { specialties: ['cardiology'], doctorType: 'family' },
    });
    const patientIds: string[] = [];
    for (const first of ['Lan', 'Mai']) {
      const p = await post<{ id: string; status: string }>('/api/account/patients', admin, {
        firstName: first,
        lastName: `Pat${TAG}`,
        birthday: '1955-02-03',
        gender: 'female',
        heightCm: 158,
        weightKg: 52,
        email: `bulk.${first.toLowerCase()}.${uniq}@demo.test`,
        address: '2 Hang Bai, Hanoi',
        centerId: null,
        doctorIds: [],
        relatives: [],
      });
      expect(p.status).toBe('unassigned');
      patientIds.push(p.id);
    }
    const staffIds: string[] = [];
    for (const first of ['Hoa', 'Kim']) {
      staffIds.push(
        (
          await post<{ id: string }>('/api/account/staff', admin, {
            firstName: first,
            lastName: `Coach${TAG}`,
            email: `bulk.${first.toLowerCase()}.${uniq}@demo.test`,
            levels: [{ roleCode: 'coach', centerId: null, isMain: true }],
          })
        ).id,
      );
    }

    // --- Patients: the search shows the two; the header checkbox selects the page.
    const page = await loggedIn('sysadmin@demo.test');
    await page.goto(`/patients?search=Pat${TAG}`);
    await expect.poll(() => page.getByRole('link', { name: /^Open / }).count(), { timeout: 10_000 }).toBe(2);
    const selectAll = page.getByRole('checkbox', { name: 'Select all rows on this page', exact: true });
    await selectAll.check();
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await bar.getByText('2 selected', { exact: true }).waitFor();
    expect(
      await page
        .getByRole('checkbox', { name: /^Select .*Pat/ })
        .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).checked)),
    ).toEqual([true, true]);
    expect(await axeProblems(page), 'axe with the bulk bar shown').toEqual([]);
    await shot(page, 'bulk-patients-selected-en');

    // Assign doctor…: the dialog names the count, the doctor is chosen, confirmed; the summary says 2 done.
    await bar.getByRole('button', { name: 'Assign doctor…', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Assign a doctor to 2 selected patients' });
    await dialog.getByRole('combobox', { name: 'Doctor', exact: true }).selectOption(doctor.id);
    expect(await axeProblems(page), 'axe with the dialog open').toEqual([]);
    await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
    await page.getByText('2 done', { exact: true }).waitFor({ timeout: 10_000 });
    await expect.poll(() => dialog.count()).toBe(0);
    // The list is refetched: both now Assigned; the selection is cleared.
    for (const first of ['Lan', 'Mai'])
      await expect
        .poll(() => row(page, first).getByText('Assigned', { exact: true }).count(), { timeout: 10_000 })
        .toBe(1);
    expect(await selectAll.isChecked()).toBe(false);
    expect(await bar.count()).toBe(0);
    for (const id of patientIds) {
      const p = await getJson<{ status: string; doctors: Array<{ id: string }> }>(
        baseUrl,
        `/api/account/patients/${id}`,
        admin,
      );
      expect(p.status).toBe('assigned');
      expect(p.doctors.map((d) => d.id)).toEqual([doctor.id]);
    }
    await shot(page, 'bulk-patients-assigned-en');

    // --- Staff: the two rows selected one by one from the keyboard, disabled for 2 weeks.
    await page.goto(`/staff?search=Coach${TAG}`);
    await expect.poll(() => page.getByRole('link', { name: /^Open / }).count(), { timeout: 10_000 }).toBe(2);
    for (const first of ['Hoa', 'Kim']) {
      const box = page.getByRole('checkbox', { name: new RegExp(`^Select .*${first}`) });
      await box.focus();
      await page.keyboard.press('Space');
      await expect.poll(() => box.isChecked()).toBe(true);
    }
    const staffBar = page.getByRole('region', { name: 'Bulk actions' });
    await staffBar.getByText('2 selected', { exact: true }).waitFor();
    await staffBar.getByRole('button', { name: 'Disable accounts…', exact: true }).click();
    const disable = page.getByRole('dialog', { name: 'Disable 2 selected accounts' });
    await disable.getByRole('combobox', { name: 'Disable for', exact: true }).selectOption('2w');
    await disable.getByRole('button', { name: 'Confirm', exact: true }).click();
    await page.getByText('2 done', { exact: true }).last().waitFor({ timeout: 10_000 });
    for (const first of ['Hoa', 'Kim'])
      await expect
        .poll(() => row(page, first).getByText('Disabled', { exact: true }).count(), { timeout: 10_000 })
        .toBe(1);
    for (const id of staffIds) {
      expect((await getJson<{ status: string }>(baseUrl, `/api/account/users/${id}/state`, admin)).status).toBe(
        'disabled',
      );
    }
    await shot(page, 'bulk-staff-disabled-en');
  });
});
