import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD, launch, login, newPage, shot } from './browser.ts';
import { simulate } from './simulate.ts';

let browser: Browser;
const baseUrl = inject('baseUrl');

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function token(username: string, app = false): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/oauth-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(app ? { 'x-client': 'app' } : {}) },
    body: JSON.stringify({ tenant: 'demo', username, password: DEMO_PASSWORD, grant_type: 'password' }),
  });
  expect(res.status).toBe(200);
  return String(((await res.json()) as { access_token: string }).access_token);
}
let adminToken = '';
/** GET as the super admin; signs in again when another spec's login ended that session. */
async function get<T>(url: string): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    if (!adminToken) adminToken = await token('superadmin@demo.test');
    const res = await fetch(`${baseUrl}${url}`, { headers: { authorization: `Bearer ${adminToken}` } });
    if ((res.status === 401 || res.status === 403) && attempt === 0) {
      adminToken = '';
      continue;
    }
    expect(res.status, url).toBe(200);
    return (await res.json()) as T;
  }
}

type SosCase = {
  id: string;
  alertId: string;
  patientCode: string | null;
  patientName: string;
  status: string;
  openedAt: string;
  ticketId: string | null;
};

/** Closes a popup (realtime SOS alarm) if one covers the page. */
async function dismissPopup(page: Page) {
  const popup = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Dismiss', exact: true }) });
  if (await popup.count()) await popup.getByRole('button', { name: 'Dismiss', exact: true }).first().click();
}

describe('alerts and SOS cases', () => {
  test("the simulator's SOS-level heart rate opens a case the doctor sees with its trail; followers get SMS; customer care acknowledges and closes it", async () => {
    // A heart-rate alert left open by an earlier failed test would be raised, not opened: a normal reading closes it.
    await simulate(baseUrl, 'normal');
    // API checks run as the super admin, who does not sign in to the browser here (a new login ends the previous session).
    const before = await get<{ items: SosCase[] }>('/api/account/sos-cases?status=open&size=200');
    const known = new Set(before.items.map((c) => c.id));

    // The doctor is signed in when the reading arrives.
    const doctor = await newPage(browser, baseUrl, { lang: 'en' });
    await login(doctor, 'doctor@demo.test');
    await doctor.getByRole('navigation', { name: 'Main navigation' }).waitFor();

    // The simulator sends 250 bpm as DEMO-P0001's cellular device (created, assigned and given credentials on first use).
    const sim = await simulate(baseUrl, 'sos');
    expect(sim.value).toBe(250);
    const device = await get<{ patientId: string | null; model: string; activated: boolean }>(
      `/api/account/devices/${sim.deviceId}`,
    );
    expect(device).toMatchObject({ patientId: sim.patientId, model: 'J2025E', activated: true });

    // A new open SOS case for DEMO-P0001.
    let sosCase: SosCase | undefined;
    await expect
      .poll(
        async () => {
          const now = await get<{ items: SosCase[] }>('/api/account/sos-cases?status=open&size=200');
          sosCase = now.items.find((c) => !known.has(c.id) && c.patientCode === 'DEMO-P0001');
          return Boolean(sosCase);
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(true);
    const c = sosCase!;
    const detail = await get<{
      alert: { patientId: string; level: string; metric: string | null; value: number | null };
    }>(`/api/account/sos-cases/${c.id}`);
    expect(detail.alert).toMatchObject({ patientId: sim.patientId, level: 'sos', metric: 'heart_rate', value: 250 });

    // The doctor's SOS cases page lists it (live) and its detail shows the trail.
    await dismissPopup(doctor);
    await doctor
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'SOS cases', exact: true })
      .click();
    await expect
      .poll(() => doctor.getByRole('link', { name: `Open case of ${c.patientName}` }).count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await shot(doctor, 'alerts-sos-cases-doctor');
    await doctor.goto(`/sos-cases/${c.id}`);
    await dismissPopup(doctor);
    // A readable timeline: the reading, the case, each person told and whether it reached them; phones are tel: links.
    const timeline = doctor.getByRole('list', { name: 'Timeline' });
    await expect
      .poll(() => timeline.getByText(/^Reading: Heart rate 250/).count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    expect(await timeline.getByText('SOS case opened').count()).toBe(1);
    await expect
      .poll(() => timeline.getByText(/^(Call to|SMS to) Hoang Minh$/).count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await expect.poll(() => timeline.getByText('Reached them').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await timeline.getByRole('link', { name: 'Call 0900000021' }).first().getAttribute('href')).toBe(
      'tel:0900000021',
    );
    // The technical rows (ids and codes) only behind "Technical details".
    expect(await doctor.getByRole('table', { name: 'Alert trail' }).count()).toBe(0);
    await doctor.getByRole('button', { name: 'Technical details' }).click();
    const trail = doctor.getByRole('table', { name: 'Alert trail' });
    await expect
      .poll(() => trail.getByRole('cell', { name: /^Reading/ }).count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    expect(await trail.getByRole('cell', { name: /^Rule/ }).count()).toBeGreaterThan(0);
    await doctor.getByRole('tab', { name: 'Health chart', exact: true }).click();
    await doctor.getByRole('tab', { name: 'SOS info', exact: true }).click();
    await shot(doctor, 'alerts-sos-case-trail');

    // The delivery worker texts the followers: the SMS log holds this alert's texts to both demo emergency numbers.
    type Sms = { to: string; status: number; alertId: string | null; body: string };
    let texts: Sms[] = [];
    await expect
      .poll(
        async () => {
          const sms = await get<{ items: Sms[] }>('/api/account/sms?size=200');
          texts = sms.items.filter((m) => m.alertId === c.alertId);
          return texts.map((m) => m.to);
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toEqual(expect.arrayContaining(['0900000021', '0900000022']));
    for (const m of texts.filter((x) => x.to === '0900000021' || x.to === '0900000022')) {
      expect(m.status).toBe(200);
      // The wording is the engine's; the text names the patient and the value.
      expect(m.body).toContain('Phuong Hoang');
      expect(m.body).toMatch(/\b250\b/);
    }

    // Customer care sees them in SMS management, then acknowledges and closes the case.
    const cskh = await newPage(browser, baseUrl, { lang: 'en' });
    await login(cskh, 'cskh@demo.test');
    await cskh
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'SMS management', exact: true })
      .click();
    await expect
      .poll(() => cskh.getByRole('table', { name: 'SMS' }).getByRole('row').count(), { timeout: 15_000 })
      .toBeGreaterThan(2);
    await shot(cskh, 'alerts-sms-log');

    await cskh.goto(`/sos-cases/${c.id}`);
    await dismissPopup(cskh);
    const ack = cskh.getByRole('button', { name: 'Acknowledge', exact: true });
    await expect.poll(() => ack.count(), { timeout: 15_000 }).toBe(1);
    await ack.click();
    await expect
      .poll(async () => (await get<{ alert: { status: string } }>(`/api/account/sos-cases/${c.id}`)).alert.status, {
        timeout: 10_000,
      })
      .toBe('acknowledged');
    await expect.poll(() => ack.count(), { timeout: 10_000 }).toBe(0);
    await expect
      .poll(() => cskh.getByRole('list', { name: 'Timeline' }).getByText('Acknowledged by Cam Le').count(), {
        timeout: 10_000,
      })
      .toBe(1);

    await cskh.getByRole('button', { name: 'Close case', exact: true }).click();
    const dialog = cskh.getByRole('dialog', { name: 'Close this SOS case?' });
    // Both an outcome and a note are needed.
    await dialog.getByRole('button', { name: 'Close case', exact: true }).click();
    await expect.poll(() => dialog.getByText('Required', { exact: true }).count()).toBe(2);
    expect((await get<SosCase>(`/api/account/sos-cases/${c.id}`)).status).toBe('open');
    await dialog.getByRole('textbox', { name: 'Outcome' }).click();
    await dialog.getByRole('option', { name: 'Family or caregiver helped' }).click();
    await dialog.getByRole('textbox', { name: 'Note' }).fill('Called the patient: resting, daughter on the way');
    await dialog.getByRole('button', { name: 'Close case', exact: true }).click();
    await expect
      .poll(async () => (await get<SosCase>(`/api/account/sos-cases/${c.id}`)).status, { timeout: 10_000 })
      .toBe('closed');
    await expect.poll(() => cskh.getByRole('button', { name: 'Close case', exact: true }).count()).toBe(0);
    await expect
      .poll(
        () =>
          cskh
            .getByRole('list', { name: 'Timeline' })
            .getByText('Case closed by Cam Le: family or caregiver helped')
            .count(),
        { timeout: 10_000 },
      )
      .toBe(1);
    await shot(cskh, 'alerts-sos-case-closed');
    // The same timeline in Vietnamese.
    await cskh.getByLabel('Language', { exact: true }).selectOption('vi');
    await expect
      .poll(
        () =>
          cskh
            .getByRole('list', { name: 'Diễn biến' })
            .getByText('Ca đã đóng bởi Le Cam: gia đình hoặc người chăm sóc đã hỗ trợ')
            .count(),
        { timeout: 10_000 },
      )
      .toBe(1);
    expect(await cskh.getByRole('list', { name: 'Diễn biến' }).getByText('Đã tới người nhận').count()).toBeGreaterThan(
      0,
    );
    await shot(cskh, 'alerts-sos-timeline-vi');
    await cskh.getByLabel('Ngôn ngữ', { exact: true }).selectOption('en');

    // The case's ticket is listed under Tickets.
    if (c.ticketId) {
      await cskh.goto(`/tickets/${c.ticketId}`);
      await expect
        .poll(() => cskh.getByRole('heading', { level: 1, name: /^Ticket T-\d{6}$/ }).count(), { timeout: 10_000 })
        .toBe(1);
      // It moved with the case: done, with the closing note on its activities.
      await expect
        .poll(
          () =>
            cskh
              .getByRole('table', { name: 'Activities' })
              .getByText('Called the patient: resting, daughter on the way')
              .count(),
          { timeout: 10_000 },
        )
        .toBe(1);
      expect(await cskh.getByRole('button', { name: 'Move to “Confirmed”' }).count()).toBe(0);
      await shot(cskh, 'tickets-detail');
    }
    await doctor.context().close();
    await cskh.context().close();
  });
});
