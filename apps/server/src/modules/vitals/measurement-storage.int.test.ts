import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freshDb } from '../../test-support/test-app.ts';
import type { Db } from '../../platform/db.ts';
import { newId } from '../../platform/ids.ts';
import { insertMeasurements, type MeasurementRow } from './measurements.repo.ts';
import { compactMeasurements, detachMonth, ensurePartitions, partitionName } from './measurement-storage.ts';
import * as repo from './vitals.repo.ts';
import { vitalsAt } from '../app-subjects/app-subjects.repo.ts';

// Issue 18: partitioned readings, partitions created ahead, the cold store and late readings.
let db: Db;
let drop: () => Promise<void>;
const tenantId = newId();
const DAY = 86_400_000;
beforeAll(async () => {
  ({ db, drop } = await freshDb());
});
afterAll(async () => {
  await drop?.();
});

const reading = (
  patientId: string,
  metric: string,
  t: number,
  value: number | null,
  o: Partial<MeasurementRow> = {},
): MeasurementRow => ({
  patientId,
  metric,
  measuredAt: new Date(t),
  source: 'app',
  value,
  value2: null,
  data: null,
  deviceId: null,
  ...o,
});
const partitionOf = async (table: string, where: string, params: unknown[]) =>
  (
    await db.query<{ p: string }>(
      `select tableoid::regclass::text as p from ${table} where ${where}`,
      params as string[],
    )
  ).map((r) => r.p);
const hourlyN = async (patientId: string) =>
  (
    await db.query<{ n: number }>(
      'select coalesce(sum(n), 0)::int as n from measurement_hourly where tenant_id = $1 and patient_id = $2',
      [tenantId, patientId],
    )
  )[0]!.n;

describe('partitions', () => {
  test('readings land in their month, strays in DEFAULT; ensurePartitions creates months ahead once and moves strays out', async () => {
    const p = newId();
    const now = new Date(Date.UTC(2031, 0, 15));
    const first = await ensurePartitions(db, { now, monthsAhead: 2 });
    expect(first).toEqual(
      expect.arrayContaining([
        'measurements_y2031m01',
        'measurements_y2031m03',
        'measurement_hourly_y2031m02',
        'measurements_cold_y2031m03',
      ]),
    );
    // Idempotent, and two at once (two processes) create nothing twice and fail nothing.
    const again = await Promise.all([
      ensurePartitions(db, { now, monthsAhead: 2 }),
      ensurePartitions(db, { now, monthsAhead: 2 }),
    ]);
    expect(again).toEqual([[], []]);

    const jan = Date.UTC(2031, 0, 20, 8);
    const jun = Date.UTC(2031, 5, 2, 8);
    await insertMeasurements(
      db,
      tenantId,
      [
        reading(p, 'heart_rate', jan, 70),
        reading(p, 'heart_rate', jun, 71),
        reading(p, 'heart_rate', jun + 60_000, 72),
      ],
      new Date(jun),
    );
    expect(await partitionOf('measurements', 'patient_id = $1 and measured_at = $2', [p, new Date(jan)])).toEqual([
      'measurements_y2031m01',
    ]);
    expect(await partitionOf('measurements', 'patient_id = $1 and measured_at >= $2', [p, new Date(jun)])).toEqual([
      'measurements_default',
      'measurements_default',
    ]);
    expect(
      await partitionOf('measurement_hourly', 'patient_id = $1 and hour >= $2', [p, new Date(jun - 3_600_000)]),
    ).toEqual(['measurement_hourly_default']);

    const created = await ensurePartitions(db, { now, monthsAhead: 2 });
    expect(created).toEqual(['measurements_y2031m06', 'measurement_hourly_y2031m06']);
    expect(await partitionOf('measurements', 'patient_id = $1 and measured_at >= $2', [p, new Date(jun)])).toEqual([
      'measurements_y2031m06',
      'measurements_y2031m06',
    ]);
    expect(
      await partitionOf('measurement_hourly', 'patient_id = $1 and hour >= $2', [p, new Date(jun - 3_600_000)]),
    ).toEqual(['measurement_hourly_y2031m06']);
    // ON CONFLICT targets still work through the parent: a retry stores nothing and counts nothing.
    const retry = await insertMeasurements(db, tenantId, [reading(p, 'heart_rate', jun, 71)], new Date(jun));
    expect(retry.count).toBe(0);
    expect(await hourlyN(p)).toBe(3);
  });

  test('detachMonth takes a month out of the three tables; its readings no longer read', async () => {
    const p = newId();
    const t = Date.UTC(2031, 1, 10, 5);
    await insertMeasurements(db, tenantId, [reading(p, 'heart_rate', t, 60)], new Date(t));
    expect(await detachMonth(db, new Date(t))).toEqual([
      'measurements_y2031m02',
      'measurement_hourly_y2031m02',
      'measurements_cold_y2031m02',
    ]);
    expect(await repo.rawSeries(db, tenantId, p, 'heart_rate', new Date(t - DAY), new Date(t + DAY), 10)).toEqual([]);
    expect(
      (
        await db.query<{ n: number }>(`select count(*)::int as n from ${partitionName('measurements', new Date(t))}`)
      )[0]!.n,
    ).toBe(1);
    expect(await detachMonth(db, new Date(t))).toEqual([]);
  });
});

describe('cold store', () => {
  // Ten days of readings every 7 minutes (heart rate, BP with value2 from two sources at equal times, steps with a
  // device), one sleep session with data; compaction an hour after day 10 starts moves days 0..2 (ended ≥ 7 days
  // before) to the cold store.
  const start = Date.UTC(2030, 2, 1);
  const dev = newId();
  function history(p: string): MeasurementRow[] {
    const rows: MeasurementRow[] = [];
    for (let t = start; t < start + 10 * DAY; t += 7 * 60_000) {
      const i = (t - start) / 60_000;
      rows.push(reading(p, 'heart_rate', t, 60 + (i % 23) + 0.25));
      if (i % 49 === 0) {
        rows.push(reading(p, 'blood_pressure', t, 120 + (i % 9), { value2: 80 + (i % 5) }));
        rows.push(reading(p, 'blood_pressure', t, 121, { value2: null, source: 'device:x' }));
      }
      if (i % 35 === 0)
        rows.push(reading(p, 'steps', t + 13, i % 70, { deviceId: i % 3 === 0 ? dev : null, source: 'watch' }));
    }
    rows.push(
      reading(p, 'sleep', start + DAY + 3_600_000, 420, { data: { stages: [{ stage: 'deep', minutes: 90 }] } }),
    );
    return rows;
  }
  async function reads(p: string) {
    const from = new Date(start - DAY);
    const to = new Date(start + 11 * DAY);
    const out: Record<string, unknown> = {};
    for (const m of ['heart_rate', 'blood_pressure', 'steps']) {
      out[`raw:${m}`] = await repo.rawSeries(db, tenantId, p, m, from, to, 100_000);
      // Short reads stop early in both stores (the chart's "raw or buckets?" probe): the first n, across cold and hot days.
      for (const n of [7, 650])
        out[`raw${n}:${m}`] = await repo.rawSeries(db, tenantId, p, m, new Date(start + 5 * 3_600_000), to, n);
      out[`bucket:${m}`] = await repo.bucketSeries(db, tenantId, p, m, from, to, 3 * 3600);
      out[`hourly:${m}`] = await repo.hourlyBucketSeries(
        db,
        tenantId,
        p,
        m,
        new Date(start + 1_234_567),
        to,
        from,
        6 * 3600,
      );
      out[`local:${m}`] = await repo.localDailyAggregates(db, tenantId, p, m, from, to, 'Asia/Ho_Chi_Minh');
      // A half-hour zone cannot use the hourly rollup: every reading is read (hot and cold).
      out[`local-kolkata:${m}`] = await repo.localDailyAggregates(
        db,
        tenantId,
        p,
        m,
        new Date(start + 1_234_567),
        to,
        'Asia/Kolkata',
      );
    }
    out.daily = await repo.dailyTotals(db, tenantId, p, from, to);
    out.sleep = await repo.withData(db, tenantId, p, 'sleep', from, to, 10);
    out.at = await vitalsAt(db, tenantId, p, new Date(start + 2 * DAY + 5 * 60_000), 6);
    return out;
  }
  const now = new Date(start + 10 * DAY + 3_600_000);
  const oldHot = async (cut: number) =>
    (
      await db.query<{ n: number }>(
        'select count(*)::int as n from measurements where measured_at < $1 and data is null',
        [new Date(cut)],
      )
    )[0]!.n;

  test('compaction moves whole old days into arrays (same bytes of every read), keeps data rows hot, and is idempotent', async () => {
    await ensurePartitions(db, { now: new Date(start), monthsAhead: 1 });
    const p = newId();
    const rows = history(p);
    await insertMeasurements(db, tenantId, rows, new Date(start + 10 * DAY));
    const before = await reads(p);
    const hourlyBefore = await hourlyN(p);

    const cut = Date.UTC(2030, 2, 4); // days 0..2 end at least 7 days before `now`
    const due = await oldHot(cut);
    const r = await compactMeasurements(db, { now }); // also the demo data of the test database, if any
    expect(r.readings).toBe(due);
    const expected = rows.filter((x) => x.measuredAt.getTime() < cut && x.data === null).length;
    const [c] = await db.query<{ n: number; rows: number }>(
      'select sum(n)::int as n, count(*)::int as rows from measurements_cold where patient_id = $1',
      [p],
    );
    expect(c).toEqual({ n: expected, rows: 9 }); // 3 metrics × 3 days
    const [hot] = await db.query<{ n: number }>(
      'select count(*)::int as n from measurements where patient_id = $1 and measured_at < $2',
      [p, new Date(cut)],
    );
    expect(hot!.n).toBe(1); // the sleep session (with data)
    expect(await partitionOf('measurements_cold', 'patient_id = $1 limit 1', [p])).toEqual([
      'measurements_cold_y2030m03',
    ]);

    expect(await reads(p)).toEqual(before);
    expect(await hourlyN(p)).toBe(hourlyBefore);
    // The report's local days (rollup for whole hours, readings at the edges) are those of every reading.
    const a = new Date(start + 1_234_567);
    for (const [zone, offsetH] of [
      ['Asia/Ho_Chi_Minh', 7],
      ['Asia/Kolkata', 5.5],
    ] as const) {
      const want = new Map<string, { n: number; s: number; mn: number; mx: number }>();
      for (const x of rows) {
        if (x.metric !== 'heart_rate' || x.measuredAt < a) continue;
        const day = new Date(x.measuredAt.getTime() + offsetH * 3_600_000).toISOString().slice(0, 10);
        const w = want.get(day) ?? { n: 0, s: 0, mn: Infinity, mx: -Infinity };
        want.set(day, { n: w.n + 1, s: w.s + x.value!, mn: Math.min(w.mn, x.value!), mx: Math.max(w.mx, x.value!) });
      }
      const got = await repo.localDailyAggregates(db, tenantId, p, 'heart_rate', a, new Date(start + 11 * DAY), zone);
      expect(got.map((d) => [d.day, d.n, d.s, d.mn, d.mx])).toEqual(
        [...want].map(([d, w]) => [d, w.n, w.s, w.mn, w.mx]),
      );
    }
    // One source / one device per day are stored once, not per reading.
    const [bp] = await db.query<{ sources: number; devices: number | null }>(
      "select cardinality(sources) as sources, cardinality(devices) as devices from measurements_cold where patient_id = $1 and metric = 'heart_rate' limit 1",
      [p],
    );
    expect(bp).toEqual({ sources: 1, devices: null });

    expect(await compactMeasurements(db, { now })).toMatchObject({ readings: 0 });
    expect(await reads(p)).toEqual(before);
  });

  test('late readings: one already cold is neither stored nor counted again; a new one is stored, counted once, and compacted into its day', async () => {
    const p = newId();
    const rows = history(p);
    await insertMeasurements(db, tenantId, rows, new Date(start + 10 * DAY));
    await compactMeasurements(db, { now });
    const hourly0 = await hourlyN(p);
    const old = rows.filter((x) => x.measuredAt.getTime() < start + DAY && x.data === null).slice(0, 50);

    for (const fresh of [false, true]) {
      const again = await insertMeasurements(db, tenantId, old, now, { fresh });
      expect(again).toEqual({ count: 0, indexes: [] });
    }
    expect(await hourlyN(p)).toBe(hourly0);

    // A new reading in a compacted day, sent with two already-cold ones: only it is stored (its index answered).
    const late = reading(p, 'heart_rate', start + 3 * 60_000, 99);
    const mixed = await insertMeasurements(db, tenantId, [old[0]!, late, old[1]!], now);
    expect(mixed).toEqual({ count: 1, indexes: [1] });
    expect(await hourlyN(p)).toBe(hourly0 + 1);
    const series = async () =>
      repo.rawSeries(db, tenantId, p, 'heart_rate', new Date(start), new Date(start + DAY), 100_000);
    const withLate = await series();
    expect(withLate.filter((x) => x.value === 99)).toHaveLength(1);

    // Compacted into its day (appended); still read once; a retry of it after that is a duplicate.
    expect(await compactMeasurements(db, { now })).toMatchObject({ readings: 1, days: 1 });
    expect(await series()).toEqual(withLate);
    expect((await insertMeasurements(db, tenantId, [late], now, { fresh: true })).count).toBe(0);
    expect(await hourlyN(p)).toBe(hourly0 + 1);
    // Another source at the same time is another reading.
    expect((await insertMeasurements(db, tenantId, [{ ...late, source: 'other' }], now)).count).toBe(1);
  });

  test('two compactions at once: every reading ends in the cold store exactly once', async () => {
    const ps = [newId(), newId(), newId()];
    const all = ps.flatMap((p) => history(p));
    await insertMeasurements(db, tenantId, all, new Date(start + 10 * DAY));
    const before = await Promise.all(ps.map((p) => reads(p)));
    const due = await oldHot(Date.UTC(2030, 2, 4));
    const [a, b] = await Promise.all([compactMeasurements(db, { now }), compactMeasurements(db, { now })]);
    expect(a.readings + b.readings).toBe(due);
    const expected = all.filter((x) => x.measuredAt.getTime() < Date.UTC(2030, 2, 4) && x.data === null).length;
    const [c] = await db.query<{ n: number; len: number }>(
      'select sum(n)::int as n, sum(cardinality(offs))::int as len from measurements_cold where patient_id = any($1::uuid[])',
      [ps],
    );
    expect(c).toEqual({ n: expected, len: expected });
    expect(await Promise.all(ps.map((p) => reads(p)))).toEqual(before);
  });
});
