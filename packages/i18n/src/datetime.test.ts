import { afterEach, describe, expect, test } from 'vitest';
import {
  addToDay,
  maskTimeInput,
  parseTimeInput,
  zonedInstant,
  formatCalendarDay,
  formatDate,
  formatDateTime,
  formatTime,
  maskDayInput,
  parseDayInput,
  setDisplayTimeZone,
  zonedDay,
  zonedMidnight,
} from './datetime.ts';

afterEach(() => setDisplayTimeZone(undefined));

describe('one date and time format in the profile time zone', () => {
  test('the same instant reads the same wall clock whatever the browser zone', () => {
    const at = '2026-11-24T03:51:51.000Z';
    expect(formatDateTime(at, 'Asia/Ho_Chi_Minh')).toBe('24/11/2026 10:51:51');
    expect(formatDateTime(at, 'UTC')).toBe('24/11/2026 03:51:51');
    setDisplayTimeZone('Asia/Ho_Chi_Minh');
    expect(formatDateTime(at)).toBe('24/11/2026 10:51:51');
    expect(formatTime(at)).toBe('10:51:51');
    expect(formatTime(at, undefined, { seconds: false })).toBe('10:51');
    expect(formatDate('2026-11-24T18:00:00Z')).toBe('25/11/2026');
    setDisplayTimeZone('Not/AZone');
    expect(formatDateTime(at, 'UTC')).toBe('24/11/2026 03:51:51');
  });
  test('midnight and day boundaries in a zone with daylight saving time (Toronto)', () => {
    expect(zonedMidnight('2026-03-08', 'America/Toronto').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(zonedMidnight('2026-03-09', 'America/Toronto').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(zonedMidnight('2026-11-24', 'Asia/Ho_Chi_Minh').toISOString()).toBe('2026-11-23T17:00:00.000Z');
    expect(zonedDay('2026-11-23T17:00:00.000Z', 'Asia/Ho_Chi_Minh')).toBe('2026-11-24');
    expect(zonedDay('2026-11-23T16:59:59.999Z', 'Asia/Ho_Chi_Minh')).toBe('2026-11-23');
    expect(addToDay('2026-01-31', { months: 1 })).toBe('2026-03-03');
    expect(addToDay('2026-03-01', { days: -1 })).toBe('2026-02-28');
  });
  test('dd/MM/yyyy typed in any language is the right day (never month and day swapped)', () => {
    expect(parseDayInput('05/03/1980')).toBe('1980-03-05');
    expect(parseDayInput('5.3.1980')).toBe('1980-03-05');
    expect(parseDayInput('05031980')).toBe('1980-03-05');
    expect(parseDayInput('31/02/1980')).toBeNull();
    expect(parseDayInput('13/13/1980')).toBeNull();
    expect(parseDayInput('1980-03-05')).toBeNull();
    expect(maskDayInput('05031980')).toBe('05/03/1980');
    expect(maskDayInput('0503')).toBe('05/03');
    expect(formatCalendarDay('1980-03-05')).toBe('05/03/1980');
    expect(formatCalendarDay(null)).toBe('');
  });

  test('a typed time of day in the profile zone is the right instant', () => {
    expect(parseTimeInput('14:30')).toBe(52_200);
    expect(parseTimeInput('14:30:05')).toBe(52_205);
    expect(parseTimeInput('24:00')).toBeNull();
    expect(maskTimeInput('143005')).toBe('14:30:05');
    expect(zonedInstant('2026-11-24', 52_205, 'Asia/Ho_Chi_Minh').toISOString()).toBe('2026-11-24T07:30:05.000Z');
    expect(zonedInstant('2026-03-08', 3 * 3600, 'America/Toronto').toISOString()).toBe('2026-03-08T07:00:00.000Z');
    expect(zonedInstant('2026-03-08', 1 * 3600, 'America/Toronto').toISOString()).toBe('2026-03-08T06:00:00.000Z');
  });
});
