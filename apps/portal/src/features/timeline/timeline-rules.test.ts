import { describe, expect, test } from 'vitest';
import { noteProblem, periodOf, periodRange, reportProblems, typesFromParam, typesParam } from './timeline-rules.ts';

describe('timeline rules', () => {
  test('a period is the days back from now, to the next minute', () => {
    expect(periodRange(7, new Date('2026-11-22T08:00:30Z'))).toEqual({
      from: '2026-11-15T08:01:00.000Z',
      to: '2026-11-22T08:01:00.000Z',
    });
    expect(periodOf('90')).toBe(90);
    expect(periodOf('13')).toBe(30);
    expect(periodOf(null)).toBe(30);
  });

  test('types: all chosen sends none, a subset in the contract order; the URL value read back', () => {
    expect(typesParam(['reading', 'alert', 'sos', 'status', 'note', 'device'])).toBeUndefined();
    expect(typesParam(['note', 'alert'])).toBe('alert,note');
    expect(typesParam([])).toBe('');
    expect(typesFromParam('note,bogus')).toEqual(['note']);
    expect(typesFromParam('')).toHaveLength(6);
  });

  test('a note is 1 to 4000 characters once trimmed', () => {
    expect(noteProblem('   ')).toBe('required');
    expect(noteProblem('x'.repeat(4001))).toBe('tooLong');
    expect(noteProblem(` ${'x'.repeat(4000)} `)).toBeNull();
  });

  test('report period: both days, end not before start, at most 366 days', () => {
    expect(reportProblems('2026-11-01', '2026-11-22')).toEqual({});
    expect(reportProblems('', '2026-11-22')).toEqual({ from: 'required' });
    expect(reportProblems('2026-11-23', '2026-11-22')).toEqual({ to: 'toBeforeFrom' });
    expect(reportProblems('2024-01-01', '2024-12-31')).toEqual({});
    expect(reportProblems('2024-01-01', '2025-01-01')).toEqual({ to: 'tooLong' });
  });
});
