import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GattError } from './errors.ts';
import { decodeFloat, decodeSfloat, encodeFloat, encodeSfloat, FLOAT_SPECIAL, SFLOAT_SPECIAL } from './ieee11073.ts';

const num = (value: number) => ({ kind: 'number', value });
const special = (s: string) => ({ kind: 'special', special: s });

describe("SFLOAT (16-bit: exponent in the top nibble, 12-bit mantissa, both two's complement)", () => {
  it.each([
    // Special values are whole words with exponent 0 (IEEE 11073-20601 / GATT Supplement).
    [0x07ff, special('NaN')],
    [0x0800, special('NRes')],
    [0x07fe, special('+INF')],
    [0x0802, special('-INF')],
    [0x0801, special('RESERVED')],
  ])('0x%s is a special value', (raw, expected) => {
    expect(decodeSfloat(raw)).toEqual(expected);
  });

  it.each([
    [0x0048, 72], // exponent 0, mantissa 0x048 = 72
    [0xf2c1, 70.5], // exponent 0xF = -1, mantissa 0x2C1 = 705 → 70.5
    [0xf16d, 36.5], // exponent -1, mantissa 0x16D = 365
    [0x0000, 0],
    [0x0fff, -1], // exponent 0, mantissa 0xFFF = -1
    [0xffff, -0.1], // exponent -1, mantissa -1
    [0x1001, 10], // exponent 1, mantissa 1
    [0x8001, 1e-8], // exponent 0x8 = -8 (most negative), mantissa 1
    [0x77fd, 2045e7], // exponent 7 (largest), mantissa 2045
    [0x17ff, 20470], // mantissa 0x7FF is only NaN with exponent 0; with exponent 1 it is 2047 × 10
    [0xe800, -2048e-2], // exponent -2, mantissa 0x800 = -2048
  ])('0x%s decodes to %s', (raw, value) => {
    expect(decodeSfloat(raw)).toEqual(num(value));
  });

  it.each([
    [72, 0x0048],
    [70.5, 0xf2c1],
    [36.5, 0xf16d],
    [0, 0x0000],
    [-1, 0x0fff],
    [120, 0x0078], // integers keep exponent 0 while they fit: 120 × 10^0
    [20450, 0x17fd], // too big for exponent 0: 2045 × 10^1
    [20470, 0x20cd], // 2047 is not used as a mantissa (a special code at exponent 0): 205 × 10^2
    [NaN, 0x07ff],
    [Infinity, 0x07fe],
    [-Infinity, 0x0802],
  ])('encodes %s as 0x%s', (value, raw) => {
    expect(encodeSfloat(value)).toBe(raw);
  });

  it('encodes named specials and an explicit exponent', () => {
    expect(encodeSfloat('NRes')).toBe(0x0800);
    expect(encodeSfloat('RESERVED')).toBe(0x0801);
    expect(encodeSfloat(72, -1)).toBe(0xf2d0); // 720 × 10^-1
    expect(decodeSfloat(encodeSfloat(72, -1))).toEqual(num(72));
  });

  it('never produces a special code for an ordinary number', () => {
    // 2046 and 2047 with exponent 0 would collide with +INF and NaN: the encoder moves to exponent 1.
    expect(encodeSfloat(2046)).not.toBe(SFLOAT_SPECIAL['+INF']);
    expect(decodeSfloat(encodeSfloat(2046))).toEqual(num(2050));
    expect(() => encodeSfloat(2046, 0)).toThrow(GattError);
  });

  it('refuses values that do not fit with a GattError', () => {
    expect(() => encodeSfloat(1e11)).toThrowError(expect.objectContaining({ code: 'UNENCODABLE' }));
    expect(() => encodeSfloat(1, 8)).toThrowError(expect.objectContaining({ code: 'UNENCODABLE' }));
  });

  it('round trip: mantissa and exponent come back exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: -2045, max: 2045 }), fc.integer({ min: -8, max: 7 }), (m, e) => {
        const value = e < 0 ? m / 10 ** -e : m * 10 ** e;
        expect(decodeSfloat(encodeSfloat(value, e))).toEqual(num(value));
      }),
    );
  });

  it('round trip: any number in range comes back within the resolution of the chosen exponent', () => {
    fc.assert(
      fc.property(fc.double({ min: -2e10, max: 2e10, noNaN: true }), (v) => {
        const back = decodeSfloat(encodeSfloat(v));
        expect(back.kind).toBe('number');
        // Auto-exponent keeps |mantissa| ≥ 205 unless at exponent -8, so the error is ≤ 0.5/204.5 relative.
        if (back.kind === 'number')
          expect(Math.abs(back.value - v)).toBeLessThanOrEqual(Math.max(Math.abs(v) * 0.0025, 0.5e-8) * (1 + 1e-9));
      }),
    );
  });

  it('decodes every 16-bit word to a number or a special, never throwing', () => {
    let numbers = 0;
    for (let raw = 0; raw <= 0xffff; raw++) if (decodeSfloat(raw).kind === 'number') numbers++;
    expect(numbers).toBe(0x10000 - 5);
  });
});

describe('FLOAT (32-bit: signed 8-bit exponent, 24-bit mantissa)', () => {
  it.each([
    [0x007fffff, special('NaN')],
    [0x00800000, special('NRes')],
    [0x007ffffe, special('+INF')],
    [0x00800002, special('-INF')],
    [0x00800001, special('RESERVED')],
  ])('0x%s is a special value', (raw, expected) => {
    expect(decodeFloat(raw)).toEqual(expected);
  });

  it.each([
    [0xff00016d, 36.5], // exponent 0xFF = -1, mantissa 0x00016D = 365
    [0xfe000e42, 36.5], // exponent -2, mantissa 3650
    [0xff0003da, 98.6], // exponent -1, mantissa 986
    [0x00ffffff, -1], // exponent 0, mantissa 0xFFFFFF = -1
    [0x01000001, 10],
  ])('0x%s decodes to %s', (raw, value) => {
    expect(decodeFloat(raw)).toEqual(num(value));
  });

  it('decodes the smallest exponent', () => {
    const v = decodeFloat(0x80000001); // exponent 0x80 = -128, mantissa 1
    expect(v.kind === 'number' && v.value / 1e-128).toBeCloseTo(1, 12);
  });

  it('encodes', () => {
    expect(encodeFloat(36.5)).toBe(0xff00016d);
    expect(encodeFloat(36.5, -2)).toBe(0xfe000e42);
    expect(encodeFloat(-1)).toBe(0x00ffffff);
    expect(encodeFloat(NaN)).toBe(FLOAT_SPECIAL.NaN);
    expect(encodeFloat(-Infinity)).toBe(FLOAT_SPECIAL['-INF']);
  });

  it('round trip within the resolution', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e100, max: 1e100, noNaN: true }), (v) => {
        const back = decodeFloat(encodeFloat(v));
        expect(back.kind).toBe('number');
        if (back.kind === 'number')
          expect(Math.abs(back.value - v)).toBeLessThanOrEqual(Math.max(Math.abs(v) * 1e-6, 1e-128));
      }),
    );
  });

  it('decodes any 32-bit word without throwing', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), (raw) => {
        expect(() => decodeFloat(raw)).not.toThrow();
      }),
    );
  });
});
