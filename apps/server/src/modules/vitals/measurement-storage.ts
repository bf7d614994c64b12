import type { Db } from '../../platform/db.ts';
import { COMPACT_LOCK } from './measurements.repo.ts';

/*
 * Storage of readings over time (issue 18; migration 044).
 *
 * - `measurements` (hot readings), `measurement_hourly` (rollup) and `measurements_cold` (compacted days) are
 *   range-partitioned by UTC month, with a DEFAULT partition each. ensurePartitions creates the coming months ahead
 *   and a partition for any month that has rows in a DEFAULT partition (moving them into it): SQL cw_month_partition.
 * - compactMeasurements moves the readings of whole UTC days older than COLD_AFTER_DAYS into `measurements_cold`: one
 *   row per (patient, metric, day) with the day's readings as arrays, about 13–20 bytes a reading instead of ~280.
 *   Reads go through readingsSql (hot ∪ cold); ingest of late readings leaves out those already cold.
 * - detachMonth takes a month out of all three tables for archive.
 */

export const PARTITIONED = ['measurements', 'measurement_hourly', 'measurements_cold'] as const;
export type PartitionedTable = (typeof PARTITIONED)[number];
const KEY: Record<PartitionedTable, string> = {
  measurements: 'measured_at',
  measurement_hourly: 'hour',
  measurements_cold: 'day',
};
/** Readings of a UTC day are compacted once the whole day is at least this old. */
export const COLD_AFTER_DAYS = 7;
export const MONTHS_AHEAD = 3;
const DAY_MS = 86_400_000;

/** First instant (UTC) of the month `k` months after the one holding `t`. */
export function monthStart(t: Date, k = 0): Date {
  return new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth() + k, 1));
}
/** The partition name of `table` for the month holding `month` (as cw_month_partition names it). */
export function partitionName(table: PartitionedTable, month: Date): string {
  return `${table}_y${month.getUTCFullYear()}m${String(month.getUTCMonth() + 1).padStart(2, '0')}`;
}

/**
 * Creates the partitions of this month and the next `monthsAhead` in every partitioned table, and one for each month
 * that has rows in a DEFAULT partition (those rows move into it). Idempotent; safe with several processes at once
 * (cw_month_partition serialises on an advisory lock and skips existing partitions). Answers the partitions created.
 */
export async function ensurePartitions(db: Db, opts: { now: Date; monthsAhead?: number }): Promise<string[]> {
  const created: string[] = [];
  for (const table of PARTITIONED) {
    const months = new Map<number, Date>();
    for (let k = 0; k <= (opts.monthsAhead ?? MONTHS_AHEAD); k++) {
      const m = monthStart(opts.now, k);
      months.set(m.getTime(), m);
    }
    // Normally empty: what arrived for a month without a partition (far past or future readings, an archived month).
    const stray = await db.query<{ m: Date }>(
      `select distinct date_trunc('month', ${KEY[table]} at time zone 'UTC') at time zone 'UTC' as m from ${table}_default`,
    );
    for (const { m } of stray) months.set(m.getTime(), m);
    for (const m of [...months.values()].sort((a, b) => a.getTime() - b.getTime())) {
      const [r] = await db.query<{ created: boolean }>('select cw_month_partition($1, $2) as created', [table, m]);
      if (r?.created) created.push(partitionName(table, m));
    }
  }
  return created;
}

/**
 * Detaches the month holding `month` from the three tables, for archive; answers the tables detached (now plain
 * tables: dump them, e.g. `pg_dump -t measurements_y2025m01 -t measurements_cold_y2025m01 ...`, then drop them).
 * Readings arriving later for that month land in the DEFAULT partition and get a new partition from ensurePartitions.
 * Equivalent SQL: `alter table measurements detach partition measurements_y2025m01;` (and the same for
 * measurement_hourly and measurements_cold). Not CONCURRENTLY: PostgreSQL forbids it while a DEFAULT partition exists.
 */
export async function detachMonth(db: Db, month: Date): Promise<string[]> {
  const out: string[] = [];
  for (const table of PARTITIONED) {
    const part = partitionName(table, monthStart(month));
    const [r] = await db.query<{ attached: boolean }>(
      `select exists (select 1 from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = $1::regclass and c.relname = $2) as attached`,
      [table, part],
    );
    if (!r?.attached) continue;
    await db.query(`alter table ${table} detach partition ${part}`);
    out.push(part);
  }
  return out;
}

/**
 * One patient's readings of whole UTC days before $3 (no `data`, whole milliseconds) deleted from the hot table and
 * added to their cold day rows in the same statement. A day already in the cold store (a late reading arrived after
 * its compaction) gets the new readings appended; arrays are kept in (measured_at, source) order within each append.
 */
const COMPACT = `with del as (
       delete from measurements
        where tenant_id = $1 and patient_id = $2 and measured_at < $3 and data is null and date_trunc('milliseconds', measured_at) = measured_at
       returning metric, measured_at, source, value, value2, device_id
     ),
     g as (
       select metric, date_trunc('day', measured_at, 'UTC') as day, count(*)::int as n,
              array_agg((extract(epoch from measured_at - date_trunc('day', measured_at, 'UTC')) * 1000)::int order by measured_at, source) as offs,
              array_agg(value order by measured_at, source) as vals,
              case when count(value2) = 0 then null else array_agg(value2 order by measured_at, source) end as vals2,
              case when min(source) = max(source) then array[min(source)] else array_agg(source order by measured_at, source) end as sources,
              case when count(device_id) = 0 then null
                   when count(device_id) = count(*) and min(device_id::text) = max(device_id::text) then array[min(device_id::text)::uuid]
                   else array_agg(device_id order by measured_at, source) end as devices
         from del group by 1, 2
     ),
     ins as (
       insert into measurements_cold as c (tenant_id, patient_id, metric, day, n, offs, vals, vals2, sources, devices)
       select $1, $2, metric, day, n, offs, vals, vals2, sources, devices from g order by metric, day
       on conflict (tenant_id, patient_id, metric, day) do update set
         n = c.n + excluded.n,
         offs = c.offs || excluded.offs,
         vals = c.vals || excluded.vals,
         vals2 = case when c.vals2 is null and excluded.vals2 is null then null
                      else coalesce(c.vals2, array_fill(null::float8, array[c.n])) || coalesce(excluded.vals2, array_fill(null::float8, array[excluded.n])) end,
         sources = case when cardinality(c.sources) = 1 and cardinality(excluded.sources) = 1 and c.sources[1] = excluded.sources[1] then c.sources
                        else (case when cardinality(c.sources) = 1 then array_fill(c.sources[1], array[c.n]) else c.sources end)
                          || (case when cardinality(excluded.sources) = 1 then array_fill(excluded.sources[1], array[excluded.n]) else excluded.sources end) end,
         devices = case when c.devices is null and excluded.devices is null then null
                        when cardinality(c.devices) = 1 and cardinality(excluded.devices) = 1 and c.devices[1] = excluded.devices[1] then c.devices
                        else (case when c.devices is null then array_fill(null::uuid, array[c.n]) when cardinality(c.devices) = 1 then array_fill(c.devices[1], array[c.n]) else c.devices end)
                          || (case when excluded.devices is null then array_fill(null::uuid, array[excluded.n]) when cardinality(excluded.devices) = 1 then array_fill(excluded.devices[1], array[excluded.n]) else excluded.devices end) end
       returning 1
     )
     select (select count(*)::int from g) as days, (select coalesce(sum(n), 0)::int from g) as readings`;

export type CompactResult = { patients: number; skipped: number; days: number; readings: number };

/**
 * Compacts every patient's readings of UTC days that ended at least COLD_AFTER_DAYS before `now`. One transaction per
 * patient, holding that patient's compaction advisory lock: another process compacting at the same time skips the
 * patient (pg_try_advisory_xact_lock), and late ingest of that patient waits (it holds the lock shared). Readings
 * with `data` stay hot. Answers what it did.
 */
export async function compactMeasurements(db: Db, opts: { now: Date; maxPatients?: number }): Promise<CompactResult> {
  const cutoff = new Date(Math.floor((opts.now.getTime() - COLD_AFTER_DAYS * DAY_MS) / DAY_MS) * DAY_MS);
  const out: CompactResult = { patients: 0, skipped: 0, days: 0, readings: 0 };
  const candidates = await db.query<{ tenant_id: string; patient_id: string }>(
    `select distinct tenant_id, patient_id from measurements where measured_at < $1 and data is null limit $2`,
    [cutoff, opts.maxPatients ?? 100_000],
  );
  for (const c of candidates) {
    const r = await db.tx(async (tx) => {
      const [lock] = await tx.query<{ ok: boolean }>('select pg_try_advisory_xact_lock($1, hashtext($2)) as ok', [
        COMPACT_LOCK,
        c.patient_id,
      ]);
      if (!lock?.ok) return null;
      const [done] = await tx.query<{ days: number; readings: number }>(COMPACT, [c.tenant_id, c.patient_id, cutoff]);
      return done ?? { days: 0, readings: 0 };
    });
    if (r === null) {
      out.skipped += 1;
      continue;
    }
    out.patients += 1;
    out.days += r.days;
    out.readings += r.readings;
  }
  return out;
}
