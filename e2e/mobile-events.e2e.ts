import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, shot } from './browser.ts';
import { apiToken, getJson, phone, phoneWithNetwork, signIn } from './mobile.ts';

let browser: Browser;
const baseUrl = inject('baseUrl');

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

type Appt = {
  id: string;
  start: string;
  location: string;
  status: string;
  doctorName: string;
  diagnosis: string | null;
};
type Reminder = { id: string; arrivalTime: string; label: string; icon: string };
type Events = {
  reminders: { upcoming: Reminder[]; other: Reminder[] };
  appointments: { upcoming: Appt[]; history: Appt[] };
};

/** The app adopts the profile's language at sign-in; another spec may have left the demo patient in Vietnamese. */
async function profileLanguage(username: string, lang: string) {
  const token = await apiToken(baseUrl, username, 'app');
  const res = await fetch(`${baseUrl}/api/account/me/profile/update-language?lang=${lang}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
}

/** The page's own app token (a second app sign-in of the same account would end the page's session). */
async function pageToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('cw.app.access'));
  expect(token).toBeTruthy();
  return String(token);
}

/** dd/MM/yyyy HH:mm of an instant in a zone (what the app shows in the profile zone). */
function wall(iso: string, timeZone: string): string {
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
      .formatToParts(new Date(iso))
      .map((x) => [x.type, x.value]),
  );
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

/** Taps an icon chip (its radio input is visually hidden behind the chip's label). */
async function chooseIcon(page: Page, name: string) {
  const radio = page.getByRole('radio', { name, exact: true });
  await page.locator(`label[for="${await radio.getAttribute('id')}"]`).tap();
  await expect.poll(() => radio.isChecked()).toBe(true);
}

const section = (page: Page, name: string) => page.getByRole('tabpanel').getByRole('region', { name, exact: true });

describe('patient app: My Events', () => {
  test('appointments by section, details, reminders (add, duplicate time, edit, remove), cancel with a reason, Vietnamese', async () => {
    await profileLanguage('patient@demo.test', 'en');
    const { context, page } = await phone(browser, baseUrl);
    await signIn(page, 'patient@demo.test');
    const token = await pageToken(page);
    const { timezone } = await getJson<{ timezone: string }>(baseUrl, '/api/account/me/profile/get', token);
    const seeded = await getJson<Events>(baseUrl, '/api/account/app/events', token);
    const video = seeded.appointments.upcoming.find((a) => a.location === 'ONLINE')!;
    const clinic = seeded.appointments.upcoming.find((a) => a.location === 'AT_THE_CLINIC' && a.status === 'UPCOMING')!;
    const done = seeded.appointments.history.find(
      (a) => a.status === 'COMPLETED' && a.diagnosis === 'Orthostatic hypotension, mild',
    )!;
    expect(video && clinic && done).toBeTruthy();
    const labels = ['Blood test (e2e)', 'Other test (e2e)', 'Blood test, fasting (e2e)'];
    try {
      // Settings → My events: the medical events in their sections.
      await page.goto('/app/settings');
      await page.getByRole('link', { name: 'My events', exact: true }).click();
      await page.waitForURL(/\/app\/events$/);
      await page.getByRole('heading', { name: 'My events', exact: true }).waitFor();
      await page.getByRole('tab', { name: 'Medical events', exact: true }).click();
      const upcoming = section(page, 'Upcoming');
      const history = section(page, 'History');
      const videoItem = upcoming.getByRole('listitem').filter({ hasText: wall(video.start, timezone) });
      const clinicItem = upcoming.getByRole('listitem').filter({ hasText: wall(clinic.start, timezone) });
      await expect.poll(() => videoItem.count(), { timeout: 10_000 }).toBe(1);
      expect(await videoItem.textContent()).toContain('Video visit');
      expect(await videoItem.textContent()).toContain(video.doctorName);
      expect(await videoItem.textContent()).toContain('Upcoming');
      expect(await clinicItem.textContent()).toContain('At the clinic');
      const doneItem = history.getByRole('listitem').filter({ hasText: wall(done.start, timezone) });
      expect(await doneItem.count()).toBe(1);
      expect(await doneItem.textContent()).toContain('Completed');
      expect(
        await upcoming
          .getByRole('listitem')
          .filter({ hasText: wall(done.start, timezone) })
          .count(),
      ).toBe(0);
      await shot(page, 'mobile-events-medical');

      // The completed visit: diagnosis and advice.
      await doneItem.getByRole('link').click();
      await page.waitForURL(new RegExp(`/app/events/appointments/${done.id}$`));
      await expect
        .poll(() => page.getByText('Orthostatic hypotension, mild', { exact: true }).count(), { timeout: 10_000 })
        .toBe(1);
      expect(await page.getByText('Diagnosis', { exact: true }).count()).toBe(1);
      expect(await page.getByRole('button', { name: 'Cancel appointment' }).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Join video visit' }).count()).toBe(0);
      await shot(page, 'mobile-events-completed');

      // The video visit offers to join (the link only: the visit screen is another issue's); it is not cancelled here.
      await page.goto(`/app/events/appointments/${video.id}`);
      const join = page.getByRole('link', { name: 'Join video visit', exact: true });
      await join.waitFor();
      expect(await join.getAttribute('href')).toBe(`/app/visits/${video.id}`);

      // Add a reminder far in the future, then a second at the same time: the §8 message.
      await page.goto('/app/events');
      await page.getByRole('link', { name: 'Add event reminder', exact: true }).click();
      await page.waitForURL(/\/app\/events\/new$/);
      // Required fields first.
      await page.getByRole('textbox', { name: 'Date' }).fill('');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect.poll(() => page.getByText('Enter the arrival time', { exact: true }).count()).toBe(1);
      expect(await page.getByText('Enter a label', { exact: true }).count()).toBe(1);
      const addReminder = async (label: string, icon: string) => {
        await page.getByRole('textbox', { name: 'Date' }).fill('15062031');
        await page.getByRole('textbox', { name: 'Time' }).fill('0930');
        await page.getByRole('textbox', { name: 'Label' }).fill(label);
        await chooseIcon(page, icon);
        await page.getByRole('button', { name: 'Save', exact: true }).click();
      };
      await addReminder(labels[0]!, 'Doctor');
      await page.waitForURL(/\/app\/events$/);
      const reminders = section(page, 'Upcoming');
      const first = reminders.getByRole('listitem', { name: labels[0], exact: true });
      await expect.poll(() => first.count(), { timeout: 10_000 }).toBe(1);
      expect(await first.textContent()).toContain('Arrival: 15/06/2031 09:30');
      expect(await first.getByRole('img', { name: 'Doctor' }).count()).toBe(1);
      await page.getByRole('link', { name: 'Add event reminder', exact: true }).click();
      await page.waitForURL(/\/app\/events\/new$/);
      await addReminder(labels[1]!, 'Medicine');
      await expect
        .poll(() => page.getByRole('alert').filter({ hasText: 'No duplicate event at the same time' }).count(), {
          timeout: 10_000,
        })
        .toBe(1);
      await shot(page, 'mobile-events-duplicate');

      // Edit the first: new label, time and icon.
      await page.goto('/app/events');
      await first.getByRole('link').click();
      await page.waitForURL(/\/app\/events\/reminders\/[\w-]+$/);
      expect(await page.getByRole('textbox', { name: 'Date' }).inputValue()).toBe('15/06/2031');
      expect(await page.getByRole('textbox', { name: 'Time' }).inputValue()).toBe('09:30');
      await page.getByRole('textbox', { name: 'Label' }).fill(labels[2]!);
      await page.getByRole('textbox', { name: 'Time' }).fill('1045');
      await chooseIcon(page, 'Water');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.waitForURL(/\/app\/events$/);
      const edited = reminders.getByRole('listitem', { name: labels[2], exact: true });
      await expect.poll(() => edited.count(), { timeout: 10_000 }).toBe(1);
      expect(await edited.textContent()).toContain('Arrival: 15/06/2031 10:45');
      expect(await edited.getByRole('img', { name: 'Water' }).count()).toBe(1);
      expect(await reminders.getByRole('listitem', { name: labels[0], exact: true }).count()).toBe(0);
      const saved = (await getJson<Events>(baseUrl, '/api/account/app/events', token)).reminders.upcoming.find(
        (r) => r.label === labels[2],
      );
      expect(saved).toMatchObject({ icon: 'water' });
      expect(wall(saved!.arrivalTime, timezone)).toBe('15/06/2031 10:45');
      await shot(page, 'mobile-events-reminders');

      // Remove it (after a confirmation).
      await edited.getByRole('link').click();
      await page.waitForURL(/\/app\/events\/reminders\/[\w-]+$/);
      await page.getByRole('button', { name: 'Remove', exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Remove', exact: true }).click();
      await page.waitForURL(/\/app\/events$/);
      await expect
        .poll(() => reminders.getByRole('listitem', { name: labels[2], exact: true }).count(), { timeout: 10_000 })
        .toBe(0);
      expect(
        (await getJson<Events>(baseUrl, '/api/account/app/events', token)).reminders.upcoming.some((r) =>
          labels.includes(r.label),
        ),
      ).toBe(false);

      // Cancel the clinic visit: no reason is refused in the form, then a reason cancels it.
      await page.goto(`/app/events/appointments/${clinic.id}`);
      await page.getByRole('button', { name: 'Cancel appointment', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Cancel this appointment?' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Cancel appointment', exact: true }).click();
      await expect.poll(() => dialog.getByText('A reason is required to cancel', { exact: true }).count()).toBe(1);
      expect((await getJson<Appt>(baseUrl, `/api/account/app/appointments/${clinic.id}`, token)).status).toBe(
        'UPCOMING',
      );
      await dialog.getByRole('textbox', { name: 'Reason for canceling' }).fill('I feel better (e2e)');
      await dialog.getByRole('button', { name: 'Cancel appointment', exact: true }).click();
      await dialog.waitFor({ state: 'detached', timeout: 10_000 });
      const reason = page.getByRole('definition').filter({ hasText: 'I feel better (e2e)' });
      await expect.poll(() => reason.count(), { timeout: 10_000 }).toBe(1);
      expect(await page.getByRole('term').filter({ hasText: 'Cancellation reason' }).count()).toBe(1);
      expect(await page.getByRole('button', { name: 'Cancel appointment' }).count()).toBe(0);
      expect(
        await getJson<Appt & { cancelReason: string }>(baseUrl, `/api/account/app/appointments/${clinic.id}`, token),
      ).toMatchObject({ status: 'CANCELED', cancelReason: 'I feel better (e2e)' });
      await shot(page, 'mobile-events-canceled');
      await page.getByRole('link', { name: 'Back' }).click();
      await page.waitForURL(/\/app\/events\?tab=medical$/);
      await expect
        .poll(
          () =>
            section(page, 'History')
              .getByRole('listitem')
              .filter({ hasText: wall(clinic.start, timezone) })
              .filter({ hasText: 'Canceled' })
              .count(),
          { timeout: 10_000 },
        )
        .toBe(1);

      // Vietnamese: the list's tabs, sections, location and status.
      await page.evaluate(() => localStorage.setItem('cw.app.lang', 'vi'));
      await page.goto('/app/events?tab=medical');
      await page.getByRole('heading', { name: 'Sự kiện của tôi', exact: true }).waitFor({ timeout: 10_000 });
      await page.getByRole('tab', { name: 'Lời nhắc sự kiện', exact: true }).waitFor({ timeout: 10_000 });
      const viUpcoming = section(page, 'Sắp tới')
        .getByRole('listitem')
        .filter({ hasText: wall(video.start, timezone) });
      await expect.poll(() => viUpcoming.count(), { timeout: 10_000 }).toBe(1);
      expect(await viUpcoming.textContent()).toContain('Khám trực tuyến');
      const viHistory = section(page, 'Lịch sử');
      expect(
        await viHistory
          .getByRole('listitem')
          .filter({ hasText: wall(done.start, timezone) })
          .textContent(),
      ).toContain('Đã hoàn thành');
      expect(
        await viHistory
          .getByRole('listitem')
          .filter({ hasText: wall(clinic.start, timezone) })
          .textContent(),
      ).toContain('Đã hủy');
      await shot(page, 'mobile-events-vi');
      await page.evaluate(() => localStorage.setItem('cw.app.lang', 'en'));
    } finally {
      // Leave no reminder of this spec behind (the cancelled clinic visit stays cancelled: no one else uses it).
      const left = await getJson<Events>(baseUrl, '/api/account/app/events', token);
      for (const r of [...left.reminders.upcoming, ...left.reminders.other]) {
        if (labels.includes(r.label))
          await fetch(`${baseUrl}/api/account/app/events/${r.id}`, {
            method: 'DELETE',
            headers: { authorization: `Bearer ${token}` },
          });
      }
      await context.close();
    }
  });
  test('offline, My Events keeps showing the events last loaded', async () => {
    await profileLanguage('patient@demo.test', 'en');
    const net = await phoneWithNetwork(browser, baseUrl);
    try {
      await signIn(net.page, 'patient@demo.test');
      await net.page.goto('/app/events?tab=medical');
      const items = section(net.page, 'Upcoming').getByRole('listitem');
      await expect.poll(() => items.count(), { timeout: 10_000 }).toBeGreaterThan(0);
      const before = await items.count();
      // Settings opened once online first: on a loaded machine the service worker may not have cached its chunk yet
      // when the phone goes offline (what this test checks is My events' data offline, not the precache's timing).
      await net.page.getByRole('link', { name: 'Settings', exact: true }).click();
      await net.page.getByRole('link', { name: 'My events', exact: true }).waitFor({ timeout: 15_000 });
      await net.page.getByRole('link', { name: 'My events', exact: true }).click();
      await net.page.getByRole('tab', { name: 'Medical events', exact: true }).click();
      await expect.poll(() => items.count(), { timeout: 10_000 }).toBeGreaterThan(0);
      await net.offline();
      // Within the app (no reload): Settings, then back to My events.
      await net.page.getByRole('link', { name: 'Settings', exact: true }).click();
      await net.page.getByRole('link', { name: 'My events', exact: true }).click();
      await net.page.getByRole('tab', { name: 'Medical events', exact: true }).click();
      await expect
        .poll(
          () =>
            net.page
              .getByRole('status')
              .filter({ hasText: /^Offline: events as of \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\.$/ })
              .count(),
          { timeout: 10_000 },
        )
        .toBe(1);
      await expect.poll(() => items.count(), { timeout: 10_000 }).toBe(before);
      await shot(net.page, 'mobile-events-offline');
    } finally {
      await net.online();
      await net.context.close();
    }
  });
});
