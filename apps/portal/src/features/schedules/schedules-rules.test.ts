import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { SCHEDULE_STATUSES } from '@carewatch/contracts/schedules';
import { hasKey } from '../../test-support/portal-t.ts';
import {
  actingDoctor,
  actionColor,
  calendarQuery,
  centersOf,
  checkScheduleRequest,
  defaultReportRange,
  isDay,
  maskHhmm,
  newRequestDay,
  parseHhmm,
  removedToastKey,
  reportRange,
  scheduleAction,
  selectionPrefill,
  specialtiesOf,
  utilisationPercent,
  visibleHours,
} from './schedules-rules.ts';

describe('times typed as HH:mm', () => {
  test('typing keeps digits and adds the colon after the hours', () => {
    expect(maskHhmm('8')).toBe('8');
    expect(maskHhmm('0830')).toBe('08:30');
    expect(maskHhmm('08:3')).toBe('08:3');
    expect(maskHhmm('12h45xx9')).toBe('12:45');
    expect(maskHhmm('')).toBe('');
  });

  test('reading: seconds of the day, 24:00 is the end of the day, anything else out of range is refused', () => {
    expect(parseHhmm('00:00')).toBe(0);
    expect(parseHhmm('8:05')).toBe(8 * 3600 + 300);
    expect(parseHhmm(' 23:59 ')).toBe(86_340);
    expect(parseHhmm('24:00')).toBe(86_400);
    for (const bad of ['24:01', '25:00', '12:60', '1230', '12:3', '']) expect(parseHhmm(bad), bad).toBeNull();
  });

  test('property: every masked minute of the day reads back to itself', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), (h, m) => {
        const typed = `${String(h).padStart(2, '0')}${String(m).padStart(2, '0')}`;
        expect(parseHhmm(maskHhmm(typed))).toBe(h * 3600 + m * 60);
      }),
    );
  });
});

describe('the request form', () => {
  const ok = { day: '2030-05-02', start: '08:00', end: '12:00', doctorId: '', asksDoctor: false };

  test('a valid window gives its seconds', () => {
    expect(checkScheduleRequest(ok)).toEqual({ ok: true, startSeconds: 28_800, endSeconds: 43_200 });
    expect(checkScheduleRequest({ ...ok, start: '20:00', end: '24:00' })).toEqual({
      ok: true,
      startSeconds: 72_000,
      endSeconds: 86_400,
    });
  });

  test('each field says its own problem', () => {
    expect(checkScheduleRequest({ ...ok, day: '02/05/2030' })).toEqual({
      ok: false,
      problems: { day: 'errorFallback.invalid' },
    });
    expect(checkScheduleRequest({ ...ok, start: '24:00', end: '24:00' })).toEqual({
      ok: false,
      problems: { start: 'schedules.create.timeFormat', end: 'schedules.create.startAfterEnd' },
    });
    expect(checkScheduleRequest({ ...ok, end: '8' })).toEqual({
      ok: false,
      problems: { end: 'schedules.create.timeFormat' },
    });
    expect(checkScheduleRequest({ ...ok, end: '08:00' })).toEqual({
      ok: false,
      problems: { end: 'schedules.create.startAfterEnd' },
    });
    expect(checkScheduleRequest({ ...ok, asksDoctor: true })).toEqual({
      ok: false,
      problems: { doctorId: 'schedules.create.doctorRequired' },
    });
    expect(checkScheduleRequest({ ...ok, asksDoctor: true, doctorId: 'd1' }).ok).toBe(true);
  });

  test('its messages exist in both languages', () => {
    for (const k of [
      'schedules.create.timeFormat',
      'schedules.create.startAfterEnd',
      'schedules.create.doctorRequired',
    ]) {
      expect(hasKey(k, 'en') && hasKey(k, 'vi'), k).toBe(true);
    }
  });

  test('a dragged range fills the form; past midnight it ends at 24:00', () => {
    expect(selectionPrefill(new Date('2030-05-02T09:30:00Z'), new Date('2030-05-02T11:00:00Z'))).toEqual({
      day: '2030-05-02',
      start: '09:30',
      end: '11:00',
    });
    expect(selectionPrefill(new Date('2030-05-02T22:00:00Z'), new Date('2030-05-03T00:00:00Z'))).toEqual({
      day: '2030-05-02',
      start: '22:00',
      end: '24:00',
    });
  });

  test('the new request’s day: the one typed in "go to", else tomorrow (across a month end)', () => {
    expect(newRequestDay('2030-06-10', '2030-05-31')).toBe('2030-06-10');
    expect(newRequestDay('', '2030-05-31')).toBe('2030-06-01');
    expect(newRequestDay('2030-6-1', '2030-12-31')).toBe('2031-01-01');
  });
});

describe('a schedule’s action', () => {
  test('withdraw a new request, ask leave of an approved one, clear a refused or disabled one; none while leave is asked', () => {
    expect(SCHEDULE_STATUSES.map((s) => [s, scheduleAction(s)])).toEqual([
      ['new', 'withdraw'],
      ['approved', 'leave'],
      ['rejected', 'remove'],
      ['disabled', 'remove'],
      ['requesting_leave', null],
    ]);
    expect(actionColor('leave')).toBe('orange');
    expect(actionColor('withdraw')).toBe('red');
    expect(actionColor('remove')).toBe('red');
  });

  test('the toast says what happened', () => {
    expect(removedToastKey('approved', 'requesting_leave')).toBe('schedules.detail.leaveRequested');
    expect(removedToastKey('new', null)).toBe('schedules.detail.withdrawn');
    expect(removedToastKey('rejected', undefined)).toBe('schedules.detail.removed');
  });
});

describe('the calendar', () => {
  const range = { from: '2030-05-05T17:00:00.000Z', to: '2030-05-12T17:00:00.000Z' };
  const base = {
    range,
    mine: false,
    isDoctor: false,
    actingDoctor: '',
    centerId: '',
    specialty: '',
    status: '' as const,
  };

  test('the work calendar sends its filters, the specialty trimmed; nothing before a range is known', () => {
    expect(calendarQuery({ ...base, range: null })).toBeNull();
    expect(calendarQuery(base)).toEqual(range);
    expect(
      calendarQuery({ ...base, actingDoctor: 'd1', centerId: 'c1', specialty: ' Cardio ', status: 'approved' }),
    ).toEqual({ ...range, doctorId: 'd1', centerId: 'c1', specialty: 'Cardio', status: 'approved' });
    expect(calendarQuery({ ...base, specialty: '   ' })).toEqual(range);
  });

  test('my calendar: a doctor asks for theirs; an assistant for the acting doctor, or nothing without one', () => {
    expect(calendarQuery({ ...base, mine: true, isDoctor: true, centerId: 'c1' })).toEqual({ ...range, mine: 'true' });
    expect(calendarQuery({ ...base, mine: true, actingDoctor: 'd2', centerId: 'c1', specialty: 'x' })).toEqual({
      ...range,
      doctorId: 'd2',
    });
    expect(calendarQuery({ ...base, mine: true })).toBeNull();
  });

  test('the acting doctor of an assistant is the one picked, else the first followed', () => {
    const doctors = [{ id: 'd1' }, { id: 'd2' }];
    expect(actingDoctor(true, false, '', doctors)).toBe('d1');
    expect(actingDoctor(true, false, 'd2', doctors)).toBe('d2');
    expect(actingDoctor(true, false, '', [])).toBe('');
    expect(actingDoctor(true, true, '', doctors)).toBe('');
    expect(actingDoctor(false, false, '', doctors)).toBe('');
  });

  test('centers once each (named by id when unnamed); specialties once each, sorted', () => {
    const doctors = [
      { centerId: 'c1', centerName: 'North', specialty: 'Neuro' },
      { centerId: null, centerName: null, specialty: null },
      { centerId: 'c2', centerName: null, specialty: 'Cardio' },
      { centerId: 'c1', centerName: 'North', specialty: 'Neuro' },
    ];
    expect(centersOf(doctors)).toEqual([
      { value: 'c1', label: 'North' },
      { value: 'c2', label: 'c2' },
    ]);
    expect(specialtiesOf(doctors)).toEqual(['Cardio', 'Neuro']);
  });

  test('grid hours: 06–22 by default, widened to early, late and overnight schedules', () => {
    expect(visibleHours([])).toEqual({ min: '06:00:00', max: '22:00:00' });
    expect(visibleHours([{ start: '2030-05-06T05:30:00', end: '2030-05-06T22:15:00' }])).toEqual({
      min: '05:00:00',
      max: '23:00:00',
    });
    expect(visibleHours([{ start: '2030-05-06T20:00:00', end: '2030-05-07T02:00:00' }])).toEqual({
      min: '06:00:00',
      max: '24:00:00',
    });
    expect(visibleHours([{ start: '', end: undefined }])).toEqual({ min: '06:00:00', max: '22:00:00' });
  });

  test('property: the grid always holds every schedule inside a day', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 1439 }), fc.integer({ min: 1, max: 1440 }))),
        (windows) => {
          const hhmm = (m: number) =>
            `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
          const events = windows.map(([s, len]) => {
            const e = Math.min(s + len, 1439);
            return { start: `2030-05-06T${hhmm(s)}:00`, end: `2030-05-06T${hhmm(e)}:00`, s, e };
          });
          const { min, max } = visibleHours(events);
          for (const ev of events) {
            expect(Number(min.slice(0, 2)) * 60).toBeLessThanOrEqual(ev.s);
            expect(Number(max.slice(0, 2)) * 60).toBeGreaterThanOrEqual(ev.e);
          }
        },
      ),
    );
  });
});

describe('the report', () => {
  test('the first period runs from the first of the month to a week ahead', () => {
    expect(defaultReportRange('2030-02-25')).toEqual({ from: '2030-02-01', to: '2030-03-04' });
    expect(defaultReportRange('2030-12-28')).toEqual({ from: '2030-12-01', to: '2031-01-04' });
  });

  test('a period is valid with both days in order; the warning only for days out of order', () => {
    expect(reportRange('2030-01-01', '2030-01-01')).toEqual({ valid: true, outOfOrder: false });
    expect(reportRange('2030-01-02', '2030-01-01')).toEqual({ valid: false, outOfOrder: true });
    expect(reportRange('2030-01-0', '2030-01-01')).toEqual({ valid: false, outOfOrder: false });
    expect(isDay(null)).toBe(false);
  });

  test('utilisation is a percent with one decimal', () => {
    expect(utilisationPercent(0)).toBe(0);
    expect(utilisationPercent(0.5)).toBe(50);
    expect(utilisationPercent(0.12345)).toBe(12.3);
    expect(utilisationPercent(2 / 3)).toBe(66.7);
    expect(utilisationPercent(1)).toBe(100);
  });
});
