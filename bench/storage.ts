// storage (issue 18): bytes per stored reading for a month of per-minute vitals, on real PostgreSQL, in a database of
// its own (the other benchmarks' rows would blur the sizes). 20 patients × 3 metrics (heart rate, SpO2, temperature)
// × 30 days × 1,440 minutes = 2,592,000 readings from a device, stored through insertMeasurements (as ingest stores
// them: rows, hourly rollup, latest values), then compacted as the storage job does (days older than 7 days into
// the cold store). Sizes are pg_total_relation_size (table, indexes, TOAST) summed over each table's partitions.
import pg from 'pg';
import { migrate, openPg } from '../apps/server/src/platform/db.ts';
import { newId } from '../apps/server/src/platform/ids.ts';
import { insertMeasurements, type MeasurementRow } from '../apps/server/src/modules/vitals/measurements.repo.ts';
import { compactMeasurements, ensurePartitions } from '../apps/server/src/modules/vitals/measurement-storage.ts';
import { line, note, type Bench } from './lib.ts';

const PATIENTS = Number(process.env.BENCH_STORAGE_PATIENTS ?? 20);
const DAYS = 30;
const MINUTES = DAYS * 1440;
const BATCH = 5000;
/** Issue 18's measurement of a month of demo data on PostgreSQL 15 before partitioning (table + primary key). */
const BEFORE_READING_B = 281;
const BEFORE_HOURLY_ROW_B = 236;
const GOAL_COLD_B = 64;

/** Deterministic noise in [0, 1) (no two runs differ; no regularity for the compressor to exploit). */
function noise(a: number, b: number): number {
  let x = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x632be5ab, 0xc2b2ae35);
  x ^= x >>> 15;
  x = Math.imul(x, 0x2c1b3c6d);
  x ^= x >>> 12;
  x = Math.imul(x, 0x297a2d39);
  x ^= x >>> 15;
  return (x >>> 0) / 4294967296;
}
// Values as devices send them (whole beats and percent, temperature to 0.1 °C) with noise, and times as they arrive:
// one reading a minute at a jittered second and millisecond (not on the minute, which would compress better).
const METRICS: Array<{ metric: string; value: (i: number, p: number) => number }> = [
  { metric: 'heart_rate', value: (i, p) => Math.round(64 + (p % 7) + 9 * Math.sin(i / 97) + 8 * noise(i, p)) },
  { metric: 'spo2', value: (i, p) => Math.round(94 + 5 * noise(i, p + 100)) },
  {
    metric: 'temperature',
    value: (i, p) => Math.round((36.4 + 0.05 * (p % 4) + 0.3 * Math.sin(i / 720) + 0.4 * noise(i, p + 200)) * 10) / 10,
  },
];

async function sizeOf(db: import('../apps/server/src/platform/db.ts').Db, table: string): Promise<number> {
  const [r] = await db.query<{ b: number }>(
    `select coalesce(sum(pg_total_relation_size(relid)), 0)::bigint as b from pg_partition_tree($1)`,
    [table],
  );
  return Number(r!.b);
}
const count = async (db: import('../apps/server/src/platform/db.ts').Db, sql: string) =>
  Number((await db.query<{ n: number }>(sql))[0]!.n);

export async function benchStorage(b: Bench) {
  const u = new URL(b.dbUrl);
  const name = `${u.pathname.slice(1)}_storage`;
  const admin = new pg.Client({ connectionString: b.dbUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  u.pathname = `/${name}`;
  const db = await openPg(u.toString(), 4);
  try {
    await migrate(db);
    const tenantId = newId();
    await db.query(`insert into tenants (id, code, name) values ($1, 'storage', 'Storage bench')`, [tenantId]);
    const now = new Date();
    const end = Math.floor(now.getTime() / 60_000) * 60_000;
    const from = end - MINUTES * 60_000;
    await ensurePartitions(db, { now: new Date(from) });
    const t0 = performance.now();
    for (let p = 0; p < PATIENTS; p++) {
      const patientId = newId();
      const deviceId = newId();
      await db.query(`insert into patients (id, tenant_id, first_name, last_name) values ($1, $2, 'S', $3)`, [
        patientId,
        tenantId,
        `P${p}`,
      ]);
      for (const m of METRICS) {
        for (let i = 0; i < MINUTES; i += BATCH) {
          const rows: MeasurementRow[] = [];
          for (let j = i; j < Math.min(MINUTES, i + BATCH); j++) {
            rows.push({
              patientId,
              metric: m.metric,
              measuredAt: new Date(from + j * 60_000 + Math.floor(59_999 * noise(j, p + 300 + m.metric.length))),
              source: `device:${deviceId}`,
              value: m.value(j, p),
              value2: null,
              data: null,
              deviceId,
            });
          }
          await insertMeasurements(db, tenantId, rows, now, { fresh: true });
        }
      }
    }
    const total = PATIENTS * METRICS.length * MINUTES;
    note(`storage: stored ${total} readings in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    await db.query('vacuum analyze');
    const hot0 = await sizeOf(db, 'measurements');
    const hourly = await sizeOf(db, 'measurement_hourly');
    const hourlyRows = await count(db, 'select count(*)::bigint as n from measurement_hourly');

    const t1 = performance.now();
    const r = await compactMeasurements(db, { now });
    note(
      `storage: compacted ${r.readings} readings of ${r.patients} patients into ${r.days} day rows in ${((performance.now() - t1) / 1000).toFixed(1)} s`,
    );
    await db.query('vacuum analyze');
    const cold = await sizeOf(db, 'measurements_cold');
    const hotReadings = await count(db, 'select count(*)::bigint as n from measurements');
    const coldReadings = await count(db, 'select coalesce(sum(n), 0)::bigint as n from measurements_cold');
    if (hotReadings + coldReadings !== total)
      note(`storage: ${hotReadings} hot + ${coldReadings} cold readings, expected ${total}`);
    // The hot space freed by the compaction is reused by the next days' inserts (steady state): the hot readings left
    // are counted at the hot bytes per reading measured before compaction, not at the size of the half-emptied table.
    const hot = (hot0 / total) * hotReadings;

    line('storage-hot-bytes-per-reading', hot0 / total, 'B', 'unpartitioned-281B', BEFORE_READING_B);
    line('storage-cold-bytes-per-reading', cold / coldReadings, 'B', 'goal', GOAL_COLD_B);
    line('storage-hourly-bytes-per-row', hourly / hourlyRows, 'B', 'unpartitioned-236B', BEFORE_HOURLY_ROW_B);
    console.log(
      JSON.stringify({
        bench: 'storage-bytes-per-reading',
        value: +((hot + cold + hourly) / total).toFixed(3),
        unit: 'B',
        baseline: 'unpartitioned-281B+hourly',
        baseline_value: +(BEFORE_READING_B + (BEFORE_HOURLY_ROW_B * hourlyRows) / total).toFixed(3),
        ratio: +(
          (hot + cold + hourly) /
          total /
          (BEFORE_READING_B + (BEFORE_HOURLY_ROW_B * hourlyRows) / total)
        ).toFixed(3),
        readings: total,
        hot_readings: hotReadings,
        cold_readings: coldReadings,
        hot_bytes: Math.round(hot),
        cold_bytes: cold,
        hourly_bytes: hourly,
        hourly_bytes_per_reading: +(hourly / total).toFixed(3),
      }),
    );
  } finally {
    await db.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
