import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { lastCode, launch, shot } from './browser.ts';
import { phone, apiToken, getJson, signIn } from './mobile.ts';

let browser: Browser;
const baseUrl = inject('baseUrl');

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const PW = 'Delete@2026';

/** The page's own app token (a second app sign-in would end the browser's session). */
async function browserToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('cw.app.access'));
  expect(token).toBeTruthy();
  return String(token);
}

async function api(method: string, path: string, token: string, body?: unknown) {
  return fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** A fresh patient account registered through the API, its code read from the SMS log as superadmin. */
async function registerByApi(number: string) {
  const superadmin = await apiToken(baseUrl, 'superadmin@demo.test', 'portal');
  const otp = await fetch(`${baseUrl}/api/auth/app/register/otp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ tenant: 'demo', channel: 'phone', phone: number }),
  });
  expect(otp.status).toBe(200);
  let code = '';
  await expect
    .poll(
      async () => {
        code = await lastCode(baseUrl, superadmin, number);
        return code;
      },
      { timeout: 15_000, interval: 500 },
    )
    .toMatch(/^\d{6}$/);
  const res = await fetch(`${baseUrl}/api/auth/app/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-client': 'app' },
    body: JSON.stringify({
      tenant: 'demo',
      channel: 'phone',
      phone: number,
      otp: code,
      firstName: 'Minh',
      lastName: 'Tran',
      birthday: '1985-01-01',
      gender: 'male',
      address: '5 Le Loi, Hue',
      bloodType: 'B+',
      skinColour: 'type_3',
      relationship: 'self',
      accountType: 'patient',
      password: PW,
      confirmPassword: PW,
      acceptTerms: true,
      acceptHealthProcessing: true,
      language: 'en',
    }),
  });
  expect(res.status).toBe(201);
}

async function appSignIn(page: Page, username: string, password: string) {
  await page.goto('/app/');
  await page.waitForURL(/\/app\/(welcome|login)$/);
  if (page.url().endsWith('/welcome')) {
    await page.getByRole('textbox', { name: 'Organization code', exact: true }).fill('demo');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
  }
  await page.getByRole('textbox', { name: 'Phone or e-mail', exact: true }).fill(username);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

describe('patient app: profile, sub-users, feedback, deletion', () => {
  test('profile rules, read-only medical profile, a sub-user viewed as, feedback with its image rule, Vietnamese', async () => {
    const { context, page } = await phone(browser, baseUrl);
    await signIn(page, 'patient@demo.test');
    const token = await browserToken(page);

    // Profile: a digit in a name shows the rule; a valid change is saved.
    await page.goto('/app/profile');
    const first = page.getByRole('textbox', { name: 'First name', exact: true });
    await expect.poll(() => first.inputValue(), { timeout: 10_000 }).toBe('Phuong');
    await first.fill('Phuong2');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByText('Names must not contain digits', { exact: true }).count()).toBe(1);
    await first.fill('Phuong');
    await page.getByRole('textbox', { name: 'Nickname', exact: true }).fill('Phu');
    await page.getByRole('textbox', { name: 'Address', exact: true }).fill('12 Tran Hung Dao, Hanoi');
    // One record, one truth: the clinic's birthday and gender are already there (dd/MM/yyyy), nothing to retype.
    const birthday = page.getByLabel(/^Date of birth/);
    await expect.poll(() => birthday.inputValue()).toBe('12/04/1958');
    expect(await page.getByRole('radio', { name: 'Female', exact: true }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(
        async () =>
          (await getJson<{ nickName: string | null }>(baseUrl, '/api/account/me/app-profile', token)).nickName,
        { timeout: 10_000 },
      )
      .toBe('Phu');
    await shot(page, 'mobile-profile');

    // Medical profile: read-only until the doctor allows editing.
    await page.getByRole('link', { name: 'Medical profile', exact: true }).click();
    await page.waitForURL(/\/app\/profile\/medical$/);
    await expect
      .poll(() => page.getByText(/Only your doctor can change your medical profile/).count(), { timeout: 10_000 })
      .toBe(1);
    expect(await page.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
    // Once the doctor allows it, the same screen is a form.
    const doctor = await apiToken(baseUrl, 'doctor@demo.test', 'portal');
    const { patientId } = await getJson<{ patientId: string }>(baseUrl, '/api/account/me/app-profile', token);
    expect(
      (await api('PUT', `/api/account/patients/${patientId}/medical-profile-editable`, doctor, { editable: true }))
        .status,
    ).toBe(200);
    await page.reload();
    await page.getByRole('checkbox', { name: 'Diabetes', exact: true }).check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(
        async () =>
          (await getJson<{ backgroundDiseases: string[] }>(baseUrl, '/api/account/me/medical-profile', token))
            .backgroundDiseases,
        { timeout: 10_000 },
      )
      .toContain('DIABETES');
    expect(
      (await api('PUT', `/api/account/patients/${patientId}/medical-profile-editable`, doctor, { editable: false }))
        .status,
    ).toBe(200);

    // Sub-users: add one, see it listed, view its data.
    await page.goto('/app/sub-users');
    await page.getByRole('button', { name: 'Add a sub-user', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'New sub-user' });
    await dialog.getByRole('textbox', { name: 'First name', exact: true }).fill('Bao');
    await dialog.getByRole('textbox', { name: 'Last name', exact: true }).fill('Hoang');
    await dialog.getByRole('combobox', { name: 'Relation with you', exact: true }).selectOption('son');
    await dialog.getByLabel(/^Date of birth/).fill('01/06/2015');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    const card = page.getByRole('article', { name: 'Bao Hoang' });
    await expect.poll(() => card.count(), { timeout: 10_000 }).toBe(1);
    expect(await card.getByText(/Son · Born 01\/06\/2015/).count()).toBe(1);
    await card.getByRole('button', { name: 'View data', exact: true }).click();
    await page.waitForURL(/\/app\/?$/);
    const subject = await page.evaluate(
      () => JSON.parse(localStorage.getItem('cw.app.subject') ?? 'null') as { name: string; relation: string } | null,
    );
    expect(subject).toMatchObject({ name: 'Bao Hoang', relation: 'sub_user' });
    await page.evaluate(() => localStorage.removeItem('cw.app.subject'));

    // Feedback: an error report without an image shows the rule; with a PNG it is sent.
    await page.goto('/app/feedback');
    await page.getByRole('radio', { name: 'Report an error', exact: true }).check();
    await page.getByRole('radio', { name: 'Software', exact: true }).check();
    await page.getByRole('textbox', { name: 'Description', exact: true }).fill('The weight chart stays empty');
    await page.getByRole('button', { name: 'Send feedback', exact: true }).click();
    await expect.poll(() => page.getByText('An error report needs a picture', { exact: true }).count()).toBe(1);
    await page.locator('input[type=file]').setInputFiles({ name: 'screen.png', mimeType: 'image/png', buffer: PNG });
    await expect.poll(() => page.getByText('An error report needs a picture', { exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Send feedback', exact: true }).click();
    await expect
      .poll(() => page.getByText('Thank you! Your feedback was sent.', { exact: true }).count(), { timeout: 10_000 })
      .toBe(1);

    // Notifications: push state on this phone, the inbox, the way to the alert settings.
    await page.goto('/app/settings/notifications');
    await expect
      .poll(
        () =>
          page.getByText(/^(Off for this phone|On for this phone)$|cannot receive push|blocked for this site/).count(),
        { timeout: 10_000 },
      )
      .toBe(1);
    await expect.poll(() => page.getByRole('heading', { name: 'Recent notifications', exact: true }).count()).toBe(1);
    await page.getByRole('link', { name: /^Alert settings/ }).click();
    await page.waitForURL(/\/app\/alerts$/);

    // One screen in Vietnamese.
    await page.evaluate(() => localStorage.setItem('cw.app.lang', 'vi'));
    await page.goto('/app/sub-users');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Người dùng phụ', exact: true }).count(), { timeout: 10_000 })
      .toBe(1);
    expect(await page.getByRole('button', { name: 'Xem dữ liệu', exact: true }).count()).toBe(1);
    await shot(page, 'mobile-sub-users-vi');

    // Leave the demo data as found (other specs use the demo patient's subjects).
    const list = await getJson<{ items: Array<{ id: string; firstName: string }> }>(
      baseUrl,
      '/api/account/me/sub-users',
      token,
    );
    for (const s of list.items.filter((x) => x.firstName === 'Bao'))
      expect((await api('DELETE', `/api/account/me/sub-users/${s.id}`, token)).status).toBe(200);
    await context.close();
  });

  test('a fresh account deletes itself: signed out, and sign-in then answers "disabled"', async () => {
    const number = `09${String(Date.now()).slice(-8)}`;
    await registerByApi(number);
    const { context, page } = await phone(browser, baseUrl);
    await appSignIn(page, number, PW);
    await page.waitForURL(/\/app\/?$/);
    await page.goto('/app/delete-account');
    await expect.poll(() => page.getByText(/cannot be undone\./).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Delete my account', exact: true }).click();
    await expect.poll(() => page.getByText('Tick the box to confirm', { exact: true }).count()).toBe(1);
    await page.getByLabel(/^Your password/).fill(PW);
    await page.getByRole('checkbox', { name: /I understand/ }).check();
    await page.getByRole('button', { name: 'Delete my account', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Delete your account?' })
      .getByRole('button', { name: 'Yes, delete', exact: true })
      .click();
    await page.waitForURL(/\/app\/login$/, { timeout: 10_000 });
    await expect.poll(() => page.getByText(/Your account was deleted/).count()).toBe(1);

    await page.getByRole('textbox', { name: 'Phone or e-mail', exact: true }).fill(number);
    await page.getByLabel(/^Password/).fill(PW);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect
      .poll(() => page.getByText('This account has been disabled.', { exact: true }).count(), { timeout: 10_000 })
      .toBe(1);
    const res = await fetch(`${baseUrl}/api/auth/oauth-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-client': 'app' },
      body: JSON.stringify({ tenant: 'demo', username: number, password: PW, grant_type: 'password' }),
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { code: string }).code).toBe('ACCOUNT_DISABLED');
    await context.close();
  });
});
