import { describe, expect, it } from 'vitest';
import { CHARACTERISTIC, CHARACTERISTIC_UUID128, SERVICE, SERVICE_UUID128, shortUuid, uuid128 } from './uuids.ts';

describe('UUIDs', () => {
  it('16-bit assigned numbers of the health profiles', () => {
    expect(SERVICE).toMatchObject({
      HEART_RATE: 0x180d,
      BLOOD_PRESSURE: 0x1810,
      PULSE_OXIMETER: 0x1822,
      HEALTH_THERMOMETER: 0x1809,
      GLUCOSE: 0x1808,
      WEIGHT_SCALE: 0x181d,
    });
    expect(CHARACTERISTIC).toMatchObject({
      HEART_RATE_MEASUREMENT: 0x2a37,
      BLOOD_PRESSURE_MEASUREMENT: 0x2a35,
      PLX_SPOT_CHECK_MEASUREMENT: 0x2a5e,
      PLX_CONTINUOUS_MEASUREMENT: 0x2a5f,
      TEMPERATURE_MEASUREMENT: 0x2a1c,
      GLUCOSE_MEASUREMENT: 0x2a18,
      WEIGHT_MEASUREMENT: 0x2a9d,
    });
  });

  it('128-bit form on the SIG base UUID, lower case as Web Bluetooth reports it', () => {
    expect(uuid128(0x180d)).toBe('0000180d-0000-1000-8000-00805f9b34fb');
    expect(SERVICE_UUID128.PULSE_OXIMETER).toBe('00001822-0000-1000-8000-00805f9b34fb');
    expect(CHARACTERISTIC_UUID128.HEART_RATE_MEASUREMENT).toBe('00002a37-0000-1000-8000-00805f9b34fb');
  });

  it.each([
    [0x2a37, 0x2a37],
    ['2A37', 0x2a37],
    ['0x2a37', 0x2a37],
    ['00002A37-0000-1000-8000-00805F9B34FB', 0x2a37],
    ['6e400001-b5a3-f393-e0a9-e50e24dcca9e', null],
    ['heart', null],
    [0x10000, null],
    [-1, null],
  ])('shortUuid(%s) = %s', (input, expected) => {
    expect(shortUuid(input)).toBe(expected);
  });
});
