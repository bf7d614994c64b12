import fs from 'node:fs';
import { defineConfig } from 'vitest/config';

/**
 * The suites sign in, send codes and upload thousands of times from 127.0.0.1: every server they start gets high
 * rate limits (read by loadConfig). The tests of the limits themselves configure low ones (safety/rate-limits).
 */
const RELAXED_RATE_LIMITS = Object.fromEntries(['SIGNIN', 'OTP', 'REGISTER', 'RESET', 'CONNECTION_TEST', 'UPLOAD'].map((g) => [`RATE_LIMIT_${g}`, '1000000/1000000']));

/**
 * The browser suite may run as E2E_SHARDS projects (e2e, e2e-2, …), each with its own server and database, side by side:
 * CI uses 2 so the suite fits its time. Files go to shards by their last measured seconds (longest first, to the
 * lightest shard); a new file counts as 20 s until measured.
 */
const E2E_SECONDS: Record<string, number> = {
  portal: 38, 'ratings-announcements': 26, staff: 25, org: 23, patients: 23, lifecycle: 20, 'mobile-metrics': 19, 'mobile-profile': 19,
  'medication-missed': 16, alerts: 16, roles: 15, 'vitals-export': 14, billing: 14, followers: 13, 'code-packages': 13, devices: 13,
  records: 12, webhooks: 12, doctors: 12, 'mobile-health-import': 12, health: 11, 'mobile-entry': 9, timezone: 9, realtime: 6, trial: 3,
  a11y: 90, 'mobile-sos': 30,
};
const E2E_SHARDS = Math.max(1, Math.min(4, Number(process.env.E2E_SHARDS) || 1));
function e2eShards(): string[][] {
  const files = fs.readdirSync(new URL('./e2e', import.meta.url)).filter((f) => f.endsWith('.e2e.ts')).sort();
  const weight = (f: string) => E2E_SECONDS[f.replace('.e2e.ts', '')] ?? 20;
  const shards = Array.from({ length: E2E_SHARDS }, () => ({ files: [] as string[], total: 0 }));
  for (const f of [...files].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b))) {
    const lightest = shards.reduce((m, s) => (s.total < m.total ? s : m));
    lightest.files.push(`e2e/${f}`);
    lightest.total += weight(f);
  }
  return shards.map((s) => s.files);
}
const e2eProjects = (E2E_SHARDS === 1 ? [['e2e/**/*.e2e.ts']] : e2eShards()).map((include, i) => ({
  test: {
    name: i === 0 ? 'e2e' : `e2e-${i + 1}`,
    include,
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    sequence: { groupOrder: 2 },
  },
}));

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
      ...e2eProjects,
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
