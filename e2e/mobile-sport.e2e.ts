import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launch, shot } from './browser.ts';
import { axeProblems } from './axe.ts';
import { apiToken, getJson, phone, signIn } from './mobile.ts';

// Issue 21, Sport: player1 (a player of the demo coach) pairs the simulated GT5, picks Running, records a session on
// the watch, is asked the too-short question, continues, saves; the session is in the history and the coach reads it.
// The practice time must reach a minute: Playwright's clock (installed once signed in, running at real pace) jumps
// it forward instead of the test waiting a minute.

let browser: Browser;
const baseUrl = inject('baseUrl');

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

type Session = {
  id: string;
  patientId: string;
  mode: string;
  startedAt: string;
  durationSec: number;
  steps: number | null;
  distanceM: number | null;
  source: string;
};

/** Headless Chromium as a browser without Web Bluetooth: the simulated watch is what the devices screen offers. */
async function withoutBluetooth(context: BrowserContext) {
  await context.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'bluetooth', { get: () => undefined, configurable: true });
  });
}

/** Seconds shown by the session's practice time (HH:mm:ss). */
async function practiceSeconds(page: Page): Promise<number> {
  const text = (await page.getByRole('timer').textContent()) ?? '';
  const m = /(\d+):(\d\d):(\d\d)/.exec(text);
  return m ? Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) : -1;
}

async function showIn(page: Page, lang: string) {
  await page.evaluate((l) => localStorage.setItem('cw.app.lang', l), lang);
  await page.reload();
}

describe('patient app: sport', () => {
  test('player1 runs with the simulated watch: too short → continue → saved → in the history and seen by the coach', async () => {
    // The profile's language wins at sign-in: another run may have left it in Vietnamese.
    const player = await apiToken(baseUrl, 'player1@demo.test', 'app');
    expect(
      (
        await fetch(`${baseUrl}/api/account/me/profile/update-language?lang=en`, {
          method: 'POST',
          headers: { authorization: `Bearer ${player}` },
        })
      ).status,
    ).toBe(200);

    const { context, page } = await phone(browser, baseUrl);
    await withoutBluetooth(context);
    try {
      await signIn(page, 'player1@demo.test');

      // Pair the simulated GT5 (each new phone has its own).
      await page.goto('/app/devices/add');
      await page.getByRole('button', { name: 'Simulated watch GT5', exact: true }).click();
      await page.waitForURL(/\/app\/devices$/, { timeout: 15_000 });
      await expect
        .poll(() => page.getByLabel('Status: Connected', { exact: true }).count(), { timeout: 15_000 })
        .toBe(1);

      // From here the page's clock is Playwright's (running at real pace until the test jumps it).
      await context.clock.install();

      // Sport, from Settings.
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      await nav.getByRole('link', { name: 'Settings', exact: true }).click();
      await page.getByRole('link', { name: 'Sport', exact: true }).click();
      await page.waitForURL(/\/app\/sport$/);
      await expect
        .poll(() => page.getByRole('heading', { name: 'Sport', level: 1 }).count(), { timeout: 15_000 })
        .toBe(1);
      await expect.poll(() => page.getByText(/^Your watch GT5-\w+ records the session\.$/).count()).toBe(1);

      // §5: a sport mode must be picked.
      await page.getByRole('button', { name: 'Start', exact: true }).click();
      await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Please pick a sport mode.' }).count()).toBe(1);
      await shot(page, 'mobile-sport-pick');
      const a11y = await axeProblems(page, 'sport', { wcagOnly: true });

      await page.getByRole('radio', { name: 'Running', exact: true }).click();
      await page.getByRole('button', { name: 'Start', exact: true }).click();
      await expect
        .poll(() => page.getByRole('heading', { name: 'Running session' }).count(), { timeout: 10_000 })
        .toBe(1);
      // A few real seconds on the watch: the time runs, steps and distance come in.
      await expect.poll(() => practiceSeconds(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
      const values = page.getByRole('list', { name: 'Session values' });
      expect(await values.getByRole('listitem', { name: 'Steps', exact: true }).textContent()).toMatch(/\d+ steps/);
      expect(await values.getByRole('listitem', { name: 'Distance', exact: true }).textContent()).toMatch(
        /\d\.\d\d km/,
      );
      await shot(page, 'mobile-sport-live');
      a11y.push(...(await axeProblems(page, 'session', { wcagOnly: true })));

      // Too short (under a minute): the app asks whether to continue (§4, §8).
      await page.getByRole('button', { name: 'Stop', exact: true }).click();
      const short = page.getByRole('dialog', { name: 'Session too short' });
      await expect.poll(() => short.count(), { timeout: 5_000 }).toBe(1);
      expect(await short.textContent()).toContain('Distance or practice time too short to save sport data.');
      expect(await short.textContent()).toContain('Do you want to continue the session?');
      await shot(page, 'mobile-sport-too-short');
      a11y.push(...(await axeProblems(page, 'too short', { wcagOnly: true })));
      await short.getByRole('button', { name: 'Continue', exact: true }).click();
      await expect.poll(() => short.count(), { timeout: 5_000 }).toBe(0);

      // A minute and more later (the clock jumps), the session can be saved.
      await page.clock.fastForward(65_000);
      await expect.poll(() => practiceSeconds(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(68);
      await page.getByRole('button', { name: 'Stop', exact: true }).click();
      const finish = page.getByRole('dialog', { name: 'Save this session?' });
      await expect.poll(() => finish.count(), { timeout: 5_000 }).toBe(1);
      await finish.getByRole('button', { name: 'Save', exact: true }).click();

      // Saved: the history of the week shows it.
      await page.waitForURL(/\/app\/sport\/history$/, { timeout: 15_000 });
      await expect.poll(() => page.getByText('Session saved.', { exact: true }).count(), { timeout: 10_000 }).toBe(1);
      // The phone's own session (signing in there ended the token taken before: one app session per user).
      const phoneToken = String(await page.evaluate(() => localStorage.getItem('cw.app.access')));
      const mine = await getJson<{ items: Session[] }>(baseUrl, '/api/account/me/sport-sessions?limit=5', phoneToken);
      const saved = mine.items.find((s) => s.mode === 'running' && s.source === 'watch' && s.durationSec >= 68);
      expect(saved).toBeTruthy();
      expect(saved!.steps).toBeGreaterThan(100);
      expect(saved!.distanceM).toBeGreaterThan(100);
      const row = page.getByRole('button', { name: new RegExp(`^Running · 00:01:\\d\\d`) }).first();
      await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
      await row.click();
      const detail = page.getByRole('table', { name: 'Session details' }).first();
      await expect.poll(() => detail.count(), { timeout: 5_000 }).toBe(1);
      expect(await detail.textContent()).toMatch(/Tempo\d+:\d\d \/km/);
      const totals = page.getByRole('region', { name: 'This week’s totals' });
      expect(await totals.textContent()).toMatch(/km/);
      await shot(page, 'mobile-sport-history');
      a11y.push(...(await axeProblems(page, 'history', { wcagOnly: true })));
      expect(a11y).toEqual([]);

      // Week navigation: the previous week, then back (no next week after the current one).
      expect(await page.getByRole('button', { name: 'Next week' }).isDisabled()).toBe(true);
      await page.getByRole('button', { name: 'Previous week' }).click();
      await expect
        .poll(() => page.getByRole('button', { name: 'Next week' }).isDisabled(), { timeout: 10_000 })
        .toBe(false);

      // The coach sees the player's session (staff route; a coach reads only accepted players).
      const coach = await apiToken(baseUrl, 'coach@demo.test', 'portal');
      const seen = await getJson<{ items: Session[] }>(
        baseUrl,
        `/api/account/patients/${saved!.patientId}/sport-sessions?limit=10`,
        coach,
      );
      expect(seen.items.map((s) => s.id)).toContain(saved!.id);

      // The Sport screen in Vietnamese and in Canadian English (km, as en-CA uses).
      await page.goto('/app/sport');
      await showIn(page, 'vi');
      await expect
        .poll(() => page.getByRole('heading', { name: 'Thể thao', level: 1 }).count(), { timeout: 15_000 })
        .toBe(1);
      expect(await page.getByRole('radio', { name: 'Chạy bộ', exact: true }).count()).toBe(1);
      await page.goto('/app/sport/history');
      await expect
        .poll(() => page.getByRole('heading', { name: 'Lịch sử thể thao', level: 1 }).count(), { timeout: 15_000 })
        .toBe(1);
      await showIn(page, 'en-CA');
      await expect
        .poll(() => page.getByRole('heading', { name: 'Sport history', level: 1 }).count(), { timeout: 15_000 })
        .toBe(1);
      await expect
        .poll(async () => (await page.getByRole('region', { name: 'This week’s totals' }).textContent()) ?? '', {
          timeout: 10_000,
        })
        .toMatch(/\d\.\d\d km/);
    } finally {
      await context.close();
    }
  });

  test('no watch, location denied: the phone records the time and says why there is no distance (§8)', async () => {
    const player = await apiToken(baseUrl, 'player2@demo.test', 'app');
    expect(
      (
        await fetch(`${baseUrl}/api/account/me/profile/update-language?lang=en`, {
          method: 'POST',
          headers: { authorization: `Bearer ${player}` },
        })
      ).status,
    ).toBe(200);
    const { context, page } = await phone(browser, baseUrl);
    try {
      // The browser answers "denied" to the location question (what a user who refused it sees).
      await context.addInitScript(() => {
        const denied = { code: 1, message: 'User denied Geolocation', PERMISSION_DENIED: 1 };
        Object.defineProperty(navigator, 'geolocation', {
          configurable: true,
          value: {
            watchPosition: (_ok: unknown, fail?: (e: unknown) => void) => {
              setTimeout(() => fail?.(denied), 50);
              return 1;
            },
            clearWatch: () => undefined,
            getCurrentPosition: (_ok: unknown, fail?: (e: unknown) => void) => fail?.(denied),
          },
        });
      });
      await signIn(page, 'player2@demo.test');
      await page.goto('/app/sport');
      await expect
        .poll(() => page.getByRole('heading', { name: 'Sport', level: 1 }).count(), { timeout: 15_000 })
        .toBe(1);
      await expect.poll(() => page.getByText(/^No watch connected: the phone records/).count()).toBe(1);
      await page.getByRole('radio', { name: 'Walking', exact: true }).click();
      await page.getByRole('button', { name: 'Start', exact: true }).click();
      await expect
        .poll(() => page.getByText(/^Location permission denied\. Enable it manually/).count(), { timeout: 10_000 })
        .toBe(1);
      await expect.poll(() => practiceSeconds(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
      const values = page.getByRole('list', { name: 'Session values' });
      expect(await values.getByRole('listitem', { name: 'Distance', exact: true }).textContent()).toContain('—');
      await shot(page, 'mobile-sport-location-denied');
      await page.getByRole('button', { name: 'Stop', exact: true }).click();
      const short = page.getByRole('dialog', { name: 'Session too short' });
      await expect.poll(() => short.count(), { timeout: 5_000 }).toBe(1);
      await short.getByRole('button', { name: 'Discard', exact: true }).click();
      await expect
        .poll(() => page.getByRole('button', { name: 'Start', exact: true }).count(), { timeout: 5_000 })
        .toBe(1);
    } finally {
      await context.close();
    }
  });
});
