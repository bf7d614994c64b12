import { GattError } from './errors.ts';

/** Test helpers (imported by *.test.ts only). */
export const b = (...bytes: number[]): Uint8Array => Uint8Array.from(bytes);

/** Runs `fn` and returns the GattError it throws; fails on success or any other error. */
export const gattFailure = (fn: () => unknown): GattError => {
  try {
    fn();
  } catch (e) {
    if (e instanceof GattError) return e;
    throw e;
  }
  throw new Error('expected a GattError');
};

/** Parses random bytes: the parser must return or throw a GattError, nothing else (never a RangeError). */
export const onlyGattErrors = (parse: () => unknown): void => {
  try {
    parse();
  } catch (e) {
    if (!(e instanceof GattError)) throw e;
  }
};
