import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { b, gattFailure, onlyGattErrors } from './test-helpers.ts';
import { encodeWeightMeasurement, KG_PER_LB, parseWeightMeasurement } from './weight-scale.ts';

describe('Weight Measurement 0x2A9D', () => {
  it('flags 0x00: SI, 0x37A0 = 14240 × 0.005 kg = 71.2 kg', () => {
    expect(parseWeightMeasurement(b(0x00, 0xa0, 0x37))).toEqual({
      kind: 'weight',
      flags: 0,
      weight: 71.2,
      rawUnit: 'kg',
      timestamp: null,
      userId: null,
      bmi: null,
      height: null,
    });
  });

  it('flags 0x01: imperial, 0x3C8C = 15500 × 0.01 lb = 155 lb → 70.307 kg', () => {
    const m = parseWeightMeasurement(b(0x01, 0x8c, 0x3c));
    expect(m.rawUnit).toBe('lb');
    expect(m.weight).toBeCloseTo(155 * KG_PER_LB, 10);
    expect(m.weight).toBeCloseTo(70.307, 3);
  });

  it('flags 0x0E: time stamp, user id 3, BMI 0x00E8 = 23.2 and height 0x06D6 = 1750 mm', () => {
    const ts = [0xea, 0x07, 0x01, 0x0f, 0x06, 0x00, 0x00]; // 2026-01-15 06:00:00
    expect(parseWeightMeasurement(b(0x0e, 0xa0, 0x37, ...ts, 0x03, 0xe8, 0x00, 0xd6, 0x06))).toMatchObject({
      weight: 71.2,
      timestamp: { year: 2026, month: 1, day: 15, hours: 6, minutes: 0, seconds: 0 },
      userId: 3,
      bmi: 23.2,
      height: 1.75,
    });
  });

  it('flags 0x09: imperial height 0x02B2 = 690 × 0.1 in = 69 in → 1.7526 m', () => {
    expect(parseWeightMeasurement(b(0x09, 0x8c, 0x3c, 0xe8, 0x00, 0xb2, 0x02)).height).toBeCloseTo(1.7526, 10);
  });

  it('weight 0xFFFF means "measurement unsuccessful" → null', () => {
    expect(parseWeightMeasurement(b(0x00, 0xff, 0xff)).weight).toBeNull();
  });

  it.each([
    ['one weight byte', b(0x00, 0xa0), 'TOO_SHORT'],
    ['BMI flag, no height', b(0x08, 0xa0, 0x37, 0xe8, 0x00), 'TOO_SHORT'],
    ['reserved bit 4', b(0x10, 0xa0, 0x37), 'RESERVED_FLAGS'],
  ])('malformed (%s) → %s', (_name, bytes, code) => {
    expect(gattFailure(() => parseWeightMeasurement(bytes)).code).toBe(code);
  });

  it('encodes the reference vectors', () => {
    expect([...encodeWeightMeasurement({ weight: 71.2 })]).toEqual([0x00, 0xa0, 0x37]);
    expect([...encodeWeightMeasurement({ weight: 155 * KG_PER_LB, rawUnit: 'lb' })]).toEqual([0x01, 0x8c, 0x3c]);
    expect([...encodeWeightMeasurement({ weight: null })]).toEqual([0x00, 0xff, 0xff]);
    expect(gattFailure(() => encodeWeightMeasurement({ weight: 400 })).code).toBe('UNENCODABLE'); // 80000 steps > 0xFFFE
  });

  it('round trip within half a wire step (0.005 kg, 0.01 lb)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 297, noNaN: true }),
        fc.constantFrom<'kg' | 'lb'>('kg', 'lb'),
        fc.option(fc.integer({ min: 100, max: 600 }).map((v) => v / 10)),
        fc.integer({ min: 500, max: 2500 }).map((v) => v / 1000),
        // 297 kg: the imperial ceiling is 0xFFFE × 0.01 lb = 297.26 kg.
        (weight, rawUnit, bmi, height) => {
          const m = parseWeightMeasurement(
            encodeWeightMeasurement({ weight, rawUnit, bmi, height: bmi === null ? null : height }),
          );
          const step = rawUnit === 'kg' ? 0.005 : 0.01 * KG_PER_LB;
          expect(Math.abs((m.weight ?? NaN) - weight)).toBeLessThanOrEqual(step / 2 + 1e-9);
          expect(m.bmi).toBe(bmi);
          if (bmi !== null)
            expect(Math.abs((m.height ?? NaN) - height)).toBeLessThanOrEqual(
              rawUnit === 'kg' ? 1e-9 : 0.00254 / 2 + 1e-9,
            );
        },
      ),
    );
  });

  it('any bytes: a value or a GattError', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 20 }), (bytes) => onlyGattErrors(() => parseWeightMeasurement(bytes))),
    );
  });
});
