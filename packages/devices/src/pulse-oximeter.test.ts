import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  encodePlxContinuous,
  encodePlxSpotCheck,
  parsePlxContinuous,
  parsePlxSpotCheck,
  PLX_DEVICE_STATUS_BITS,
  PLX_MEASUREMENT_STATUS_BITS,
} from './pulse-oximeter.ts';
import { b, gattFailure, onlyGattErrors } from './test-helpers.ts';

const TS = [0xea, 0x07, 0x01, 0x0f, 0x08, 0x1e, 0x00]; // 2026-01-15 08:30:00

describe('PLX Spot-Check Measurement 0x2A5E', () => {
  it('flags 0x00: SpO2 97 %, pulse rate 72 bpm', () => {
    // [0x00][SpO2 SFLOAT 0x0061][PR SFLOAT 0x0048]
    expect(parsePlxSpotCheck(b(0x00, 0x61, 0x00, 0x48, 0x00))).toEqual({
      kind: 'plx_spot_check',
      flags: 0,
      rawUnit: '%',
      spo2: 97,
      pulseRate: 72,
      timestamp: null,
      deviceClockNotSet: false,
      measurementStatus: null,
      deviceStatus: null,
      pulseAmplitudeIndex: null,
    });
  });

  it('flags 0x1F: time stamp, measurement status, device and sensor status, PAI, device clock not set', () => {
    // [0x1F][SpO2 0xF3CF = 975e-1 = 97.5][PR 72][Date Time][status 0x0080 bit 7 validated][dev 0x000020 bit 5 low perfusion][PAI 0xF019 = 2.5]
    const m = parsePlxSpotCheck(b(0x1f, 0xcf, 0xf3, 0x48, 0x00, ...TS, 0x80, 0x00, 0x20, 0x00, 0x00, 0x19, 0xf0));
    expect(m).toMatchObject({
      spo2: 97.5,
      pulseRate: 72,
      timestamp: { year: 2026, month: 1, day: 15, hours: 8, minutes: 30, seconds: 0 },
      deviceClockNotSet: true,
      measurementStatus: { raw: 0x80, flags: ['validated_data'] },
      deviceStatus: { raw: 0x20, flags: ['low_perfusion'] },
      pulseAmplitudeIndex: 2.5,
    });
  });

  it('device and sensor status is 24-bit: bit 15 (sensor disconnected) lands in the second byte', () => {
    const m = parsePlxSpotCheck(b(0x04, 0x61, 0x00, 0x48, 0x00, 0x00, 0x80, 0x00));
    expect(m.deviceStatus).toEqual({ raw: 0x8000, flags: ['sensor_disconnected'] });
  });

  it.each([
    ['empty', b(), 'TOO_SHORT'],
    ['no pulse rate', b(0x00, 0x61, 0x00), 'TOO_SHORT'],
    ['device status flag, 2 of 3 bytes', b(0x04, 0x61, 0x00, 0x48, 0x00, 0x00, 0x00), 'TOO_SHORT'],
    ['reserved bit 5', b(0x20, 0x61, 0x00, 0x48, 0x00), 'RESERVED_FLAGS'],
    ['trailing byte', b(0x00, 0x61, 0x00, 0x48, 0x00, 0x00), 'TRAILING_BYTES'],
  ])('malformed (%s) → %s', (_name, bytes, code) => {
    expect(gattFailure(() => parsePlxSpotCheck(bytes)).code).toBe(code);
  });

  it('encodes the reference vector', () => {
    expect([...encodePlxSpotCheck({ spo2: 97, pulseRate: 72 })]).toEqual([0x00, 0x61, 0x00, 0x48, 0x00]);
  });
});

describe('PLX Continuous Measurement 0x2A5F', () => {
  it('flags 0x00: SpO2 98 %, pulse rate 75 bpm', () => {
    expect(parsePlxContinuous(b(0x00, 0x62, 0x00, 0x4b, 0x00))).toMatchObject({
      kind: 'plx_continuous',
      spo2: 98,
      pulseRate: 75,
      fast: null,
      slow: null,
    });
  });

  it('flags 0x03: normal, then Fast, then Slow pairs', () => {
    // [0x03][97][72][fast 96][fast 74][slow 98][slow 70]
    expect(
      parsePlxContinuous(b(0x03, 0x61, 0x00, 0x48, 0x00, 0x60, 0x00, 0x4a, 0x00, 0x62, 0x00, 0x46, 0x00)),
    ).toMatchObject({
      spo2: 97,
      pulseRate: 72,
      fast: { spo2: 96, pulseRate: 74 },
      slow: { spo2: 98, pulseRate: 70 },
    });
  });

  it('flags 0x04: measurement status 0x8000 = invalid measurement; NaN SpO2 (0x07FF) is null', () => {
    const m = parsePlxContinuous(b(0x04, 0xff, 0x07, 0x48, 0x00, 0x00, 0x80));
    expect(m).toMatchObject({
      spo2: null,
      pulseRate: 72,
      measurementStatus: { raw: 0x8000, flags: ['invalid_measurement'] },
    });
  });

  it.each([
    ['slow flag without slow pair', b(0x02, 0x61, 0x00, 0x48, 0x00), 'TOO_SHORT'],
    ['reserved bit 7', b(0x80, 0x61, 0x00, 0x48, 0x00), 'RESERVED_FLAGS'],
  ])('malformed (%s) → %s', (_name, bytes, code) => {
    expect(gattFailure(() => parsePlxContinuous(bytes)).code).toBe(code);
  });

  const pair = fc.record({
    spo2: fc.option(fc.integer({ min: 0, max: 1000 }).map((v) => v / 10)),
    pulseRate: fc.option(fc.integer({ min: 0, max: 300 })),
  });
  const measurementFlag = fc.constantFrom(...PLX_MEASUREMENT_STATUS_BITS.filter((n) => n !== null));

  it('round trip', () => {
    fc.assert(
      fc.property(
        pair,
        fc.option(pair),
        fc.option(pair),
        fc.option(fc.uniqueArray(measurementFlag)),
        fc.option(fc.uniqueArray(fc.constantFrom(...PLX_DEVICE_STATUS_BITS))),
        (p, fast, slow, measurementStatus, deviceStatus) => {
          const m = parsePlxContinuous(encodePlxContinuous({ ...p, fast, slow, measurementStatus, deviceStatus }));
          expect(m).toMatchObject({ ...p, fast, slow });
          expect(m.measurementStatus?.flags ?? null).toEqual(
            measurementStatus
              ? PLX_MEASUREMENT_STATUS_BITS.filter((n) => n !== null && measurementStatus.includes(n))
              : null,
          );
          expect(m.deviceStatus?.flags ?? null).toEqual(
            deviceStatus ? PLX_DEVICE_STATUS_BITS.filter((n) => deviceStatus.includes(n)) : null,
          );
        },
      ),
    );
  });

  it('any bytes: a value or a GattError', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 24 }), (bytes) => {
        onlyGattErrors(() => parsePlxContinuous(bytes));
        onlyGattErrors(() => parsePlxSpotCheck(bytes));
      }),
    );
  });
});
