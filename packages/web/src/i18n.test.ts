import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import i18n from 'i18next';
import { createCatalogues } from './i18n.ts';

type Early = { lang: string; json: Promise<Record<string, unknown>> };
const g = globalThis as unknown as { window?: { cwCatalogue?: Early }; document?: unknown };

/** A page as the built index.html leaves it: its first script may have started the catalogue's download. */
function page(early?: Early) {
  g.window = early ? { cwCatalogue: early } : {};
  g.document = { documentElement: { lang: '' } };
}

function loaders() {
  const asked: string[] = [];
  const load = (lng: string) => async () => {
    asked.push(lng);
    return { title: `${lng} from its chunk` };
  };
  return { asked, catalogues: createCatalogues({ en: load('en'), vi: load('vi') }) };
}

describe('the first catalogue', () => {
  beforeEach(() => page());
  afterEach(() => {
    delete g.window;
    delete g.document;
  });

  test('the download the page started is used when it is for the language shown (its chunk is not loaded)', async () => {
    page({ lang: 'vi', json: Promise.resolve({ title: 'vi from the page' }) });
    const { asked, catalogues } = loaders();
    await catalogues.initI18n('vi');
    expect(i18n.t('title')).toBe('vi from the page');
    expect(asked).toEqual([]);
    expect(g.window?.cwCatalogue).toBeUndefined();
  });

  test('a download for another language is left alone: the chunk of the language shown loads', async () => {
    page({ lang: 'en', json: Promise.resolve({ title: 'en from the page' }) });
    const { asked, catalogues } = loaders();
    await catalogues.initI18n('vi');
    expect(i18n.t('title')).toBe('vi from its chunk');
    expect(asked).toEqual(['vi']);
  });

  test('a failed download falls back to the chunk; no download at all (dev, tests) loads the chunk', async () => {
    page({ lang: 'vi', json: Promise.reject(new Error('catalogue 404')) });
    const first = loaders();
    await first.catalogues.initI18n('vi');
    expect(i18n.t('title')).toBe('vi from its chunk');
    expect(first.asked).toEqual(['vi']);

    page();
    const second = loaders();
    await second.catalogues.initI18n('en');
    expect(i18n.t('title')).toBe('en from its chunk');
    expect(second.asked).toEqual(['en']);
  });
});
