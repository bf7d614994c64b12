import { beforeEach, describe, expect, test } from 'vitest';
import { saveLanguage, storedLanguage, LANGUAGE_STORAGE_KEY } from './language.ts';

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

describe('language helper', () => {
  beforeEach(() => {
    Object.defineProperty(globalThis, 'localStorage', { value: new MemoryStorage(), configurable: true });
  });
  test('defaults to English', () => expect(storedLanguage()).toBe('en'));
  test("'can' maps to English, unsupported falls back to English", () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'can');
    expect(storedLanguage()).toBe('en');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    expect(storedLanguage()).toBe('en');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'vi');
    expect(storedLanguage()).toBe('vi');
  });
  test('saveLanguage refuses unsupported languages', () => {
    expect(saveLanguage('vi')).toBe(true);
    expect(storedLanguage()).toBe('vi');
    expect(saveLanguage('fr')).toBe(false);
    expect(storedLanguage()).toBe('vi');
  });
});
