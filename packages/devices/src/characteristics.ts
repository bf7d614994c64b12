import type { GattBytes } from './bytes.ts';
import { parseBloodPressureMeasurement, type BloodPressureMeasurement } from './blood-pressure.ts';
import { GattError } from './errors.ts';
import { parseGlucoseMeasurement, type GlucoseMeasurement } from './glucose.ts';
import { parseHeartRateMeasurement, type HeartRateMeasurement } from './heart-rate.ts';
import { parseTemperatureMeasurement, type TemperatureMeasurement } from './health-thermometer.ts';
import {
  parsePlxContinuous,
  parsePlxSpotCheck,
  type PlxContinuousMeasurement,
  type PlxSpotCheckMeasurement,
} from './pulse-oximeter.ts';
import { CHARACTERISTIC, shortUuid } from './uuids.ts';
import { parseWeightMeasurement, type WeightMeasurement } from './weight-scale.ts';

/** Every measurement we understand, discriminated by `kind`. */
export type ParsedCharacteristic =
  | HeartRateMeasurement
  | BloodPressureMeasurement
  | PlxSpotCheckMeasurement
  | PlxContinuousMeasurement
  | TemperatureMeasurement
  | GlucoseMeasurement
  | WeightMeasurement;

const PARSERS: ReadonlyMap<number, (bytes: GattBytes) => ParsedCharacteristic> = new Map<
  number,
  (bytes: GattBytes) => ParsedCharacteristic
>([
  [CHARACTERISTIC.HEART_RATE_MEASUREMENT, parseHeartRateMeasurement],
  [CHARACTERISTIC.BLOOD_PRESSURE_MEASUREMENT, parseBloodPressureMeasurement],
  [CHARACTERISTIC.PLX_SPOT_CHECK_MEASUREMENT, parsePlxSpotCheck],
  [CHARACTERISTIC.PLX_CONTINUOUS_MEASUREMENT, parsePlxContinuous],
  [CHARACTERISTIC.TEMPERATURE_MEASUREMENT, parseTemperatureMeasurement],
  [CHARACTERISTIC.GLUCOSE_MEASUREMENT, parseGlucoseMeasurement],
  [CHARACTERISTIC.WEIGHT_MEASUREMENT, parseWeightMeasurement],
]);

export const isSupportedCharacteristic = (uuid: number | string): boolean => {
  const short = shortUuid(uuid);
  return short !== null && PARSERS.has(short);
};

/**
 * Parses a notification/read value of a health characteristic (UUID as 16-bit number, short or 128-bit string).
 * Throws GattError only: UNKNOWN_CHARACTERISTIC, TOO_SHORT, TRAILING_BYTES, RESERVED_FLAGS, INVALID_VALUE.
 */
export const parseCharacteristic = (uuid: number | string, bytes: GattBytes): ParsedCharacteristic => {
  const short = shortUuid(uuid);
  const parser = short === null ? undefined : PARSERS.get(short);
  if (!parser) throw new GattError('UNKNOWN_CHARACTERISTIC', `No parser for characteristic ${String(uuid)}`, 'uuid');
  return parser(bytes);
};

export type ParseResult = { ok: true; value: ParsedCharacteristic } | { ok: false; error: GattError };

/** As `parseCharacteristic`, but returns the error: for notification handlers, which must not throw. */
export const safeParseCharacteristic = (uuid: number | string, bytes: GattBytes): ParseResult => {
  try {
    return { ok: true, value: parseCharacteristic(uuid, bytes) };
  } catch (e) {
    if (e instanceof GattError) return { ok: false, error: e };
    throw e;
  }
};
