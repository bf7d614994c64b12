/**
 * Typed failure of a GATT parser or encoder. Parsers never let a RangeError out of a DataView escape: every read is
 * bounds-checked first so the app can show "cannot read the device" instead of crashing its notification handler.
 */
export type GattErrorCode =
  /** Fewer bytes than the flags announce. */
  | 'TOO_SHORT'
  /** Bytes left over after the last announced field (only where the layout has no open-ended tail). */
  | 'TRAILING_BYTES'
  /** A flag bit the specification reserves for future use is set. */
  | 'RESERVED_FLAGS'
  /** A field holds a value outside its defined range (e.g. month 13). */
  | 'INVALID_VALUE'
  /** No parser for this characteristic UUID. */
  | 'UNKNOWN_CHARACTERISTIC'
  /** An encoder was given a value its wire format cannot carry. */
  | 'UNENCODABLE';

export class GattError extends Error {
  override readonly name = 'GattError';
  readonly code: GattErrorCode;
  /** The field being read or written when it failed, e.g. `flags`, `rrInterval`, `timestamp.month`. */
  readonly field: string | undefined;

  constructor(code: GattErrorCode, message: string, field?: string) {
    super(message);
    this.code = code;
    this.field = field;
  }
}

export const isGattError = (e: unknown): e is GattError => e instanceof GattError;
