import { defineConfig } from 'vitest/config';

/**
 * The suites sign in, send codes and upload thousands of times from 127.0.0.1: every server they start gets high
 * rate limits (read by loadConfig). The tests of the limits themselves configure low ones (safety/rate-limits).
 */
const RELAXED_RATE_LIMITS = Object.fromEntries(['SIGNIN', 'OTP', 'REGISTER', 'RESET', 'CONNECTION_TEST', 'UPLOAD'].map((g) => [`RATE_LIMIT_${g}`, '1000000/1000000']));

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'int',
          include: ['apps/server/src/**/*.int.test.ts'],
          globalSetup: ['apps/server/src/test-support/global-setup.ts'],
          env: RELAXED_RATE_LIMITS,
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // PGlite databases are large in memory: at most two files at once on these 2-core machines.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
      {
        test: {
          // Crash and fault-injection suites (issue 7): real server processes on real PostgreSQL, one file at a time
          // (they kill and time processes on a 2-core machine). CI size by default; `npm run test:soak` for the full counts.
          name: 'crash',
          include: ['apps/server/src/safety/*.crash.ts'],
          env: RELAXED_RATE_LIMITS,
          testTimeout: 900_000,
          hookTimeout: 300_000,
          fileParallelism: false,
          sequence: { groupOrder: 3 },
        },
      },
    ],
  },
});
