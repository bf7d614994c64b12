import fs from 'node:fs';
import { defineConfig } from 'vitest/config';

/**
 * The suites sign in, send codes and upload thousands of times from 127.0.0.1: every server they start gets high
 * rate limits (read by loadConfig). The tests of the limits themselves configure low ones (safety/rate-limits).
 */
const RELAXED_RATE_LIMITS = Object.fromEntries(
  ['SIGNIN', 'OTP', 'REGISTER', 'RESET', 'CONNECTION_TEST', 'UPLOAD'].map((g) => [
    `RATE_LIMIT_${g}`,
    '1000000/1000000',
  ]),
);

/**
 * The browser suite may run as shards side by side: `E2E_SHARD=1/2` and `E2E_SHARD=2/2` in two processes, each with its
 * own server and database (CI does, so the suite fits its time). Files go to shards by their last measured seconds
 * (longest first, to the lightest shard), as CI measured them on 2026-11-28; a new file counts as 15 s until measured.
 */
const E2E_SECONDS: Record<string, number> = {
  a11y: 135,
  'mobile-a11y': 118,
  'mobile-medication': 117,
  'mobile-alerts': 56,
  'mobile-sos': 49,
  portal: 35,
  'mobile-devices': 34,
  'mobile-access': 33,
  schedules: 32,
  appointments: 27,
  'mobile-contacts': 26,
  'ratings-announcements': 26,
  'mobile-events': 23,
  tenants: 23,
  patients: 22,
  org: 22,
  staff: 22,
  'mobile-sport': 21,
  'mobile-profile': 20,
  lifecycle: 19,
  firmware: 18,
  prescriptions: 17,
  'vitals-export': 17,
  'medication-missed': 17,
  worklist: 17,
  'mobile-metrics': 16,
  followers: 15,
  lists: 15,
  'mobile-dashboards': 14,
  alerts: 14,
  records: 14,
  'code-packages': 13,
  'patient-timeline': 13,
  webhooks: 13,
  'mobile-ocr': 13,
  devices: 12,
  roles: 12,
  billing: 11,
  'bulk-actions': 11,
  health: 11,
  doctors: 10,
  'mobile-health-import': 10,
  'mobile-entry': 9,
  'mobile-finish': 9,
  'mobile-help': 9,
  'saved-views': 8,
  timezone: 8,
  realtime: 5,
  trial: 3,
};
function e2eInclude(): string[] {
  const m = /^(\d+)\/(\d+)$/.exec(process.env.E2E_SHARD ?? '');
  if (!m) return ['e2e/**/*.e2e.ts'];
  const [index, count] = [Number(m[1]), Number(m[2])];
  const files = fs
    .readdirSync(new URL('./e2e', import.meta.url))
    .filter((f) => f.endsWith('.e2e.ts'))
    .sort();
  const weight = (f: string) => E2E_SECONDS[f.replace('.e2e.ts', '')] ?? 15;
  const shards = Array.from({ length: count }, () => ({ files: [] as string[], total: 0 }));
  for (const f of [...files].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b))) {
    const lightest = shards.reduce((min, sh) => (sh.total < min.total ? sh : min));
    lightest.files.push(`e2e/${f}`);
    lightest.total += weight(f);
  }
  return shards[index - 1]?.files ?? [];
}

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'scripts/**/*.test.ts'],
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
          // Files share their worker's module graph (each still opens its own database and app): importing the server
          // per file cost 250–350 s a run. The files keep no state in modules (no mocks, no env changes).
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'e2e',
          include: e2eInclude(),
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // A poll right after a navigation or a submit waits for the page, not 1 s: CI's machine runs two browsers and
          // two servers on 2 cores, where a screen can take seconds.
          expect: { poll: { timeout: 10_000 } },
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
