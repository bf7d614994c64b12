import { describe, expect, test } from 'vitest';
import type { TIntake } from '@carewatch/contracts/prescriptions';
import { answerState, doseNumber, duePrompts, ruleMessage, sortDoses } from './medication-rules.ts';

const NOW = new Date('2030-03-05T08:00:00Z');
const dose = (over: Partial<TIntake>): TIntake => ({
  id: 'i1',
  patientId: 'p',
  prescriptionId: 'rx',
  medicineId: 'm',
  medicineName: 'Amlodipine',
  dose: 1,
  doseUnit: 'TABLET',
  when: 'AFTER_MEAL',
  timeLabel: null,
  dueAt: NOW.toISOString(),
  state: 'to_take',
  answeredAt: null,
  snoozedUntil: null,
  ...over,
});

describe('medication rules', () => {
  test('followers never answer; answered doses stay answered; not before due − 120 min', () => {
    expect(answerState(dose({}), false, NOW)).toBe('read_only');
    expect(answerState(dose({ state: 'taken' }), false, NOW)).toBe('answered');
    expect(answerState(dose({ state: 'taken_late' }), true, NOW)).toBe('answered');
    expect(answerState(dose({ state: 'skipped' }), true, NOW)).toBe('answered');
    expect(answerState(dose({ dueAt: '2030-03-05T10:00:00Z' }), true, NOW)).toBe('open');
    expect(answerState(dose({ dueAt: '2030-03-05T10:00:01Z' }), true, NOW)).toBe('not_yet');
    expect(answerState(dose({ state: 'unconfirmed', dueAt: '2030-03-05T05:00:00Z' }), true, NOW)).toBe('open');
  });

  test('the prompt asks about due doses to take, not snoozed to later nor put off, earliest first', () => {
    const list = [
      dose({ id: 'later', dueAt: '2030-03-05T09:00:00Z' }),
      dose({ id: 'b', dueAt: '2030-03-05T07:59:00Z' }),
      dose({ id: 'a', dueAt: '2030-03-05T07:00:00Z' }),
      dose({ id: 'skew', dueAt: '2030-03-05T08:00:30Z' }),
      dose({ id: 'done', state: 'taken' }),
      dose({ id: 'snoozed', snoozedUntil: '2030-03-05T08:05:00Z' }),
      dose({ id: 'snoozeOver', snoozedUntil: '2030-03-05T07:55:00Z', dueAt: '2030-03-05T07:45:00Z' }),
      dose({ id: 'off' }),
    ];
    expect(duePrompts(list, NOW, new Set(['off'])).map((d) => d.id)).toEqual(['a', 'snoozeOver', 'b', 'skew']);
    // The dose the notification named comes first, even when an earlier one of the morning is still open.
    expect(duePrompts(list, NOW, new Set(['off']), 'skew').map((d) => d.id)).toEqual(['skew', 'a', 'snoozeOver', 'b']);
    // A named dose that is not due (taken meanwhile, snoozed) does not bring it back.
    expect(duePrompts(list, NOW, new Set(['off']), 'done').map((d) => d.id)).toEqual(['a', 'snoozeOver', 'b', 'skew']);
  });

  test('doses in the order of the day', () => {
    const list = [
      dose({ id: 'x', dueAt: '2030-03-05T12:00:00Z' }),
      dose({ id: 'y', medicineName: 'B', dueAt: '2030-03-05T01:00:00Z' }),
      dose({ id: 'z', medicineName: 'A', dueAt: '2030-03-05T01:00:00Z' }),
    ];
    expect(sortDoses(list).map((d) => d.id)).toEqual(['z', 'y', 'x']);
  });

  test('repeat rules as messages', () => {
    const wd = (d: number) => ['', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'][d]!;
    const day = (ymd: string) => ymd.split('-').reverse().join('/');
    expect(ruleMessage({ kind: 'daily' }, wd, day)).toEqual({ key: 'daily', params: {} });
    expect(ruleMessage({ kind: 'weekly', daysOfWeek: [5, 1] }, wd, day)).toEqual({
      key: 'weekly',
      params: { days: 'Mon, Fri' },
    });
    expect(ruleMessage({ kind: 'monthly', daysOfMonth: [31, 1] }, wd, day)).toEqual({
      key: 'monthly',
      params: { days: '1, 31' },
    });
    expect(ruleMessage({ kind: 'once', date: '2030-03-05' }, wd, day)).toEqual({
      key: 'once',
      params: { date: '05/03/2030' },
    });
    expect(ruleMessage({ kind: 'hourly', everyHours: 6, from: '06:00' }, wd, day)).toEqual({
      key: 'hourly',
      params: { n: 6, from: '06:00' },
    });
    expect(ruleMessage({ kind: 'hourly', everyHours: 6, from: '06:00', until: '22:00' }, wd, day).key).toBe(
      'hourlyUntil',
    );
    expect(ruleMessage({ kind: 'cycle', onDays: 21, offDays: 7 }, wd, day)).toEqual({
      key: 'cycle',
      params: { on: 21, off: 7 },
    });
  });

  test('dose numbers in the reader’s language', () => {
    expect(doseNumber(0.5, 'en')).toBe('0.5');
    expect(doseNumber(0.5, 'vi')).toBe('0,5');
    expect(doseNumber(2, 'vi')).toBe('2');
  });
});
