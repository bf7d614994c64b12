import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import fs from 'node:fs';
import { launch, login as loginAs, newPage, shot } from './browser.ts';
import { apiToken, getJson } from './mobile.ts';

const login = (page: Page, email: string, tenant?: string) => loginAs(page, email, { tenant });

let browser: Browser;
const baseUrl = inject('baseUrl');

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('account lifecycle', () => {
  test('request deactivation → admin approves → login offers recovery → recovered', async () => {
    const user = await newPage(browser, baseUrl);
    await login(user, 'coach@demo2.test', 'demo2');
    await user.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await user.goto('/account');
    await user.getByRole('tab', { name: 'Deactivate account' }).click();
    await user.getByRole('textbox', { name: 'Reason (optional)' }).fill('Moving abroad');
    await user.getByRole('button', { name: 'Request deactivation' }).click();
    await user.getByRole('dialog').getByRole('button', { name: 'Send request' }).click();
    await expect.poll(() => user.getByText('Your request was sent and is waiting for approval.').count()).toBe(1);

    const admin = await newPage(browser, baseUrl);
    await login(admin, 'sysadmin@demo2.test', 'demo2');
    await admin
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Deactivation requests' })
      .click();
    await admin.getByRole('button', { name: /^Approve deactivation of Cuong Vo/ }).click();
    await shot(admin, 'deactivation-approve');
    await admin.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => admin.getByText('No requests.').count()).toBe(1);

    const again = await newPage(browser, baseUrl);
    await login(again, 'coach@demo2.test', 'demo2');
    await expect.poll(() => again.getByText('This account is deactivated').count()).toBeGreaterThan(0);
    await shot(again, 'recover-offer');
    await again.getByRole('button', { name: 'Recover my account' }).click();
    // The coach may read the worklist (issue 20): signed in again, they land on it.
    await expect.poll(() => again.getByRole('heading', { level: 1 }).first().innerText()).toBe('Triage worklist');

    await admin.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Audit log' }).click();
    await admin.getByRole('searchbox', { name: 'Action starts with' }).fill('account.');
    await expect.poll(() => admin.getByText('account.recover').count()).toBeGreaterThan(0);
    await expect.poll(() => admin.getByText('account.deactivation.approve').count()).toBeGreaterThan(0);
    await shot(admin, 'audit-log-en');
    await admin.getByLabel('Language', { exact: true }).selectOption('vi');
    await expect.poll(() => admin.getByRole('heading', { name: 'Nhật ký kiểm toán' }).count()).toBe(1);
    await shot(admin, 'audit-log-vi');
    for (const p of [user, admin, again]) await p.context().close();
  });

  test("a doctor opens a patient's record; the admin finds who saw that patient in the audit log and exports the day as CSV", async () => {
    // The doctor's own list (a doctor sees only their scope), read before the browser signs in:
    // a new portal sign-in ends the user's earlier portal session.
    const token = await apiToken(baseUrl, 'doctor@demo.test', 'portal');
    const list = await getJson<{ items: Array<{ id: string; fullName: string }> }>(
      baseUrl,
      '/api/account/patients?size=1',
      token,
    );
    const patient = list.items[0]!;
    const doctor = await newPage(browser, baseUrl);
    await login(doctor, 'doctor@demo.test');
    // Signed in (the click only starts it) before the address changes, or the change cancels the sign-in.
    await doctor.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await doctor.goto(`/patients/${patient.id}`);
    await expect
      .poll(() => doctor.getByRole('heading', { level: 1 }).first().innerText())
      .toContain(patient.fullName.split(' ')[0]!);

    const admin = await newPage(browser, baseUrl);
    await login(admin, 'superadmin@demo.test');
    await admin.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Audit log' }).click();
    await admin.getByRole('searchbox', { name: 'Patient id' }).fill(patient.id);
    await admin.getByRole('searchbox', { name: 'Action starts with' }).fill('phi.read');
    await admin.getByRole('searchbox', { name: 'Actor (name or e-mail)' }).fill('doctor@demo.test');
    await expect
      .poll(() => admin.getByText('GET /api/account/patients/:id', { exact: true }).count())
      .toBeGreaterThan(0);
    // Every filter applied (they are debounced): only the doctor's patient-data reads remain. The super admin's own
    // reads (their worklist, issue 20) go once the actor filter applies.
    await expect
      .poll(() => admin.getByRole('table').getByText('superadmin@demo.test').count(), { timeout: 10_000 })
      .toBe(0);
    await expect.poll(() => admin.getByRole('table').getByText('patient.read', { exact: true }).count()).toBe(0);
    // Every filter applied (they are debounced): only the doctor's patient-data reads remain.
    await expect.poll(() => admin.getByRole('table').getByText('superadmin@demo.test').count()).toBe(0);
    await expect.poll(() => admin.getByRole('table').getByText('patient.read', { exact: true }).count()).toBe(0);
    await shot(admin, 'audit-log-patient');
    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      admin.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^audit-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe(
      'time,actor_id,actor_email,role,action,route,resource,resource_id,patient_ids,outcome,ip,request_id,details',
    );
    expect(
      csv
        .split('\r\n')
        .some(
          (l) =>
            l.includes('"doctor@demo.test"') && l.includes('"GET /api/account/patients/:id"') && l.includes(patient.id),
        ),
    ).toBe(true);
    for (const p of [doctor, admin]) await p.context().close();
  });
});
