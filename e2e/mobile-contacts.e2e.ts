import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD, lastCode, launch, shot } from './browser.ts';
import { apiToken, getJson, phone, signIn } from './mobile.ts';

let browser: Browser;
const baseUrl = inject('baseUrl');

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

type Party = { userId: string | null; name: string; phone: string | null };
type Contact = {
  id: string;
  kind: string;
  status: string;
  side: 'owner' | 'contact';
  direction: 'sent' | 'received';
  owner: Party;
  contact: Party;
};
type Requests = { sent: Contact[]; received: Contact[] };
type Overview = { followers: Contact[]; following: Contact[] };
type Account = { phone: string; first: string; last: string; name: string };

let seq = 0;
/** A new app account (patient type) registered through the API with the code from the recorded SMS. */
async function register(superadmin: string, first: string): Promise<Account> {
  const number = `09${String(Date.now() + seq++).slice(-8)}`;
  const otp = await fetch(`${baseUrl}/api/auth/app/register/otp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ tenant: 'demo', channel: 'phone', phone: number }),
  });
  expect(otp.status, await otp.clone().text()).toBe(200);
  let code = '';
  await expect
    .poll(
      async () => {
        code = await lastCode(baseUrl, superadmin, number);
        return code;
      },
      { timeout: 15_000, interval: 300 },
    )
    .toMatch(/^\d{6}$/);
  const last = 'Contacts';
  const res = await fetch(`${baseUrl}/api/auth/app/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      tenant: 'demo',
      channel: 'phone',
      phone: number,
      otp: code,
      firstName: first,
      lastName: last,
      birthday: '1980-05-04',
      gender: 'female',
      address: '1 Test street',
      bloodType: 'O+',
      skinColour: 'type_3',
      relationship: 'self',
      accountType: 'patient',
      password: DEMO_PASSWORD,
      confirmPassword: DEMO_PASSWORD,
      acceptTerms: true,
      acceptHealthProcessing: true,
      language: 'en',
    }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return { phone: number, first, last, name: `${first} ${last}` };
}

/** The page's own app token (a second app sign-in of the same account would end the page's session). */
async function pageToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('cw.app.access'));
  expect(token).toBeTruthy();
  return String(token);
}
async function call(
  method: string,
  url: string,
  token: string,
  body?: unknown,
): Promise<{ status: number; body: { code?: string } }> {
  const res = await fetch(`${baseUrl}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as { code?: string } };
}

async function addFollowerByPhone(page: Page, number: string) {
  await page.goto('/app/contacts/add');
  await page.getByRole('heading', { name: 'Add follower', exact: true }).waitFor();
  await page.getByRole('textbox', { name: 'Phone number' }).fill(number);
  await page.getByRole('button', { name: 'Send request', exact: true }).click();
}

describe('patient app: contacts, follower dashboards, viewing as', () => {
  test('invite by phone, accept, limits and errors, QR show and scan from a photo', async () => {
    const superadmin = await apiToken(baseUrl, 'superadmin@demo.test', 'portal');
    const b = await register(superadmin, 'Bich');
    const spares = [await register(superadmin, 'Chau'), await register(superadmin, 'Dung')];
    const mine = new Set([b.phone, ...spares.map((s) => s.phone)]);

    // A = the demo patient invites B as caring follower by phone; the request shows as sent.
    const a = await phone(browser, baseUrl);
    await signIn(a.page, 'patient@demo.test');
    const aToken = await pageToken(a.page);
    let bToken = '';
    try {
      await a.page.goto('/app/contacts');
      await a.page.getByRole('link', { name: 'Add follower', exact: true }).click();
      await a.page.waitForURL(/\/app\/contacts\/add$/);
      await expect.poll(() => a.page.getByText('Add max 3', { exact: false }).count()).toBe(1);
      await a.page.getByRole('textbox', { name: 'Phone number' }).fill(b.phone);
      await a.page.getByRole('textbox', { name: 'Display name (alias)' }).fill('Bich');
      await a.page.getByRole('button', { name: 'Send request', exact: true }).click();
      await a.page.waitForURL(/\/app\/contacts\?tab=requests$/);
      const sent = a.page.getByRole('region', { name: 'Sent' }).getByRole('listitem');
      await expect
        .poll(() => sent.filter({ hasText: 'You invited Bich as your caring contact' }).count(), { timeout: 10_000 })
        .toBe(1);
      // Just sent: the resend waits for the 5-minute window.
      expect(await sent.filter({ hasText: 'Bich' }).getByRole('button', { name: 'Resend' }).isDisabled()).toBe(true);
      expect(
        await sent
          .filter({ hasText: 'Bich' })
          .getByText(/Resend possible in [45]:\d\d/)
          .count(),
      ).toBe(1);
      await shot(a.page, 'mobile-contacts-sent');

      // Inviting yourself: the §8 message.
      await addFollowerByPhone(a.page, '0900000011');
      await expect
        .poll(() => a.page.getByRole('alert').filter({ hasText: 'You cannot invite yourself.' }).count())
        .toBe(1);

      // B (second phone) sees it received and accepts; both lists update.
      const bPhone = await phone(browser, baseUrl);
      await signIn(bPhone.page, b.phone);
      bToken = await pageToken(bPhone.page);
      await bPhone.page.goto('/app/contacts?tab=requests');
      const received = bPhone.page
        .getByRole('region', { name: 'Received' })
        .getByRole('listitem')
        .filter({ hasText: 'Phuong Hoang invites you to be their caring contact' });
      await expect.poll(() => received.count(), { timeout: 10_000 }).toBe(1);
      await received.getByRole('button', { name: 'Accept', exact: true }).click();
      await expect.poll(() => bPhone.page.getByText('Request accepted').count()).toBeGreaterThan(0);
      await bPhone.page.getByRole('tab', { name: 'Following', exact: true }).click();
      await expect.poll(() => bPhone.page.getByRole('listitem', { name: 'Phuong Hoang' }).count()).toBe(1);
      await a.page.goto('/app/contacts');
      await expect.poll(() => a.page.getByRole('listitem', { name: 'Bich' }).count(), { timeout: 10_000 }).toBe(1);
      await shot(a.page, 'mobile-contacts-followers');

      // QR: A shows the code; its image is photographed (screenshot) and B scans it from the photo.
      await a.page.goto('/app/contacts/qr');
      const qr = a.page.getByTestId('contact-qr');
      await qr.waitFor();
      await expect.poll(() => a.page.getByText(/Valid for [45]:\d\d/).count()).toBe(1);
      const photo = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cw-qr-')), 'qr.png');
      await qr.screenshot({ path: photo });
      await shot(a.page, 'mobile-contacts-qr');
      await bPhone.page.goto('/app/contacts/scan');
      await bPhone.page.locator('input[type="file"]').setInputFiles(photo);
      await expect
        .poll(() => bPhone.page.getByText('QR code read. Choose the request to send.').count(), { timeout: 10_000 })
        .toBe(1);
      await bPhone.page.getByRole('button', { name: 'Send request', exact: true }).click();
      await bPhone.page.waitForURL(/\/app\/contacts\?tab=requests$/);
      await expect
        .poll(
          () =>
            bPhone.page
              .getByRole('region', { name: 'Sent' })
              .getByText('You invited Phuong Hoang as your caring contact')
              .count(),
          { timeout: 10_000 },
        )
        .toBe(1);
      const bRequests = await getJson<Requests>(baseUrl, '/api/account/contacts/requests', bToken);
      expect(bRequests.sent.some((r) => r.contact.name === 'Phuong Hoang' && r.kind === 'caring')).toBe(true);
      await bPhone.context.close();

      // The 4th shared member: fill A up to 3 (whatever other tests left), then the add screen shows the max message.
      for (const s of spares.slice(0, -1)) {
        const res = await call('POST', '/api/account/contacts/requests', aToken, { phone: s.phone, kind: 'caring' });
        if (res.status !== 201) expect(res.body.code).toBe('CONTACT_MAX_SHARED');
      }
      await addFollowerByPhone(a.page, spares.at(-1)!.phone);
      await expect
        .poll(() => a.page.getByRole('alert').filter({ hasText: 'Max followers reached' }).count(), { timeout: 10_000 })
        .toBe(1);
      await shot(a.page, 'mobile-contacts-max');
    } finally {
      // Leave the demo patient's followers as they were (other specs count them).
      const req = await getJson<Requests>(baseUrl, '/api/account/contacts/requests', aToken);
      for (const r of req.sent)
        if (r.contact.phone && mine.has(r.contact.phone))
          await call('POST', `/api/account/contacts/requests/${r.id}/cancel`, aToken);
      for (const r of req.received)
        if (r.owner.phone && mine.has(r.owner.phone))
          await call('POST', `/api/account/contacts/requests/${r.id}/reject`, aToken);
      const ov = await getJson<Overview>(baseUrl, '/api/account/contacts', aToken);
      for (const c of ov.followers)
        if (c.contact.phone && mine.has(c.contact.phone)) await call('DELETE', `/api/account/contacts/${c.id}`, aToken);
      await a.context.close();
    }
  });

  test('the follower opens the Caring Dashboard, views the demo patient on Home, and reads it in Vietnamese', async () => {
    const { context, page } = await phone(browser, baseUrl);
    await signIn(page, 'follower@demo.test');
    // A follower-only account: Home lists the people it follows instead of "no health record".
    await expect
      .poll(() => page.getByRole('button', { name: 'View Phuong Hoang' }).count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await page.getByRole('link', { name: 'People I follow', exact: true }).click();
    await page.waitForURL(/\/app\/followed/);
    await page.getByRole('tab', { name: 'Caring Dashboard', exact: true }).click();
    const card = page.getByRole('tabpanel').getByRole('button', { name: 'View Phuong Hoang' });
    await expect.poll(() => card.count(), { timeout: 10_000 }).toBe(1);
    await expect
      .poll(() =>
        page
          .getByRole('tabpanel')
          .getByText(/Last reading/)
          .count(),
      )
      .toBe(1);
    await shot(page, 'mobile-caring-dashboard');
    await card.click();
    await page.waitForURL(/\/app\/?$/);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Viewing as Phuong Hoang' }).count()).toBe(1);
    // The patient's latest values (seeded demo readings).
    const values = page.getByRole('region', { name: 'Latest values' });
    await expect
      .poll(() => values.getByRole('listitem', { name: 'Heart rate', exact: true }).count(), { timeout: 15_000 })
      .toBe(1);
    expect(await values.getByRole('listitem', { name: 'Heart rate', exact: true }).innerText()).toMatch(/\d+ bpm/i);
    await shot(page, 'mobile-viewing-as');

    // The same in Vietnamese.
    await page.evaluate(() => localStorage.setItem('cw.app.lang', 'vi'));
    await page.goto('/app/followed?tab=caring');
    await expect
      .poll(() => page.getByRole('tab', { name: 'Bảng chăm sóc', exact: true }).count(), { timeout: 10_000 })
      .toBe(1);
    // Vietnamese readers get the family name first.
    await expect
      .poll(() => page.getByRole('button', { name: 'Xem Hoang Phuong' }).count(), { timeout: 10_000 })
      .toBe(1);
    await shot(page, 'mobile-caring-dashboard-vi');
    await page.evaluate(() => localStorage.setItem('cw.app.lang', 'en'));
    await context.close();
  });
  test('the emergency history opens an SOS case: reason, vital indexes, location with a map link, timeline', async () => {
    const superadmin = await apiToken(baseUrl, 'superadmin@demo.test', 'portal');
    // A new account of its own: its SOS calls nobody and leaves the demo patient's alerts alone.
    const e = await register(superadmin, 'Giang');
    const { context, page } = await phone(browser, baseUrl);
    await signIn(page, e.phone);
    const token = await pageToken(page);
    const reading = await call('POST', '/api/ingest/measurements', token, {
      readings: [{ metric: 'heart_rate', measuredAt: new Date(Date.now() - 60_000).toISOString(), value: 72 }],
    });
    expect(reading.status).toBe(200);
    const sos = await call('POST', '/api/account/me/sos', token, {
      message: { kind: 'choice', choice: 'had_a_fall' },
      location: { lat: 10.7769, lng: 106.7009, accuracyM: 12 },
    });
    expect(sos.status).toBe(201);

    await page.goto('/app/alerts');
    const link = page.getByRole('link', { name: 'Open SOS case', exact: true });
    await expect.poll(() => link.count(), { timeout: 10_000 }).toBe(1);
    await link.click();
    await page.waitForURL(/\/app\/sos-cases\/[0-9a-f-]+/);
    await expect.poll(() => page.getByText(/^Reason:\s*SOS button$/).count(), { timeout: 10_000 }).toBe(1);
    expect(await page.getByText(/^Message:\s*I had a fall$/).count()).toBe(1);
    const vitals = page.getByRole('region', { name: 'Vital indexes at the time' });
    expect(await vitals.getByRole('row').filter({ hasText: 'Heart rate' }).filter({ hasText: '72 bpm' }).count()).toBe(
      1,
    );
    const where = page.getByRole('region', { name: 'SOS locations' });
    expect(await where.getByText('10.77690, 106.70090 ± 12 m').count()).toBe(1);
    expect(await where.getByRole('link', { name: 'Open in a map' }).getAttribute('href')).toContain(
      'openstreetmap.org/?mlat=10.7769&mlon=106.7009',
    );
    const timeline = page.getByRole('region', { name: 'Timeline' });
    expect(await timeline.getByText('SOS case opened').count()).toBeGreaterThan(0);
    await shot(page, 'mobile-sos-case');
    await context.close();
  });
});
