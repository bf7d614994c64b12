import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

export async function newPage(browser: Browser, baseUrl: string, opts: { lang?: string; width?: number; height?: number } = {}): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: opts.width ?? 1366, height: opts.height ?? 860 } });
  if (opts.lang) await context.addInitScript((l) => localStorage.setItem('cw.lang', l), opts.lang);
  return context.newPage();
}

/** Screenshots go to e2e/.e2e-shots (ignored by git) so a person can look at what the tests saw. */
export async function shot(page: Page, name: string) {
  const dir = path.join(import.meta.dirname, '.e2e-shots');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}
