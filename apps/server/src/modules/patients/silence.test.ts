import { describe, expect, it } from 'vitest';
import { silenceOf } from './patients.service.ts';
import { nextDigestAt } from './silent-digest.service.ts';

const H = 3600_000;
const at = (s: string) => new Date(s);

describe('silenceOf (issue 20)', () => {
  const rule = { now: at('2026-11-22T20:00:00Z'), hours: 6 };
  it('silent once nothing was received for the set hours, counted from the last reading', () => {
    expect(silenceOf(at('2026-11-22T14:00:01Z'), null, rule)).toEqual({ silent: false, silentSince: null });
    expect(silenceOf(at('2026-11-22T14:00:00Z'), null, rule)).toEqual({ silent: false, silentSince: null });
    expect(silenceOf(at('2026-11-22T13:59:00Z'), null, rule)).toEqual({
      silent: true,
      silentSince: '2026-11-22T19:59:00.000Z',
    });
    expect(silenceOf(at('2026-11-22T13:59:00Z'), null, { ...rule, hours: 12 }).silent).toBe(false);
  });
  it('without readings: from the first activation of a paired device; neither: never silent', () => {
    expect(silenceOf(null, new Date(rule.now.getTime() - 7 * H), rule)).toEqual({
      silent: true,
      silentSince: new Date(rule.now.getTime() - H).toISOString(),
    });
    expect(silenceOf(null, new Date(rule.now.getTime() - 5 * H), rule).silent).toBe(false);
    expect(silenceOf(null, null, rule)).toEqual({ silent: false, silentSince: null });
  });
});

describe('nextDigestAt', () => {
  it('today at 01:00 UTC when still ahead, else tomorrow', () => {
    expect(nextDigestAt(at('2026-11-22T00:30:00Z')).toISOString()).toBe('2026-11-22T01:00:00.000Z');
    expect(nextDigestAt(at('2026-11-22T01:00:00Z')).toISOString()).toBe('2026-11-23T01:00:00.000Z');
    expect(nextDigestAt(at('2026-11-30T23:00:00Z')).toISOString()).toBe('2026-12-01T01:00:00.000Z');
  });
});
