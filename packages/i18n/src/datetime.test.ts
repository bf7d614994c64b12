import { afterEach, describe, expect, test } from 'vitest';
import {
  addDays, addMonths, dayOf, displayTimeZone, formatDate, formatDateTime, formatDay, formatDayMonth, formatHourMinute, formatMonthYear,
  formatTime, isDay, maskDateInput, parseDateInput, setDisplayTimeZone, startOfDay, today,
} from './datetime.ts';

afterEach(() => setDisplayTimeZone(null));

describe('instants in a time zone', () => {
  // 03:51:51 UTC is 10:51:51 in Ho Chi Minh City (UTC+7 all year, no DST).
  const at = '2026-11-24T03:51:51.250Z';

  test('dd/MM/yyyy, HH:mm:ss and both, in the given zone', () => {
    expect(formatDateTime(at, 'Asia/Ho_Chi_Minh')).toBe('24/11/2026 10:51:51');
    expect(formatDateTime(at, 'UTC')).toBe('24/11/2026 03:51:51');
    expect(formatDate(at, 'Asia/Ho_Chi_Minh')).toBe('24/11/2026');
    expect(formatTime(at, 'Asia/Ho_Chi_Minh')).toBe('10:51:51');
    expect(formatHourMinute(at, 'Asia/Ho_Chi_Minh')).toBe('10:51');
    expect(formatDayMonth(at, 'Asia/Ho_Chi_Minh')).toBe('24/11');
    expect(formatMonthYear(at, 'Asia/Ho_Chi_Minh')).toBe('11/2026');
  });

  test('accepts ISO strings, epoch milliseconds and Date objects alike', () => {
    const ms = Date.parse(at);
    expect(formatDateTime(ms, 'Asia/Ho_Chi_Minh')).toBe('24/11/2026 10:51:51');
    expect(formatDateTime(new Date(ms), 'Asia/Ho_Chi_Minh')).toBe('24/11/2026 10:51:51');
  });

  test('the day changes at the zone\'s midnight, not UTC\'s', () => {
    // 17:30 UTC on the 31st of December is already 00:30 on New Year's Day in Ho Chi Minh City.
    expect(formatDateTime('2026-12-31T17:30:00Z', 'Asia/Ho_Chi_Minh')).toBe('01/01/2027 00:30:00');
    expect(dayOf('2026-12-31T17:30:00Z', 'Asia/Ho_Chi_Minh')).toBe('2027-01-01');
    // …and still the evening before in Toronto.
    expect(formatDateTime('2027-01-01T03:30:00Z', 'America/Toronto')).toBe('31/12/2026 22:30:00');
    expect(formatTime('2026-06-01T00:00:00Z', 'UTC')).toBe('00:00:00');
  });

  test('America/Toronto follows daylight saving time', () => {
    expect(formatDateTime('2026-07-01T16:00:00Z', 'America/Toronto')).toBe('01/07/2026 12:00:00'); // EDT, UTC−4
    expect(formatDateTime('2026-01-15T16:00:00Z', 'America/Toronto')).toBe('15/01/2026 11:00:00'); // EST, UTC−5
    // 8 March 2026, 02:00 EST → 03:00 EDT: one second before and at the change.
    expect(formatTime('2026-03-08T06:59:59Z', 'America/Toronto')).toBe('01:59:59');
    expect(formatTime('2026-03-08T07:00:00Z', 'America/Toronto')).toBe('03:00:00');
  });

  test('without a zone, the display zone set from the profile is used; an invalid one falls back to the device\'s', () => {
    setDisplayTimeZone('Asia/Ho_Chi_Minh');
    expect(displayTimeZone()).toBe('Asia/Ho_Chi_Minh');
    expect(formatDateTime(at)).toBe('24/11/2026 10:51:51');
    setDisplayTimeZone('America/Toronto');
    expect(formatDateTime(at)).toBe('23/11/2026 22:51:51');
    setDisplayTimeZone('Mars/Olympus');
    expect(displayTimeZone()).toBe(new Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  test('an unreadable value is shown as it came (a string) or empty', () => {
    expect(formatDateTime('not a date', 'UTC')).toBe('not a date');
    expect(formatDate(new Date(Number.NaN), 'UTC')).toBe('');
  });
});

describe('calendar days', () => {
  test('YYYY-MM-DD as dd/MM/yyyy (no zone: a birthday is the same day everywhere); YYYY-MM as MM/yyyy', () => {
    expect(formatDay('1980-03-05')).toBe('05/03/1980');
    expect(formatDay('1980-03-05T00:00:00.000Z')).toBe('05/03/1980');
    expect(formatDay('2026-11')).toBe('11/2026');
  });

  test('isDay accepts only real days', () => {
    expect(isDay('2024-02-29')).toBe(true);
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2026-13-01')).toBe(false);
    expect(isDay('05/03/1980')).toBe(false);
  });

  test('adding days and months stays on the calendar', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
    expect(addMonths('2024-03-31', -1)).toBe('2024-02-29');
    expect(addMonths('2026-11-24', -12)).toBe('2025-11-24');
  });

  test('the instant a day starts in a zone (also on the DST change days)', () => {
    expect(startOfDay('2026-11-24', 'Asia/Ho_Chi_Minh').toISOString()).toBe('2026-11-23T17:00:00.000Z');
    expect(startOfDay('2026-11-24', 'UTC').toISOString()).toBe('2026-11-24T00:00:00.000Z');
    expect(startOfDay('2026-03-08', 'America/Toronto').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(startOfDay('2026-03-09', 'America/Toronto').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(startOfDay('2026-11-01', 'America/Toronto').toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(startOfDay('2026-11-02', 'America/Toronto').toISOString()).toBe('2026-11-02T05:00:00.000Z');
  });

  test('today in a zone', () => {
    const now = new Date('2026-11-24T18:00:00Z');
    expect(today('Asia/Ho_Chi_Minh', now)).toBe('2026-11-25');
    expect(today('America/Toronto', now)).toBe('2026-11-24');
  });
});

describe('date inputs', () => {
  test('typing digits groups them as dd/MM/yyyy', () => {
    const typed = '05031980'.split('').reduce<string[]>((acc, ch) => [...acc, maskDateInput((acc.at(-1) ?? '') + ch)], []);
    expect(typed).toEqual(['0', '05', '05/0', '05/03', '05/03/1', '05/03/19', '05/03/198', '05/03/1980']);
    expect(maskDateInput('05/03/19801')).toBe('05/03/1980');
  });

  test('a typed slash is kept, and completes a single-digit day or month', () => {
    expect(maskDateInput('05/')).toBe('05/');
    expect(maskDateInput('5/')).toBe('05/');
    expect(maskDateInput('5/3/1980')).toBe('05/03/1980');
    expect(maskDateInput('5.3.1980')).toBe('05/03/1980');
    expect(maskDateInput('')).toBe('');
    expect(maskDateInput('ab')).toBe('');
  });

  test('a pasted ISO day is turned around', () => expect(maskDateInput('1980-03-05')).toBe('05/03/1980'));

  test('dd/MM/yyyy is read day first in every language', () => {
    expect(parseDateInput('05/03/1980')).toBe('1980-03-05');
    expect(parseDateInput('29/02/2024')).toBe('2024-02-29');
    expect(parseDateInput('29/02/2026')).toBeNull();
    expect(parseDateInput('13/13/2020')).toBeNull();
    expect(parseDateInput('05/03/80')).toBeNull();
    expect(parseDateInput('')).toBeNull();
  });
});
