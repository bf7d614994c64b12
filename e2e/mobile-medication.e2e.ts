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

type Intake = {
  id: string;
  medicineId: string;
  medicineName: string;
  dueAt: string;
  state: string;
  answeredAt: string | null;
  snoozedUntil: string | null;
};
type Medicine = { id: string; name: string; scheduleType: string };
type Prescription = { id: string; name: string; rxNumber: string; medicines: Medicine[] };
type Medication = {
  patientId: string;
  timeZone: string;
  canConfirm: boolean;
  prescriptions: Prescription[];
  today: Intake[];
  reminders: Array<{ medicineId: string; reminder: { name: string } }>;
  adherence: { overall: { percent: number | null } };
};

const STATE_WORDS: Record<string, string> = {
  to_take: 'To take',
  taken: 'Taken',
  taken_early: 'Taken early',
  taken_late: 'Taken late',
  skipped: 'Skipped',
  unconfirmed: 'Not confirmed',
};

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

/** The app adopts the profile's language at sign-in; another spec may have left the demo patient in Vietnamese. */
async function profileLanguage(username: string, lang: string) {
  const token = await apiToken(baseUrl, username, 'app');
  expect((await call('POST', `/api/account/me/profile/update-language?lang=${lang}`, token)).status).toBe(200);
}

/** The page's own app token (a second app sign-in of the same account would end the page's session). */
async function pageToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('cw.app.access'));
  expect(token).toBeTruthy();
  return String(token);
}

/** HH:mm and YYYY-MM-DD of an instant in a zone. */
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

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const doses = (page: Page) => region(page, 'Today’s doses').getByRole('listitem');

async function openFromSettings(page: Page) {
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Settings', exact: true })
    .click();
  await page.getByRole('link', { name: 'Medication', exact: true }).click();
  await page.waitForURL(/\/app\/medication$/);
  await page.getByRole('heading', { name: 'Medication', exact: true }).waitFor();
}

describe('patient app: Medication', () => {
  test('the demo patient sees today’s doses, the week’s adherence, prescriptions and reminders, marks a dose taken; Vietnamese headings', async () => {
    await profileLanguage('patient@demo.test', 'en');
    const { context, page } = await phone(browser, baseUrl);
    await signIn(page, 'patient@demo.test');
    const token = await pageToken(page);
    const seeded = await getJson<Medication>(baseUrl, '/api/account/app/medication', token);
    expect(seeded.canConfirm).toBe(true);
    // Demo data: an active prescription with two scheduled medicines, a week of doses with misses.
    const rx = seeded.prescriptions.find(
      (p) => p.medicines.filter((m) => m.scheduleType === 'ON_SCHEDULE').length >= 2,
    );
    expect(rx).toBeDefined();
    expect(seeded.adherence.overall.percent).not.toBeNull();
    // A dose to answer whatever the time of day: a prescription of the demo doctor with one dose due in 45 minutes
    // (answered now: taken early), or in a minute when that would be tomorrow already.
    const doctor = await apiToken(baseUrl, 'doctor@demo.test', 'portal');
    const today = local(new Date(), seeded.timeZone).day;
    const in45 = new Date(Date.now() + 45 * 60_000);
    const due = local(in45, seeded.timeZone).day === today ? in45 : new Date(Date.now() + 60_000);
    const at = local(due, seeded.timeZone);
    const extra = await call('POST', `/api/account/patients/${seeded.patientId}/prescriptions`, doctor, {
      name: 'E2E medication tab',
      rxNumber: `E2E-${Date.now()}`,
      startDate: at.day,
      endDate: at.day,
      medicines: [
        {
          name: 'E2E Vitamin C',
          dose: 1,
          doseUnit: 'TABLET',
          route: 'ORAL',
          form: 'TABLET',
          scheduleType: 'ON_SCHEDULE',
          color: '#ff9900',
          instruction: 'Swallow whole',
          reminder: { name: 'E2E vitamin', rule: { kind: 'daily' }, times: [{ time: at.time, label: '' }] },
        },
      ],
    });
    expect(extra.status).toBe(201);
    const extraId = (extra.body as { id: string }).id;
    try {
      const data = await getJson<Medication>(baseUrl, '/api/account/app/medication', token);
      const mine = data.today.find((d) => d.medicineName === 'E2E Vitamin C');
      expect(mine).toMatchObject({ state: 'to_take' });

      await openFromSettings(page);
      await expect.poll(() => doses(page).count(), { timeout: 15_000 }).toBe(data.today.length);
      // Every dose shows its state in words (a medicine taken morning and evening has two doses: compared as a set).
      const words = Object.values(STATE_WORDS).sort((x, y) => y.length - x.length); // 'Taken early' before 'Taken'
      for (const name of new Set(data.today.map((d) => d.medicineName))) {
        const want = data.today
          .filter((d) => d.medicineName === name)
          .map((d) => STATE_WORDS[d.state])
          .sort();
        const texts = await doses(page).filter({ hasText: name }).allTextContents();
        expect(texts.map((x) => words.find((w) => x.includes(w))).sort()).toEqual(want);
      }
      const week = region(page, 'This week');
      await expect.poll(() => week.getByText(`${data.adherence.overall.percent}%`, { exact: true }).count()).toBe(1);
      expect(await week.getByText('Doses taken on time this week', { exact: true }).count()).toBe(1);
      // The prescriptions and their medicines, the reminders.
      const rxItem = region(page, 'Prescriptions').getByRole('listitem', { name: rx!.name, exact: true });
      expect(await rxItem.count()).toBe(1);
      expect(await rxItem.textContent()).toContain(`Rx ${rx!.rxNumber}`);
      for (const m of rx!.medicines)
        expect(await rxItem.getByRole('listitem', { name: m.name, exact: true }).count()).toBe(1);
      const vitamin = region(page, 'Prescriptions').getByRole('listitem', { name: 'E2E Vitamin C', exact: true });
      expect(await vitamin.textContent()).toContain('Tablet');
      expect(await vitamin.textContent()).toContain('#ff9900');
      expect(await region(page, 'Reminders').getByRole('listitem', { name: 'E2E vitamin', exact: true }).count()).toBe(
        1,
      );
      await shot(page, 'mobile-medication');

      // One tap: Taken.
      const item = doses(page).filter({ hasText: 'E2E Vitamin C' });
      await item.getByRole('button', { name: /^Mark E2E Vitamin C at \d{2}:\d{2} as taken$/ }).tap();
      await expect.poll(() => item.getByRole('button', { name: /as taken$/ }).count(), { timeout: 10_000 }).toBe(0);
      const after = (await getJson<Medication>(baseUrl, '/api/account/app/medication', token)).today.find(
        (d) => d.id === mine!.id,
      );
      expect(after?.state).toBe(due === in45 ? 'taken_early' : 'taken');
      await expect.poll(() => item.textContent()).toContain(STATE_WORDS[after!.state]);
      await shot(page, 'mobile-medication-taken');

      // Vietnamese: the headings.
      await page.evaluate(() => localStorage.setItem('cw.app.lang', 'vi'));
      await page.goto('/app/medication');
      for (const name of ['Thuốc', 'Liều thuốc hôm nay', 'Tuần này', 'Đơn thuốc', 'Lời nhắc']) {
        await page.getByRole('heading', { name, exact: true }).waitFor({ timeout: 10_000 });
      }
      const viItem = region(page, 'Liều thuốc hôm nay').getByRole('listitem').filter({ hasText: 'E2E Vitamin C' });
      await expect
        .poll(() => viItem.textContent(), { timeout: 10_000 })
        .toContain(due === in45 ? 'Uống sớm' : 'Đã uống');
      await shot(page, 'mobile-medication-vi');
      await page.evaluate(() => localStorage.setItem('cw.app.lang', 'en'));
    } finally {
      await call('POST', `/api/account/prescriptions/${extraId}/deactivate`, doctor);
      await context.close();
    }
  }, 120_000);

  test('a follower sees the patient’s medication read only', async () => {
    const { context, page } = await phone(browser, baseUrl);
    try {
      await signIn(page, 'follower@demo.test');
      const token = await pageToken(page);
      const view = page.getByRole('button', { name: 'View Phuong Hoang' }).first();
      await expect.poll(() => view.count(), { timeout: 10_000 }).toBeGreaterThan(0);
      await view.click();
      await expect
        .poll(() => page.getByRole('status').filter({ hasText: 'Viewing as Phuong Hoang' }).count(), {
          timeout: 10_000,
        })
        .toBe(1);
      const subject = await page.evaluate(
        () => JSON.parse(localStorage.getItem('cw.app.subject') ?? 'null') as { patientId: string } | null,
      );
      const data = await getJson<Medication>(
        baseUrl,
        `/api/account/app/patients/${subject!.patientId}/medication`,
        token,
      );
      expect(data.canConfirm).toBe(false);

      await openFromSettings(page);
      await expect
        .poll(() =>
          page.getByRole('status').filter({ hasText: 'Viewing the medication of Phuong Hoang (read only).' }).count(),
        )
        .toBe(1);
      await expect.poll(() => doses(page).count(), { timeout: 15_000 }).toBe(data.today.length);
      // No dose can be answered: the buttons that remain are disabled.
      const buttons = region(page, 'Today’s doses').getByRole('button', { name: /^(Mark .* as taken|Skip .*)$/ });
      const n = await buttons.count();
      for (let i = 0; i < n; i++) expect(await buttons.nth(i).isDisabled()).toBe(true);
      expect(
        await region(page, 'This week')
          .getByText(/^\d+%$/)
          .count(),
      ).toBe(data.adherence.overall.percent === null ? 0 : 1);
      // The server refuses an answer from a follower too.
      if (data.today[0]) {
        const refused = await call('POST', `/api/account/app/medication/intakes/${data.today[0].id}`, token, {
          action: 'taken',
        });
        expect([403, 404]).toContain(refused.status);
      }
      await shot(page, 'mobile-medication-follower');
    } finally {
      await context.close();
    }
  });

  test('offline, Medication keeps showing what was last loaded and says a dose needs the connection', async () => {
    await profileLanguage('patient@demo.test', 'en');
    const net = await phoneWithNetwork(browser, baseUrl);
    try {
      await signIn(net.page, 'patient@demo.test');
      await net.page.goto('/app/medication');
      await expect.poll(() => doses(net.page).count(), { timeout: 15_000 }).toBeGreaterThan(0);
      const before = await doses(net.page).count();
      await net.offline();
      await net.page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: 'Home', exact: true })
        .click();
      await openFromSettings(net.page);
      await expect
        .poll(
          () =>
            net.page
              .getByRole('status')
              .filter({ hasText: /^Offline: medication as of \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\.$/ })
              .count(),
          { timeout: 10_000 },
        )
        .toBe(1);
      expect(await doses(net.page).count()).toBe(before);
      expect(
        await net.page
          .getByText('You are offline: doses can be answered once the connection is back.', { exact: true })
          .count(),
      ).toBe(1);
      const buttons = region(net.page, 'Today’s doses').getByRole('button', { name: /as taken$/ });
      for (let i = 0; i < (await buttons.count()); i++) expect(await buttons.nth(i).isDisabled()).toBe(true);
      await shot(net.page, 'mobile-medication-offline');
    } finally {
      await net.online();
      await net.context.close();
    }
  });

  test('a dose notification at its time opens the prompt: Taken, Skip, Snooze 5/10/15 min', async () => {
    await profileLanguage('patient@demo.test', 'en');
    const { context, page } = await phone(browser, baseUrl);
    await signIn(page, 'patient@demo.test');
    const token = await pageToken(page);
    const { patientId, timeZone } = await getJson<Medication>(baseUrl, '/api/account/app/medication', token);
    // The server runs on the real clock: a dose due at the next start of a minute at least 25 s away (the prescription
    // plans its doses when it is saved; the sweeper sends a due dose within 15 s).
    const due = new Date(Math.ceil((Date.now() + 25_000) / 60_000) * 60_000);
    const at = local(due, timeZone);
    const doctor = await apiToken(baseUrl, 'doctor@demo.test', 'portal');
    const created = await call('POST', `/api/account/patients/${patientId}/prescriptions`, doctor, {
      name: 'E2E dose prompt',
      rxNumber: `E2E-P-${Date.now()}`,
      startDate: at.day,
      endDate: at.day,
      medicines: [
        {
          name: 'E2E Zinc',
          dose: 0.5,
          doseUnit: 'TABLET',
          route: 'ORAL',
          form: 'TABLET',
          scheduleType: 'ON_SCHEDULE',
          reminder: { name: 'E2E zinc', rule: { kind: 'daily' }, times: [{ time: at.time, label: '' }] },
        },
      ],
    });
    expect(created.status).toBe(201);
    const rxId = (created.body as { id: string }).id;
    try {
      // Any screen: the prompt comes over Home. A demo dose of the morning may already be open in it (the suite runs at
      // any hour): the notification of this dose puts this dose first.
      const prompt = page.getByRole('dialog', { name: 'Time for your medicine' }).filter({ hasText: 'E2E Zinc' });
      await prompt.waitFor({ timeout: due.getTime() - Date.now() + 90_000 });
      expect(Date.now()).toBeGreaterThanOrEqual(due.getTime() - 60_000);
      expect(await prompt.textContent()).toContain('E2E Zinc');
      expect(await prompt.textContent()).toContain('0.5 tablet(s)');
      for (const name of ['Taken', 'Skip', 'Snooze'])
        expect(await prompt.getByRole('button', { name, exact: true }).count()).toBe(1);
      await shot(page, 'mobile-medication-prompt');
      await prompt.getByRole('button', { name: 'Snooze', exact: true }).tap();
      for (const name of ['5 min', '10 min', '15 min'])
        expect(await prompt.getByRole('button', { name, exact: true }).count()).toBe(1);
      await prompt.getByRole('button', { name: '10 min', exact: true }).tap();
      await prompt.waitFor({ state: 'detached', timeout: 10_000 });
      const snoozed = (await getJson<Medication>(baseUrl, '/api/account/app/medication', token)).today.find(
        (d) => d.medicineName === 'E2E Zinc',
      );
      expect(snoozed?.snoozedUntil).toBeTruthy();
      expect(new Date(snoozed!.snoozedUntil!).getTime() - Date.now()).toBeGreaterThan(8 * 60_000);
      await expect.poll(() => page.getByText(/^We will remind you again at \d{2}:\d{2}\.$/).count()).toBe(1);
    } finally {
      // The snoozed dose is answered, so it does not settle as a miss of the demo patient (other specs read adherence).
      const left = (await getJson<Medication>(baseUrl, '/api/account/app/medication', token)).today.find(
        (d) => d.medicineName === 'E2E Zinc' && d.state === 'to_take',
      );
      if (left) await call('POST', `/api/account/app/medication/intakes/${left.id}`, token, { action: 'taken' });
      await call('POST', `/api/account/prescriptions/${rxId}/deactivate`, doctor);
      await context.close();
    }
  }, 240_000);
});
