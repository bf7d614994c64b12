import { expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO_PASSWORD, watchCsp } from './browser.ts';

// Shared by the patient-app specs (mobile-*.e2e.ts).

/** A phone-sized touch browser, in English unless the test picks a language. */
export async function phone(browser: Browser, baseUrl: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  watchCsp(context);
  await context.addInitScript(() => { if (!localStorage.getItem('cw.app.lang')) localStorage.setItem('cw.app.lang', 'en'); });
  return { context, page: await context.newPage() };
}

/** An access token from the API (the app client when `client` is 'app'). */
export async function apiToken(baseUrl: string, username: string, client: 'app' | 'portal'): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/oauth-token`, {
    method: 'POST', headers: { 'content-type': 'application/json', ...(client === 'app' ? { 'x-client': 'app' } : {}) },
    body: JSON.stringify({ tenant: 'demo', username, password: DEMO_PASSWORD, grant_type: 'password' }),
  });
  expect(res.status).toBe(200);
  return String(((await res.json()) as { access_token: string }).access_token);
}

export async function getJson<T>(baseUrl: string, path: string, token: string): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

/** Signs in through the app's screens (tenant code first when the app asks for it). */
export async function signIn(page: Page, username: string) {
  await page.goto('/app/');
  await page.waitForURL(/\/app\/(welcome|login)$/);
  if (page.url().endsWith('/welcome')) {
    await page.getByRole('textbox', { name: 'Organization code', exact: true }).fill('demo');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
  }
  await page.getByRole('textbox', { name: 'Phone or e-mail', exact: true }).fill(username);
  await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/app\/?$/);
}
