import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { TICKET_STATUSES } from '@carewatch/contracts/tickets';
import { hasKey, portalT } from '../../test-support/portal-t.ts';
import {
  TICKET_STATUS_COLOR,
  activityChange,
  callerLine,
  cancelReasonProblem,
  durationText,
  ticketMoves,
  transitionBody,
} from './tickets-rules.ts';

const text = (lng: 'en' | 'vi', s: number | null) => {
  const d = durationText(s);
  return 'params' in d ? portalT(lng)(d.key, d.params) : portalT(lng)(d.key);
};

describe('KPI durations', () => {
  test('seconds, minutes and seconds, hours and minutes; none when not measured', () => {
    expect(durationText(null)).toEqual({ key: 'tickets.duration.none' });
    expect(durationText(0)).toEqual({ key: 'tickets.duration.seconds', params: { n: 0 } });
    expect(durationText(59)).toEqual({ key: 'tickets.duration.seconds', params: { n: 59 } });
    expect(durationText(60)).toEqual({ key: 'tickets.duration.minutes', params: { m: 1, s: 0 } });
    expect(durationText(184)).toEqual({ key: 'tickets.duration.minutes', params: { m: 3, s: 4 } });
    expect(durationText(3599)).toEqual({ key: 'tickets.duration.minutes', params: { m: 59, s: 59 } });
    expect(durationText(3600)).toEqual({ key: 'tickets.duration.hours', params: { h: 1, m: 0 } });
    expect(durationText(7530)).toEqual({ key: 'tickets.duration.hours', params: { h: 2, m: 5 } });
  });

  test('the texts carry the numbers in both languages', () => {
    for (const lng of ['en', 'vi'] as const) {
      expect(text(lng, 184)).toMatch(/3.*4/);
      expect(text(lng, 7530)).toMatch(/2.*5/);
      expect(text(lng, null)).not.toBe('tickets.duration.none');
    }
    expect(text('en', 184)).not.toBe(text('vi', 184));
  });

  test('property: the parts add up to the seconds (to the minute past an hour)', () => {
    fc.assert(
      fc.property(fc.nat(10 * 86_400), (s) => {
        const d = durationText(s);
        if (d.key === 'tickets.duration.seconds') expect(d.params.n).toBe(s);
        else if (d.key === 'tickets.duration.minutes') {
          expect(d.params.m * 60 + d.params.s).toBe(s);
          expect(d.params.s).toBeLessThan(60);
        } else if (d.key === 'tickets.duration.hours') {
          expect(s - (d.params.h * 3600 + d.params.m * 60)).toBeGreaterThanOrEqual(0);
          expect(s - (d.params.h * 3600 + d.params.m * 60)).toBeLessThan(60);
          expect(d.params.m).toBeLessThan(60);
        } else throw new Error('a measured duration is never "none"');
      }),
    );
  });
});

describe('moves', () => {
  test('forward moves as buttons, cancelling apart; closed tickets have none', () => {
    expect(ticketMoves('new')).toEqual({ forward: ['confirm'], cancel: true, final: false });
    expect(ticketMoves('processing')).toEqual({ forward: ['complete', 'success'], cancel: true, final: false });
    expect(ticketMoves('success')).toEqual({ forward: [], cancel: false, final: true });
    expect(ticketMoves('canceled')).toEqual({ forward: [], cancel: false, final: true });
  });

  test('cancelling sends its reason, other moves their note when typed (trimmed)', () => {
    expect(transitionBody('canceled', 'note', '  duplicate ')).toEqual({ to: 'canceled', reason: 'duplicate' });
    expect(transitionBody('confirm', ' called back ', 'x')).toEqual({ to: 'confirm', note: 'called back' });
    expect(transitionBody('confirm', '   ', '')).toEqual({ to: 'confirm' });
  });

  test('a cancel needs a reason', () => {
    expect(cancelReasonProblem('  ')).toBe('fieldRules.required');
    expect(cancelReasonProblem('duplicate')).toBeNull();
  });

  test('every status has a colour and a label in both languages', () => {
    for (const s of TICKET_STATUSES) {
      expect(TICKET_STATUS_COLOR[s]).toMatch(/^[a-z]+$/);
      expect(hasKey(`tickets.status.${s}`, 'en') && hasKey(`tickets.status.${s}`, 'vi'), s).toBe(true);
    }
    expect(TICKET_STATUS_COLOR.new).toBe('red');
  });
});

describe('detail lines', () => {
  test('the caller: name and phone, either one, or none', () => {
    expect(callerLine('Lan', '0901')).toBe('Lan — 0901');
    expect(callerLine(null, '0901')).toBe('0901');
    expect(callerLine('Lan', '')).toBe('Lan');
    expect(callerLine(null, null)).toBeNull();
  });

  test('an activity’s status change', () => {
    expect(activityChange({ fromStatus: 'new', toStatus: 'confirm' })).toEqual({ from: 'new', to: 'confirm' });
    expect(activityChange({ fromStatus: null, toStatus: 'new' })).toEqual({ from: null, to: 'new' });
    expect(activityChange({ fromStatus: null, toStatus: null })).toBeNull();
  });
});
