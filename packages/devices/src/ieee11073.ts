import { GattError } from './errors.ts';

/**
 * IEEE 11073-20601 medical device floats as used by the Bluetooth SIG health profiles:
 * SFLOAT = 4-bit signed base-10 exponent + 12-bit signed mantissa; FLOAT = 8-bit exponent + 24-bit mantissa.
 * value = mantissa × 10^exponent. A few whole-word values are reserved for special meanings.
 */
export type MderSpecial = 'NaN' | 'NRes' | '+INF' | '-INF' | 'RESERVED';
export type MderValue = { kind: 'number'; value: number } | { kind: 'special'; special: MderSpecial };

export const SFLOAT_SPECIAL: Readonly<Record<MderSpecial, number>> = {
  NaN: 0x07ff,
  NRes: 0x0800,
  '+INF': 0x07fe,
  '-INF': 0x0802,
  RESERVED: 0x0801,
};
export const FLOAT_SPECIAL: Readonly<Record<MderSpecial, number>> = {
  NaN: 0x007fffff,
  NRes: 0x00800000,
  '+INF': 0x007ffffe,
  '-INF': 0x00800002,
  RESERVED: 0x00800001,
};

type Format = {
  name: 'SFLOAT' | 'FLOAT';
  mantissaBits: number;
  exponentBits: number;
  specials: Readonly<Record<MderSpecial, number>>;
  /** Largest |mantissa| we encode: below the special codes so an exponent-0 word can never collide with them. */
  maxMantissa: number;
};
const SFLOAT: Format = {
  name: 'SFLOAT',
  mantissaBits: 12,
  exponentBits: 4,
  specials: SFLOAT_SPECIAL,
  maxMantissa: 0x07fd,
};
const FLOAT: Format = {
  name: 'FLOAT',
  mantissaBits: 24,
  exponentBits: 8,
  specials: FLOAT_SPECIAL,
  maxMantissa: 0x007ffffd,
};

const signExtend = (v: number, bits: number): number => (v >= 2 ** (bits - 1) ? v - 2 ** bits : v);

/** m × 10^e computed so that negative exponents divide by an exact power of ten (36.5, not 36.50000000000001). */
const scale = (m: number, e: number): number => (e < 0 ? m / 10 ** -e : m * 10 ** e);

const decode = (f: Format, raw: number): MderValue => {
  for (const [special, code] of Object.entries(f.specials) as [MderSpecial, number][]) {
    if (raw === code) return { kind: 'special', special };
  }
  const mantissa = signExtend(raw % 2 ** f.mantissaBits, f.mantissaBits);
  const exponent = signExtend(Math.floor(raw / 2 ** f.mantissaBits), f.exponentBits);
  return { kind: 'number', value: scale(mantissa, exponent) };
};

const expRange = (f: Format): [number, number] => [-(2 ** (f.exponentBits - 1)), 2 ** (f.exponentBits - 1) - 1];

const pack = (f: Format, mantissa: number, exponent: number): number =>
  (exponent < 0 ? exponent + 2 ** f.exponentBits : exponent) * 2 ** f.mantissaBits +
  (mantissa < 0 ? mantissa + 2 ** f.mantissaBits : mantissa);

/** round(v / 10^e); toPrecision removes binary noise such as 36.55 × 10 = 365.49999999999994. */
const mantissaFor = (v: number, e: number): number =>
  Math.round(Number((e < 0 ? v * 10 ** -e : v / 10 ** e).toPrecision(15)));

const encode = (f: Format, value: number | MderSpecial, exponent?: number): number => {
  if (typeof value === 'string') return f.specials[value];
  if (Number.isNaN(value)) return f.specials.NaN;
  if (value === Infinity) return f.specials['+INF'];
  if (value === -Infinity) return f.specials['-INF'];
  const [minE, maxE] = expRange(f);
  if (exponent !== undefined) {
    if (!Number.isInteger(exponent) || exponent < minE || exponent > maxE) {
      throw new GattError('UNENCODABLE', `${f.name}: exponent ${exponent} outside [${minE}, ${maxE}]`);
    }
    const m = mantissaFor(value, exponent);
    if (Math.abs(m) > f.maxMantissa)
      throw new GattError('UNENCODABLE', `${f.name}: ${value} does not fit with exponent ${exponent}`);
    return pack(f, m, exponent);
  }
  // Most precise exponent first, then drop trailing decimal zeros so 72 travels as 72e0 (as devices send it), not 720e-1.
  for (let e = minE; e <= maxE; e++) {
    let m = mantissaFor(value, e);
    if (Math.abs(m) > f.maxMantissa) continue;
    if (m === 0) return pack(f, 0, 0);
    while (m % 10 === 0 && e < 0) {
      m /= 10;
      e++;
    }
    return pack(f, m, e);
  }
  throw new GattError('UNENCODABLE', `${f.name}: ${value} is too large`);
};

/** Decodes a raw 16-bit SFLOAT word. */
export const decodeSfloat = (raw: number): MderValue => decode(SFLOAT, raw & 0xffff);
/** Decodes a raw 32-bit FLOAT word. */
export const decodeFloat = (raw: number): MderValue => decode(FLOAT, raw >>> 0);

/** The number, or null for any special value (a missing measurement must not become a reading). */
export const mderNumber = (v: MderValue): number | null => (v.kind === 'number' ? v.value : null);
/** Reads a raw SFLOAT word as a number, null for NaN/NRes/±INF/reserved. */
export const sfloatNumber = (raw: number): number | null => mderNumber(decodeSfloat(raw));
/** Reads a raw FLOAT word as a number, null for NaN/NRes/±INF/reserved. */
export const floatNumber = (raw: number): number | null => mderNumber(decodeFloat(raw));

/**
 * Encodes a number (NaN/±Infinity map to their special codes) or a named special value as a raw SFLOAT word.
 * Without `exponent`, picks the most precise one that fits. Throws GattError('UNENCODABLE') when it cannot fit.
 */
export const encodeSfloat = (value: number | MderSpecial, exponent?: number): number => encode(SFLOAT, value, exponent);
/** As `encodeSfloat`, for the 32-bit FLOAT. */
export const encodeFloat = (value: number | MderSpecial, exponent?: number): number => encode(FLOAT, value, exponent);
/** Encoder input for a parsed field: null (not measured) travels as NaN. */
export const sfloatOrNaN = (value: number | null, exponent?: number): number => encodeSfloat(value ?? 'NaN', exponent);
export const floatOrNaN = (value: number | null, exponent?: number): number => encodeFloat(value ?? 'NaN', exponent);
