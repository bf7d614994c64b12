import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { cataloguePreload } from '../../scripts/vite-catalogue-preload.ts';

/** Lists every built file in precache.json: the service worker caches them all at install (lazy chunks included). */
function precacheList(): Plugin {
  return {
    name: 'carewatch-precache-list',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = Object.keys(bundle)
        .filter((f) => /\.(js|json|css|svg|png|webp|woff2?)$/.test(f))
        .sort();
      this.emitFile({ type: 'asset', fileName: 'precache.json', source: JSON.stringify(files) });
    },
  };
}

/**
 * The photo entry's fallback OCR (tesseract.js): its worker, WebAssembly core and English model, from the installed
 * packages into dist/ocr/ — served by our server, never fetched from a CDN. Written after the bundle, so they are not in
 * precache.json (downloaded only when a photo needs them) and add nothing to the first load.
 */
function ocrAssets(): Plugin {
  const require = createRequire(import.meta.url);
  const files: Array<[string, string]> = [
    [require.resolve('tesseract.js/dist/worker.min.js'), 'worker.min.js'],
    [require.resolve('tesseract.js-core/tesseract-core-lstm.wasm.js'), 'tesseract-core-lstm.wasm.js'],
    [
      path.join(path.dirname(require.resolve('@tesseract.js-data/eng')), '4.0.0_best_int', 'eng.traineddata.gz'),
      'eng.traineddata.gz',
    ],
  ];
  let outDir = 'dist';
  return {
    name: 'carewatch-ocr-assets',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // `vite` (dev): the same files at the same address.
    configureServer(server) {
      server.middlewares.use('/app/ocr/', (req, res, next) => {
        const file = files.find(([, name]) => req.url === `/${name}`);
        if (!file) return next();
        res.setHeader('content-type', file[1].endsWith('.js') ? 'text/javascript' : 'application/octet-stream');
        fs.createReadStream(file[0]).pipe(res);
      });
    },
    writeBundle() {
      fs.mkdirSync(path.join(outDir, 'ocr'), { recursive: true });
      for (const [from, to] of files) fs.copyFileSync(from, path.join(outDir, 'ocr', to));
    },
  };
}

export default defineConfig({
  base: '/app/',
  plugins: [
    react(),
    // The first screen's catalogue downloads beside the entry (keys and modules as in src/app/i18n.ts); the JSON files
    // are in precache.json, so an offline start finds them in the service worker's cache.
    cataloguePreload({
      storageKey: 'cw.app.lang',
      defaultLanguage: 'en',
      catalogues: {
        en: { module: '@carewatch/i18n/app/en', exportName: 'appEn' },
        'en-CA': { module: '@carewatch/i18n/app/en-ca', exportName: 'appEnCa' },
        vi: { module: '@carewatch/i18n/app/vi', exportName: 'appVi' },
      },
    }),
    precacheList(),
    ocrAssets(),
  ],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1200 },
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
});
