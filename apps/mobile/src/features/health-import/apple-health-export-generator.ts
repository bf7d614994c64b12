import { Zip, ZipDeflate, strToU8 } from 'fflate';
import type { TMetric } from '@carewatch/contracts/vitals';

/*
 * Test helper (unit, int and E2E tests): writes a realistic Health `export.zip`, streamed, as the iPhone makes it —
 * `apple_health_export/export_cda.xml` first, then `export.xml` with Apple's DTD header, then ECG CSVs and a workout
 * route; streaming zip entries (data descriptors, like the phone's). Records per day (local time +07:00): heart rate
 * every 12 min with two exact duplicates from a second source, SpO2 (fractions), steps from iPhone and Watch
 * overlapping, a night of sleep stages from the Watch plus the iPhone's coarser "in bed"/"asleep", one blood pressure
 * correlation (its halves also at top level, as Apple writes them), weight (kg and lb), temperature, glucose, and
 * records the import skips (energy, a workout). Deterministic (seeded). Source names are unicode.
 */

export type GeneratedExport = {
  /** `<Record>` elements written (inside correlations too). */
  records: number;
  /** Readings the parser should make, per metric. */
  readings: Partial<Record<TMetric, number>>;
  /** Readings stored once the duplicates are dropped, per metric. */
  stored: Partial<Record<TMetric, number>>;
  /** First and last local day (YYYY-MM-DD). */
  firstDay: string;
  lastDay: string;
};

export type GeneratorOptions = { records: number; firstDay?: string; seed?: number };

const WATCH = 'Tâm’s Apple Watch';
const PHONE = 'iPhone của Tâm';
const DEVICE =
  '&lt;&lt;HKDevice: 0x283c1a0f0&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,1, software:10.1&gt;';
const HEADER = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE HealthData [
<!-- HealthKit Export Version: 14 -->
<!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary|ClinicalRecord|Audiogram|VisionPrescription)*)>
<!ATTLIST HealthData
  locale CDATA #REQUIRED
>
<!ELEMENT ExportDate EMPTY>
<!ATTLIST ExportDate
  value CDATA #REQUIRED
>
<!ELEMENT Me EMPTY>
<!ATTLIST Me
  HKCharacteristicTypeIdentifierDateOfBirth         CDATA #REQUIRED
  HKCharacteristicTypeIdentifierBiologicalSex       CDATA #REQUIRED
  HKCharacteristicTypeIdentifierBloodType           CDATA #REQUIRED
  HKCharacteristicTypeIdentifierFitzpatrickSkinType CDATA #REQUIRED
  HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse CDATA #IMPLIED
>
<!ELEMENT Record ((MetadataEntry|HeartRateVariabilityMetadataList)*)>
<!ATTLIST Record
  type          CDATA #REQUIRED
  unit          CDATA #IMPLIED
  value         CDATA #IMPLIED
  sourceName    CDATA #REQUIRED
  sourceVersion CDATA #IMPLIED
  device        CDATA #IMPLIED
  creationDate  CDATA #IMPLIED
  startDate     CDATA #REQUIRED
  endDate       CDATA #REQUIRED
>
<!-- Note: Any Records that appear as children of a correlation also appear as top-level records in this document. -->
<!ELEMENT Correlation ((MetadataEntry|Record)*)>
<!ATTLIST Correlation
  type          CDATA #REQUIRED
  sourceName    CDATA #REQUIRED
  sourceVersion CDATA #IMPLIED
  device        CDATA #IMPLIED
  creationDate  CDATA #IMPLIED
  startDate     CDATA #REQUIRED
  endDate       CDATA #REQUIRED
>
<!ELEMENT MetadataEntry EMPTY>
<!ATTLIST MetadataEntry
  key   CDATA #REQUIRED
  value CDATA #REQUIRED
>
<!ELEMENT Workout ((MetadataEntry|WorkoutEvent|WorkoutRoute|WorkoutStatistics)*)>
<!ATTLIST Workout
  workoutActivityType   CDATA #REQUIRED
  duration              CDATA #IMPLIED
  durationUnit          CDATA #IMPLIED
  sourceName            CDATA #REQUIRED
  startDate             CDATA #REQUIRED
  endDate               CDATA #REQUIRED
>
]>
<HealthData locale="vi_VN">
 <ExportDate value="2025-01-05 09:00:00 +0700"/>
 <Me HKCharacteristicTypeIdentifierDateOfBirth="1950-03-02" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale" HKCharacteristicTypeIdentifierBloodType="HKBloodTypeNotSet" HKCharacteristicTypeIdentifierFitzpatrickSkinType="HKFitzpatrickSkinTypeNotSet" HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse="None"/>
`;

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const p2 = (n: number) => String(n).padStart(2, '0');
const OFFSET_MS = 7 * 3_600_000;
/** Local (+07:00) time of `ms` in the export's format. */
function at(ms: number): string {
  const d = new Date(ms + OFFSET_MS);
  return `${d.getUTCFullYear()}-${p2(d.getUTCMonth() + 1)}-${p2(d.getUTCDate())} ${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())}:${p2(d.getUTCSeconds())} +0700`;
}
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

function record(
  type: string,
  source: string,
  start: number,
  end: number,
  value: string,
  unit?: string,
  extra = '',
): string {
  return ` <Record type="${type}" sourceName="${source}" sourceVersion="10.1"${source === WATCH ? ` device="${DEVICE}"` : ''}${unit ? ` unit="${unit}"` : ''} creationDate="${at(end + MIN)}" startDate="${at(start)}" endDate="${at(end)}" value="${value}"${extra ? `>\n${extra}\n </Record>` : '/>'}\n`;
}

/**
 * Writes the export, calling `onChunk` with each piece of the zip as it is made (nothing else is kept), and answers what
 * it holds. About 140 records a local day.
 */
export function writeAppleHealthExport(opts: GeneratorOptions, onChunk: (chunk: Uint8Array) => void): GeneratedExport {
  const rnd = mulberry32(opts.seed ?? 19);
  const firstDay = opts.firstDay ?? '2024-01-01';
  const day0 = Date.parse(`${firstDay}T00:00:00+07:00`);
  const out: GeneratedExport = { records: 0, readings: {}, stored: {}, firstDay, lastDay: firstDay };
  const count = (metric: TMetric, readings: number, stored = readings) => {
    out.readings[metric] = (out.readings[metric] ?? 0) + readings;
    out.stored[metric] = (out.stored[metric] ?? 0) + stored;
  };
  let failure: Error | null = null;
  const zip = new Zip((err, data) => {
    if (err) failure = err;
    else onChunk(data);
  });
  const add = (name: string) => {
    const entry = new ZipDeflate(name, { level: 6 });
    zip.add(entry);
    return entry;
  };
  const cda = add('apple_health_export/export_cda.xml');
  cda.push(strToU8('<?xml version="1.0" encoding="UTF-8"?>\n<ClinicalDocument xmlns="urn:hl7-org:v3">\n'), false);
  for (let i = 0; i < 500; i++)
    cda.push(
      strToU8(
        `<entry><observation><code code="8867-4"/><value value="${60 + (i % 40)}" unit="/min"/></observation></entry>\n`,
      ),
      false,
    );
  cda.push(strToU8('</ClinicalDocument>\n'), true);

  const xml = add('apple_health_export/export.xml');
  const write = (s: string) => xml.push(strToU8(s), false);
  write(HEADER);
  let d = 0;
  for (; out.records < opts.records; d++) {
    const day = day0 + d * DAY;
    let text = '';
    const rec = (...args: Parameters<typeof record>) => {
      text += record(...args);
      out.records += 1;
    };
    // Heart rate every 12 minutes 06:00–21:48, two of them again from the iPhone (same time and value).
    for (let i = 0; i < 80; i++) {
      const t = day + 6 * HOUR + i * 12 * MIN;
      const v = String(Math.round(58 + rnd() * 50));
      rec(
        'HKQuantityTypeIdentifierHeartRate',
        WATCH,
        t,
        t,
        v,
        'count/min',
        '  <MetadataEntry key="HKMetadataKeyHeartRateMotionContext" value="0"/>',
      );
      if (i === 10 || i === 50) rec('HKQuantityTypeIdentifierHeartRate', PHONE, t, t, v, 'count/min');
    }
    count('heart_rate', 82, 80);
    for (let i = 0; i < 8; i++) {
      const t = day + (6 + i * 2) * HOUR + 7 * MIN;
      rec('HKQuantityTypeIdentifierOxygenSaturation', WATCH, t, t, (0.94 + rnd() * 0.05).toFixed(2), '%');
    }
    count('spo2', 8);
    // Steps 07:00–22:00: Watch and iPhone count the same walking (one hour each is kept, never both).
    for (let h = 7; h < 23; h++) {
      const t = day + h * HOUR + 5 * MIN;
      rec('HKQuantityTypeIdentifierStepCount', WATCH, t, t + 20 * MIN, String(Math.round(100 + rnd() * 900)), 'count');
      rec(
        'HKQuantityTypeIdentifierStepCount',
        PHONE,
        t + 10 * MIN,
        t + 30 * MIN,
        String(Math.round(50 + rnd() * 700)),
        'count',
      );
    }
    count('steps', 16);
    // Sleep 22:30 → 06:30: the iPhone's in-bed and asleep, and the Watch's stages (the night's source).
    const night = day + 22 * HOUR + 30 * MIN;
    rec(
      'HKCategoryTypeIdentifierSleepAnalysis',
      PHONE,
      night - 10 * MIN,
      night + 8 * HOUR + 10 * MIN,
      'HKCategoryValueSleepAnalysisInBed',
    );
    rec(
      'HKCategoryTypeIdentifierSleepAnalysis',
      PHONE,
      night,
      night + 8 * HOUR,
      'HKCategoryValueSleepAnalysisAsleepUnspecified',
    );
    const stages = [
      'AsleepCore',
      'AsleepDeep',
      'AsleepCore',
      'AsleepREM',
      'Awake',
      'AsleepCore',
      'AsleepDeep',
      'AsleepREM',
    ];
    stages.forEach((s, i) =>
      rec(
        'HKCategoryTypeIdentifierSleepAnalysis',
        WATCH,
        night + i * HOUR,
        night + (i + 1) * HOUR,
        `HKCategoryValueSleepAnalysis${s}`,
      ),
    );
    count('sleep', 1);
    // Blood pressure at 07:30: the correlation, and its halves again at top level (as Apple writes them).
    const bpAt = day + 7 * HOUR + 30 * MIN;
    const sys = String(Math.round(115 + rnd() * 30));
    const dia = String(Math.round(70 + rnd() * 15));
    const half = (type: string, v: string) => record(type, 'Omron Connect', bpAt, bpAt, v, 'mmHg');
    text +=
      half('HKQuantityTypeIdentifierBloodPressureSystolic', sys) +
      half('HKQuantityTypeIdentifierBloodPressureDiastolic', dia);
    text +=
      ` <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="Omron Connect" creationDate="${at(bpAt + MIN)}" startDate="${at(bpAt)}" endDate="${at(bpAt)}">\n` +
      '  <MetadataEntry key="HKWasUserEntered" value="0"/>\n' +
      `  ${half('HKQuantityTypeIdentifierBloodPressureSystolic', sys)}  ${half('HKQuantityTypeIdentifierBloodPressureDiastolic', dia)} </Correlation>\n`;
    out.records += 4;
    count('blood_pressure', 1);
    if (d % 3 === 0) {
      const t = day + 6 * HOUR + 45 * MIN;
      const kg = 58 + rnd() * 2;
      if (d % 2 === 0) rec('HKQuantityTypeIdentifierBodyMass', PHONE, t, t, kg.toFixed(1), 'kg');
      else rec('HKQuantityTypeIdentifierBodyMass', 'Cân Xiaomi', t, t, (kg / 0.45359237).toFixed(1), 'lb');
      count('weight', 1);
    }
    if (d % 7 === 0) {
      const t = day + 8 * HOUR;
      rec('HKQuantityTypeIdentifierBodyTemperature', PHONE, t, t, (36.4 + rnd() * 0.6).toFixed(1), 'degC');
      rec(
        'HKQuantityTypeIdentifierBloodGlucose',
        PHONE,
        t + 5 * MIN,
        t + 5 * MIN,
        String(Math.round(90 + rnd() * 30)),
        'mg/dL',
      );
      count('temperature', 1);
      count('blood_glucose', 1);
    }
    // Not imported: active energy, and a workout now and then.
    for (let i = 0; i < 4; i++) {
      const t = day + (9 + i * 3) * HOUR;
      rec('HKQuantityTypeIdentifierActiveEnergyBurned', WATCH, t, t + HOUR, (20 + rnd() * 40).toFixed(3), 'kcal');
    }
    if (d % 5 === 0) {
      text +=
        ` <Workout workoutActivityType="HKWorkoutActivityTypeWalking" duration="30" durationUnit="min" sourceName="${WATCH}" startDate="${at(day + 17 * HOUR)}" endDate="${at(day + 17.5 * HOUR)}">\n` +
        '  <WorkoutEvent type="HKWorkoutEventTypeSegment" date="2024-01-01 17:00:00 +0700"/>\n </Workout>\n';
    }
    write(text);
  }
  const last = new Date(day0 + (d - 1) * DAY + OFFSET_MS);
  out.lastDay = `${last.getUTCFullYear()}-${p2(last.getUTCMonth() + 1)}-${p2(last.getUTCDate())}`;
  xml.push(strToU8('</HealthData>\n'), true);

  const ecg = add('apple_health_export/electrocardiograms/ecg_2024-01-02.csv');
  ecg.push(strToU8('Name,Tâm\nSample Rate,512 hertz\n\n'), false);
  for (let i = 0; i < 2000; i++) ecg.push(strToU8(`${(Math.sin(i / 20) * 300).toFixed(3)}\n`), false);
  ecg.push(new Uint8Array(0), true);
  const route = add('apple_health_export/workout-routes/route_2024-01-03_5.00pm.gpx');
  route.push(
    strToU8('<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1"><trk><trkseg></trkseg></trk></gpx>\n'),
    true,
  );
  zip.end();
  if (failure) throw failure;
  return out;
}

/** The whole export in memory: for small test files only (the E2E spec's upload). */
export function appleHealthExportBytes(opts: GeneratorOptions): { bytes: Uint8Array; info: GeneratedExport } {
  const parts: Uint8Array[] = [];
  const info = writeAppleHealthExport(opts, (c) => parts.push(c));
  const bytes = new Uint8Array(parts.reduce((n, c) => n + c.length, 0));
  let off = 0;
  for (const c of parts) {
    bytes.set(c, off);
    off += c.length;
  }
  return { bytes, info };
}
