import type { ByteReader, ByteWriter } from './bytes.ts';
import { GattError } from './errors.ts';

/**
 * GATT Date Time (0x2A08), 7 bytes: year uint16 (0 = unknown, else 1582-9999), month, day (0 = unknown), hours,
 * minutes, seconds. It carries no time zone: the device's local wall clock.
 */
export type GattDateTime = {
  year: number;
  month: number;
  day: number;
  hours: number;
  minutes: number;
  seconds: number;
};

const RANGES: [keyof GattDateTime, number, number][] = [
  ['month', 0, 12],
  ['day', 0, 31],
  ['hours', 0, 23],
  ['minutes', 0, 59],
  ['seconds', 0, 59],
];

export const readDateTime = (r: ByteReader, field = 'timestamp'): GattDateTime => {
  const dt: GattDateTime = {
    year: r.uint16(`${field}.year`),
    month: r.uint8(`${field}.month`),
    day: r.uint8(`${field}.day`),
    hours: r.uint8(`${field}.hours`),
    minutes: r.uint8(`${field}.minutes`),
    seconds: r.uint8(`${field}.seconds`),
  };
  if (dt.year !== 0 && (dt.year < 1582 || dt.year > 9999))
    throw new GattError('INVALID_VALUE', `${field}.year ${dt.year} out of range`, `${field}.year`);
  for (const [k, min, max] of RANGES) {
    if (dt[k] < min || dt[k] > max)
      throw new GattError('INVALID_VALUE', `${field}.${k} ${dt[k]} out of range`, `${field}.${k}`);
  }
  return dt;
};

export const writeDateTime = (w: ByteWriter, dt: GattDateTime, field = 'timestamp'): void => {
  w.uint16(dt.year, `${field}.year`)
    .uint8(dt.month, `${field}.month`)
    .uint8(dt.day, `${field}.day`)
    .uint8(dt.hours, `${field}.hours`)
    .uint8(dt.minutes, `${field}.minutes`)
    .uint8(dt.seconds, `${field}.seconds`);
};

/**
 * The device clock as an instant, given the phone's UTC offset in minutes (east positive, e.g. +420 for Vietnam);
 * null when year, month or day is "unknown" (0).
 */
export const dateTimeToDate = (dt: GattDateTime, utcOffsetMinutes = 0): Date | null => {
  if (dt.year === 0 || dt.month === 0 || dt.day === 0) return null;
  return new Date(
    Date.UTC(dt.year, dt.month - 1, dt.day, dt.hours, dt.minutes, dt.seconds) - utcOffsetMinutes * 60_000,
  );
};

/** The wall-clock fields of an instant at the given UTC offset (the simulated watch sets its clock this way). */
export const dateToDateTime = (d: Date, utcOffsetMinutes = 0): GattDateTime => {
  const local = new Date(d.getTime() + utcOffsetMinutes * 60_000);
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hours: local.getUTCHours(),
    minutes: local.getUTCMinutes(),
    seconds: local.getUTCSeconds(),
  };
};
