import { ByteReader, ByteWriter, checkReservedBits, type GattBytes } from './bytes.ts';
import { readDateTime, writeDateTime, type GattDateTime } from './date-time.ts';
import { decodeFloat, floatOrNaN, mderNumber } from './ieee11073.ts';

/**
 * Temperature Measurement (0x2A1C, Health Thermometer service 0x1809). Flags (uint8): bit 0 units (0 °C, 1 °F);
 * bit 1 Time Stamp; bit 2 Temperature Type (uint8); 3-7 RFU. The temperature is a 32-bit FLOAT.
 */
export const TEMP_FLAGS = { FAHRENHEIT: 0x01, TIMESTAMP: 0x02, TYPE: 0x04 } as const;
const TEMP_DEFINED = 0x07;

/** Temperature Type (0x2A1D) values 1-9; 0 and 10-255 are reserved. */
export const TEMPERATURE_TYPES = [
  null,
  'armpit',
  'body',
  'ear',
  'finger',
  'gastrointestinal',
  'mouth',
  'rectum',
  'toe',
  'tympanum',
] as const;
export type TemperatureType = NonNullable<(typeof TEMPERATURE_TYPES)[number]>;

export type TemperatureMeasurement = {
  kind: 'temperature';
  flags: number;
  /** Degrees Celsius; null for a special value. */
  temperature: number | null;
  rawUnit: 'C' | 'F';
  timestamp: GattDateTime | null;
  /** Decoded type, null when absent or a reserved code (see `temperatureTypeCode`). */
  temperatureType: TemperatureType | null;
  temperatureTypeCode: number | null;
};

export const fahrenheitToCelsius = (f: number): number => ((f - 32) * 5) / 9;
export const celsiusToFahrenheit = (c: number): number => (c * 9) / 5 + 32;

const WHAT = 'Temperature Measurement';

export const parseTemperatureMeasurement = (bytes: GattBytes): TemperatureMeasurement => {
  const r = new ByteReader(bytes, WHAT);
  const flags = r.uint8('flags');
  checkReservedBits(flags, TEMP_DEFINED, WHAT);
  const fahrenheit = (flags & TEMP_FLAGS.FAHRENHEIT) !== 0;
  const raw = mderNumber(decodeFloat(r.uint32('temperature')));
  const timestamp = (flags & TEMP_FLAGS.TIMESTAMP) !== 0 ? readDateTime(r) : null;
  const temperatureTypeCode = (flags & TEMP_FLAGS.TYPE) !== 0 ? r.uint8('temperatureType') : null;
  r.end();
  return {
    kind: 'temperature',
    flags,
    temperature: raw === null || !fahrenheit ? raw : fahrenheitToCelsius(raw),
    rawUnit: fahrenheit ? 'F' : 'C',
    timestamp,
    temperatureType: temperatureTypeCode === null ? null : (TEMPERATURE_TYPES[temperatureTypeCode] ?? null),
    temperatureTypeCode,
  };
};

export type TemperatureInput = {
  /** °C (converted when `rawUnit` is F); null travels as NaN. */
  temperature: number | null;
  rawUnit?: 'C' | 'F';
  timestamp?: GattDateTime | null;
  temperatureType?: TemperatureType | null;
};

export const encodeTemperatureMeasurement = (m: TemperatureInput): Uint8Array => {
  const f = m.rawUnit === 'F';
  let flags = f ? TEMP_FLAGS.FAHRENHEIT : 0;
  if (m.timestamp) flags |= TEMP_FLAGS.TIMESTAMP;
  if (m.temperatureType) flags |= TEMP_FLAGS.TYPE;
  const value = m.temperature === null || !f ? m.temperature : celsiusToFahrenheit(m.temperature);
  const w = new ByteWriter().uint8(flags, 'flags').uint32(floatOrNaN(value), 'temperature');
  if (m.timestamp) writeDateTime(w, m.timestamp);
  if (m.temperatureType) w.uint8(TEMPERATURE_TYPES.indexOf(m.temperatureType), 'temperatureType');
  return w.toBytes();
};
