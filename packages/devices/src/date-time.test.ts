import { describe, expect, it } from 'vitest';
import { ByteReader, ByteWriter } from './bytes.ts';
import { dateTimeToDate, dateToDateTime, readDateTime, writeDateTime } from './date-time.ts';
import { b, gattFailure } from './test-helpers.ts';

describe('GATT Date Time', () => {
  it('reads 7 bytes: year uint16 LE, month, day, hours, minutes, seconds', () => {
    expect(readDateTime(new ByteReader(b(0xea, 0x07, 0x0c, 0x1f, 0x17, 0x3b, 0x3b), 'test'))).toEqual({
      year: 2026,
      month: 12,
      day: 31,
      hours: 23,
      minutes: 59,
      seconds: 59,
    });
  });

  it('year 0, month 0 and day 0 mean "unknown": valid but no instant', () => {
    const dt = readDateTime(new ByteReader(b(0, 0, 0, 0, 10, 0, 0), 'test'));
    expect(dateTimeToDate(dt)).toBeNull();
  });

  it.each([
    ['year 1581', b(0x2d, 0x06, 1, 1, 0, 0, 0), 'timestamp.year'],
    ['minute 60', b(0xea, 0x07, 1, 1, 0, 60, 0), 'timestamp.minutes'],
  ])('%s is INVALID_VALUE', (_n, bytes, field) => {
    const e = gattFailure(() => readDateTime(new ByteReader(bytes, 'test')));
    expect(e.code).toBe('INVALID_VALUE');
    expect(e.field).toBe(field);
  });

  it("wall clock ↔ instant with the phone's UTC offset (Vietnam +07:00)", () => {
    const d = new Date('2026-01-15T01:30:00Z');
    const dt = dateToDateTime(d, 420);
    expect(dt).toEqual({ year: 2026, month: 1, day: 15, hours: 8, minutes: 30, seconds: 0 });
    expect(dateTimeToDate(dt, 420)?.toISOString()).toBe('2026-01-15T01:30:00.000Z');
    const w = new ByteWriter();
    writeDateTime(w, dt);
    expect([...w.toBytes()]).toEqual([0xea, 0x07, 1, 15, 8, 30, 0]);
  });
});
