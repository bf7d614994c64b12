import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, login, newPage, shot } from './browser.ts';
import { simulate } from './simulate.ts';

let browser: Browser;
const baseUrl = inject('baseUrl');

// The alarm may play without a click in this test browser (a real browser needs one user gesture on the page).
beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, '--autoplay-policy=no-user-gesture-required'],
  });
});
afterAll(async () => {
  await browser?.close();
});

describe('realtime staff console', () => {
  test('the bundled SOS sound is served', async () => {
    const res = await fetch(`${baseUrl}/sounds/sos.wav`);
    expect(res.status).toBe(200);
    const buf = Buffer.from(await res.arrayBuffer());
    expect(buf.subarray(0, 4).toString()).toBe('RIFF');
    expect(buf.subarray(8, 12).toString()).toBe('WAVE');
  });

  test("the simulator's SOS-level heart rate of the demo patient pops up on the doctor's portal, with the alarm and a link to the SOS case", async () => {
    // A heart-rate alert left open by an earlier failed test would be raised, not opened (no popup): a normal reading closes it.
    await simulate(baseUrl, 'normal');
    const page = await newPage(browser, baseUrl, { lang: 'en' });
    await login(page, 'doctor@demo.test');
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await bell.waitFor();
    // Subscribed: the socket said hello.
    await expect.poll(() => bell.getAttribute('data-realtime-state'), { timeout: 15_000 }).toBe('open');

    // The simulator sends 210 bpm as DEMO-P0001's cellular device.
    const sim = await simulate(baseUrl, 'sos', ['--value', '210']);
    expect(sim.value).toBe(210);

    const popup = page.getByRole('dialog', { name: 'SOS — Phuong Hoang' });
    await popup.waitFor({ timeout: 15_000 });
    await popup.getByText('Heart rate: 210 (SOS)').waitFor({ timeout: 5_000 });
    await expect
      .poll(async () => popup.locator('[data-sound]').getAttribute('data-sound'), { timeout: 5_000 })
      .toMatch(/playing|blocked/);
    // The SOS case link appears once the case is opened (sos.opened frame, same transaction).
    const caseLink = popup.getByRole('link', { name: 'Open the SOS case' });
    await caseLink.waitFor({ timeout: 10_000 });
    expect(await caseLink.getAttribute('href')).toMatch(/^\/sos-cases\/[0-9a-f-]{36}$/);
    await shot(page, 'realtime-sos-popup');

    await popup.getByRole('button', { name: 'Dismiss' }).click();
    await popup.waitFor({ state: 'hidden' });

    // The bell opens its inbox (whatever it holds) and closes again.
    await bell.click();
    const inbox = page.getByRole('dialog', { name: 'Notifications' });
    await inbox.waitFor();
    await expect
      .poll(
        async () =>
          (await inbox.getByText('No notifications yet').count()) + (await inbox.getByRole('listitem').count()),
        { timeout: 10_000 },
      )
      .toBeGreaterThan(0);
    await page.keyboard.press('Escape');

    // Back to normal: the reading-sourced alert closes (keeps the demo data tidy for other tests).
    await simulate(baseUrl, 'normal');
    await page.close();
  });
});
