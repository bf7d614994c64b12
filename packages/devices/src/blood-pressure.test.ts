import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BP_STATUS_BITS,
  encodeBloodPressureMeasurement,
  MMHG_PER_KPA,
  parseBloodPressureMeasurement,
  type BpStatusFlag,
  type PulseRateRange,
} from './blood-pressure.ts';
import { b, gattFailure, onlyGattErrors } from './test-helpers.ts';

/** Date Time 2026-01-15 08:30:00: year 0x07EA LE, month 1, day 15, 08, 30, 00. */
const TS = [0xea, 0x07, 0x01, 0x0f, 0x08, 0x1e, 0x00];
const TS_VALUE = { year: 2026, month: 1, day: 15, hours: 8, minutes: 30, seconds: 0 };

describe('Blood Pressure Measurement 0x2A35', () => {
  it('flags 0x00: mmHg, systolic/diastolic/MAP only → 120/80, MAP 93', () => {
    // [0x00][SYS SFLOAT 0x0078][DIA 0x0050][MAP 0x005D]
    expect(parseBloodPressureMeasurement(b(0x00, 0x78, 0x00, 0x50, 0x00, 0x5d, 0x00))).toEqual({
      kind: 'blood_pressure',
      flags: 0,
      systolic: 120,
      diastolic: 80,
      meanArterialPressure: 93,
      rawUnit: 'mmHg',
      timestamp: null,
      pulseRate: null,
      userId: null,
      status: null,
    });
  });

  it('flags 0x1E: time stamp, pulse rate, user id and measurement status, in that order', () => {
    // [0x1E][120][80][93][Date Time][pulse SFLOAT 0x0048=72][user 0x01][status 0x000C: bit 2 irregular pulse, bits 3-4 = 01 above upper limit]
    const m = parseBloodPressureMeasurement(
      b(0x1e, 0x78, 0x00, 0x50, 0x00, 0x5d, 0x00, ...TS, 0x48, 0x00, 0x01, 0x0c, 0x00),
    );
    expect(m).toMatchObject({
      systolic: 120,
      diastolic: 80,
      timestamp: TS_VALUE,
      pulseRate: 72,
      userId: 1,
      status: { raw: 0x0c, flags: ['irregular_pulse'], pulseRateRange: 'above_upper' },
    });
  });

  it('measurement status bits 0, 1, 5 and pulse range 10 (below lower)', () => {
    // status 0x0033 = bit 0 body movement, bit 1 cuff too loose, bit 5 improper position; bits 3-4 = 0b10 → 0x10; total 0x0033
    const m = parseBloodPressureMeasurement(b(0x10, 0x78, 0x00, 0x50, 0x00, 0x5d, 0x00, 0x33, 0x00));
    expect(m.status).toEqual({
      raw: 0x33,
      flags: ['body_movement', 'cuff_too_loose', 'improper_position'],
      pulseRateRange: 'below_lower',
    });
  });

  it('flags 0x01: kPa converted to mmHg', () => {
    // SYS 0xF0A0 = 160 × 10^-1 = 16.0 kPa; DIA 0xF06B = 10.7 kPa; MAP 0xF07D = 12.5 kPa
    const m = parseBloodPressureMeasurement(b(0x01, 0xa0, 0xf0, 0x6b, 0xf0, 0x7d, 0xf0));
    expect(m.rawUnit).toBe('kPa');
    expect(m.systolic).toBeCloseTo(120.01, 2); // 16.0 × 7.50062
    expect(m.diastolic).toBeCloseTo(80.26, 2);
    expect(m.meanArterialPressure).toBeCloseTo(93.76, 2);
  });

  it('special SFLOATs become null: MAP NaN (0x07FF), pulse NRes (0x0800)', () => {
    const m = parseBloodPressureMeasurement(b(0x04, 0x78, 0x00, 0x50, 0x00, 0xff, 0x07, 0x00, 0x08));
    expect(m).toMatchObject({ systolic: 120, diastolic: 80, meanArterialPressure: null, pulseRate: null });
  });

  it.each([
    ['empty', b(), 'TOO_SHORT'],
    ['no MAP', b(0x00, 0x78, 0x00, 0x50, 0x00), 'TOO_SHORT'],
    ['time stamp flag, 6 of 7 bytes', b(0x02, 0x78, 0x00, 0x50, 0x00, 0x5d, 0x00, ...TS.slice(0, 6)), 'TOO_SHORT'],
    ['month 13', b(0x02, 0x78, 0x00, 0x50, 0x00, 0x5d, 0x00, 0xea, 0x07, 13, 1, 0, 0, 0), 'INVALID_VALUE'],
    ['reserved bit 5', b(0x20, 0x78, 0x00, 0x50, 0x00, 0x5d, 0x00), 'RESERVED_FLAGS'],
    ['trailing byte', b(0x00, 0x78, 0x00, 0x50, 0x00, 0x5d, 0x00, 0x00), 'TRAILING_BYTES'],
  ])('malformed (%s) → %s', (_name, bytes, code) => {
    expect(gattFailure(() => parseBloodPressureMeasurement(bytes)).code).toBe(code);
  });

  it('encodes the reference vectors', () => {
    expect([...encodeBloodPressureMeasurement({ systolic: 120, diastolic: 80, meanArterialPressure: 93 })]).toEqual([
      0x00, 0x78, 0x00, 0x50, 0x00, 0x5d, 0x00,
    ]);
    expect([
      ...encodeBloodPressureMeasurement({
        systolic: 120,
        diastolic: 80,
        meanArterialPressure: 93,
        timestamp: TS_VALUE,
        pulseRate: 72,
        userId: 1,
        status: { flags: ['irregular_pulse'], pulseRateRange: 'above_upper' },
      }),
    ]).toEqual([0x1e, 0x78, 0x00, 0x50, 0x00, 0x5d, 0x00, ...TS, 0x48, 0x00, 0x01, 0x0c, 0x00]);
  });

  it('round trip (mmHg and kPa) within the wire resolution', () => {
    const statusFlag = fc.constantFrom<BpStatusFlag>(
      'body_movement',
      'cuff_too_loose',
      'irregular_pulse',
      'improper_position',
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 400, max: 3000 }).map((v) => v / 10),
        fc.integer({ min: 200, max: 2000 }).map((v) => v / 10),
        fc.constantFrom<'mmHg' | 'kPa'>('mmHg', 'kPa'),
        fc.option(fc.integer({ min: 30, max: 250 })),
        fc.option(fc.integer({ min: 0, max: 255 })),
        fc.option(
          fc.record({
            flags: fc.uniqueArray(statusFlag),
            pulseRateRange: fc.constantFrom<PulseRateRange>('within', 'above_upper', 'below_lower'),
          }),
        ),
        (systolic, diastolic, rawUnit, pulseRate, userId, status) => {
          const m = parseBloodPressureMeasurement(
            encodeBloodPressureMeasurement({
              systolic,
              diastolic,
              rawUnit,
              pulseRate: pulseRate ?? undefined,
              userId,
              status,
            }),
          );
          // SFLOAT mantissas stop at 2045: mmHg with one decimal is exact below 204.5, else whole mmHg;
          // kPa travels in 0.01 kPa below 20.45 kPa, else 0.1 kPa (half of 0.75 mmHg at most).
          const tolerance = (v: number): number =>
            (rawUnit === 'kPa' ? (0.1 * MMHG_PER_KPA) / 2 : v >= 204.5 ? 0.5 : 0) + 1e-9;
          expect(Math.abs((m.systolic ?? NaN) - systolic)).toBeLessThanOrEqual(tolerance(systolic));
          expect(Math.abs((m.diastolic ?? NaN) - diastolic)).toBeLessThanOrEqual(tolerance(diastolic));
          expect(m.rawUnit).toBe(rawUnit);
          expect(m.pulseRate).toBe(pulseRate ?? null);
          expect(m.userId).toBe(userId);
          // Flags come back in bit order.
          if (status)
            expect(m.status).toMatchObject({
              flags: BP_STATUS_BITS.filter((n) => n !== null && status.flags.includes(n)),
              pulseRateRange: status.pulseRateRange,
            });
          else expect(m.status).toBeNull();
        },
      ),
    );
  });

  it('any bytes: a value or a GattError', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 24 }), (bytes) =>
        onlyGattErrors(() => parseBloodPressureMeasurement(bytes)),
      ),
    );
  });
});
