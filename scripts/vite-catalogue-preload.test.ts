import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { describe, expect, test } from 'vitest';
import type { Plugin } from 'vite';
import { portalEn } from '@carewatch/i18n/portal-en';
import { portalVi } from '@carewatch/i18n/portal-vi';
import { SUPPORTED_LANGUAGES } from '@carewatch/contracts/rules';
import { LANGUAGE_STORAGE_KEY } from '@carewatch/i18n/language';
import { APP_LANGUAGE_KEY, APP_LANGUAGES } from '../apps/mobile/src/app/i18n.ts';
import portalConfig from '../apps/portal/vite.config.ts';
import mobileConfig from '../apps/mobile/vite.config.ts';
import { cataloguePreload, prefetchScript, type CataloguePreloadOptions } from './vite-catalogue-preload.ts';

type Emitted = { fileName: string; source: string };

/** Runs the plugin's build hooks as Vite would (base, root), collecting what it emits and the tags it adds. */
async function build(plugin: Plugin, base = '/'): Promise<{ files: Emitted[]; tags: unknown }> {
  const files: Emitted[] = [];
  const ctx = {
    emitFile: (f: Emitted) => void files.push(f),
    error: (message: string) => {
      throw new Error(message);
    },
  };
  const hook = <T>(h: unknown): T => (typeof h === 'function' ? h : (h as { handler: T }).handler) as T;
  hook<(c: unknown) => void>(plugin.configResolved)({ base, root: process.cwd() });
  await hook<(this: unknown) => Promise<void>>(plugin.buildStart).call(ctx);
  const tags = hook<() => unknown>(plugin.transformIndexHtml)();
  return { files, tags };
}

/** The built script run as a page would, with this stored language (or a storage that throws) and this fetch. */
function runScript(source: string, stored: string | null | Error, fetchImpl: (url: string) => Promise<unknown>) {
  const asked: string[] = [];
  const window: { cwCatalogue?: { lang: string; json: Promise<unknown> } } = {};
  const localStorage = {
    getItem: () => {
      if (stored instanceof Error) throw stored;
      return stored;
    },
  };
  const fetch = (url: string) => {
    asked.push(url);
    return fetchImpl(url);
  };
  vm.runInNewContext(source, { window, localStorage, fetch, Object, Error });
  return { asked, early: window.cwCatalogue };
}

const ok = (body: unknown) => async () => ({ ok: true, status: 200, json: async () => body });

describe('catalogue preload (build)', () => {
  const plugin = () =>
    cataloguePreload({
      storageKey: 'cw.lang',
      defaultLanguage: 'en',
      catalogues: {
        en: { module: '@carewatch/i18n/portal-en', exportName: 'portalEn' },
        vi: { module: '@carewatch/i18n/portal-vi', exportName: 'portalVi' },
      },
    });

  test('each language becomes a content-named JSON file holding exactly its catalogue, and the page loads the script first', async () => {
    const { files, tags } = await build(plugin(), '/app/');
    const en = files.find((f) => /^assets\/catalogue-en-[0-9a-f]{10}\.json$/.test(f.fileName));
    const vi = files.find((f) => /^assets\/catalogue-vi-[0-9a-f]{10}\.json$/.test(f.fileName));
    expect(JSON.parse(en!.source)).toEqual(portalEn);
    expect(JSON.parse(vi!.source)).toEqual(portalVi);
    const script = files.find((f) => /^assets\/catalogue-[0-9a-f]{10}\.js$/.test(f.fileName))!;
    expect(script.source).toContain(`/app/${en!.fileName}`);
    expect(tags).toEqual([
      {
        tag: 'script',
        attrs: { async: true, fetchpriority: 'high', src: `/app/${script.fileName}` },
        injectTo: 'head-prepend',
      },
    ]);
    // The same texts give the same names (a rebuild keeps browsers' and the service worker's copies).
    expect((await build(plugin(), '/app/')).files.map((f) => f.fileName)).toEqual(files.map((f) => f.fileName));
  });

  test('a catalogue JSON cannot carry exactly (a function in it) fails the build', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-catalogue-'));
    const file = path.join(dir, 'bad.ts');
    fs.writeFileSync(file, "export const bad = { title: 'x', format: () => 'y' };\n");
    const bad = cataloguePreload({
      storageKey: 'k',
      defaultLanguage: 'en',
      catalogues: { en: { module: file, exportName: 'bad' } },
    });
    await expect(build(bad)).rejects.toThrow(/is not plain JSON data/);
  });
});

/** The catalogue options an app's vite.config.ts gives the plugin. */
function optionsOf(config: { plugins?: unknown[] }): CataloguePreloadOptions {
  const plugin = (config.plugins ?? [])
    .flat(2)
    .find((p): p is Plugin => (p as Plugin | null)?.name === 'carewatch-catalogue-preload');
  return (plugin!.api as { options: CataloguePreloadOptions }).options;
}

describe('catalogue preload (each app)', () => {
  // The vite.config lists are a second copy of each app's i18n (src/app/i18n.ts): one drifting would not break the
  // app (it falls back to the chunks) but would silently lose the early download.
  test.each([
    ['portal', portalConfig, LANGUAGE_STORAGE_KEY, SUPPORTED_LANGUAGES],
    ['patient app', mobileConfig, APP_LANGUAGE_KEY, APP_LANGUAGES],
  ])('the %s builds the catalogues of its languages under the key its i18n reads', async (_app, config, key, langs) => {
    const options = optionsOf(config);
    expect(options.storageKey).toBe(key);
    expect(Object.keys(options.catalogues).sort()).toEqual([...langs].sort());
    expect(langs).toContain(options.defaultLanguage);
    for (const source of Object.values(options.catalogues)) {
      const mod = (await import(source.module)) as Record<string, unknown>;
      expect(typeof mod[source.exportName], `${source.module}#${source.exportName}`).toBe('object');
    }
  });
});

describe('catalogue preload (the page script)', () => {
  const urls = { en: '/assets/catalogue-en-1.json', vi: '/assets/catalogue-vi-2.json' };
  const source = prefetchScript('cw.lang', 'en', urls);

  test('the stored language is fetched at once and offered to the app', async () => {
    const { asked, early } = runScript(source, 'vi', ok({ hello: 'xin chào' }));
    expect(asked).toEqual(['/assets/catalogue-vi-2.json']);
    expect(early?.lang).toBe('vi');
    await expect(early?.json).resolves.toEqual({ hello: 'xin chào' });
  });

  test('nothing stored, an unknown language or a storage that throws (private mode) give the default', () => {
    for (const stored of [null, 'fr', 'can', 'constructor', new Error('denied')]) {
      const { asked, early } = runScript(source, stored, ok({}));
      expect(asked, String(stored)).toEqual(['/assets/catalogue-en-1.json']);
      expect(early?.lang).toBe('en');
    }
  });

  test('a failed download rejects for the app to fall back on (an error answer as much as no network)', async () => {
    const notFound = runScript(source, 'en', async () => ({ ok: false, status: 404, json: async () => ({}) }));
    await expect(notFound.early?.json).rejects.toThrow('catalogue 404');
    const offline = runScript(source, 'en', async () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(offline.early?.json).rejects.toThrow('Failed to fetch');
  });
});
