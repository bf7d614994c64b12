import net from 'node:net';
import { expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO_PASSWORD, watchCsp } from './browser.ts';

// Shared by the patient-app specs (mobile-*.e2e.ts).

/** A phone-sized touch browser, in English unless the test picks a language. */
export async function phone(
  browser: Browser,
  baseUrl: string,
  opts: { notificationsAnswered?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  // Notifications already allowed, so the first-sign-in question (push-intro.tsx) does not cover the screens under test;
  // mobile-sos.e2e.ts walks that question itself with a context that has not answered it.
  if (opts.notificationsAnswered !== false) await context.grantPermissions(['notifications'], { origin: baseUrl });
  watchCsp(context);
  await context.addInitScript(() => {
    if (!localStorage.getItem('cw.app.lang')) localStorage.setItem('cw.app.lang', 'en');
  });
  return { context, page: await context.newPage() };
}

/** An access token from the API (the app client when `client` is 'app'). */
export async function apiToken(baseUrl: string, username: string, client: 'app' | 'portal'): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/oauth-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(client === 'app' ? { 'x-client': 'app' } : {}) },
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

/**
 * A phone whose network the test can cut. Chromium's offline emulation (and even a context route that aborts every
 * request) is not enough once a service worker controls the page: the page sees a failed request while the worker's
 * fallback still reaches the server. So the phone talks to the server through a TCP relay of the test's own; cutting
 * the network closes the relay (every connection refused or reset, WebSocket included) and tells the browser it is
 * offline (`navigator.onLine`, the `offline` / `online` events).
 */
export type NetworkPhone = {
  context: BrowserContext;
  page: Page;
  url: string;
  offline(): Promise<void>;
  online(): Promise<void>;
};

export async function phoneWithNetwork(browser: Browser, baseUrl: string): Promise<NetworkPhone> {
  const target = new URL(baseUrl);
  let up = true;
  const open = new Set<net.Socket>();
  const relay = net.createServer((client) => {
    if (!up) {
      client.destroy();
      return;
    }
    const server = net.connect(Number(target.port), target.hostname);
    open.add(client);
    open.add(server);
    const drop = () => {
      client.destroy();
      server.destroy();
      open.delete(client);
      open.delete(server);
    };
    client.on('error', drop).on('close', drop);
    server.on('error', drop).on('close', drop);
    client.pipe(server);
    server.pipe(client);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(relay.address() as net.AddressInfo).port}`;
  const { context, page } = await phone(browser, url);
  context.on('close', () => {
    relay.close();
    for (const s of open) s.destroy();
  });
  return {
    context,
    page,
    url,
    async offline() {
      up = false;
      for (const sock of open) sock.destroy();
      open.clear();
      await context.setOffline(true);
    },
    async online() {
      up = true;
      await context.setOffline(false);
    },
  };
}
