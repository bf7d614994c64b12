import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GattError } from './errors.ts';
import { b, gattFailure, onlyGattErrors } from './test-helpers.ts';
import { encodeHeartRateMeasurement, parseHeartRateMeasurement, rr1024ToMs, type SensorContact } from './heart-rate.ts';

describe('Heart Rate Measurement 0x2A37', () => {
  it('flags 0x00: uint8 value, no contact support → 72 bpm', () => {
    // [flags=0x00][HR=0x48]
    expect(parseHeartRateMeasurement(b(0x00, 0x48))).toEqual({
      kind: 'heart_rate',
      flags: 0,
      heartRate: 72,
      rawFormat: 'uint8',
      sensorContact: 'not_supported',
      energyExpendedKj: null,
      rrIntervals1024: [],
      rrIntervalsMs: [],
    });
  });

  it('flags 0x16: contact supported+detected (bits 1,2), RR present (bit 4); two RR of 1024/1024 s = 1000 ms', () => {
    // [0x16][HR=0x48][RR=0x0400 LE][RR=0x0400 LE]
    const m = parseHeartRateMeasurement(b(0x16, 0x48, 0x00, 0x04, 0x00, 0x04));
    expect(m).toMatchObject({
      heartRate: 72,
      sensorContact: 'detected',
      energyExpendedKj: null,
      rrIntervals1024: [1024, 1024],
      rrIntervalsMs: [1000, 1000],
    });
  });

  it('flags 0x01: uint16 value → 300 bpm', () => {
    // [0x01][HR=0x012C LE]
    expect(parseHeartRateMeasurement(b(0x01, 0x2c, 0x01))).toMatchObject({ heartRate: 300, rawFormat: 'uint16' });
  });

  it('flags 0x0C: contact supported but not detected (bit 2 only), energy expended (bit 3) = 10000 kJ', () => {
    // [0x0C][HR=0x50=80][Energy=0x2710 LE]
    expect(parseHeartRateMeasurement(b(0x0c, 0x50, 0x10, 0x27))).toMatchObject({
      heartRate: 80,
      sensorContact: 'not_detected',
      energyExpendedKj: 10000,
    });
  });

  it('flags 0x1F: uint16 HR, contact detected, energy, RR: fields in order HR, energy, RR', () => {
    // [0x1F][HR=0x005A=90][Energy=0x03E8=1000][RR=0x0300=768/1024 s=750 ms]
    expect(parseHeartRateMeasurement(b(0x1f, 0x5a, 0x00, 0xe8, 0x03, 0x00, 0x03))).toMatchObject({
      heartRate: 90,
      rawFormat: 'uint16',
      sensorContact: 'detected',
      energyExpendedKj: 1000,
      rrIntervalsMs: [750],
    });
  });

  it('flags 0x02 (detected without supported) reads as not supported, as the spec defines bit 2 as the gate', () => {
    expect(parseHeartRateMeasurement(b(0x02, 0x48)).sensorContact).toBe('not_supported');
  });

  it('reads a DataView over a slice of a larger buffer', () => {
    const buffer = b(0xaa, 0xbb, 0x00, 0x48, 0xcc).buffer;
    expect(parseHeartRateMeasurement(new DataView(buffer, 2, 2)).heartRate).toBe(72);
    expect(parseHeartRateMeasurement(new Uint8Array(buffer, 2, 2)).heartRate).toBe(72);
  });

  it.each([
    ['empty', b(), 'TOO_SHORT', 'flags'],
    ['uint16 flag with one byte', b(0x01, 0x48), 'TOO_SHORT', 'heartRate'],
    ['energy flag without energy', b(0x08, 0x48, 0x10), 'TOO_SHORT', 'energyExpended'],
    ['RR flag without RR', b(0x10, 0x48), 'TOO_SHORT', 'rrInterval'],
    ['odd RR tail', b(0x10, 0x48, 0x00, 0x04, 0x00), 'TOO_SHORT', 'rrInterval'],
    ['reserved bit 5', b(0x20, 0x48), 'RESERVED_FLAGS', 'flags'],
    ['reserved bit 7', b(0x80, 0x48), 'RESERVED_FLAGS', 'flags'],
    ['extra byte', b(0x00, 0x48, 0x00), 'TRAILING_BYTES', undefined],
  ])('malformed (%s) → GattError %s', (_name, bytes, code, field) => {
    const e = gattFailure(() => parseHeartRateMeasurement(bytes));
    expect(e.code).toBe(code);
    expect(e.field).toBe(field);
  });

  it('encodes the reference vectors', () => {
    expect([...encodeHeartRateMeasurement({ heartRate: 72 })]).toEqual([0x00, 0x48]);
    expect([
      ...encodeHeartRateMeasurement({ heartRate: 72, sensorContact: 'detected', rrIntervals1024: [1024, 1024] }),
    ]).toEqual([0x16, 0x48, 0x00, 0x04, 0x00, 0x04]);
    expect([...encodeHeartRateMeasurement({ heartRate: 300 })]).toEqual([0x01, 0x2c, 0x01]);
    expect(() => encodeHeartRateMeasurement({ heartRate: 70_000 })).toThrow(GattError);
  });

  it('round trip', () => {
    const contact = fc.constantFrom<SensorContact>('not_supported', 'not_detected', 'detected');
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 0xffff }),
        contact,
        fc.option(fc.integer({ min: 0, max: 0xffff })),
        fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 8 }),
        (heartRate, sensorContact, energyExpendedKj, rrIntervals1024) => {
          const m = parseHeartRateMeasurement(
            encodeHeartRateMeasurement({ heartRate, sensorContact, energyExpendedKj, rrIntervals1024 }),
          );
          expect(m).toMatchObject({
            heartRate,
            sensorContact,
            energyExpendedKj,
            rrIntervals1024,
            rrIntervalsMs: rrIntervals1024.map(rr1024ToMs),
          });
        },
      ),
    );
  });

  it('RR in ms round trips within 1/1024 s', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 63_000, noNaN: true }), (ms) => {
        const [back] = parseHeartRateMeasurement(
          encodeHeartRateMeasurement({ heartRate: 60, rrIntervalsMs: [ms] }),
        ).rrIntervalsMs;
        expect(Math.abs((back ?? NaN) - ms)).toBeLessThanOrEqual(1000 / 1024 / 2 + 1e-9);
      }),
    );
  });

  it('any bytes: a value or a GattError, never a RangeError', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 24 }), (bytes) => {
        onlyGattErrors(() => parseHeartRateMeasurement(bytes));
      }),
    );
  });
});
