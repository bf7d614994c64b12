import { GattError } from './errors.ts';

/** What the parsers accept: a Web Bluetooth `characteristic.value` (DataView) or raw bytes. */
export type GattBytes = DataView | Uint8Array;

export const toDataView = (bytes: GattBytes): DataView =>
  bytes instanceof DataView ? bytes : new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** Little-endian (as all GATT fields are), bounds-checked reader: a short buffer is a GattError, never a RangeError. */
export class ByteReader {
  private readonly view: DataView;
  private pos = 0;
  private readonly what: string;

  constructor(bytes: GattBytes, what: string) {
    this.view = toDataView(bytes);
    this.what = what;
  }

  get offset(): number {
    return this.pos;
  }
  get remaining(): number {
    return this.view.byteLength - this.pos;
  }

  private need(n: number, field: string): number {
    if (this.remaining < n) {
      throw new GattError(
        'TOO_SHORT',
        `${this.what}: ${field} needs ${n} byte(s) at offset ${this.pos}, ${this.remaining} left`,
        field,
      );
    }
    const at = this.pos;
    this.pos += n;
    return at;
  }

  uint8(field: string): number {
    return this.view.getUint8(this.need(1, field));
  }
  uint16(field: string): number {
    return this.view.getUint16(this.need(2, field), true);
  }
  int16(field: string): number {
    return this.view.getInt16(this.need(2, field), true);
  }
  uint24(field: string): number {
    const at = this.need(3, field);
    return this.view.getUint16(at, true) | (this.view.getUint8(at + 2) << 16);
  }
  uint32(field: string): number {
    return this.view.getUint32(this.need(4, field), true);
  }

  /** Fails when bytes remain: for fixed layouts, extra bytes mean we misread the flags. */
  end(): void {
    if (this.remaining > 0) {
      throw new GattError('TRAILING_BYTES', `${this.what}: ${this.remaining} unexpected byte(s) at offset ${this.pos}`);
    }
  }
}

/** Little-endian writer for the encoders; values are range-checked so a bad simulator value fails loudly. */
export class ByteWriter {
  private readonly bytes: number[] = [];

  private check(value: number, min: number, max: number, field: string): void {
    if (!Number.isInteger(value) || value < min || value > max) {
      throw new GattError('UNENCODABLE', `${field}: ${value} is not an integer in [${min}, ${max}]`, field);
    }
  }

  uint8(value: number, field: string): this {
    this.check(value, 0, 0xff, field);
    this.bytes.push(value);
    return this;
  }
  uint16(value: number, field: string): this {
    this.check(value, 0, 0xffff, field);
    this.bytes.push(value & 0xff, value >>> 8);
    return this;
  }
  int16(value: number, field: string): this {
    this.check(value, -0x8000, 0x7fff, field);
    return this.uint16(value & 0xffff, field);
  }
  uint24(value: number, field: string): this {
    this.check(value, 0, 0xffffff, field);
    this.bytes.push(value & 0xff, (value >>> 8) & 0xff, value >>> 16);
    return this;
  }
  uint32(value: number, field: string): this {
    this.check(value, 0, 0xffffffff, field);
    this.bytes.push(value & 0xff, (value >>> 8) & 0xff, (value >>> 16) & 0xff, value >>> 24);
    return this;
  }

  toBytes(): Uint8Array {
    return Uint8Array.from(this.bytes);
  }
}

/** Fails when a flags field has bits set outside `allowedMask` (the specification reserves them). */
export const checkReservedBits = (flags: number, allowedMask: number, what: string, field = 'flags'): void => {
  const reserved = flags & ~allowedMask;
  if (reserved !== 0) {
    throw new GattError('RESERVED_FLAGS', `${what}: reserved bit(s) 0x${reserved.toString(16)} set in ${field}`, field);
  }
};

/** Names of the set bits of a status bit field, from a table of bit → name (unnamed bits are ignored). */
export const bitNames = <T extends string>(raw: number, names: readonly (T | null)[]): T[] =>
  names.flatMap((name, bit) => (name !== null && (raw & (1 << bit)) !== 0 ? [name] : []));

/** Bit field from names, the inverse of `bitNames`. */
export const bitsOf = <T extends string>(set: readonly T[], names: readonly (T | null)[]): number =>
  set.reduce((acc, name) => acc | (1 << names.indexOf(name)), 0);
