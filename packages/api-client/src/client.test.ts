import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ApiError, createApiClient } from './client.ts';

class MemoryStorage {
  readonly m = new Map<string, string>();
  getItem(k: string) {
    return this.m.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.m.set(k, v);
  }
  removeItem(k: string) {
    this.m.delete(k);
  }
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const expired = () => json(401, { code: 'SESSION_EXPIRED', message: 'expired' });

describe('an expired access token on a bad network', () => {
  beforeEach(() => {
    vi.stubGlobal('localStorage', new MemoryStorage());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  test('the refresh getting no answer is a network error, not the end of the session', async () => {
    const ended: ApiError[] = [];
    const client = createApiClient({ onAuthError: (e) => ended.push(e) });
    client.tokens.store({ access_token: 'a', refresh_token: 'r', token_type: 'bearer', expires_in: 900 } as never);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (String(url).endsWith('/refresh-token')) throw new TypeError('Failed to fetch');
        return expired();
      }),
    );
    const err = await client.request('GET', '/api/account/me/alerts').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe('NETWORK');
    expect(ended).toHaveLength(0);
    expect(client.tokens.has()).toBe(true);
    expect(await client.refresh()).toBe(false);
  });

  test('a refresh the server refuses ends the session, as before', async () => {
    const ended: ApiError[] = [];
    const client = createApiClient({ onAuthError: (e) => ended.push(e) });
    client.tokens.store({ access_token: 'a', refresh_token: 'r', token_type: 'bearer', expires_in: 900 } as never);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        String(url).endsWith('/refresh-token') ? json(401, { code: 'UNAUTHORIZED', message: 'no' }) : expired(),
      ),
    );
    const err = await client.request('GET', '/api/account/me/alerts').catch((e: unknown) => e);
    expect((err as ApiError).status).toBe(401);
    expect(ended).toHaveLength(1);
    expect(client.tokens.has()).toBe(false);
  });
});
