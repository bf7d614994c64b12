import { Unzip, UnzipInflate, type AsyncFlateStreamHandler, type UnzipDecoder } from 'fflate';
import { SaxesParser } from 'saxes';
import { GLUCOSE_MGDL_PER_MMOL, KG_PER_LB, fToC } from '@carewatch/clinical/units';
import type { TMetric, TReading } from '@carewatch/contracts/vitals';

/*
 * Apple Health import (issue 19): the `export.zip` the iPhone Health app writes ("Export All Health Data") read on the
 * phone, streamed — the zip through fflate's streaming Unzip, only `apple_health_export/export.xml` inflated, that XML
 * through the saxes streaming parser — into CareWatch readings with `source: 'apple_health'`. Nothing holds the whole
 * file or XML: each input chunk is cut into small slices, and readings are handed out in batches as they appear.
 * Pure (no DOM, no I/O): runs in the browser and in Node (unit, int and E2E tests).
 */

export const APPLE_HEALTH_SOURCE = 'apple_health' as const;
/** Why a file could not be read: not a Health export, cut short, or its XML is broken. */
export type AppleHealthErrorCode = 'NO_EXPORT_XML' | 'TRUNCATED' | 'BAD_XML';
export class AppleHealthError extends Error {
  constructor(
    readonly code: AppleHealthErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'AppleHealthError';
  }
}

/** What the parser saw: every `<Record>` read, the readings made per metric, and records of types not imported. */
export type AppleHealthStats = {
  records: number;
  readings: number;
  byMetric: Partial<Record<TMetric, number>>;
  /** Records of other types (workouts, energy, distance…) and ones that could not be read (bad date, unit or value). */
  skipped: number;
  /** The largest number of readings held at once before being handed out (memory stays bounded). */
  peakPending: number;
};

const HOUR_MS = 3_600_000;
/** A gap longer than this between sleep samples starts a new night. */
const SLEEP_GAP_MS = 2 * HOUR_MS;
const SLEEP_MAX_SPAN_MS = 24 * HOUR_MS;
const SLEEP_MAX_STAGES = 500;

/** `2024-01-01 08:00:00 +0700` (the export's format) → `2024-01-01T08:00:00+07:00`; null when it is something else. */
export function appleDate(s: string | undefined): string | null {
  if (!s || s.length !== 25) return null;
  const m = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d) ([+-]\d\d)(\d\d)$/.exec(s);
  return m ? `${m[1]}T${m[2]}${m[3]}:${m[4]}` : null;
}

const round2 = (v: number) => Math.round(v * 100) / 100;

type Scalar = { metric: TMetric; convert: (value: number, unit: string) => number | null };
const same = (units: readonly string[]) => (v: number, unit: string) => (units.includes(unit) ? v : null);
/** Quantity types read as one value each, converted to the metric's canonical unit (contracts CANONICAL_UNIT). */
const SCALARS: Record<string, Scalar> = {
  HKQuantityTypeIdentifierHeartRate: { metric: 'heart_rate', convert: same(['count/min']) },
  HKQuantityTypeIdentifierRespiratoryRate: { metric: 'respiratory_rate', convert: same(['count/min']) },
  HKQuantityTypeIdentifierHeartRateVariabilitySDNN: { metric: 'hrv', convert: same(['ms']) },
  // A fraction in the export (0.97); a few third-party writers store the percentage itself.
  HKQuantityTypeIdentifierOxygenSaturation: {
    metric: 'spo2',
    convert: (v, u) => (u === '%' ? (v <= 1 ? v * 100 : v) : null),
  },
  HKQuantityTypeIdentifierBodyMass: {
    metric: 'weight',
    convert: (v, u) =>
      u === 'kg' ? v : u === 'lb' ? v * KG_PER_LB : u === 'g' ? v / 1000 : u === 'st' ? v * 14 * KG_PER_LB : null,
  },
  HKQuantityTypeIdentifierBodyTemperature: {
    metric: 'temperature',
    convert: (v, u) => (u === 'degC' ? v : u === 'degF' ? fToC(v) : null),
  },
  HKQuantityTypeIdentifierBloodGlucose: {
    metric: 'blood_glucose',
    // mg/dL, or mmol/L written with the molar mass: `mmol<180.15588000005408>/L`.
    convert: (v, u) =>
      u === 'mg/dL' ? v / GLUCOSE_MGDL_PER_MMOL : u.startsWith('mmol') && u.endsWith('/L') ? v : null,
  },
};
const BP = 'HKCorrelationTypeIdentifierBloodPressure';
const SYSTOLIC = 'HKQuantityTypeIdentifierBloodPressureSystolic';
const DIASTOLIC = 'HKQuantityTypeIdentifierBloodPressureDiastolic';
const STEPS = 'HKQuantityTypeIdentifierStepCount';
const SLEEP = 'HKCategoryTypeIdentifierSleepAnalysis';
type Stage = 'awake' | 'light' | 'deep' | 'rem';
/** Apple's sleep values → the app's stages ("asleep" without a stage counts as light sleep; time in bed is not sleep). */
const SLEEP_STAGES: Record<string, Stage> = {
  HKCategoryValueSleepAnalysisAwake: 'awake',
  HKCategoryValueSleepAnalysisAsleep: 'light',
  HKCategoryValueSleepAnalysisAsleepUnspecified: 'light',
  HKCategoryValueSleepAnalysisAsleepCore: 'light',
  HKCategoryValueSleepAnalysisAsleepDeep: 'deep',
  HKCategoryValueSleepAnalysisAsleepREM: 'rem',
};
const STAGE_CODES: readonly Stage[] = ['awake', 'light', 'deep', 'rem'];

/**
 * Turns the export's elements into readings. Scalars and blood pressure come out as they are read; steps (summed per
 * UTC hour, the busiest source of each hour kept so iPhone and Watch are not counted twice) and sleep (samples grouped
 * into nights, one source per night) come out at `finish`, from compact per-hour and per-sample tables.
 */
export class AppleHealthMapper {
  readonly stats: AppleHealthStats = { records: 0, readings: 0, byMetric: {}, skipped: 0, peakPending: 0 };
  private readonly out: TReading[] = [];
  private bp: { at: string; systolic: number | null; diastolic: number | null } | null = null;
  /** hour (ms) → source → steps. */
  private readonly steps = new Map<number, Map<string, number>>();
  private readonly sources = new Map<string, number>();
  private sleepStart: number[] = [];
  private sleepEnd: number[] = [];
  private sleepStage: number[] = [];
  private sleepSource: number[] = [];

  /** An opening tag with its attributes. */
  open(name: string, a: Record<string, string>): void {
    if (name === 'Correlation') {
      if (a.type === BP) this.bp = { at: appleDate(a.startDate) ?? '', systolic: null, diastolic: null };
      return;
    }
    if (name !== 'Record') return;
    this.stats.records += 1;
    const type = a.type ?? '';
    if (this.bp !== null) {
      if (type === SYSTOLIC || type === DIASTOLIC) {
        const v = Number(a.value);
        if (a.unit === 'mmHg' && Number.isFinite(v)) this.bp[type === SYSTOLIC ? 'systolic' : 'diastolic'] = round2(v);
      }
      return;
    }
    const scalar = SCALARS[type];
    if (scalar) {
      const at = appleDate(a.startDate);
      const raw = Number(a.value);
      const v =
        at !== null && a.value !== undefined && a.value !== '' && Number.isFinite(raw)
          ? scalar.convert(raw, a.unit ?? '')
          : null;
      if (at === null || v === null) {
        this.stats.skipped += 1;
        return;
      }
      this.emit({ metric: scalar.metric, measuredAt: at, value: round2(v), source: APPLE_HEALTH_SOURCE });
      return;
    }
    if (type === STEPS) {
      const at = appleDate(a.startDate);
      const v = Number(a.value);
      if (at === null || !Number.isFinite(v) || v < 0) {
        this.stats.skipped += 1;
        return;
      }
      const hour = Math.floor(Date.parse(at) / HOUR_MS) * HOUR_MS;
      let bySource = this.steps.get(hour);
      if (!bySource) {
        bySource = new Map();
        this.steps.set(hour, bySource);
      }
      const src = a.sourceName ?? '';
      bySource.set(src, (bySource.get(src) ?? 0) + v);
      return;
    }
    if (type === SLEEP) {
      const stage = SLEEP_STAGES[a.value ?? ''];
      const s = Date.parse(appleDate(a.startDate) ?? '');
      const e = Date.parse(appleDate(a.endDate) ?? '');
      if (stage === undefined || !(e > s)) {
        this.stats.skipped += 1;
        return;
      }
      this.sleepStart.push(s);
      this.sleepEnd.push(e);
      this.sleepStage.push(STAGE_CODES.indexOf(stage));
      this.sleepSource.push(this.sourceId(a.sourceName ?? ''));
      return;
    }
    // Blood pressure halves outside a correlation repeat the correlation's (the export lists both): not counted twice.
    this.stats.skipped += 1;
  }

  close(name: string): void {
    if (name !== 'Correlation' || this.bp === null) return;
    const { at, systolic, diastolic } = this.bp;
    this.bp = null;
    if (at === '' || systolic === null || diastolic === null) {
      this.stats.skipped += 1;
      return;
    }
    this.emit({
      metric: 'blood_pressure',
      measuredAt: at,
      values: { systolic, diastolic },
      source: APPLE_HEALTH_SOURCE,
    });
  }

  /** The oldest `max` readings not yet taken (all by default). */
  take(max = Infinity): TReading[] {
    return this.out.splice(0, Math.min(max, this.out.length));
  }

  get pending(): number {
    return this.out.length;
  }

  /** After the whole XML: steps per hour and sleep nights. */
  finish(): void {
    for (const hour of [...this.steps.keys()].sort((x, y) => x - y)) {
      let best = 0;
      for (const v of this.steps.get(hour)!.values()) best = Math.max(best, v);
      if (best > 0)
        this.emit({
          metric: 'steps',
          measuredAt: new Date(hour).toISOString(),
          value: Math.round(best),
          source: APPLE_HEALTH_SOURCE,
        });
    }
    this.steps.clear();
    this.finishSleep();
  }

  private sourceId(name: string): number {
    let id = this.sources.get(name);
    if (id === undefined) {
      id = this.sources.size;
      this.sources.set(name, id);
    }
    return id;
  }

  private emit(r: TReading): void {
    this.out.push(r);
    this.stats.readings += 1;
    this.stats.byMetric[r.metric] = (this.stats.byMetric[r.metric] ?? 0) + 1;
    if (this.out.length > this.stats.peakPending) this.stats.peakPending = this.out.length;
  }

  private finishSleep(): void {
    const n = this.sleepStart.length;
    const order = Array.from({ length: n }, (_, i) => i).sort(
      (x, y) => this.sleepStart[x]! - this.sleepStart[y]! || this.sleepEnd[x]! - this.sleepEnd[y]!,
    );
    let night: number[] = [];
    let nightEnd = -Infinity;
    const flush = () => {
      if (night.length > 0) this.emitNight(night);
      night = [];
    };
    for (const i of order) {
      if (this.sleepStart[i]! > nightEnd + SLEEP_GAP_MS) {
        flush();
        nightEnd = -Infinity;
      }
      night.push(i);
      nightEnd = Math.max(nightEnd, this.sleepEnd[i]!);
    }
    flush();
    this.sleepStart = [];
    this.sleepEnd = [];
    this.sleepStage = [];
    this.sleepSource = [];
  }

  /** One night: the source with the most detail (most distinct stages, then most samples), overlaps clipped. */
  private emitNight(samples: number[]): void {
    const detail = new Map<number, { kinds: Set<number>; n: number }>();
    for (const i of samples) {
      const src = this.sleepSource[i]!;
      const d = detail.get(src) ?? { kinds: new Set<number>(), n: 0 };
      d.kinds.add(this.sleepStage[i]!);
      d.n += 1;
      detail.set(src, d);
    }
    let chosen = -1;
    let best = { kinds: 0, n: 0 };
    for (const [src, d] of detail) {
      if (d.kinds.size > best.kinds || (d.kinds.size === best.kinds && d.n > best.n)) {
        chosen = src;
        best = { kinds: d.kinds.size, n: d.n };
      }
    }
    const stages: Array<{ stage: Stage; s: number; e: number }> = [];
    let prevEnd = -Infinity;
    for (const i of samples) {
      if (this.sleepSource[i] !== chosen) continue;
      const s = Math.max(this.sleepStart[i]!, prevEnd);
      const e = this.sleepEnd[i]!;
      if (e <= s) continue;
      const stage = STAGE_CODES[this.sleepStage[i]!]!;
      const last = stages.at(-1);
      if (last && last.stage === stage && last.e === s) last.e = e;
      else stages.push({ stage, s, e });
      prevEnd = e;
    }
    if (stages.length === 0 || !stages.some((x) => x.stage !== 'awake')) return;
    if (stages.length > SLEEP_MAX_STAGES || stages.at(-1)!.e - stages[0]!.s > SLEEP_MAX_SPAN_MS) {
      this.stats.skipped += 1;
      return;
    }
    const iso = (t: number) => new Date(t).toISOString();
    this.emit({
      metric: 'sleep',
      measuredAt: iso(stages[0]!.s),
      source: APPLE_HEALTH_SOURCE,
      values: { stages: stages.map((x) => ({ stage: x.stage, start: iso(x.s), end: iso(x.e) })) },
    });
  }
}

/** The entry of a Health export that holds the records (`apple_health_export/export.xml`, any folder name). */
export function isExportXml(name: string): boolean {
  return name === 'export.xml' || name.endsWith('/export.xml');
}

/**
 * Deflate only for the export's records: every other entry (the CDA document, ECG CSVs, workout routes) is passed
 * over without being inflated or kept.
 */
class ExportOnlyInflate implements UnzipDecoder {
  static readonly compression = 8;
  ondata: AsyncFlateStreamHandler = () => undefined;
  private readonly inner: UnzipInflate | null;
  constructor(name: string) {
    this.inner = isExportXml(name) ? new UnzipInflate() : null;
    if (this.inner) this.inner.ondata = (err, data, final) => this.ondata(err, data, final);
  }
  push(chunk: Uint8Array, final: boolean): void {
    if (this.inner) this.inner.push(chunk, final);
    else if (final) this.ondata(null, new Uint8Array(0), true);
  }
}

export type ReadOptions = {
  /** Readings per batch handed out (the last one may be smaller). */
  batchSize?: number;
  /** Compressed bytes pushed through the unzipper at once (bounds the readings made between two batches). */
  sliceBytes?: number;
  /** Called after each slice with the compressed bytes and the records read so far. */
  onBytes?: (bytes: number, records: number) => void;
};

/**
 * Reads a Health `export.zip` from its chunks (e.g. `file.stream()`), yielding readings in batches of at most
 * `batchSize`, and returns the statistics. Stops reading the zip once `export.xml` is complete. Throws an
 * AppleHealthError when the file is not a Health export, is cut short or its XML is broken. The consumer may stop
 * early (cancel): the rest of the file is then never read.
 */
export async function* readAppleHealthExport(
  chunks: AsyncIterable<Uint8Array>,
  opts: ReadOptions = {},
): AsyncGenerator<TReading[], AppleHealthStats> {
  const batchSize = opts.batchSize ?? 500;
  const slice = opts.sliceBytes ?? 64 * 1024;
  const mapper = new AppleHealthMapper();
  const parser = new SaxesParser({ position: false });
  let failure: AppleHealthError | null = null;
  parser.on('opentag', (tag) => mapper.open(tag.name, tag.attributes as Record<string, string>));
  parser.on('closetag', (tag) => mapper.close(tag.name));
  parser.on('error', (e) => {
    failure ??= new AppleHealthError('BAD_XML', e.message);
  });
  const decoder = new TextDecoder();
  let found = false;
  let done = false;
  const unzip = new Unzip((file) => {
    if (!found && isExportXml(file.name)) {
      found = true;
      file.ondata = (err, data, final) => {
        if (failure) return;
        if (err) {
          failure = new AppleHealthError('TRUNCATED', err.message);
          return;
        }
        parser.write(decoder.decode(data, { stream: !final }));
        if (final) {
          parser.close();
          done = true;
        }
      };
    } else {
      file.ondata = () => undefined;
    }
    file.start();
  });
  unzip.register(ExportOnlyInflate);

  let bytes = 0;
  const push = (data: Uint8Array, final: boolean) => {
    try {
      unzip.push(data, final);
    } catch (e) {
      failure ??= found
        ? new AppleHealthError('TRUNCATED', e instanceof Error ? e.message : String(e))
        : new AppleHealthError('NO_EXPORT_XML', 'Not a zip file');
    }
    if (failure) throw failure;
  };
  outer: for await (const chunk of chunks) {
    for (let off = 0; off < chunk.length; off += slice) {
      const part = chunk.subarray(off, Math.min(chunk.length, off + slice));
      push(part, false);
      bytes += part.length;
      opts.onBytes?.(bytes, mapper.stats.records);
      while (mapper.pending >= batchSize) yield mapper.take(batchSize);
      if (done) break outer;
    }
  }
  if (!done) push(new Uint8Array(0), true);
  if (!found) throw new AppleHealthError('NO_EXPORT_XML', 'The file holds no apple_health_export/export.xml');
  if (!done) throw new AppleHealthError('TRUNCATED', 'The export ends early');
  mapper.finish();
  const rest = mapper.take();
  for (let i = 0; i < rest.length; i += batchSize) yield rest.slice(i, i + batchSize);
  return mapper.stats;
}
