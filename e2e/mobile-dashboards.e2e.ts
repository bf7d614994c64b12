import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, shot } from './browser.ts';
import { axeProblems } from './axe.ts';
import { apiToken, getJson, phone, signIn } from './mobile.ts';

// Issue 21, coach and doctor dashboards in the patient app, on a phone at 390×844 with touch: the demo coach's team
// (two players with team info and their load of the last 7 days) opened read only; the doctor's patients; a patient
// asking for the doctor view is told to sign in with a doctor's account; the coach's headings once in Vietnamese.

let browser: Browser;
const baseUrl = inject('baseUrl');

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

type Load = { sessions: number };
type Player = {
  patientId: string;
  name: string;
  sport: { teamName: string | null; clubName: string | null; rank: string | null; skill: string | null };
  week: Load;
};

/** The profile's language wins at sign-in: another spec may have left it in Vietnamese. */
async function englishProfile(username: string): Promise<string> {
  const token = await apiToken(baseUrl, username, 'app');
  const res = await fetch(`${baseUrl}/api/account/me/profile/update-language?lang=en`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return token;
}

describe('patient app: coach and doctor dashboards', () => {
  test('the coach sees the two players with team info and weekly load, and opens one read only; Vietnamese headings', async () => {
    const token = await englishProfile('coach@demo.test');
    const team = await getJson<{ players: Player[] }>(baseUrl, '/api/account/dashboards/coach', token);
    expect(team.players).toHaveLength(2);
    const { context, page } = await phone(browser, baseUrl);
    try {
      await signIn(page, 'coach@demo.test');
      // Home of a coach is the team dashboard.
      await expect
        .poll(() => page.getByRole('heading', { name: 'My team', exact: true }).count(), { timeout: 15_000 })
        .toBe(1);
      await expect
        .poll(() => page.getByRole('heading', { name: 'Players', exact: true }).count(), { timeout: 15_000 })
        .toBe(1);
      expect(await page.getByText('Red River Runners · CareWatch Sport Club', { exact: true }).count()).toBe(3);
      for (const p of team.players) {
        const card = page.getByRole('button', { name: `View ${p.name}`, exact: true });
        await expect.poll(() => card.count(), { timeout: 10_000 }).toBe(1);
        expect(await card.getByText(`Rank: ${p.sport.rank} · Skill: ${p.sport.skill}`, { exact: true }).count()).toBe(
          1,
        );
        expect(p.week.sessions).toBeGreaterThan(0);
        expect(
          await card.getByText(new RegExp(`^Last 7 days: Sessions: ${p.week.sessions} · \\d+ h \\d+ min · `)).count(),
        ).toBe(1);
      }
      expect(await page.getByText(/^Sessions: \d+ · \d+ h \d+ min · [\d.]+ km · [\d,]+ kcal$/).count()).toBe(1);
      // A coach has no health record: no manual entry on their Home.
      expect(await page.getByRole('link', { name: 'Add reading', exact: true }).count()).toBe(0);
      await shot(page, 'mobile-dashboards-coach');
      const problems = await axeProblems(page, 'coach home', { wcagOnly: true });

      // Opened read only: their values, the banner, no entry button; back to the team.
      const first = team.players[0]!;
      await page.getByRole('button', { name: `View ${first.name}`, exact: true }).click();
      await expect
        .poll(() => page.getByText(`Viewing as ${first.name}`, { exact: true }).count(), { timeout: 15_000 })
        .toBe(1);
      await expect
        .poll(() => page.getByRole('heading', { name: 'Latest values', exact: true }).count(), { timeout: 10_000 })
        .toBe(1);
      // Their values (read through the coach's access), or none yet: never a refusal.
      await expect
        .poll(
          async () =>
            (await page.getByRole('link', { name: /^Open / }).count()) +
            (await page.getByText(/^No measurements yet/).count()),
          { timeout: 15_000 },
        )
        .toBeGreaterThan(0);
      expect(await page.getByRole('link', { name: 'Add reading', exact: true }).count()).toBe(0);
      expect(await page.getByText('You do not have permission to access this data.').count()).toBe(0);
      await shot(page, 'mobile-dashboards-coach-viewing');
      problems.push(...(await axeProblems(page, 'coach viewing as', { wcagOnly: true })));
      // A value tile opens its metric page read through the staff routes: values, tabs, no report, never a refusal.
      const tiles = page.getByRole('link', { name: /^Open / });
      if ((await tiles.count()) > 0) {
        const hr = page.getByRole('link', { name: 'Open Heart rate', exact: true });
        await ((await hr.count()) > 0 ? hr : tiles.first()).click();
        await page.waitForURL(/\/app\/metrics\/[a-z_]+$/);
        await expect
          .poll(() => page.getByRole('tab', { name: 'Detail', exact: true }).count(), { timeout: 15_000 })
          .toBe(1);
        await expect
          .poll(() => page.getByRole('group', { name: 'Latest', exact: true }).count(), { timeout: 15_000 })
          .toBe(1);
        expect(await page.getByText(`Viewing ${first.name}`, { exact: true }).count()).toBe(1);
        expect(await page.getByRole('tab', { name: 'Report', exact: true }).count()).toBe(0);
        await page.getByRole('tab', { name: 'Trend', exact: true }).click();
        // Its chart, or no data yet in the window: never a refusal.
        await expect
          .poll(
            async () =>
              (await page.locator('[role="img"] canvas').count()) +
              (await page.getByText('No readings in this period.', { exact: true }).count()),
            { timeout: 15_000 },
          )
          .toBeGreaterThan(0);
        expect(await page.getByText('You do not have permission to access this data.').count()).toBe(0);
        expect(await page.getByText(/^Could not load the /).count()).toBe(0);
        await page.getByRole('link', { name: 'Back to home', exact: true }).click();
        await expect
          .poll(() => page.getByRole('heading', { name: 'Latest values', exact: true }).count(), { timeout: 10_000 })
          .toBe(1);
      }
      await page.getByRole('link', { name: 'Back to the list', exact: true }).click();
      await page.waitForURL(/\/app\/dashboards\/coach$/);
      await expect
        .poll(() => page.getByRole('heading', { name: 'My team', exact: true, level: 1 }).count(), { timeout: 10_000 })
        .toBe(1);
      expect(await page.getByText(/^Viewing as /).count()).toBe(0);

      // Vietnamese, once.
      await page.evaluate(() => localStorage.setItem('cw.app.lang', 'vi'));
      await page.reload();
      await expect
        .poll(() => page.getByRole('heading', { name: 'Đội của tôi', exact: true }).count(), { timeout: 15_000 })
        .toBe(1);
      await expect
        .poll(() => page.getByRole('heading', { name: 'Vận động viên', exact: true }).count(), { timeout: 15_000 })
        .toBe(1);
      expect(await page.getByText('Cả đội, 7 ngày qua', { exact: true }).count()).toBe(1);
      await shot(page, 'mobile-dashboards-coach-vi');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('the doctor sees their patients with the demo patient; a patient asking for the doctor view is refused', async () => {
    const token = await englishProfile('doctor@demo.test');
    const list = await getJson<{ items: Array<{ name: string; patientCode: string | null }>; total: number }>(
      baseUrl,
      '/api/account/dashboards/doctor',
      token,
    );
    const demo = list.items.find((p) => p.patientCode === 'DEMO-P0001');
    expect(demo).toBeDefined();
    const doctor = await phone(browser, baseUrl);
    try {
      await signIn(doctor.page, 'doctor@demo.test');
      await expect
        .poll(() => doctor.page.getByRole('heading', { name: 'My patients', exact: true }).count(), {
          timeout: 15_000,
        })
        .toBe(1);
      const card = doctor.page.getByRole('button', { name: `View ${demo!.name}`, exact: true });
      await expect.poll(() => card.count(), { timeout: 15_000 }).toBe(1);
      expect(await card.getByText('Code DEMO-P0001', { exact: true }).count()).toBe(1);
      expect(await doctor.page.getByText(`Patients: ${list.total}`, { exact: true }).count()).toBe(1);
      await shot(doctor.page, 'mobile-dashboards-doctor');
      // Opened read only.
      await card.click();
      await expect
        .poll(() => doctor.page.getByText(`Viewing as ${demo!.name}`, { exact: true }).count(), { timeout: 15_000 })
        .toBe(1);
      expect(await doctor.page.getByRole('link', { name: 'Add reading', exact: true }).count()).toBe(0);
    } finally {
      await doctor.context.close();
    }

    await englishProfile('patient@demo.test');
    const patient = await phone(browser, baseUrl);
    try {
      await signIn(patient.page, 'patient@demo.test');
      await patient.page.goto('/app/dashboards/doctor');
      await expect
        .poll(() => patient.page.getByText('Please login with Doctor account', { exact: true }).count(), {
          timeout: 15_000,
        })
        .toBe(1);
      expect(await patient.page.getByRole('button', { name: /^View / }).count()).toBe(0);
      await shot(patient.page, 'mobile-dashboards-not-doctor');
    } finally {
      await patient.context.close();
    }
  });
});
