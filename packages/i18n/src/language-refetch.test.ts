import { describe, expect, test } from 'vitest';
import { createInstance } from 'i18next';
import { QueryClient } from '@tanstack/query-core';
import { refetchOnLanguageChange } from './language-refetch.ts';

describe('a language change refetches what the server wrote in the old one', () => {
  test('cached answers go stale when the language changes, not when the same one is set again', async () => {
    const i18n = createInstance();
    await i18n.init({ lng: 'en', resources: { en: { translation: {} }, vi: { translation: {} } } });
    const client = new QueryClient();
    client.setQueryData(['alerts'], { items: [{ patientName: 'Phuong Hoang' }] });
    const stop = refetchOnLanguageChange(i18n, client);
    const stale = () => client.getQueryState(['alerts'])?.isInvalidated;

    await i18n.changeLanguage('en');
    expect(stale()).toBe(false);
    await i18n.changeLanguage('vi');
    expect(stale()).toBe(true);

    stop();
    client.setQueryData(['alerts'], { items: [{ patientName: 'Hoang Phuong' }] });
    await i18n.changeLanguage('en');
    expect(stale()).toBe(false);
  });

  test('the first language i18next starts with is not a switch (restored answers stay as they are)', async () => {
    const i18n = createInstance();
    const client = new QueryClient();
    refetchOnLanguageChange(i18n, client);
    client.setQueryData(['profile'], { timezone: 'Asia/Ho_Chi_Minh' });
    await i18n.init({ lng: 'vi', resources: { vi: { translation: {} } } });
    expect(client.getQueryState(['profile'])?.isInvalidated).toBe(false);
  });
});
