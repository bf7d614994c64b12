import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { cataloguePreload } from '../../scripts/vite-catalogue-preload.ts';

export default defineConfig({
  base: '/',
  plugins: [
    react(),
    // The first screen's catalogue downloads beside the entry (keys and modules as in src/app/i18n.ts).
    cataloguePreload({
      storageKey: 'cw.lang',
      defaultLanguage: 'en',
      catalogues: {
        en: { module: '@carewatch/i18n/portal-en', exportName: 'portalEn' },
        vi: { module: '@carewatch/i18n/portal-vi', exportName: 'portalVi' },
      },
    }),
  ],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1200 },
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true } },
  },
});
