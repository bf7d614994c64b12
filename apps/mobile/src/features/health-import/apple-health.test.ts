import { describe, expect, test } from 'vitest';
import { zipSync, strToU8 } from 'fflate';
import type { TReading } from '@carewatch/contracts/vitals';
import {
  AppleHealthError,
  AppleHealthMapper,
  appleDate,
  readAppleHealthExport,
  type AppleHealthStats,
} from './apple-health.ts';
import { writeAppleHealthExport } from './apple-health-export-generator.ts';

async function* chunksOf(parts: readonly Uint8Array[]): AsyncGenerator<Uint8Array> {
  for (const p of parts) yield p;
}
async function readAll(parts: readonly Uint8Array[], batchSize = 500) {
  const batches: TReading[][] = [];
  const it = readAppleHealthExport(chunksOf(parts), { batchSize });
  let r = await it.next();
  while (!r.done) {
    batches.push(r.value);
    r = await it.next();
  }
  return { batches, stats: r.value as AppleHealthStats };
}

describe('appleDate', () => {
  test('reads the export format with its offset; anything else is null', () => {
    expect(appleDate('2024-01-01 08:00:00 +0700')).toBe('2024-01-01T08:00:00+07:00');
    expect(appleDate('2024-06-30 23:59:59 -0430')).toBe('2024-06-30T23:59:59-04:30');
    expect(appleDate('2024-01-01T08:00:00Z')).toBeNull();
    expect(appleDate(undefined)).toBeNull();
  });
});

describe('AppleHealthMapper', () => {
  const rec = (m: AppleHealthMapper, a: Record<string, string>) => {
    m.open('Record', a);
    m.close('Record');
  };
  const base = { sourceName: 'Watch', startDate: '2024-01-01 08:00:00 +0700', endDate: '2024-01-01 08:00:00 +0700' };

  test('converts units: SpO2 fraction to %, lb to kg, °F to °C, mg/dL to mmol/L', () => {
    const m = new AppleHealthMapper();
    rec(m, { ...base, type: 'HKQuantityTypeIdentifierOxygenSaturation', unit: '%', value: '0.97' });
    rec(m, { ...base, type: 'HKQuantityTypeIdentifierBodyMass', unit: 'lb', value: '150' });
    rec(m, { ...base, type: 'HKQuantityTypeIdentifierBodyTemperature', unit: 'degF', value: '98.6' });
    rec(m, { ...base, type: 'HKQuantityTypeIdentifierBloodGlucose', unit: 'mg/dL', value: '108' });
    rec(m, { ...base, type: 'HKQuantityTypeIdentifierHeartRate', unit: 'count/min', value: '72' });
    expect(m.take().map((r) => [r.metric, r.value, r.measuredAt, r.source])).toEqual([
      ['spo2', 97, '2024-01-01T08:00:00+07:00', 'apple_health'],
      ['weight', 68.04, '2024-01-01T08:00:00+07:00', 'apple_health'],
      ['temperature', 37, '2024-01-01T08:00:00+07:00', 'apple_health'],
      ['blood_glucose', 5.99, '2024-01-01T08:00:00+07:00', 'apple_health'],
      ['heart_rate', 72, '2024-01-01T08:00:00+07:00', 'apple_health'],
    ]);
  });

  test('pairs blood pressure inside its correlation; the top-level halves are not counted again', () => {
    const m = new AppleHealthMapper();
    rec(m, { ...base, type: 'HKQuantityTypeIdentifierBloodPressureSystolic', unit: 'mmHg', value: '128' });
    m.open('Correlation', { ...base, type: 'HKCorrelationTypeIdentifierBloodPressure' });
    rec(m, { ...base, type: 'HKQuantityTypeIdentifierBloodPressureSystolic', unit: 'mmHg', value: '128' });
    rec(m, { ...base, type: 'HKQuantityTypeIdentifierBloodPressureDiastolic', unit: 'mmHg', value: '82' });
    m.close('Correlation');
    expect(m.take()).toEqual([
      {
        metric: 'blood_pressure',
        measuredAt: '2024-01-01T08:00:00+07:00',
        values: { systolic: 128, diastolic: 82 },
        source: 'apple_health',
      },
    ]);
    expect(m.stats).toMatchObject({ records: 3, skipped: 1 });
  });

  test('steps: per hour, the busiest source (iPhone and Watch are not added up)', () => {
    const m = new AppleHealthMapper();
    const step = (source: string, start: string, value: string) =>
      rec(m, {
        type: 'HKQuantityTypeIdentifierStepCount',
        unit: 'count',
        sourceName: source,
        startDate: start,
        endDate: start,
        value,
      });
    step('Watch', '2024-01-01 08:05:00 +0700', '300');
    step('Watch', '2024-01-01 08:40:00 +0700', '200');
    step('iPhone', '2024-01-01 08:10:00 +0700', '450');
    step('iPhone', '2024-01-01 09:10:00 +0700', '100');
    m.finish();
    expect(m.take().map((r) => [r.measuredAt, r.value])).toEqual([
      ['2024-01-01T01:00:00.000Z', 500],
      ['2024-01-01T02:00:00.000Z', 100],
    ]);
  });

  test('sleep: one reading per night from the most detailed source, stages merged and overlaps clipped', () => {
    const m = new AppleHealthMapper();
    const s = (source: string, start: string, end: string, value: string) =>
      rec(m, {
        type: 'HKCategoryTypeIdentifierSleepAnalysis',
        sourceName: source,
        startDate: start,
        endDate: end,
        value: `HKCategoryValueSleepAnalysis${value}`,
      });
    s('iPhone', '2024-01-01 22:00:00 +0700', '2024-01-02 06:00:00 +0700', 'InBed');
    s('iPhone', '2024-01-01 22:10:00 +0700', '2024-01-02 05:50:00 +0700', 'Asleep');
    s('Watch', '2024-01-01 22:15:00 +0700', '2024-01-01 23:00:00 +0700', 'AsleepCore');
    s('Watch', '2024-01-01 22:50:00 +0700', '2024-01-02 00:00:00 +0700', 'AsleepCore');
    s('Watch', '2024-01-02 00:00:00 +0700', '2024-01-02 01:00:00 +0700', 'AsleepDeep');
    s('Watch', '2024-01-02 01:00:00 +0700', '2024-01-02 01:10:00 +0700', 'Awake');
    s('Watch', '2024-01-02 01:10:00 +0700', '2024-01-02 02:00:00 +0700', 'AsleepREM');
    // The next night (more than 2 hours later) is a reading of its own.
    s('Watch', '2024-01-02 22:00:00 +0700', '2024-01-02 23:00:00 +0700', 'AsleepCore');
    m.finish();
    const out = m.take();
    expect(out).toHaveLength(2);
    expect(out[0]).toEqual({
      metric: 'sleep',
      measuredAt: '2024-01-01T15:15:00.000Z',
      source: 'apple_health',
      values: {
        stages: [
          { stage: 'light', start: '2024-01-01T15:15:00.000Z', end: '2024-01-01T17:00:00.000Z' },
          { stage: 'deep', start: '2024-01-01T17:00:00.000Z', end: '2024-01-01T18:00:00.000Z' },
          { stage: 'awake', start: '2024-01-01T18:00:00.000Z', end: '2024-01-01T18:10:00.000Z' },
          { stage: 'rem', start: '2024-01-01T18:10:00.000Z', end: '2024-01-01T19:00:00.000Z' },
        ],
      },
    });
  });

  test('bad dates, units and values are skipped, not guessed', () => {
    const m = new AppleHealthMapper();
    rec(m, { ...base, type: 'HKQuantityTypeIdentifierHeartRate', unit: 'count/s', value: '1.2' });
    rec(m, { ...base, type: 'HKQuantityTypeIdentifierHeartRate', unit: 'count/min', value: 'abc' });
    rec(m, {
      ...base,
      startDate: 'yesterday',
      type: 'HKQuantityTypeIdentifierHeartRate',
      unit: 'count/min',
      value: '70',
    });
    rec(m, { ...base, type: 'HKQuantityTypeIdentifierDistanceWalkingRunning', unit: 'km', value: '1' });
    expect(m.take()).toEqual([]);
    expect(m.stats).toMatchObject({ records: 4, skipped: 4, readings: 0 });
  });
});

describe('readAppleHealthExport on a generated 50k-record export.zip', () => {
  const parts: Uint8Array[] = [];
  const info = writeAppleHealthExport({ records: 50_000 }, (c) => parts.push(c));

  test('reads every record, makes the expected readings per type, in batches of at most 500, with bounded memory', async () => {
    expect(info.records).toBeGreaterThanOrEqual(50_000);
    const started = performance.now();
    const { batches, stats } = await readAll(parts);
    const ms = performance.now() - started;
    expect(stats.records).toBe(info.records);
    expect(stats.byMetric).toEqual(info.readings);
    const all = batches.flat();
    expect(all).toHaveLength(stats.readings);
    expect(batches.every((b) => b.length > 0 && b.length <= 500)).toBe(true);
    expect(all.every((r) => r.source === 'apple_health')).toBe(true);
    // Memory: readings are handed out as they come; what waits at once is a slice's worth plus the closing steps and
    // nights (per hour and per night), never the whole file's records.
    const endOfFile = (info.readings.steps ?? 0) + (info.readings.sleep ?? 0);
    expect(stats.peakPending).toBeLessThan(endOfFile + 5_000);
    expect(stats.peakPending).toBeLessThan(stats.records / 2);
    console.info(`apple-health parse: ${stats.records} records → ${stats.readings} readings in ${Math.round(ms)} ms`);
  });

  test('the same bytes in one big chunk or in tiny chunks give the same readings', async () => {
    const small = writeSmall();
    const whole = new Uint8Array(small.reduce((n, c) => n + c.length, 0));
    let off = 0;
    for (const c of small) {
      whole.set(c, off);
      off += c.length;
    }
    const tiny: Uint8Array[] = [];
    for (let i = 0; i < whole.length; i += 777) tiny.push(whole.subarray(i, i + 777));
    const a = await readAll([whole]);
    const b = await readAll(tiny);
    expect(b.batches.flat()).toEqual(a.batches.flat());
    expect(a.stats.readings).toBeGreaterThan(0);
  });

  test('stopping early (cancel) reads no further', async () => {
    let pulled = 0;
    async function* counted() {
      for (const p of parts) {
        pulled += 1;
        yield p;
      }
    }
    for await (const batch of readAppleHealthExport(counted(), { batchSize: 100 })) {
      expect(batch).toHaveLength(100);
      break;
    }
    expect(pulled).toBeLessThan(parts.length);
  });
});

function writeSmall(): Uint8Array[] {
  const parts: Uint8Array[] = [];
  writeAppleHealthExport({ records: 2_000, seed: 7 }, (c) => parts.push(c));
  return parts;
}

describe('files that are not a Health export', () => {
  test('a zip without export.xml', async () => {
    const zip = zipSync({ 'notes/readme.txt': strToU8('hello') });
    await expect(readAll([zip])).rejects.toMatchObject({ code: 'NO_EXPORT_XML' });
  });
  test('not a zip at all', async () => {
    await expect(readAll([strToU8('<HealthData></HealthData>')])).rejects.toBeInstanceOf(AppleHealthError);
  });
  test('an export cut short', async () => {
    const small = writeSmall();
    const bytes = new Uint8Array(small.reduce((n, c) => n + c.length, 0));
    let off = 0;
    for (const c of small) {
      bytes.set(c, off);
      off += c.length;
    }
    await expect(readAll([bytes.subarray(0, Math.floor(bytes.length / 2))])).rejects.toMatchObject({
      code: 'TRUNCATED',
    });
  });
  test('broken XML inside', async () => {
    const zip = zipSync({
      'apple_health_export/export.xml': strToU8('<HealthData><Record type="x" value="1"></HealthData>'),
    });
    await expect(readAll([zip])).rejects.toMatchObject({ code: 'BAD_XML' });
  });
});
