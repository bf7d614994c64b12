import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // A fake microphone and camera, allowed without a prompt (SOS voice message, QR scan).
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
];

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

const violations: string[] = [];
/**
 * Records what the server's Content Security Policy refused in a context's pages (Chromium reports each refusal on the
 * console): the apps must run under it, so a spec ends by checking `cspViolations()` is empty.
 */
export function watchCsp(context: BrowserContext): void {
  context.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text()))
      violations.push(`${m.page()?.url() ?? ''}: ${m.text().slice(0, 300)}`);
  });
}
export const cspViolations = (): string[] => [...violations];

export async function newPage(
  browser: Browser,
  baseUrl: string,
  opts: { lang?: string; width?: number; height?: number } = {},
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: opts.width ?? 1366, height: opts.height ?? 860 },
  });
  watchCsp(context);
  if (opts.lang) await context.addInitScript((l) => localStorage.setItem('cw.lang', l), opts.lang);
  return context.newPage();
}

/** Screenshots go to e2e/.e2e-shots (ignored by git) so a person can look at what the tests saw. */
export async function shot(page: Page, name: string) {
  // Screenshots are for people reviewing screens locally; CI skips them (about 200 full-page captures, minutes of CPU)
  // unless E2E_SHOTS=1.
  if (process.env.CI && process.env.E2E_SHOTS !== '1') return;
  const dir = path.join(import.meta.dirname, '.e2e-shots');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

export const DEMO_PASSWORD = 'CareWatch@2026';

/**
 * The newest recorded message to `recipient` (whose masked body matches `match`), revealed as the demo's super admin
 * (`token`): Messages shows codes and temporary passwords masked; '' while there is none yet (for expect.poll).
 */
export async function revealLast(baseUrl: string, token: string, recipient: string, match?: RegExp): Promise<string> {
  const auth = { authorization: `Bearer ${token}` };
  const list = await fetch(`${baseUrl}/api/account/messages?search=${encodeURIComponent(recipient)}&size=20`, {
    headers: auth,
  });
  const items =
    ((await list.json()) as { items?: Array<{ id: string; recipient: string; body: string; revealable: boolean }> })
      .items ?? [];
  const m = items.find((x) => x.recipient === recipient && x.revealable && (!match || match.test(x.body)));
  if (!m) return '';
  const res = await fetch(`${baseUrl}/api/account/messages/${m.id}/reveal`, { method: 'POST', headers: auth });
  return res.ok ? ((await res.json()) as { body: string }).body : '';
}
/** The six-digit code in the newest message to `recipient` (see revealLast). */
export const lastCode = async (baseUrl: string, token: string, recipient: string, match?: RegExp) =>
  /\b(\d{6})\b/.exec(await revealLast(baseUrl, token, recipient, match))?.[1] ?? '';

/** Fills and submits the portal's password login form (English labels). */
export async function login(page: Page, email: string, opts: { password?: string; tenant?: string } = {}) {
  await page.goto('/login');
  await page
    .getByRole('textbox', { name: 'Tenant code', exact: true })
    .fill(opts.tenant ?? (email.endsWith('@demo2.test') ? 'demo2' : 'demo'));
  await page.getByRole('textbox', { name: 'Email or phone', exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(opts.password ?? DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

/** The sidebar's link texts, once the sidebar is shown. */
export async function navLinks(page: Page, navName = 'Main navigation'): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: navName });
  await nav.waitFor();
  return (await nav.getByRole('link').allInnerTexts()).map((s) => s.trim());
}

/**
 * Closes the portal's alert pop-up whenever it shows up. An earlier file's SOS can escalate (its timers run on their
 * own) while a later test works on another screen; the pop-up is modal, so a real clinician would close it first.
 * Only for tests that are not about the pop-up itself.
 */
export async function dismissAlertPopups(page: Page): Promise<void> {
  const popup = page.getByRole('dialog', { name: /^(SOS|High-risk alert|Cảnh báo nguy cơ cao) — / });
  await page.addLocatorHandler(popup, async () => {
    await popup
      .first()
      .getByRole('button', { name: /^(Dismiss|Đóng)$/ })
      .click();
  });
}
