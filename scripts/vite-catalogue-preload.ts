// Vite plugin (build only) shared by both web apps: the language catalogue of the first screen is downloaded beside the
// entry script, not after it. Without it the page waits for the entry (~200 KB), runs it, and only then asks for the
// catalogue (one more round trip before anything is drawn).
//
// The build writes each language's catalogue as JSON (assets/catalogue-<lang>-<hash>.json) and a small classic script
// (assets/catalogue-<hash>.js, `async` in index.html) that reads the stored language and starts fetching that JSON at
// once. The app's i18n (packages/web/src/i18n.ts) takes the download when it is for the language it shows, and loads
// the language's own chunk otherwise (a switch later, dev, tests, or this fetch failing). The script is a file, not
// inline, because the Content Security Policy allows no inline script.
import crypto from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import type { Plugin } from 'vite';
import { tsImport } from 'tsx/esm/api';

/** Where a language's catalogue is: the module and its export (the object the app's dynamic import resolves to). */
export type CatalogueSource = { module: string; exportName: string };

export type CataloguePreloadOptions = {
  /** localStorage key of the app's language (the portal `cw.lang`, the patient app `cw.app.lang`). */
  storageKey: string;
  /** Shown when nothing (or an unknown language) is stored. */
  defaultLanguage: string;
  catalogues: Record<string, CatalogueSource>;
};

/** The global the script sets and packages/web/src/i18n.ts reads. */
export const PREFETCH_GLOBAL = 'cwCatalogue';

const hash = (text: string) => crypto.createHash('sha256').update(text).digest('hex').slice(0, 10);

/** The script's source: picks the stored language (the default when unknown) and starts its catalogue's download. */
export function prefetchScript(storageKey: string, defaultLanguage: string, urls: Record<string, string>): string {
  return `(function () {
  var urls = ${JSON.stringify(urls)};
  var lang = null;
  try { lang = localStorage.getItem(${JSON.stringify(storageKey)}); } catch (e) {}
  if (!lang || !Object.prototype.hasOwnProperty.call(urls, lang)) lang = ${JSON.stringify(defaultLanguage)};
  var json = fetch(urls[lang]).then(function (r) {
    if (!r.ok) throw new Error('catalogue ' + r.status);
    return r.json();
  });
  json.catch(function () {});
  window.${PREFETCH_GLOBAL} = { lang: lang, json: json };
})();
`;
}

export function cataloguePreload(options: CataloguePreloadOptions): Plugin {
  let base = '/';
  let root = process.cwd();
  let scriptFile = '';
  return {
    name: 'carewatch-catalogue-preload',
    apply: 'build',
    // Read by the test that holds each app's options to its own i18n (the same languages and storage key).
    api: { options },
    configResolved(config) {
      base = config.base;
      root = config.root;
    },
    async buildStart() {
      const urls: Record<string, string> = {};
      for (const [lang, source] of Object.entries(options.catalogues)) {
        const mod = (await tsImport(source.module, pathToFileURL(path.join(root, 'index.html')).href)) as Record<
          string,
          unknown
        >;
        const catalogue = mod[source.exportName];
        const json = JSON.stringify(catalogue);
        // A catalogue holding anything JSON cannot carry (a function, undefined) would lose it silently: fail instead.
        if (!catalogue || typeof catalogue !== 'object' || !isDeepStrictEqual(JSON.parse(json), catalogue))
          this.error(`${source.module}#${source.exportName} is not plain JSON data`);
        const fileName = `assets/catalogue-${lang.toLowerCase()}-${hash(json)}.json`;
        this.emitFile({ type: 'asset', fileName, source: json });
        urls[lang] = `${base}${fileName}`;
      }
      const script = prefetchScript(options.storageKey, options.defaultLanguage, urls);
      scriptFile = `assets/catalogue-${hash(script)}.js`;
      this.emitFile({ type: 'asset', fileName: scriptFile, source: script });
    },
    transformIndexHtml() {
      return [
        {
          tag: 'script',
          attrs: { async: true, fetchpriority: 'high', src: `${base}${scriptFile}` },
          injectTo: 'head-prepend',
        },
      ];
    },
  };
}
