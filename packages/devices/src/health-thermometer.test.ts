import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  encodeTemperatureMeasurement,
  parseTemperatureMeasurement,
  TEMPERATURE_TYPES,
  type TemperatureType,
} from './health-thermometer.ts';
import { b, gattFailure, onlyGattErrors } from './test-helpers.ts';

const TS = [0xea, 0x07, 0x01, 0x0f, 0x08, 0x1e, 0x00]; // 2026-01-15 08:30:00

describe('Temperature Measurement 0x2A1C', () => {
  it('flags 0x00: Celsius FLOAT 0xFF00016D = 365 × 10^-1 = 36.5 °C', () => {
    expect(parseTemperatureMeasurement(b(0x00, 0x6d, 0x01, 0x00, 0xff))).toEqual({
      kind: 'temperature',
      flags: 0,
      temperature: 36.5,
      rawUnit: 'C',
      timestamp: null,
      temperatureType: null,
      temperatureTypeCode: null,
    });
  });

  it('flags 0x01: Fahrenheit FLOAT 0xFF0003DA = 98.6 °F → 37 °C', () => {
    const m = parseTemperatureMeasurement(b(0x01, 0xda, 0x03, 0x00, 0xff));
    expect(m.rawUnit).toBe('F');
    expect(m.temperature).toBeCloseTo(37, 10);
  });

  it('flags 0x06: time stamp then temperature type 0x02 (body)', () => {
    expect(parseTemperatureMeasurement(b(0x06, 0x6d, 0x01, 0x00, 0xff, ...TS, 0x02))).toMatchObject({
      temperature: 36.5,
      timestamp: { year: 2026, month: 1, day: 15, hours: 8, minutes: 30, seconds: 0 },
      temperatureType: 'body',
      temperatureTypeCode: 2,
    });
  });

  it.each([
    [0x01, 'armpit'],
    [0x03, 'ear'],
    [0x09, 'tympanum'],
    [0x00, null],
    [0x0a, null],
  ])('type code %s → %s (0 and 10+ reserved)', (code, type) => {
    expect(parseTemperatureMeasurement(b(0x04, 0x6d, 0x01, 0x00, 0xff, code))).toMatchObject({
      temperatureType: type,
      temperatureTypeCode: code,
    });
  });

  it('FLOAT NaN (0x007FFFFF) and +INF (0x007FFFFE) are null', () => {
    expect(parseTemperatureMeasurement(b(0x00, 0xff, 0xff, 0x7f, 0x00)).temperature).toBeNull();
    expect(parseTemperatureMeasurement(b(0x01, 0xfe, 0xff, 0x7f, 0x00)).temperature).toBeNull();
  });

  it.each([
    ['3-byte FLOAT', b(0x00, 0x6d, 0x01, 0x00), 'TOO_SHORT'],
    ['type flag without type', b(0x04, 0x6d, 0x01, 0x00, 0xff), 'TOO_SHORT'],
    ['reserved bit 3', b(0x08, 0x6d, 0x01, 0x00, 0xff), 'RESERVED_FLAGS'],
    ['hour 24 in the time stamp', b(0x02, 0x6d, 0x01, 0x00, 0xff, 0xea, 0x07, 1, 15, 24, 0, 0), 'INVALID_VALUE'],
  ])('malformed (%s) → %s', (_name, bytes, code) => {
    expect(gattFailure(() => parseTemperatureMeasurement(bytes)).code).toBe(code);
  });

  it('encodes the reference vectors', () => {
    expect([...encodeTemperatureMeasurement({ temperature: 36.5 })]).toEqual([0x00, 0x6d, 0x01, 0x00, 0xff]);
    expect([...encodeTemperatureMeasurement({ temperature: 37, rawUnit: 'F' })]).toEqual([
      0x01, 0xda, 0x03, 0x00, 0xff,
    ]);
  });

  it('round trip in °C and °F', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2500, max: 4500 }).map((v) => v / 100),
        fc.constantFrom<'C' | 'F'>('C', 'F'),
        fc.option(fc.constantFrom(...TEMPERATURE_TYPES.filter((t): t is TemperatureType => t !== null))),
        (temperature, rawUnit, temperatureType) => {
          const m = parseTemperatureMeasurement(
            encodeTemperatureMeasurement({ temperature, rawUnit, temperatureType }),
          );
          expect(Math.abs((m.temperature ?? NaN) - temperature)).toBeLessThanOrEqual(1e-5);
          expect(m.temperatureType).toBe(temperatureType);
        },
      ),
    );
  });

  it('any bytes: a value or a GattError', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 20 }), (bytes) =>
        onlyGattErrors(() => parseTemperatureMeasurement(bytes)),
      ),
    );
  });
});
