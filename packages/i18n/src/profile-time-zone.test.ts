import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { QueryClient } from '@tanstack/query-core';
import { displayTimeZone, formatDateTime, setDisplayTimeZone } from './datetime.ts';
import { applyProfileTimeZone, onProfileChange } from './profile-time-zone.ts';

class MemoryStorage {
  private data = new Map<string, string>();
  getItem(k: string) {
    return this.data.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.data.set(k, v);
  }
  removeItem(k: string) {
    this.data.delete(k);
  }
  clear() {
    this.data.clear();
  }
}

const KEY = 'cw.test.tz';
const AT = '2026-11-24T03:51:51.000Z';
const profile = (timezone: string) => ({ id: 'u1', firstName: 'Duc', lastName: 'Nguyen', timezone });

beforeEach(() => {
  Object.defineProperty(globalThis, 'localStorage', { value: new MemoryStorage(), configurable: true });
  setDisplayTimeZone(undefined);
});
afterEach(() => setDisplayTimeZone(undefined));

describe('the display zone follows the cached profile', () => {
  test('a profile put into the cache without a fetch (restored offline, written back after a save) sets the zone', () => {
    const client = new QueryClient();
    client.setQueryData(['profile'], profile('Asia/Ho_Chi_Minh'));
    expect(applyProfileTimeZone(client, KEY)).toBe('Asia/Ho_Chi_Minh');
    expect(formatDateTime(AT)).toBe('24/11/2026 10:51:51');
  });

  test('a change of the cached profile is announced, and the zone moves with it', () => {
    const client = new QueryClient();
    client.setQueryData(['profile'], profile('Asia/Ho_Chi_Minh'));
    applyProfileTimeZone(client, KEY);
    const seen: Array<string | undefined> = [];
    const stop = onProfileChange(client, () => seen.push(applyProfileTimeZone(client, KEY)));
    client.setQueryData(['other'], { timezone: 'Europe/Paris' });
    expect(seen).toEqual([]);
    // The account page saves America/Toronto and writes the answer back.
    client.setQueryData(['profile'], profile('America/Toronto'));
    expect(seen.at(-1)).toBe('America/Toronto');
    expect(formatDateTime(AT)).toBe('23/11/2026 22:51:51');
    stop();
  });

  test('before any profile (a reload), the zone the last profile had on this device; never seen: the device\u2019s own', () => {
    expect(applyProfileTimeZone(new QueryClient(), KEY)).toBeUndefined();
    const first = new QueryClient();
    first.setQueryData(['profile'], profile('Asia/Ho_Chi_Minh'));
    applyProfileTimeZone(first, KEY);
    setDisplayTimeZone(undefined);
    // The page reloads: a new cache, the profile not answered yet.
    const reloaded = new QueryClient();
    expect(applyProfileTimeZone(reloaded, KEY)).toBe('Asia/Ho_Chi_Minh');
    expect(formatDateTime(AT)).toBe('24/11/2026 10:51:51');
  });

  test('sign-out removes the profile: the last zone stays until the next user\u2019s profile arrives', () => {
    const client = new QueryClient();
    client.setQueryData(['profile'], profile('Asia/Ho_Chi_Minh'));
    applyProfileTimeZone(client, KEY);
    let changes = 0;
    const stop = onProfileChange(client, () => {
      changes++;
    });
    client.removeQueries();
    expect(changes).toBeGreaterThan(0);
    expect(applyProfileTimeZone(client, KEY)).toBe('Asia/Ho_Chi_Minh');
    client.setQueryData(['profile'], profile('America/Toronto'));
    expect(applyProfileTimeZone(client, KEY)).toBe('America/Toronto');
    stop();
  });

  test('a zone this runtime does not know is not used', () => {
    const client = new QueryClient();
    client.setQueryData(['profile'], profile('Mars/Olympus_Mons'));
    expect(applyProfileTimeZone(client, KEY)).toBe(displayTimeZone());
    expect(applyProfileTimeZone(client, KEY)).toBeUndefined();
    expect(localStorage.getItem(KEY)).toBeNull();
  });
});
