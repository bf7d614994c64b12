import { describe, expect, test } from 'vitest';
import { decodeCursor, encodeCursor, periodOf } from './timeline.service.ts';

describe('timeline paging and period', () => {
  test('a cursor carries the last event shown (time and id) and reads back; junk is a 400 on cursor', () => {
    const c = encodeCursor({ at: '2026-11-22T07:50:00.000Z', id: 'r1795-heart_rate-app' });
    expect(c).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(c)).toEqual({ at: new Date('2026-11-22T07:50:00.000Z'), id: 'r1795-heart_rate-app' });
    expect(decodeCursor(undefined)).toBeNull();
    expect(() => decodeCursor('bm90LWEtY3Vyc29y')).toThrow(
      expect.objectContaining({ code: 'VALIDATION_ERROR', details: { field: 'cursor', rule: 'invalid' } }),
    );
  });

  test('the period defaults to the last 30 days up to now; a start after the end or more than 366 days is refused', () => {
    const now = new Date('2026-11-22T08:00:00Z');
    expect(periodOf({}, now)).toEqual({ from: new Date('2026-10-23T08:00:00Z'), to: now });
    expect(periodOf({ to: '2026-11-01T00:00:00Z' }, now).from).toEqual(new Date('2026-10-02T00:00:00Z'));
    expect(() => periodOf({ from: '2026-12-01T00:00:00Z' }, now)).toThrow(
      expect.objectContaining({ details: { field: 'from', rule: 'after_start' } }),
    );
    expect(() => periodOf({ from: '2024-01-01T00:00:00Z' }, now)).toThrow(
      expect.objectContaining({ details: { field: 'to', rule: 'max_days' } }),
    );
  });
});
