// `npm run bench`: one JSON line per benchmark, {"bench", "value", "unit", "baseline", "baseline_value", "ratio"}.
// Runs on real PostgreSQL (BENCH_DATABASE_URL, default the local server) in a fresh database.
// `npm run bench -- ingest chart-year` runs only the named benchmarks (login, authed-call, ingest, patient-list, chart-year, import, alert-latency, reminders, storage, lighthouse).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createServer } from '../apps/server/src/server.ts';
import { migrate, openPg } from '../apps/server/src/platform/db.ts';
import { seedDemo, DEMO_PASSWORD } from '../apps/server/src/modules/seed/demo.ts';
import { RecordingDb, login, note, type Bench } from './lib.ts';
import { benchIngest } from './ingest.ts';
import { benchPatientList, insertBenchPatients } from './patient-list.ts';
import { benchChartYear } from './chart-year.ts';
import { benchImport } from './import.ts';
import { benchAlertLatency } from './alert-latency.ts';
import { benchReminders } from './reminders.ts';
import { benchStorage } from './storage.ts';
import { benchLighthouse } from './lighthouse.ts';
import { benchFirstLoad } from './first-load.ts';

// The benchmarks sign in and upload far more often than a person (the login benchmark: 40 times as one account):
// high rate limits for every server they start, read by loadConfig (the limits' own cost is still measured).
for (const g of ['SIGNIN', 'UPLOAD']) process.env[`RATE_LIMIT_${g}`] ??= '1000000/1000000';

const adminUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `cw_bench_${crypto.randomBytes(4).toString('hex')}`;
const only = process.argv.slice(2);
const wanted = (b: string) => only.length === 0 || only.includes(b);
/** Runs one benchmark; a failure is reported on stderr and the others still run. */
async function run(bench: string, fn: () => Promise<void>) {
  if (!wanted(bench)) return;
  const t0 = performance.now();
  try {
    await fn();
  } catch (e) {
    process.exitCode = 1;
    note(`${bench} FAILED: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
  }
  note(`${bench}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

function p(values: number[], q: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
}
const line = (bench: string, value: number, unit: string, baseline: string, baselineValue: number) =>
  console.log(
    JSON.stringify({
      bench,
      value: +value.toFixed(3),
      unit,
      baseline,
      baseline_value: +baselineValue.toFixed(3),
      ratio: +(value / baselineValue).toFixed(3),
    }),
  );

async function main() {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const dbUrl = u.toString();
  const db = await openPg(dbUrl, 10);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-bench-'));
  try {
    await migrate(db);
    // The demo tenants and accounts without their month of vitals (the benchmarks bring their own data).
    await seedDemo(db, { vitalsDays: 0 });
    const rec = new RecordingDb(db);
    const started = await createServer({
      db: rec,
      config: { seedDemo: false, dataDir, port: 0, host: '127.0.0.1', mqttPort: 'off', mqttUrl: undefined },
      jobs: false,
    });
    await started.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = started.app.server.address() as import('node:net').AddressInfo;
    const base = `http://127.0.0.1:${addr.port}`;

    const [tenant] = await db.query<{ id: string }>(`select id from tenants where code = 'demo'`);
    const b: Bench = { base, db, rec, tenantId: tenant!.id, dbUrl, tmp: dataDir };

    await run('login', async () => {
      // login: password grant (argon2id verify dominates) vs one argon2id hash verify alone.
      const { verify, hash } = await import('@node-rs/argon2');
      const h = await hash(DEMO_PASSWORD);
      const N_LOGIN = 40;
      let t0 = performance.now();
      for (let i = 0; i < N_LOGIN; i++) await verify(h, DEMO_PASSWORD);
      const verifyMs = (performance.now() - t0) / N_LOGIN;
      t0 = performance.now();
      for (let i = 0; i < N_LOGIN; i++) {
        const res = await fetch(`${base}/api/auth/oauth-token`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            tenant: 'demo',
            username: 'doctor@demo.test',
            password: DEMO_PASSWORD,
            grant_type: 'password',
          }),
        });
        await res.json();
      }
      line('login', (performance.now() - t0) / N_LOGIN, 'ms', 'argon2id-verify', verifyMs);
    });

    await run('authed-call', async () => {
      const token = await login(base, 'doctor@demo.test');
      // authenticated call: p95 of GET profile over HTTP (token check, session+permissions query, profile query) vs the profile SQL alone.
      const N = 2000;
      const httpTimes: number[] = [];
      for (let i = 0; i < N; i++) {
        const s = performance.now();
        const res = await fetch(`${base}/api/account/me/profile/get`, {
          headers: { authorization: `Bearer ${token}` },
        });
        await res.arrayBuffer();
        httpTimes.push(performance.now() - s);
      }
      const sqlTimes: number[] = [];
      for (let i = 0; i < N; i++) {
        const s = performance.now();
        await db.query(
          "select id, email, first_name, last_name from users where tenant_id = (select id from tenants where code = 'demo') and email = 'doctor@demo.test'",
        );
        sqlTimes.push(performance.now() - s);
      }
      line('authed-call-p95', p(httpTimes, 0.95), 'ms', 'profile-sql-p95', p(sqlTimes, 0.95));
    });

    await run('ingest', () => benchIngest(b));
    await run('patient-list', async () => {
      await insertBenchPatients(b);
      await benchPatientList(b);
    });
    await run('chart-year', () => benchChartYear(b));
    await run('import', () => benchImport(b));
    await run('alert-latency', () => benchAlertLatency(b));
    await run('reminders', () => benchReminders(b));
    await run('storage', () => benchStorage(b));
    await run('lighthouse', () => benchLighthouse(b));
    await run('first-load-js', async () => benchFirstLoad());
    await started.close();
  } finally {
    await db.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
