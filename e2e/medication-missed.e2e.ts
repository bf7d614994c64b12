import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { dismissAlertPopups, launch, login, newPage, shot } from './browser.ts';
import { apiToken, getJson, phone, signIn } from './mobile.ts';

let browser: Browser;
const baseUrl = inject('baseUrl');

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

type Intake = { id: string; medicineName: string; dueAt: string; state: string };
type Medication = { patientId: string; timeZone: string; today: Intake[] };
type Adherence = { overall: { percent7: number | null }; medicines: Array<{ name: string; percent7: number | null }> };

async function call(
  method: string,
  path: string,
  token: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: res.headers.get('content-type')?.includes('json') ? await res.json() : null };
}

function local(at: Date, timeZone: string): { day: string; time: string } {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(at)
      .map((x) => [x.type, x.value]),
  );
  return { day: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}

async function pageToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('cw.app.access'));
  expect(token).toBeTruthy();
  return String(token);
}

describe('missed doses', () => {
  test('the patient skips two doses of a medicine in the app: the caring follower is told, the doctor sees adherence drop', async () => {
    // The patient's phone, in English.
    const appToken = await apiToken(baseUrl, 'patient@demo.test', 'app');
    expect((await call('POST', '/api/account/me/profile/update-language?lang=en', appToken)).status).toBe(200);
    const patientPhone = await phone(browser, baseUrl);
    await signIn(patientPhone.page, 'patient@demo.test');
    const token = await pageToken(patientPhone.page);
    const { patientId, timeZone } = await getJson<Medication>(baseUrl, '/api/account/app/medication', token);
    // The notice is written in the follower's language: English here (another spec reads the app in Vietnamese).
    const followerToken = await apiToken(baseUrl, 'follower@demo.test', 'app');
    expect((await call('POST', '/api/account/me/profile/update-language?lang=en', followerToken)).status).toBe(200);

    // A staff account other than the doctor in the browser reads adherence through the API.
    const admin = await apiToken(baseUrl, 'sysadmin@demo.test', 'portal');
    const before = await getJson<Adherence>(baseUrl, `/api/account/patients/${patientId}/adherence`, admin);

    // The doctor prescribes a medicine with two doses later today (they can be answered from 2 hours before).
    const doctor = await apiToken(baseUrl, 'doctor@demo.test', 'portal');
    const now = Date.now();
    const first = local(new Date(now + 20 * 60_000), timeZone);
    const second = local(new Date(now + 40 * 60_000), timeZone);
    const today = local(new Date(now), timeZone).day;
    const created = await call('POST', `/api/account/patients/${patientId}/prescriptions`, doctor, {
      name: 'E2E missed doses',
      rxNumber: `E2E-M-${now}`,
      startDate: today,
      endDate: local(new Date(now + 86_400_000), timeZone).day,
      medicines: [
        {
          name: 'E2E Iron',
          dose: 1,
          doseUnit: 'TABLET',
          route: 'ORAL',
          form: 'TABLET',
          scheduleType: 'ON_SCHEDULE',
          reminder: {
            name: 'E2E iron',
            rule: { kind: 'daily' },
            times: [
              { time: first.time, label: 'First' },
              { time: second.time, label: 'Second' },
            ],
          },
        },
      ],
    });
    expect(created.status).toBe(201);
    const rxId = (created.body as { id: string }).id;
    try {
      // The patient opens Medication and skips both doses, one tap each.
      const page = patientPhone.page;
      await page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: 'Settings', exact: true })
        .click();
      await page.getByRole('link', { name: 'Medication', exact: true }).click();
      const doses = page
        .getByRole('region', { name: 'Today’s doses', exact: true })
        .getByRole('listitem')
        .filter({ hasText: 'E2E Iron' });
      // Both doses fall today unless the run starts in the last 40 minutes before the patient's midnight.
      expect([first.day, second.day]).toEqual([today, today]);
      await expect.poll(() => doses.count(), { timeout: 15_000 }).toBe(2);
      for (const at of [first, second]) {
        const skip = page.getByRole('button', { name: `Skip E2E Iron at ${at.time}`, exact: true });
        await skip.tap();
        await expect.poll(() => skip.count(), { timeout: 10_000 }).toBe(0);
      }
      await expect
        .poll(
          async () =>
            (await getJson<Medication>(baseUrl, '/api/account/app/medication', token)).today.filter(
              (d) => d.medicineName === 'E2E Iron' && d.state === 'skipped',
            ).length,
          { timeout: 10_000 },
        )
        .toBe(2);
      await shot(page, 'mobile-medication-skipped');

      // The caring follower (the demo follower account) finds the notice among their notifications.
      const followerPhone = await phone(browser, baseUrl);
      await signIn(followerPhone.page, 'follower@demo.test');
      await followerPhone.page.goto('/app/settings/notifications');
      await expect
        .poll(() => followerPhone.page.getByText(/has missed 2 doses of E2E Iron in a row/).count(), {
          timeout: 30_000,
        })
        .toBeGreaterThan(0);
      await shot(followerPhone.page, 'mobile-follower-missed-dose');
      await followerPhone.context.close();

      // The notice is on the alert trail: a missed-dose alert of the patient.
      const alerts = await getJson<{ items: Array<{ source: string; patientId: string }> }>(
        baseUrl,
        `/api/account/alerts?patientId=${patientId}`,
        admin,
      );
      expect(alerts.items.some((a) => a.source === 'missed_dose')).toBe(true);

      // Adherence drops: overall (two more due doses, neither taken) and 0 % for the new medicine.
      const after = await getJson<Adherence>(baseUrl, `/api/account/patients/${patientId}/adherence`, admin);
      expect(after.medicines.find((m) => m.name === 'E2E Iron')?.percent7).toBe(0);
      if (before.overall.percent7 !== null && before.overall.percent7 > 0)
        expect(after.overall.percent7!).toBeLessThan(before.overall.percent7);

      // The doctor sees it on the patient's Prescriptions tab.
      const portal = await newPage(browser, baseUrl, { lang: 'en' });
      await dismissAlertPopups(portal);
      await login(portal, 'doctor@demo.test');
      await portal.getByRole('navigation', { name: 'Main navigation' }).waitFor();
      await portal.goto(`/patients/${patientId}`);
      await portal.getByRole('tab', { name: 'Prescriptions', exact: true }).click();
      const row = portal
        .getByRole('table', { name: 'Per medicine', exact: true })
        .getByRole('row')
        .filter({ hasText: 'E2E Iron' });
      await expect
        .poll(async () => ((await row.count()) > 0 ? row.first().innerText() : ''), { timeout: 15_000 })
        .toMatch(/E2E Iron\s+0%/);
      await shot(portal, 'portal-adherence-drop');
      await portal.context().close();
    } finally {
      await call('POST', `/api/account/prescriptions/${rxId}/deactivate`, doctor);
      await patientPhone.context.close();
    }
  }, 150_000);
});
