import { CANONICAL_UNIT, ZReading } from '@carewatch/contracts/vitals';
import { describe, expect, it } from 'vitest';
import { parseCharacteristic } from './characteristics.ts';
import { toReadings } from './readings.ts';
import { b } from './test-helpers.ts';

const AT = '2026-01-15T08:30:00.000Z';
const TS = [0xea, 0x07, 0x01, 0x0f, 0x08, 0x1e, 0x00]; // 2026-01-15 08:30:00

describe('toReadings', () => {
  const readings = (uuid: number, bytes: Uint8Array, deviceId?: string) =>
    toReadings(parseCharacteristic(uuid, bytes), new Date(AT), deviceId === undefined ? {} : { deviceId });

  it('heart rate → heart_rate in bpm, with the device id', () => {
    expect(readings(0x2a37, b(0x16, 0x48, 0x00, 0x04, 0x00, 0x04), '01J0000000000000000000000A')).toEqual([
      { metric: 'heart_rate', measuredAt: AT, value: 72, unit: 'bpm', deviceId: '01J0000000000000000000000A' },
    ]);
  });

  it('blood pressure in kPa → blood_pressure values in mmHg (0.1), pulse included', () => {
    // kPa 16.0 / 10.7 / 12.5 with pulse 72
    expect(readings(0x2a35, b(0x05, 0xa0, 0xf0, 0x6b, 0xf0, 0x7d, 0xf0, 0x48, 0x00))).toEqual([
      { metric: 'blood_pressure', measuredAt: AT, unit: 'mmHg', values: { systolic: 120, diastolic: 80.3, pulse: 72 } },
    ]);
  });

  it('blood pressure with a NaN systolic → no reading', () => {
    expect(readings(0x2a35, b(0x00, 0xff, 0x07, 0x50, 0x00, 0x5d, 0x00))).toEqual([]);
  });

  it('PLX → spo2 and heart_rate; a measurement flagged invalid → nothing', () => {
    expect(readings(0x2a5e, b(0x00, 0xcf, 0xf3, 0x48, 0x00))).toEqual([
      { metric: 'spo2', measuredAt: AT, value: 97.5, unit: '%' },
      { metric: 'heart_rate', measuredAt: AT, value: 72, unit: 'bpm' },
    ]);
    expect(readings(0x2a5f, b(0x04, 0x61, 0x00, 0x48, 0x00, 0x00, 0x80))).toEqual([]);
  });

  it('°F thermometer → temperature in °C', () => {
    expect(readings(0x2a1c, b(0x03, 0xda, 0x03, 0x00, 0xff, ...TS))).toEqual([
      { metric: 'temperature', measuredAt: AT, value: 37, unit: 'C' },
    ]);
  });

  it('glucose in kg/L → blood_glucose in mmol/L', () => {
    expect(readings(0x2a18, b(0x02, 0x01, 0x00, ...TS, 0x63, 0xb0, 0x11))).toEqual([
      { metric: 'blood_glucose', measuredAt: AT, value: 5.49, unit: 'mmol/L' },
    ]);
  });

  it('weight in lb with BMI → weight in kg and bmi', () => {
    expect(readings(0x2a9d, b(0x09, 0x8c, 0x3c, 0xe8, 0x00, 0xb2, 0x02))).toEqual([
      { metric: 'weight', measuredAt: AT, value: 70.307, unit: 'kg' },
      { metric: 'bmi', measuredAt: AT, value: 23.2, unit: 'kg/m2' },
    ]);
  });

  it('every reading satisfies the ingest contract (ZReading)', () => {
    const all = [
      readings(0x2a37, b(0x00, 0x48)),
      readings(0x2a35, b(0x04, 0x78, 0x00, 0x50, 0x00, 0x5d, 0x00, 0x48, 0x00)),
      readings(0x2a5f, b(0x00, 0x61, 0x00, 0x48, 0x00)),
      readings(0x2a1c, b(0x00, 0x6d, 0x01, 0x00, 0xff)),
      readings(0x2a18, b(0x06, 0x01, 0x00, ...TS, 0x37, 0xc0, 0x22)),
      readings(0x2a9d, b(0x08, 0xa0, 0x37, 0xe8, 0x00, 0xd6, 0x06)),
    ].flat();
    expect(all.map((r) => r.metric)).toEqual([
      'heart_rate',
      'blood_pressure',
      'spo2',
      'heart_rate',
      'temperature',
      'blood_glucose',
      'weight',
      'bmi',
    ]);
    for (const r of all) {
      expect(ZReading.safeParse(r).success).toBe(true);
      expect(r.unit).toBe(CANONICAL_UNIT[r.metric]);
    }
  });
});
