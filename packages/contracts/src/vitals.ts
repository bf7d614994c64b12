import { z } from 'zod';
import { ZId, ZIsoDateTime } from './common.ts';

/** Metric keys (API and MQTT). */
export const METRICS = [
  'heart_rate',
  'hrv',
  'blood_pressure',
  'spo2',
  'temperature',
  'blood_glucose',
  'weight',
  'bmi',
  'steps',
  'calories',
  'sleep',
  'respiratory_rate',
  'qtc',
  'uric_acid',
  'cholesterol',
  'body_composition',
  'ecg',
] as const;
export const ZMetric = z.enum(METRICS, 'Unknown metric');
export type TMetric = z.infer<typeof ZMetric>;

/** Stored (canonical, SI/metric) unit of each metric. Readings may be sent in another unit with `unit`. */
export const CANONICAL_UNIT: Record<TMetric, string> = {
  heart_rate: 'bpm',
  hrv: 'ms',
  blood_pressure: 'mmHg',
  spo2: '%',
  temperature: 'C',
  blood_glucose: 'mmol/L',
  weight: 'kg',
  bmi: 'kg/m2',
  steps: 'steps',
  calories: 'kcal',
  sleep: 'min',
  respiratory_rate: 'breaths/min',
  qtc: 'ms',
  uric_acid: 'umol/L',
  cholesterol: 'mmol/L',
  body_composition: '%',
  ecg: 'mV',
};
/** Units a reading may be sent in, per metric (converted to the canonical unit before validation and storage). */
export const ACCEPTED_UNITS: Partial<Record<TMetric, readonly string[]>> = {
  temperature: ['C', 'F'],
  blood_glucose: ['mmol/L', 'mg/dL'],
  weight: ['kg', 'lb'],
  uric_acid: ['umol/L', 'mg/dL'],
  cholesterol: ['mmol/L', 'mg/dL'],
};

export const SLEEP_STAGES = ['awake', 'light', 'deep', 'rem'] as const;
export const ZSleepStage = z.object({
  stage: z.enum(SLEEP_STAGES, 'Invalid sleep stage'),
  start: z.iso.datetime({ offset: true, message: 'Date is not valid' }),
  end: z.iso.datetime({ offset: true, message: 'Date is not valid' }),
});
export const ZBloodPressureValues = z.object({
  systolic: z.number('Invalid number'),
  diastolic: z.number('Invalid number'),
  pulse: z.number('Invalid number').optional(),
});
export const ZSleepValues = z.object({ stages: z.array(ZSleepStage).min(1, 'Required').max(500, 'Max length is 500') });
export const ZBodyCompositionValues = z.object({
  bodyFat: z.number('Invalid number').optional(),
  water: z.number('Invalid number').optional(),
  muscleMass: z.number('Invalid number').optional(),
  boneMass: z.number('Invalid number').optional(),
});
/** ECG strip: samples in mV at `samplingRate` Hz (at most 60 s at 500 Hz). */
export const ZEcgValues = z.object({
  samplingRate: z
    .number('Invalid number')
    .int('Invalid number')
    .min(50, 'Min value is 50')
    .max(1000, 'Max value is 1000'),
  samples: z.array(z.number('Invalid number')).min(1, 'Required').max(30000, 'Max length is 30000'),
});

/** Sources a patient-app reading may be imported from (issue 19). */
export const IMPORT_SOURCES = ['apple_health'] as const;
export type TImportSource = (typeof IMPORT_SOURCES)[number];
/**
 * Imported readings measured longer ago than this are stored (history, charts, reports) but not given to the alert
 * engine: an import of last year's data must not page caregivers. Newer ones are evaluated like any late reading.
 */
export const IMPORT_ALERT_WINDOW_MS = 60 * 60 * 1000;
/** True for a stored reading of an import source measured more than IMPORT_ALERT_WINDOW_MS before `now`. */
export function isHistoricImport(source: string, measuredAt: Date, now: Date): boolean {
  return (
    (IMPORT_SOURCES as readonly string[]).includes(source) &&
    now.getTime() - measuredAt.getTime() > IMPORT_ALERT_WINDOW_MS
  );
}

/** One reading as sent by the app or a device. Ranges are checked by `@carewatch/clinical` so a bad reading is refused alone. */
export const ZReading = z.object({
  metric: ZMetric,
  measuredAt: z.iso.datetime({ offset: true, message: 'Date is not valid' }),
  value: z.number('Invalid number').finite('Invalid number').optional(),
  // Body composition (all fields optional) goes last so it never swallows another metric's values; the ingest
  // path re-parses `values` with the metric's own schema (`@carewatch/clinical/vitals`).
  values: z.union([ZBloodPressureValues, ZSleepValues, ZEcgValues, ZBodyCompositionValues]).optional(),
  unit: z.string().max(16).optional(),
  deviceId: ZId.optional(),
  seq: z.number().int().nonnegative().optional(),
  /**
   * Made by the app for each reading it takes (issue 13): a resend of the same reading is stored once, while two real
   * readings of one index in the same second (blood pressure taken twice) are two. Readings of a device are told
   * apart by the device and their time.
   */
  clientId: ZId.optional(),
  /**
   * Issue 19: where an app reading was imported from (`apple_health`: the Health app's export). Stored as the row's
   * source, so re-importing the same export stores each reading once (unique per patient, metric, time and source).
   * Ignored when a device sends or is named (the device is the source).
   */
  source: z.enum(IMPORT_SOURCES, 'Unknown source').optional(),
});
export type TReading = z.infer<typeof ZReading>;

/** A batch is at most 5,000 readings; each is validated on its own (the body is only checked for shape). */
export const INGEST_MAX_BATCH = 5000;
export const ZIngestRequest = z.object({
  readings: z.array(z.unknown()).min(1, 'Required').max(INGEST_MAX_BATCH, `Max length is ${INGEST_MAX_BATCH}`),
});
export type TIngestRequest = z.infer<typeof ZIngestRequest>;
export const READING_REJECT_CODES = [
  'INVALID_READING',
  'OUT_OF_RANGE',
  'FUTURE_TIME',
  'UNKNOWN_METRIC',
  'UNSUPPORTED_UNIT',
  'UNKNOWN_DEVICE',
] as const;
export const ZIngestResponse = z.object({
  accepted: z.number().int(),
  duplicates: z.number().int(),
  rejected: z.array(
    z.object({
      index: z.number().int(),
      code: z.enum(READING_REJECT_CODES),
      message: z.string(),
      field: z.string().optional(),
    }),
  ),
});
export type TIngestResponse = z.infer<typeof ZIngestResponse>;

/** Charts: server-side downsampling of [from, to) into at most `points` buckets. */
export const ZVitalsQuery = z.object({
  metric: ZMetric,
  from: ZIsoDateTime,
  to: ZIsoDateTime,
  points: z.coerce
    .number()
    .int('Invalid number')
    .min(10, 'Min value is 10')
    .max(5000, 'Max value is 5000')
    .default(1500),
});
export type TVitalsQuery = z.infer<typeof ZVitalsQuery>;
export const ZVitalsPoint = z.object({
  t: z.string(),
  avg: z.number().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  n: z.number().int(),
  /** Second value (diastolic) for blood pressure. */
  avg2: z.number().nullable().optional(),
  min2: z.number().nullable().optional(),
  max2: z.number().nullable().optional(),
});
export type TVitalsPoint = z.infer<typeof ZVitalsPoint>;
export const ZVitalsSeries = z.object({
  metric: ZMetric,
  unit: z.string(),
  from: z.string(),
  to: z.string(),
  bucketSeconds: z.number().int(),
  points: z.array(ZVitalsPoint),
});
export type TVitalsSeries = z.infer<typeof ZVitalsSeries>;

export const ZLatestVital = z.object({
  metric: ZMetric,
  measuredAt: z.string(),
  value: z.number().nullable(),
  value2: z.number().nullable(),
  unit: z.string(),
  data: z.record(z.string(), z.unknown()).nullable(),
});
export const ZLatestVitals = z.object({ items: z.array(ZLatestVital) });
export type TLatestVitals = z.infer<typeof ZLatestVitals>;

export const ZRangeQuery = z.object({
  from: ZIsoDateTime,
  to: ZIsoDateTime,
});
export type TRangeQuery = z.infer<typeof ZRangeQuery>;
export const ZSleepSession = z.object({
  start: z.string(),
  end: z.string(),
  totalMinutes: z.number(),
  minutes: z.object({ awake: z.number(), light: z.number(), deep: z.number(), rem: z.number() }),
  percent: z.object({ awake: z.number(), light: z.number(), deep: z.number(), rem: z.number() }),
  stages: z.array(ZSleepStage),
});
export const ZSleepReport = z.object({ targetMinutes: z.number().int().nullable(), sessions: z.array(ZSleepSession) });
export type TSleepReport = z.infer<typeof ZSleepReport>;
export const ZStepsReport = z.object({
  target: z.number().int().nullable(),
  days: z.array(
    z.object({ date: z.string(), steps: z.number(), calories: z.number().nullable(), reached: z.boolean() }),
  ),
});
export type TStepsReport = z.infer<typeof ZStepsReport>;
export const ZEcgStripList = z.object({
  items: z.array(
    z.object({
      measuredAt: z.string(),
      samplingRate: z.number(),
      durationSeconds: z.number(),
      heartRate: z.number().nullable(),
    }),
  ),
});
export const ZEcgStrip = z.object({ measuredAt: z.string(), samplingRate: z.number(), samples: z.array(z.number()) });
export const ZEcgQuery = z.object({ measuredAt: ZIsoDateTime });

/**
 * MQTT (cellular devices). A device publishes `carewatch/<tenantCode>/devices/<deviceId>/measurements` with this
 * body; the server answers on `carewatch/<tenantCode>/devices/<deviceId>/ack` after commit. The embedded broker
 * authenticates at connect. Through an external broker every message is signed instead: `batchId`, `ts` (Unix time in
 * ms, within 5 minutes of the server's clock) and `sig` (HMAC-SHA256 with the device secret, README "MQTT through an
 * external broker") are required, and a message that carries the secret itself is refused.
 */
export const MQTT_TOPIC_PREFIX = 'carewatch';
export const mqttMeasurementsTopic = (tenantCode: string, deviceId: string) =>
  `${MQTT_TOPIC_PREFIX}/${tenantCode}/devices/${deviceId}/measurements`;
export const mqttAckTopic = (tenantCode: string, deviceId: string) =>
  `${MQTT_TOPIC_PREFIX}/${tenantCode}/devices/${deviceId}/ack`;
/** How far a signed message's `ts` may be from the server's clock, either way. */
export const MQTT_REPLAY_WINDOW_MS = 5 * 60_000;
export const ZMqttBatch = z.object({
  batchId: z.string().max(100).optional(),
  ts: z.number().int().optional(),
  sig: z.string().max(64).optional(),
  readings: z.array(z.unknown()).min(1, 'Required').max(INGEST_MAX_BATCH, `Max length is ${INGEST_MAX_BATCH}`),
});
export type TMqttBatch = z.infer<typeof ZMqttBatch>;
export const ZMqttAck = ZIngestResponse.extend({
  batchId: z.string().nullable(),
  /** Set when the whole batch was refused (bad credentials, unassigned device, malformed body). */
  error: z.object({ code: z.string(), message: z.string() }).optional(),
});
export type TMqttAck = z.infer<typeof ZMqttAck>;
