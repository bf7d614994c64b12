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
 * (longest first, to the lightest shard); a new file counts as 15 s until measured.
 */
const E2E_SECONDS: Record<string, number> = {
  'mobile-a11y': 110,
  'mobile-medication': 75,
  a11y: 70,
  'mobile-alerts': 55,
  'mobile-sos': 42,
  'vitals-export': 15,
  'mobile-devices': 31,
  portal: 27,
  tenants: 23,
  staff: 21,
  appointments: 21,
  'mobile-contacts': 20,
  'ratings-announcements': 20,
  prescriptions: 19,
  'mobile-events': 18,
  patients: 16,
  'mobile-access': 16,
  org: 16,
  lifecycle: 15,
  schedules: 13,
  'mobile-metrics': 12,
  'mobile-profile': 12,
  'code-packages': 12,
  alerts: 11,
  devices: 10,
  lists: 10,
  'bulk-actions': 40,
  'saved-views': 25,
  roles: 10,
  'medication-missed': 10,
  'mobile-health-import': 10,
  billing: 9,
  followers: 8,
  doctors: 7,
  health: 7,
  realtime: 7,
  'patient-timeline': 7,
  worklist: 20,
  'mobile-entry': 5,
  'mobile-ocr': 55,
  firmware: 50,
  'mobile-sport': 45,
  'mobile-dashboards': 40,
  'mobile-finish': 20,
  'mobile-help': 25,
  timezone: 5,
  records: 9,
  webhooks: 10,
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
