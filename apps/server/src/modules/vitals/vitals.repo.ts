import type { Db } from '../../platform/db.ts';
import { readingsSql } from './readings.sql.ts';

export type RawRow = { measured_at: Date; value: number | null; value2: number | null };
export type BucketRow = {
  b: number;
  n: number;
  avg: number | null;
  min: number | null;
  max: number | null;
  avg2: number | null;
  min2: number | null;
  max2: number | null;
};

/** Up to `limit` raw readings of [from, to), oldest first (primary-key range scan). */
export async function rawSeries(
  db: Db,
  tenantId: string,
  patientId: string,
  metric: string,
  from: Date,
  to: Date,
  limit: number,
): Promise<RawRow[]> {
  return db.query<RawRow>(
    `select measured_at, value, value2 from ${readingsSql({ metric: 'metric = $3', from: '$4', to: '$5', limit: '$6' })} r
      order by measured_at, source limit $6`,
    [tenantId, patientId, metric, from, to, limit],
  );
}

/** Readings of [from, to) grouped into buckets of `bucketSec` seconds aligned on `from`; b = bucket number. */
export async function bucketSeries(
  db: Db,
  tenantId: string,
  patientId: string,
  metric: string,
  from: Date,
  to: Date,
  bucketSec: number,
): Promise<BucketRow[]> {
  return db.query<BucketRow>(
    `select floor(extract(epoch from (measured_at - $4::timestamptz)) / $6)::int as b, count(*)::int as n,
            avg(value) as avg, min(value) as min, max(value) as max, avg(value2) as avg2, min(value2) as min2, max(value2) as max2
       from ${readingsSql({ metric: 'metric = $3', from: '$4', to: '$5' })} r
      group by 1 order by 1`,
    [tenantId, patientId, metric, from, to, bucketSec],
  );
}

export type LatestRow = {
  metric: string;
  measured_at: Date;
  value: number | null;
  value2: number | null;
  data: Record<string, unknown> | null;
};
export async function latest(db: Db, tenantId: string, patientId: string): Promise<LatestRow[]> {
  return db.query<LatestRow>(
    `select metric, measured_at, value, value2,
            case when metric = 'ecg' then jsonb_build_object('samplingRate', data->'samplingRate') else data end as data
       from latest_measurements where tenant_id = $1 and patient_id = $2 order by metric`,
    [tenantId, patientId],
  );
}

export type DataRow = {
  measured_at: Date;
  value: number | null;
  value2: number | null;
  data: Record<string, unknown> | null;
};
/** Rows with their `data` (sleep sessions), newest last, at most `limit`. */
export async function withData(
  db: Db,
  tenantId: string,
  patientId: string,
  metric: string,
  from: Date,
  to: Date,
  limit: number,
): Promise<DataRow[]> {
  return db.query<DataRow>(
    `select measured_at, value, value2, data from ${readingsSql({ metric: 'metric = $3', from: '$4', to: '$5', data: true, limit: '$6' })} r
      order by measured_at limit $6`,
    [tenantId, patientId, metric, from, to, limit],
  );
}

export type DailyRow = { day: string; steps: number | null; calories: number | null };
/** Steps and calories summed per UTC day of [from, to). */
export async function dailyTotals(
  db: Db,
  tenantId: string,
  patientId: string,
  from: Date,
  to: Date,
): Promise<DailyRow[]> {
  return db.query<DailyRow>(
    `select to_char((measured_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day,
            sum(value) filter (where metric = 'steps') as steps, sum(value) filter (where metric = 'calories') as calories
       from ${readingsSql({ metric: "metric in ('steps', 'calories')", from: '$3', to: '$4' })} r
      group by 1 order by 1`,
    [tenantId, patientId, from, to],
  );
}

export type EcgListRow = {
  measured_at: Date;
  sampling_rate: number | null;
  duration: number | null;
  hr: number | null;
};
export async function ecgList(
  db: Db,
  tenantId: string,
  patientId: string,
  from: Date,
  to: Date,
  limit: number,
): Promise<EcgListRow[]> {
  return db.query<EcgListRow>(
    `select measured_at, (data->>'samplingRate')::float8 as sampling_rate, coalesce(value2, jsonb_array_length(data->'samples') / nullif((data->>'samplingRate')::float8, 0)) as duration, value as hr
       from ${readingsSql({ metric: "metric = 'ecg'", from: '$3', to: '$4', data: true })} r
      order by measured_at desc limit $5`,
    [tenantId, patientId, from, to, limit],
  );
}

/** One ECG strip: its samples are in `data`, and readings with `data` are never compacted, so the hot table has it. */
export async function ecgStrip(
  db: Db,
  tenantId: string,
  patientId: string,
  measuredAt: Date,
): Promise<{ measured_at: Date; data: { samplingRate?: number; samples?: number[] } | null } | null> {
  const rows = await db.query<{ measured_at: Date; data: { samplingRate?: number; samples?: number[] } | null }>(
    `select measured_at, data from measurements where tenant_id = $1 and patient_id = $2 and metric = 'ecg' and measured_at = $3 limit 1`,
    [tenantId, patientId, measuredAt],
  );
  return rows[0] ?? null;
}

export async function targets(
  db: Db,
  tenantId: string,
  patientId: string,
): Promise<{ sleep_target_minutes: number | null; steps_target: number | null }> {
  const rows = await db.query<{ sleep_target_minutes: number | null; steps_target: number | null }>(
    'select sleep_target_minutes, steps_target from patients where tenant_id = $1 and id = $2',
    [tenantId, patientId],
  );
  return rows[0] ?? { sleep_target_minutes: null, steps_target: null };
}

/**
 * Like bucketSeries for whole-hour buckets aligned on the hour `align`: full hours of [from, to) come from the hourly
 * rollup, the partial first and last hours from the readings themselves, so the result equals aggregating every row.
 */
export async function hourlyBucketSeries(
  db: Db,
  tenantId: string,
  patientId: string,
  metric: string,
  from: Date,
  to: Date,
  align: Date,
  bucketSec: number,
): Promise<BucketRow[]> {
  const h0 = new Date(Math.ceil(from.getTime() / 3_600_000) * 3_600_000);
  const h1 = new Date(Math.max(h0.getTime(), Math.floor(to.getTime() / 3_600_000) * 3_600_000));
  const raw = (
    from: string,
    to: string,
  ) => `select measured_at as t, 1 as n, (value is not null)::int as c, value as s, value as mn, value as mx,
                      (value2 is not null)::int as c2, value2 as s2, value2 as mn2, value2 as mx2
                 from ${readingsSql({ metric: 'metric = $3', from, to })} r`;
  return db.query<BucketRow>(
    `with src as (
       select hour as t, n, c, s, mn, mx, c2, s2, mn2, mx2 from measurement_hourly
        where tenant_id = $1 and patient_id = $2 and metric = $3 and hour >= $4 and hour < $5
       union all ${raw('$6', '$4')}
       union all ${raw('$5', '$7')}
     )
     select floor(extract(epoch from (t - $8::timestamptz)) / $9)::int as b, sum(n)::int as n,
            sum(s) / nullif(sum(c), 0) as avg, min(mn) as min, max(mx) as max,
            sum(s2) / nullif(sum(c2), 0) as avg2, min(mn2) as min2, max(mx2) as max2
       from src group by 1 order by 1`,
    [tenantId, patientId, metric, h0, h1, from, to, align, bucketSec],
  );
}

export type LocalDayRow = {
  day: string;
  n: number;
  c: number;
  s: number | null;
  mn: number | null;
  mx: number | null;
  c2: number;
  s2: number | null;
  mn2: number | null;
  mx2: number | null;
};
/**
 * Count, sum, min and max of both values per local day (in the IANA zone `timeZone`) of [from, to). Whole hours come
 * from the hourly rollup (a year is ~8,800 rows, not 525,000 readings, hot or cold) when every one of them lies within
 * one local day — the zone's offset is whole hours throughout the range; otherwise (e.g. +05:30) from the readings.
 * The first and last partial hours always come from the readings.
 */
export async function localDailyAggregates(
  db: Db,
  tenantId: string,
  patientId: string,
  metric: string,
  from: Date,
  to: Date,
  timeZone: string,
): Promise<LocalDayRow[]> {
  const h0 = new Date(Math.min(to.getTime(), Math.ceil(from.getTime() / 3_600_000) * 3_600_000));
  const h1 = new Date(Math.max(h0.getTime(), Math.floor(to.getTime() / 3_600_000) * 3_600_000));
  const raw = (
    a: string,
    b: string,
  ) => `select measured_at as t, 1 as n, (value is not null)::int as c, value as s, value as mn, value as mx,
                      (value2 is not null)::int as c2, value2 as s2, value2 as mn2, value2 as mx2
                 from ${readingsSql({ metric: 'metric = $3', from: a, to: b })} r`;
  return db.query<LocalDayRow>(
    `with h as (
       select hour as t, n, c, s, mn, mx, c2, s2, mn2, mx2 from measurement_hourly
        where tenant_id = $1 and patient_id = $2 and metric = $3 and hour >= $7 and hour < $8
     ),
     whole as (select not exists (select 1 from h where to_char(t at time zone $6, 'MI:SS') <> '00:00') as ok),
     src as (
       select * from h where (select ok from whole)
       union all select * from (${raw('$7', '$8')}) x where not (select ok from whole)
       union all ${raw('$4', '$7')}
       union all ${raw('$8', '$5')}
     )
     select to_char((t at time zone $6)::date, 'YYYY-MM-DD') as day, sum(n)::int as n,
            sum(c)::int as c, sum(s)::float8 as s, min(mn)::float8 as mn, max(mx)::float8 as mx,
            sum(c2)::int as c2, sum(s2)::float8 as s2, min(mn2)::float8 as mn2, max(mx2)::float8 as mx2
       from src group by 1 order by 1`,
    [tenantId, patientId, metric, from, to, timeZone, h0, h1],
  );
}

/** The profile time zone of a user account (null when unknown). */
export async function userTimeZone(db: Db, tenantId: string, userId: string): Promise<string | null> {
  const rows = await db.query<{ timezone: string | null }>(
    'select timezone from users where tenant_id = $1 and id = $2',
    [tenantId, userId],
  );
  return rows[0]?.timezone ?? null;
}

export type GoalsRow = { target_weight_kg: number | null; steps_target: number | null };
export async function goals(db: Db, tenantId: string, patientId: string): Promise<GoalsRow> {
  const rows = await db.query<GoalsRow>(
    'select target_weight_kg, steps_target from patients where tenant_id = $1 and id = $2',
    [tenantId, patientId],
  );
  return rows[0] ?? { target_weight_kg: null, steps_target: null };
}

/** Sets the given goals (undefined: left as is, null: cleared). */
export async function updateGoals(
  db: Db,
  tenantId: string,
  patientId: string,
  g: { targetWeightKg?: number | null; stepsTarget?: number | null },
): Promise<void> {
  await db.query(
    `update patients set
        target_weight_kg = case when $3 then $4::float8 else target_weight_kg end,
        steps_target = case when $5 then $6::int else steps_target end,
        updated_at = now()
      where tenant_id = $1 and id = $2`,
    [
      tenantId,
      patientId,
      g.targetWeightKg !== undefined,
      g.targetWeightKg ?? null,
      g.stepsTarget !== undefined,
      g.stepsTarget ?? null,
    ],
  );
}
