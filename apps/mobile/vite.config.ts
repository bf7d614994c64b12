import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';

/** Lists every built file in precache.json: the service worker caches them all at install (lazy chunks included). */
function precacheList(): Plugin {
  return {
    name: 'carewatch-precache-list',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = Object.keys(bundle)
        .filter((f) => /\.(js|css|svg|png|webp|woff2?)$/.test(f))
        .sort();
      this.emitFile({ type: 'asset', fileName: 'precache.json', source: JSON.stringify(files) });
    },
  };
}

export default defineConfig({
  base: '/app/',
  plugins: [react(), precacheList()],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1200 },
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
});
