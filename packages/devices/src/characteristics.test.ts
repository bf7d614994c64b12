import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSupportedCharacteristic, parseCharacteristic, safeParseCharacteristic } from './characteristics.ts';
import { GattError } from './errors.ts';
import { toReadings } from './readings.ts';
import { b, gattFailure } from './test-helpers.ts';
import { CHARACTERISTIC, uuid128 } from './uuids.ts';

const AT = '2026-01-15T08:30:00.000Z';

describe('parseCharacteristic', () => {
  it('dispatches on 16-bit, short-string and 128-bit UUIDs', () => {
    expect(parseCharacteristic(0x2a37, b(0x00, 0x48))).toMatchObject({ kind: 'heart_rate', heartRate: 72 });
    expect(parseCharacteristic('2a37', b(0x00, 0x48))).toMatchObject({ kind: 'heart_rate' });
    expect(
      parseCharacteristic(uuid128(CHARACTERISTIC.PLX_CONTINUOUS_MEASUREMENT), b(0x00, 0x61, 0x00, 0x48, 0x00)),
    ).toMatchObject({ kind: 'plx_continuous', spo2: 97 });
    expect(parseCharacteristic(CHARACTERISTIC.WEIGHT_MEASUREMENT, b(0x00, 0xa0, 0x37))).toMatchObject({
      kind: 'weight',
      weight: 71.2,
    });
  });

  it('an unknown characteristic is a GattError', () => {
    const e = gattFailure(() => parseCharacteristic(0x2a19, b(0x64)));
    expect(e.code).toBe('UNKNOWN_CHARACTERISTIC');
    expect(isSupportedCharacteristic(0x2a19)).toBe(false);
    expect(isSupportedCharacteristic('00002a35-0000-1000-8000-00805f9b34fb')).toBe(true);
  });

  it('safeParseCharacteristic returns errors instead of throwing', () => {
    const r = safeParseCharacteristic(0x2a37, b(0x20, 0x48));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('RESERVED_FLAGS');
    expect(safeParseCharacteristic(0x2a37, b(0x00, 0x48))).toMatchObject({ ok: true, value: { heartRate: 72 } });
  });

  it('any characteristic, any bytes: a result, never an exception', () => {
    const uuids = Object.values(CHARACTERISTIC);
    fc.assert(
      fc.property(fc.constantFrom(...uuids), fc.uint8Array({ maxLength: 30 }), (uuid, bytes) => {
        const r = safeParseCharacteristic(uuid, bytes);
        if (!r.ok) expect(r.error).toBeInstanceOf(GattError);
        else expect(() => toReadings(r.value, AT)).not.toThrow();
      }),
    );
  });
});
