import path from 'node:path';

// Set by scripts/build-server.mjs (esbuild `define`) in the compiled server: the way from the bundle's directory
// (apps/server/dist, or wherever the build was written) back to apps/server. Absent when running the TypeScript sources.
declare const __CAREWATCH_SERVER_DIR_FROM_BUNDLE__: string | undefined;

/**
 * apps/server (holding migrations/): found from this module's own directory, which is src/platform when the sources
 * run (tsx, tests) and the bundle's directory when the compiled server runs — the same relative path cannot serve both.
 */
export const SERVER_DIR =
  typeof __CAREWATCH_SERVER_DIR_FROM_BUNDLE__ === 'string'
    ? path.resolve(import.meta.dirname, __CAREWATCH_SERVER_DIR_FROM_BUNDLE__)
    : path.resolve(import.meta.dirname, '../..');

/** The repository's root (the web apps' builds are in apps/portal/dist and apps/mobile/dist below it). */
export const REPO_ROOT = path.resolve(SERVER_DIR, '../..');
