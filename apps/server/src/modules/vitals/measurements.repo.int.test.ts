import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freshDb } from '../../test-support/test-app.ts';
import type { Db } from '../../platform/db.ts';
import { newId } from '../../platform/ids.ts';
import { insertMeasurements, isDuplicateKey, type MeasurementRow } from './measurements.repo.ts';

let db: Db;
let drop: () => Promise<void>;
const tenantId = newId();
beforeAll(async () => {
  ({ db, drop } = await freshDb());
});
afterAll(async () => {
  await drop?.();
});

/** A deterministic mix: several metrics, hours and days, nulls, fractions, negative values, JSON data, equal times from two sources. */
function rowsFor(patientId: string, seed: number, n: number): MeasurementRow[] {
  let x = seed;
  const rnd = () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
  const base = Date.UTC(2024, 5, 1, 22, 17, 0);
  const rows: MeasurementRow[] = [];
  for (let i = 0; i < n; i++) {
    const metric = ['heart_rate', 'blood_pressure', 'weight', 'ecg'][i % 4]!;
    const measuredAt = new Date(base + Math.floor(i / 2) * 97_013 + (i % 7 === 0 ? 0 : 1));
    const value = i % 11 === 0 ? null : Math.round((rnd() * 200 - 20) * 1000) / 1000 + rnd() / 3;
    const value2 = metric === 'blood_pressure' ? Math.round(rnd() * 90) : null;
    const data =
      metric === 'ecg' ? { samplingRate: 250, samples: [0.1, -0.2, rnd()], note: 'a "quoted" \\ text' } : null;
    const source = i % 9 === 0 ? 'device:0b6f7f40-3a5e-4d2b-9a51-5a0e2e1d2c3b' : 'app';
    rows.push({ patientId, metric, measuredAt, source, value, value2, data, deviceId: null });
  }
  // Two readings at the newest time of heart_rate from two sources (the tie `distinct on` settles by source).
  const last = new Date(base + n * 97_013);
  rows.push({
    patientId,
    metric: 'heart_rate',
    measuredAt: last,
    source: 'device:0b6f7f40-3a5e-4d2b-9a51-5a0e2e1d2c3b',
    value: 71.5,
    value2: null,
    data: null,
    deviceId: null,
  });
  rows.push({
    patientId,
    metric: 'heart_rate',
    measuredAt: last,
    source: 'app',
    value: 70.25,
    value2: null,
    data: null,
    deviceId: null,
  });
  return rows;
}
const batches = <T>(xs: T[], size: number) =>
  Array.from({ length: Math.ceil(xs.length / size) }, (_, i) => xs.slice(i * size, (i + 1) * size));

async function snapshot(patientId: string) {
  const hourly = await db.query(
    `select metric, hour, n, c, s, mn, mx, c2, s2, mn2, mx2 from measurement_hourly where tenant_id = $1 and patient_id = $2 order by metric, hour`,
    [tenantId, patientId],
  );
  const latest = await db.query(
    `select metric, measured_at, value, value2, data from latest_measurements where tenant_id = $1 and patient_id = $2 order by metric`,
    [tenantId, patientId],
  );
  const stored = await db.query(
    `select metric, measured_at, source, value, value2, data from measurements where tenant_id = $1 and patient_id = $2 order by metric, measured_at, source`,
    [tenantId, patientId],
  );
  return { hourly, latest, stored };
}

describe('insertMeasurements', () => {
  test('new rows (`fresh`) leave the rollup and latest rows exactly as the conflict-handling insert does', async () => {
    const a = newId();
    const b = newId();
    const rowsA = rowsFor(a, 7, 700);
    const rowsB = rowsFor(b, 7, 700);
    const now = new Date();
    for (const part of batches(rowsA, 150))
      expect(await insertMeasurements(db, tenantId, part, now, { fresh: true })).toEqual({
        count: part.length,
        indexes: null,
      });
    for (const part of batches(rowsB, 150))
      expect(await insertMeasurements(db, tenantId, part, now)).toEqual({ count: part.length, indexes: null });
    const sa = await snapshot(a);
    const sb = await snapshot(b);
    expect(sa.stored).toHaveLength(rowsA.length);
    expect(sa.hourly.length).toBeGreaterThan(10);
    // Sums may differ in the last bit: floating-point addition depends on the order, and the aggregate's order
    // within a group is the plan's (a sort is not stable) — everything else is identical.
    const sums = (h: Array<Record<string, unknown>>) => h.map((r) => [r.s, r.s2] as [number | null, number | null]);
    const noSums = (h: Array<Record<string, unknown>>) => h.map((r) => ({ ...r, s: null, s2: null }));
    expect({ ...sa, hourly: noSums(sa.hourly) }).toEqual({ ...sb, hourly: noSums(sb.hourly) });
    sums(sa.hourly).forEach(([s, s2], i) => {
      const [t, t2] = sums(sb.hourly)[i]!;
      if (s === null || t === null) expect(s).toBe(t);
      else expect(Math.abs(s - t)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(t)));
      if (s2 === null || t2 === null) expect(s2).toBe(t2);
      else expect(Math.abs(s2 - t2)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(t2)));
    });
    expect(sa.latest.find((r) => r.metric === 'heart_rate')).toMatchObject({ value: 70.25 });
  });

  test('a `fresh` insert meeting a stored key fails whole; the conflict-handling insert answers which rows were new', async () => {
    const p = newId();
    const rows = rowsFor(p, 3, 40);
    const now = new Date();
    await insertMeasurements(db, tenantId, rows.slice(0, 10), now, { fresh: true });
    const before = await snapshot(p);
    const err = await insertMeasurements(db, tenantId, rows.slice(5, 20), now, { fresh: true }).catch(
      (e: unknown) => e,
    );
    expect(isDuplicateKey(err)).toBe(true);
    expect(await snapshot(p)).toEqual(before);
    // Rows 5..9 are stored; of 5..19 the new ones are positions 5..14; a key twice in one batch is stored once.
    const again = [...rows.slice(5, 20), rows[15]!];
    expect(await insertMeasurements(db, tenantId, again, now)).toEqual({
      count: 10,
      indexes: [5, 6, 7, 8, 9, 10, 11, 12, 13, 14],
    });
    expect(await insertMeasurements(db, tenantId, rows.slice(0, 20), now)).toEqual({ count: 0, indexes: [] });
    expect((await snapshot(p)).stored).toHaveLength(20);
  });
});
