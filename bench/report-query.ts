// Report query timing (issue 18): the health report's per-local-day aggregates (`localDailyAggregates`, what the
// app's week/month/year report reads) over a year of per-minute heart rate for one patient, on real PostgreSQL.
// `node --import tsx bench/report-query.ts [--compact]`: --compact first moves readings older than 7 days to the cold
// store (after issue 18's migration 044), so the report reads them back from the arrays.
import crypto from 'node:crypto';
import pg from 'pg';
import { migrate, openPg } from '../apps/server/src/platform/db.ts';
import { newId } from '../apps/server/src/platform/ids.ts';
import { insertMeasurements, type MeasurementRow } from '../apps/server/src/modules/vitals/measurements.repo.ts';
import { localDailyAggregates } from '../apps/server/src/modules/vitals/vitals.repo.ts';
import { median, note } from './lib.ts';

const MINUTES = 525_600;
const RUNS = 7;
const adminUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `cw_bench_report_${crypto.randomBytes(4).toString('hex')}`;

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const u = new URL(adminUrl);
u.pathname = `/${name}`;
const db = await openPg(u.toString(), 4);
try {
  await migrate(db);
  const tenantId = newId();
  await db.query(`insert into tenants (id, code, name) values ($1, 'rq', 'Report query')`, [tenantId]);
  const patientId = newId();
  await db.query(`insert into patients (id, tenant_id, first_name, last_name) values ($1, $2, 'R', 'Q')`, [
    patientId,
    tenantId,
  ]);
  const end = Math.floor(Date.now() / 86_400_000) * 86_400_000;
  const from = end - MINUTES * 60_000;
  const now = new Date();
  for (let i = 0; i < MINUTES; i += 5000) {
    const rows: MeasurementRow[] = [];
    for (let j = i; j < Math.min(MINUTES, i + 5000); j++) {
      const t = from + j * 60_000;
      rows.push({
        patientId,
        metric: 'heart_rate',
        measuredAt: new Date(t),
        source: 'watch',
        value: Math.round(62 + 6 * Math.sin(j / 37)),
        value2: null,
        data: null,
        deviceId: null,
      });
    }
    await insertMeasurements(db, tenantId, rows, now);
  }
  if (process.argv.includes('--compact')) {
    const m = await import('../apps/server/src/modules/vitals/measurement-storage.ts');
    const t0 = performance.now();
    const r = await m.compactMeasurements(db, { now });
    note(
      `report-query: compacted ${r.readings} readings into ${r.days} day rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
  }
  await db.query('analyze');
  const tz = 'Asia/Ho_Chi_Minh';
  for (const [label, days] of [
    ['month', 31],
    ['year', 365],
  ] as const) {
    const a = new Date(end - days * 86_400_000);
    const b = new Date(end);
    const times: number[] = [];
    let n = 0;
    for (let i = 0; i < RUNS; i++) {
      const s = performance.now();
      const rows = await localDailyAggregates(db, tenantId, patientId, 'heart_rate', a, b, tz);
      times.push(performance.now() - s);
      n = rows.reduce((x, r) => x + r.n, 0);
    }
    console.log(
      JSON.stringify({ bench: `report-query-${label}`, value: +median(times).toFixed(3), unit: 'ms', readings: n }),
    );
  }
} finally {
  await db.close();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
