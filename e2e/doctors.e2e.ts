import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { cspViolations, login, newPage, shot, launch, watchCsp } from './browser.ts';
import { apiToken, getJson, signIn } from './mobile.ts';

let browser: Browser;
const baseUrl = inject('baseUrl');
const uniq = Math.random().toString(36).slice(2, 7);

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

/** dd/MM/yyyy of a day `years` years from today (negative: in the past). */
function typedDay(years: number): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
}

async function setLanguage(page: Page, lang: 'vi' | 'en') {
  await page.getByLabel(lang === 'vi' ? 'Language' : 'Ngôn ngữ', { exact: true }).selectOption(lang);
  await page.getByRole('navigation', { name: lang === 'vi' ? 'Điều hướng chính' : 'Main navigation' }).waitFor();
}

describe('doctor directory, licences and requests', () => {
  test("in Vietnamese, the doctor adds licences (an expired one is refused) and accepts a doctor request, which changes the patient's doctor", async () => {
    // --- Setup by API: a second doctor who is the current doctor of a new patient with an app account.
    const admin = await apiToken(baseUrl, 'sysadmin@demo.test', 'portal');
    const demoDoctor = (
      await getJson<{ items: Array<{ id: string; fullName: string; centerId: string | null }> }>(
        baseUrl,
        '/api/account/doctors?name=Duc',
        admin,
      )
    ).items[0]!;
    const current = await post<{ id: string }>('/api/account/staff', admin, {
      firstName: 'Lan',
      lastName: 'Vu',
      email: `lan.vu.${uniq}@demo.test`,
      levels: [{ roleCode: 'doctor', centerId: demoDoctor.centerId, isMain: true }],
      doctorProfile: { specialties: ['cardiology'], doctorType: 'family' },
    });
    const patient = await post<{ id: string }>('/api/account/patients', admin, {
      firstName: 'Hai',
      lastName: 'Do',
      birthday: '1960-05-01',
      gender: 'male',
      heightCm: 170,
      weightKg: 65,
      email: `hai.do.${uniq}@demo.test`,
      address: '1 Tran Phu, Ba Dinh, Hanoi',
      centerId: demoDoctor.centerId,
      createAccount: true,
      doctorIds: [current.id],
    });
    const operator = await apiToken(baseUrl, 'operator@demo.test', 'portal');
    await post('/api/account/doctor-requests', operator, {
      patientId: patient.id,
      doctorId: demoDoctor.id,
      kind: 'family_doctor',
    });

    // --- The doctor signs in and reads the portal in Vietnamese.
    const page = await newPage(browser, baseUrl, { lang: 'en' });
    await login(page, 'doctor@demo.test');
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await setLanguage(page, 'vi');
    const nav = page.getByRole('navigation', { name: 'Điều hướng chính' });

    // --- My doctor profile → Medical licenses: an expired licence is refused, a valid one is added.
    await nav.getByRole('link', { name: 'Danh bạ bác sĩ', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Danh bạ bác sĩ' }).waitFor();
    await page.getByRole('link', { name: 'Hồ sơ bác sĩ của tôi', exact: true }).click();
    await page
      .getByRole('heading', { level: 1, name: 'Nguyen Duc' })
      .or(page.getByRole('heading', { level: 1, name: 'Duc Nguyen' }))
      .waitFor();
    const licences = page.getByRole('table', { name: 'Giấy phép hành nghề' });
    await licences.waitFor();
    const before = await licences.getByRole('row').count();
    await page.getByRole('button', { name: 'Thêm giấy phép', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Giấy phép hành nghề mới' });
    await dialog.getByRole('textbox', { name: 'Tên giấy phép' }).fill(`Chứng chỉ tim mạch ${uniq}`);
    await dialog.getByRole('textbox', { name: 'Số giấy phép' }).fill(`TM-${uniq}`);
    await dialog.getByRole('textbox', { name: 'Ngày hết hạn' }).fill(typedDay(-1));
    await dialog
      .getByRole('button', { name: 'Lưu', exact: true })
      .or(dialog.getByRole('button', { name: 'Lưu giấy phép', exact: true }))
      .click();
    await expect
      .poll(() => dialog.getByText('Giấy phép hành nghề đã hết hạn').count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await shot(page, 'doctors-license-expired-vi');
    await dialog.getByRole('textbox', { name: 'Ngày hết hạn' }).fill(typedDay(2));
    await dialog
      .getByRole('button', { name: 'Lưu', exact: true })
      .or(dialog.getByRole('button', { name: 'Lưu giấy phép', exact: true }))
      .click();
    await expect.poll(() => dialog.count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => licences.getByRole('row').count()).toBe(before + 1);
    await expect
      .poll(() =>
        licences
          .getByRole('row')
          .filter({ hasText: `TM-${uniq}` })
          .getByText('Còn hiệu lực')
          .count(),
      )
      .toBe(1);

    // --- Doctor requests → Received: accepting warns that the current doctor will be unassigned.
    await nav.getByRole('link', { name: 'Yêu cầu bác sĩ', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Yêu cầu bác sĩ' }).waitFor();
    const received = page.getByRole('table', { name: 'Đã nhận' });
    const row = received.getByRole('row').filter({ hasText: /Do Hai|Hai Do/ });
    await expect.poll(() => row.getByText('Đang chờ').count(), { timeout: 10_000 }).toBe(1);
    await row.getByRole('button', { name: /^Chấp nhận yêu cầu cho / }).click();
    const confirm = page.getByRole('dialog', { name: 'Chấp nhận yêu cầu này?' });
    await expect.poll(() => confirm.getByRole('alert').innerText()).toMatch(/(Vu Lan|Lan Vu) sẽ bị hủy phân công/);
    await shot(page, 'doctors-request-accept-warning-vi');
    await confirm.getByRole('button', { name: 'Chấp nhận', exact: true }).click();
    await expect.poll(() => row.getByText('Đã chấp nhận').count(), { timeout: 10_000 }).toBe(1);
    await shot(page, 'doctors-requests-vi');

    // The patient's doctor changed: the demo doctor follows them, the previous one no longer does.
    const detail = await getJson<{ doctors: Array<{ id: string }> }>(
      baseUrl,
      `/api/account/patients/${patient.id}`,
      admin,
    );
    expect(detail.doctors.map((d) => d.id)).toEqual([demoDoctor.id]);

    await setLanguage(page, 'en');
    await page.context().close();
    expect(cspViolations()).toEqual([]);
  });

  test('the app finds doctors near me (granted geolocation, 390×844): nearest first with the distance', async () => {
    const context = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      // Ba Dinh, Hanoi: a few kilometres from the demo doctor's health center.
      geolocation: { latitude: 21.03, longitude: 105.85 },
      permissions: ['geolocation', 'notifications'],
    });
    watchCsp(context);
    await context.addInitScript(() => {
      if (!localStorage.getItem('cw.app.lang')) localStorage.setItem('cw.app.lang', 'en');
    });
    const page = await context.newPage();
    await signIn(page, 'patient@demo.test');
    await page.goto('/app/contacts/doctor');
    await page.getByRole('heading', { level: 2, name: 'Find a doctor' }).waitFor();
    await page.getByRole('button', { name: 'Near me', exact: true }).click();
    const list = page.getByRole('list', { name: 'Doctors near you, nearest first' });
    await list.waitFor({ timeout: 15_000 });
    const distances = list.getByTestId('distance');
    await expect.poll(() => distances.count()).toBeGreaterThan(0);
    const km = (await distances.allInnerTexts()).map((s) => Number(/([\d.,]+) km away/i.exec(s)![1]!.replace(',', '')));
    expect(km[0]).toBeLessThan(10);
    expect([...km].sort((a, b) => a - b)).toEqual(km);
    await expect
      .poll(() =>
        list
          .getByRole('listitem')
          .first()
          .getByRole('button', { name: /^Ask .* to be your family doctor$/ })
          .count(),
      )
      .toBe(1);
    await shot(page, 'app-doctors-near-me');
    await context.close();
    expect(cspViolations()).toEqual([]);
  });
});
