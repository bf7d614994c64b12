import { CANONICAL_UNIT, type TReading } from '@carewatch/contracts/vitals';
import type { ParsedCharacteristic } from './characteristics.ts';
import type { PlxMeasurementStatusFlag, PlxStatus } from './pulse-oximeter.ts';

/** Options for `toReadings`. */
export type ToReadingsOptions = {
  /** Server id of the paired device (`deviceId` of the reading). */
  deviceId?: string;
};

/** Canonical values keep at most this many decimals: enough for every metric, and no 36.50000000000001 on the wire. */
const round = (v: number, decimals: number): number => Number(v.toFixed(decimals));

/** A PLX value the device itself flags as unusable is not a reading. */
const plxUnusable = (s: PlxStatus<PlxMeasurementStatusFlag> | null): boolean =>
  s !== null && (s.flags.includes('invalid_measurement') || s.flags.includes('measurement_unavailable'));

/**
 * Maps a parsed measurement to readings of `POST /api/ingest/measurements` (canonical units: bpm, mmHg, %, C, mmol/L,
 * kg, kg/m²). Values the device sent as special (NaN, NRes, ±INF) or flagged invalid are left out, so the result may
 * be empty. `measuredAt` is the instant to record (the device clock has no time zone; the caller decides).
 */
export const toReadings = (
  parsed: ParsedCharacteristic,
  measuredAt: Date | string,
  opts: ToReadingsOptions = {},
): TReading[] => {
  const at = typeof measuredAt === 'string' ? new Date(measuredAt).toISOString() : measuredAt.toISOString();
  const base = { measuredAt: at, ...(opts.deviceId === undefined ? {} : { deviceId: opts.deviceId }) };
  const out: TReading[] = [];
  // The unit is always the metric's canonical one (what the parsers convert to), stated so the server never guesses.
  const simple = (metric: TReading['metric'], value: number | null, decimals: number): void => {
    if (value !== null && Number.isFinite(value))
      out.push({ metric, ...base, value: round(value, decimals), unit: CANONICAL_UNIT[metric] });
  };
  switch (parsed.kind) {
    case 'heart_rate':
      simple('heart_rate', parsed.heartRate, 0);
      break;
    case 'blood_pressure':
      if (parsed.systolic !== null && parsed.diastolic !== null) {
        out.push({
          metric: 'blood_pressure',
          ...base,
          unit: CANONICAL_UNIT.blood_pressure,
          values: {
            systolic: round(parsed.systolic, 1),
            diastolic: round(parsed.diastolic, 1),
            ...(parsed.pulseRate === null ? {} : { pulse: round(parsed.pulseRate, 0) }),
          },
        });
      }
      break;
    case 'plx_spot_check':
    case 'plx_continuous':
      if (!plxUnusable(parsed.measurementStatus)) {
        simple('spo2', parsed.spo2, 1);
        simple('heart_rate', parsed.pulseRate, 0);
      }
      break;
    case 'temperature':
      simple('temperature', parsed.temperature, 2);
      break;
    case 'glucose':
      simple('blood_glucose', parsed.concentration, 2);
      break;
    case 'weight':
      simple('weight', parsed.weight, 3);
      simple('bmi', parsed.bmi, 1);
      break;
  }
  return out;
};
