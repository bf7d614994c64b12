import type { Db } from '../../platform/db.ts';

/** One stored reading, already validated and in canonical units. */
export type MeasurementRow = {
  patientId: string;
  metric: string;
  measuredAt: Date;
  source: string;
  value: number | null;
  value2: number | null;
  data: Record<string, unknown> | null;
  deviceId: string | null;
};
/**
 * What a batch insert stored: `count` rows, and which ones — `indexes` (ascending positions in the given rows) when
 * some were duplicates, or null when every row was stored (the common case, answered without sending any key back).
 */
export type InsertResult = { count: number; indexes: number[] | null };

// PostgreSQL array literals built directly (one string per column): far cheaper than the driver's per-element
// escaping of eight arrays of thousands of elements, and the same text PostgreSQL parses either way.
function quoted(v: string): string {
  return v.indexOf('"') < 0 && v.indexOf('\\') < 0 ? `"${v}"` : `"${v.replace(/[\\"]/g, '\\$&')}"`;
}
function arrayLiteral<T>(
  rows: readonly MeasurementRow[],
  get: (r: MeasurementRow) => T | null,
  format: (v: T) => string,
): string {
  if (rows.length === 0) return '{}';
  // A column with one value throughout (the patient, the source, no value2/data/device): repeated natively.
  const first = get(rows[0]!);
  let same = true;
  for (let i = 1; i < rows.length && same; i++) same = get(rows[i]!) === first;
  if (same) {
    const el = first === null ? 'NULL' : format(first);
    return `{${el}${`,${el}`.repeat(rows.length - 1)}}`;
  }
  const parts = new Array<string>(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const v = get(rows[i]!);
    parts[i] = v === null ? 'NULL' : format(v);
  }
  return `{${parts.join(',')}}`;
}
const PAD2 = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0'));
const PAD3 = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'));
const HOUR_MS = 3_600_000;
/**
 * ISO 8601 UTC text of each time (exactly `toISOString()`), formatted from a per-hour prefix: a batch of readings
 * spans few hours, and `toISOString` per reading is the costliest part of building the arrays.
 */
export function isoArray(rows: ReadonlyArray<Pick<MeasurementRow, 'measuredAt'>>): string {
  const parts = new Array<string>(rows.length);
  let hour = NaN;
  let prefix = '';
  for (let i = 0; i < rows.length; i++) {
    const t = rows[i]!.measuredAt.getTime();
    if (!Number.isFinite(t)) throw new RangeError('Invalid time value');
    const h = Math.floor(t / HOUR_MS);
    if (h !== hour) {
      hour = h;
      prefix = new Date(h * HOUR_MS).toISOString().slice(0, -10); // 'YYYY-MM-DDTHH:'
    }
    const r = t - h * HOUR_MS;
    const ms = r % 1000;
    const sec = (r - ms) / 1000;
    parts[i] = `"${prefix}${PAD2[Math.floor(sec / 60)]}:${PAD2[sec % 60]}.${PAD3[ms]}Z"`;
  }
  return `{${parts.join(',')}}`;
}
/** Element formats of `arrayLiteral`: text (quoted) and numbers (JavaScript's shortest round-trip text). */
const str = (v: string) => quoted(v);
const num = (v: number) => String(v);
const times = (ts: readonly number[]) => `{${ts.map((t) => quoted(new Date(t).toISOString())).join(',')}}`;
const nums = (vs: ReadonlyArray<number | null>) => `{${vs.map((v) => (v === null ? 'NULL' : String(v))).join(',')}}`;
const texts = (vs: ReadonlyArray<string | null>) => `{${vs.map((v) => (v === null ? 'NULL' : quoted(v))).join(',')}}`;

const INSERT_ROWS = `insert into measurements (tenant_id, patient_id, metric, measured_at, source, value, value2, data, device_id, received_at)
       select $1, u.patient_id, u.metric, u.measured_at, u.source, u.value, u.value2, u.data, u.device_id, $10
         from unnest($2::uuid[], $3::text[], $4::timestamptz[], $5::text[], $6::float8[], $7::float8[], $8::jsonb[], $9::uuid[])
           as u(patient_id, metric, measured_at, source, value, value2, data, device_id)`;
const ROLLUP_UPDATE = `on conflict (tenant_id, patient_id, metric, hour) do update set
         n = h.n + excluded.n, c = h.c + excluded.c, s = coalesce(h.s, 0) + coalesce(excluded.s, 0),
         mn = least(h.mn, excluded.mn), mx = greatest(h.mx, excluded.mx),
         c2 = h.c2 + excluded.c2, s2 = coalesce(h.s2, 0) + coalesce(excluded.s2, 0),
         mn2 = least(h.mn2, excluded.mn2), mx2 = greatest(h.mx2, excluded.mx2)`;
const LATEST_UPDATE = `on conflict (tenant_id, patient_id, metric) do update set
         measured_at = excluded.measured_at, value = excluded.value, value2 = excluded.value2, data = excluded.data
         where l.measured_at <= excluded.measured_at`;

/** Any batch: `on conflict do nothing`, rollup and latest from the rows actually inserted, which are answered. */
const INSERT_ANY = `with ins as (
       ${INSERT_ROWS}
       on conflict do nothing
       returning patient_id, metric, measured_at, source, value, value2, data
     ),
     roll as (
       insert into measurement_hourly as h (tenant_id, patient_id, metric, hour, n, c, s, mn, mx, c2, s2, mn2, mx2)
       select $1, patient_id, metric, date_bin('1 hour', measured_at, timestamptz '2000-01-01 00:00:00+00') as hour,
              count(*), count(value), sum(value), min(value), max(value), count(value2), sum(value2), min(value2), max(value2)
         from ins group by 2, 3, 4 order by 2, 3, 4
       ${ROLLUP_UPDATE}
     ),
     newest as (
       insert into latest_measurements as l (tenant_id, patient_id, metric, measured_at, value, value2, data)
       select $1, patient_id, metric, measured_at, value, value2, data
         from (select distinct on (patient_id, metric) patient_id, metric, measured_at, value, value2, data
                 from ins order by patient_id, metric, measured_at desc, source) x
       ${LATEST_UPDATE}
     ),
     c as (select count(*)::int as n from ins)
     select c.n, case when c.n = $11 then null else (
         select array_agg(k.ord order by k.ord) from (
           select min(s.ord)::int as ord
             from unnest($2::uuid[], $3::text[], $4::timestamptz[], $5::text[]) with ordinality as s(patient_id, metric, measured_at, source, ord)
             join ins using (patient_id, metric, measured_at, source)
            group by s.patient_id, s.metric, s.measured_at, s.source) k
       ) end as idx
       from c`;

/**
 * New rows only: a plain insert (no per-row conflict handling, nothing sent back) with the hourly rollup and the
 * newest readings computed here from the rows, which all get inserted or the statement fails (unique_violation).
 * The rollup and latest rows (shared by every batch of the patient, locked until commit) are written only once the
 * rows are in (`(select count(*) from ins)` makes them wait for it), so concurrent batches queue on those locks for
 * as little time as possible.
 */
const INSERT_NEW = `with ins as (
       ${INSERT_ROWS}
       returning 1
     ),
     roll as (
       insert into measurement_hourly as h (tenant_id, patient_id, metric, hour, n, c, s, mn, mx, c2, s2, mn2, mx2)
       select $1, g.patient_id, g.metric, g.hour, g.n, g.c, g.s, g.mn, g.mx, g.c2, g.s2, g.mn2, g.mx2
         from unnest($11::uuid[], $12::text[], $13::timestamptz[], $14::int[], $15::int[], $16::float8[], $17::float8[], $18::float8[],
                     $19::int[], $20::float8[], $21::float8[], $22::float8[]) as g(patient_id, metric, hour, n, c, s, mn, mx, c2, s2, mn2, mx2)
        where (select count(*) from ins) > 0
        order by 2, 3, 4
       ${ROLLUP_UPDATE}
     ),
     newest as (
       insert into latest_measurements as l (tenant_id, patient_id, metric, measured_at, value, value2, data)
       select $1, patient_id, metric, measured_at, value, value2, data
         from (select distinct on (patient_id, metric) patient_id, metric, measured_at, value, value2, data
                 from unnest($23::uuid[], $24::text[], $25::timestamptz[], $26::text[], $27::float8[], $28::float8[], $29::jsonb[])
                   as x(patient_id, metric, measured_at, source, value, value2, data)
                where (select count(*) from ins) > 0
                order by patient_id, metric, measured_at desc, source) x
       ${LATEST_UPDATE}
     )
     select 1 as done`;

type Hourly = {
  patientId: string;
  metric: string;
  hour: number;
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
 * What the set-based rollup computes over these rows (all of them inserted): per patient, metric and UTC hour the
 * count, and count/sum/min/max of value and value2 (sums added in row order, as the aggregate does); and per
 * patient and metric the readings at the newest time (ties left to SQL's own `distinct on` order).
 */
function summarise(rows: readonly MeasurementRow[]): { hourly: Hourly[]; newest: MeasurementRow[] } {
  // Per patient, per metric: its hours and its newest readings (nested maps: no key strings built per row).
  type Series = { hours: Map<number, Hourly>; last: Hourly | null; newestAt: number; newest: MeasurementRow[] };
  const byPatient = new Map<string, Map<string, Series>>();
  const hourly: Hourly[] = [];
  const all: Series[] = [];
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    let byMetric = byPatient.get(r.patientId);
    if (!byMetric) {
      byMetric = new Map();
      byPatient.set(r.patientId, byMetric);
    }
    let series = byMetric.get(r.metric);
    if (!series) {
      series = { hours: new Map(), last: null, newestAt: -Infinity, newest: [] };
      byMetric.set(r.metric, series);
      all.push(series);
    }
    const t = r.measuredAt.getTime();
    const hour = Math.floor(t / HOUR_MS) * HOUR_MS;
    let g = series.last !== null && series.last.hour === hour ? series.last : series.hours.get(hour);
    if (!g) {
      g = {
        patientId: r.patientId,
        metric: r.metric,
        hour,
        n: 0,
        c: 0,
        s: null,
        mn: null,
        mx: null,
        c2: 0,
        s2: null,
        mn2: null,
        mx2: null,
      };
      series.hours.set(hour, g);
      hourly.push(g);
    }
    series.last = g;
    g.n += 1;
    const v = r.value;
    if (v !== null) {
      g.c += 1;
      g.s = g.s === null ? v : g.s + v;
      if (g.mn === null || v < g.mn) g.mn = v;
      if (g.mx === null || v > g.mx) g.mx = v;
    }
    const v2 = r.value2;
    if (v2 !== null) {
      g.c2 += 1;
      g.s2 = g.s2 === null ? v2 : g.s2 + v2;
      if (g.mn2 === null || v2 < g.mn2) g.mn2 = v2;
      if (g.mx2 === null || v2 > g.mx2) g.mx2 = v2;
    }
    if (t > series.newestAt) {
      series.newestAt = t;
      series.newest = [r];
    } else if (t === series.newestAt) series.newest.push(r);
  }
  const newest: MeasurementRow[] = [];
  for (const series of all) newest.push(...series.newest);
  return { hourly, newest };
}

/**
 * The one way measurements are written (ingest, MQTT, demo seeding, benchmarks): ONE statement that inserts the rows
 * from arrays and, for the rows actually inserted, adds them to the hourly rollup (`measurement_hourly`) and moves
 * `latest_measurements` forward. Answers how many rows were inserted and, when some were duplicates, which (of rows
 * with the same key, the first is the one stored). Rollup and latest rows are written in key order so concurrent
 * batches of one patient lock them in the same order.
 *
 * By default `on conflict do nothing`: a retried reading is never stored twice. With `fresh: true` the rows are
 * expected to be new (the usual batch): a plain insert, about a third less database work, that FAILS with
 * unique_violation (23505) when any key is already stored — the caller then repeats its transaction without `fresh`.
 */
export async function insertMeasurements(
  db: Db,
  tenantId: string,
  rows: MeasurementRow[],
  receivedAt: Date,
  opts: { fresh?: boolean } = {},
): Promise<InsertResult> {
  if (rows.length === 0) return { count: 0, indexes: null };
  // Readings old enough that their day may already be compacted into the cold store (issue 18) take the slower path
  // that leaves out those already stored there; a live batch never does.
  const coldBefore = receivedAt.getTime() - COLD_CHECK_MS;
  for (let i = 0; i < rows.length; i++) {
    if (rows[i]!.measuredAt.getTime() < coldBefore)
      return db.tx((tx) => insertBesideCold(tx, tenantId, rows, receivedAt, opts, coldBefore));
  }
  return insertHot(db, tenantId, rows, receivedAt, opts);
}

/**
 * Ingest checks the cold store for readings older than this: a day less than compaction's horizon (COLD_AFTER_DAYS),
 * so two processes' clocks may differ by up to a day without a compacted reading being stored again.
 */
export const COLD_CHECK_MS = 6 * 86_400_000;
/** Advisory lock class (with hashtext(patient id)) held exclusively by a compaction and shared by late ingest. */
export const COMPACT_LOCK = 727045;

const COLD_DUPLICATES = `with u as (
       select * from unnest($2::uuid[], $3::text[], $4::timestamptz[], $5::text[]) with ordinality as u(patient_id, metric, measured_at, source, ord)
     ),
     d as (select distinct patient_id, metric, date_trunc('day', measured_at, 'UTC') as day from u),
     k as (
       select c.patient_id, c.metric, c.day + o.off * interval '1 millisecond' as measured_at, coalesce(o.src, c.sources[1]) as source
         from d join measurements_cold c on c.tenant_id = $1 and c.patient_id = d.patient_id and c.metric = d.metric and c.day = d.day
         cross join lateral unnest(c.offs, c.sources) as o(off, src)
     )
     select u.ord::int as ord from u join k using (patient_id, metric, measured_at, source)`;

/**
 * A batch with readings older than `coldBefore`: under the patients' shared compaction lock (a compaction of them
 * waits, and this waits for one running), the readings already in the cold store are left out — a retried late
 * reading is stored once and counted once in the hourly rollup — and the rest go through the usual insert.
 */
async function insertBesideCold(
  db: Db,
  tenantId: string,
  rows: MeasurementRow[],
  receivedAt: Date,
  opts: { fresh?: boolean },
  coldBefore: number,
): Promise<InsertResult> {
  const old: number[] = [];
  for (let i = 0; i < rows.length; i++) if (rows[i]!.measuredAt.getTime() < coldBefore) old.push(i);
  const oldRows = old.map((i) => rows[i]!);
  for (const p of [...new Set(oldRows.map((r) => r.patientId))].sort()) {
    await db.query('select pg_advisory_xact_lock_shared($1, hashtext($2))', [COMPACT_LOCK, p]);
  }
  const dupes = await db.query<{ ord: number }>(COLD_DUPLICATES, [
    tenantId,
    arrayLiteral(oldRows, (r) => r.patientId, str),
    arrayLiteral(oldRows, (r) => r.metric, str),
    isoArray(oldRows),
    arrayLiteral(oldRows, (r) => r.source, str),
  ]);
  if (dupes.length === 0) return insertHot(db, tenantId, rows, receivedAt, opts);
  const skip = new Set(dupes.map((d) => old[d.ord - 1]!));
  const keep: number[] = [];
  for (let i = 0; i < rows.length; i++) if (!skip.has(i)) keep.push(i);
  if (keep.length === 0) return { count: 0, indexes: [] };
  const r = await insertHot(
    db,
    tenantId,
    keep.map((i) => rows[i]!),
    receivedAt,
    opts,
  );
  return { count: r.count, indexes: r.indexes === null ? keep : r.indexes.map((i) => keep[i]!) };
}

/** The insert proper (see insertMeasurements). */
async function insertHot(
  db: Db,
  tenantId: string,
  rows: MeasurementRow[],
  receivedAt: Date,
  opts: { fresh?: boolean },
): Promise<InsertResult> {
  const params = [
    tenantId,
    arrayLiteral(rows, (r) => r.patientId, str),
    arrayLiteral(rows, (r) => r.metric, str),
    isoArray(rows),
    arrayLiteral(rows, (r) => r.source, str),
    arrayLiteral(rows, (r) => r.value, num),
    arrayLiteral(rows, (r) => r.value2, num),
    arrayLiteral(
      rows,
      (r) => r.data,
      (d) => quoted(JSON.stringify(d)),
    ),
    arrayLiteral(rows, (r) => r.deviceId, str),
    receivedAt,
  ];
  if (opts.fresh) {
    const { hourly, newest } = summarise(rows);
    await db.query(INSERT_NEW, [
      ...params,
      texts(hourly.map((g) => g.patientId)),
      texts(hourly.map((g) => g.metric)),
      times(hourly.map((g) => g.hour)),
      nums(hourly.map((g) => g.n)),
      nums(hourly.map((g) => g.c)),
      nums(hourly.map((g) => g.s)),
      nums(hourly.map((g) => g.mn)),
      nums(hourly.map((g) => g.mx)),
      nums(hourly.map((g) => g.c2)),
      nums(hourly.map((g) => g.s2)),
      nums(hourly.map((g) => g.mn2)),
      nums(hourly.map((g) => g.mx2)),
      texts(newest.map((r) => r.patientId)),
      texts(newest.map((r) => r.metric)),
      isoArray(newest),
      texts(newest.map((r) => r.source)),
      nums(newest.map((r) => r.value)),
      nums(newest.map((r) => r.value2)),
      texts(newest.map((r) => (r.data === null ? null : JSON.stringify(r.data)))),
    ]);
    return { count: rows.length, indexes: null };
  }
  const [out] = await db.query<{ n: number; idx: number[] | null }>(INSERT_ANY, [...params, rows.length]);
  const count = out?.n ?? 0;
  // ordinality is 1-based; positions in `rows` are 0-based.
  if (count === rows.length) return { count, indexes: null };
  return { count, indexes: (out?.idx ?? []).map((i) => i - 1) };
}

/** A failed `fresh` insert: some key was already stored (or is being stored by a concurrent batch). */
export const isDuplicateKey = (e: unknown): boolean =>
  typeof e === 'object' && e !== null && (e as { code?: string }).code === '23505';
