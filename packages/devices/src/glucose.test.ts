import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeGlucoseMeasurement, GLUCOSE_MGDL_PER_MMOL, parseGlucoseMeasurement } from './glucose.ts';
import { b, gattFailure, onlyGattErrors } from './test-helpers.ts';

/** Base Time 2026-01-15 07:45:00. */
const BASE = [0xea, 0x07, 0x01, 0x0f, 0x07, 0x2d, 0x00];
const BASE_VALUE = { year: 2026, month: 1, day: 15, hours: 7, minutes: 45, seconds: 0 };

describe('Glucose Measurement 0x2A18', () => {
  it('flags 0x02: kg/L; 0.00099 kg/L = 99 mg/dL → 5.49 mmol/L; capillary whole blood at the finger', () => {
    // [0x02][seq 0x0001][Base Time][SFLOAT 0xB063: exponent 0xB = -5, mantissa 99][type/location 0x11: location 1 finger, type 1]
    const m = parseGlucoseMeasurement(b(0x02, 0x01, 0x00, ...BASE, 0x63, 0xb0, 0x11));
    expect(m).toMatchObject({
      kind: 'glucose',
      sequenceNumber: 1,
      baseTime: BASE_VALUE,
      timeOffsetMinutes: null,
      rawUnit: 'kg/L',
      type: 'capillary_whole_blood',
      sampleLocation: 'finger',
      typeCode: 1,
      sampleLocationCode: 1,
      sensorStatus: null,
      contextFollows: false,
    });
    expect(m.concentration).toBeCloseTo(99 / GLUCOSE_MGDL_PER_MMOL, 10);
    expect(m.concentration).toBeCloseTo(5.494, 3);
  });

  it('flags 0x0F: time offset -60 min, mol/L (0.0055 mol/L = 5.5 mmol/L), capillary plasma at AST, battery low', () => {
    // [0x0F][seq 0x0002][Base Time][offset 0xFFC4 = -60][SFLOAT 0xC037: exponent -4, mantissa 55][0x22][annunciation 0x0001]
    const m = parseGlucoseMeasurement(b(0x0f, 0x02, 0x00, ...BASE, 0xc4, 0xff, 0x37, 0xc0, 0x22, 0x01, 0x00));
    expect(m).toMatchObject({
      sequenceNumber: 2,
      timeOffsetMinutes: -60,
      concentration: 5.5,
      rawUnit: 'mol/L',
      type: 'capillary_plasma',
      sampleLocation: 'alternate_site',
      sensorStatus: { raw: 1, flags: ['battery_low'] },
    });
  });

  it('flags 0x10 only: sequence number and base time, no concentration; context follows', () => {
    expect(parseGlucoseMeasurement(b(0x10, 0x05, 0x00, ...BASE))).toMatchObject({
      sequenceNumber: 5,
      concentration: null,
      rawUnit: null,
      type: null,
      sampleLocation: null,
      contextFollows: true,
    });
  });

  it('sample location nibble 0xF is "not available"; interstitial fluid type 9', () => {
    expect(parseGlucoseMeasurement(b(0x06, 0x01, 0x00, ...BASE, 0x37, 0xc0, 0xf9))).toMatchObject({
      type: 'interstitial_fluid',
      sampleLocation: 'not_available',
    });
  });

  it.each([
    ['no base time', b(0x00, 0x01, 0x00, 0xea, 0x07), 'TOO_SHORT'],
    ['concentration flag without type byte', b(0x02, 0x01, 0x00, ...BASE, 0x63, 0xb0), 'TOO_SHORT'],
    ['reserved bit 5', b(0x20, 0x01, 0x00, ...BASE), 'RESERVED_FLAGS'],
    ['day 32', b(0x00, 0x01, 0x00, 0xea, 0x07, 1, 32, 0, 0, 0), 'INVALID_VALUE'],
  ])('malformed (%s) → %s', (_name, bytes, code) => {
    expect(gattFailure(() => parseGlucoseMeasurement(bytes)).code).toBe(code);
  });

  it('encodes the reference vectors', () => {
    expect([
      ...encodeGlucoseMeasurement({
        sequenceNumber: 1,
        baseTime: BASE_VALUE,
        concentration: 99 / GLUCOSE_MGDL_PER_MMOL,
        rawUnit: 'kg/L',
        type: 'capillary_whole_blood',
        sampleLocation: 'finger',
      }),
    ]).toEqual([0x02, 0x01, 0x00, ...BASE, 0x63, 0xb0, 0x11]);
    expect([
      ...encodeGlucoseMeasurement({
        sequenceNumber: 2,
        baseTime: BASE_VALUE,
        timeOffsetMinutes: -60,
        concentration: 5.5,
        type: 'capillary_plasma',
        sampleLocation: 'alternate_site',
        sensorStatus: ['battery_low'],
      }),
    ]).toEqual([0x0f, 0x02, 0x00, ...BASE, 0xc4, 0xff, 0x37, 0xc0, 0x22, 0x01, 0x00]);
  });

  it('round trip within the SFLOAT resolution (kg/L via mg/dL, mol/L)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10, max: 3300 }).map((v) => v / 100),
        fc.constantFrom<'kg/L' | 'mol/L'>('kg/L', 'mol/L'),
        fc.integer({ min: 0, max: 0xffff }),
        fc.option(fc.integer({ min: -0x8000, max: 0x7fff })),
        (concentration, rawUnit, sequenceNumber, timeOffsetMinutes) => {
          const m = parseGlucoseMeasurement(
            encodeGlucoseMeasurement({
              sequenceNumber,
              baseTime: BASE_VALUE,
              timeOffsetMinutes,
              concentration,
              rawUnit,
            }),
          );
          expect(m).toMatchObject({ sequenceNumber, timeOffsetMinutes, rawUnit });
          // mol/L: 0.01 mmol/L steps fit exactly below 20.45 mmol/L; kg/L: ≥ 3 significant digits of mg/dL.
          expect(Math.abs((m.concentration ?? NaN) - concentration)).toBeLessThanOrEqual(concentration * 0.0025 + 1e-9);
        },
      ),
    );
  });

  it('any bytes: a value or a GattError', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 24 }), (bytes) => onlyGattErrors(() => parseGlucoseMeasurement(bytes))),
    );
  });
});
