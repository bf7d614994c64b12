import { describe, expect, test } from 'vitest';
import { PROMPT_GRACE_MS, promptAlert, secondsLeft, sosLevelAlert } from './countdown.ts';

const base = Date.parse('2026-01-01T10:00:00.000Z');

describe('secondsLeft', () => {
  test('counts down to the deadline', () => {
    expect(secondsLeft('2026-01-01T10:00:15.000Z', base, 15)).toBe(15);
    expect(secondsLeft('2026-01-01T10:00:15.000Z', base + 4_200, 15)).toBe(11);
    expect(secondsLeft('2026-01-01T10:00:15.000Z', base + 14_999, 15)).toBe(1);
  });
  test('is clamped to 0 once the delay is over and to the full delay when the phone clock is behind', () => {
    expect(secondsLeft('2026-01-01T10:00:15.000Z', base + 60_000, 15)).toBe(0);
    expect(secondsLeft('2026-01-01T10:00:15.000Z', base - 30_000, 15)).toBe(15);
  });
  test('an unreadable date shows the full delay', () => {
    expect(secondsLeft('not a date', base, 20)).toBe(20);
  });
});

describe('promptAlert', () => {
  const alert = (
    id: string,
    openedAt: string,
    pendingPrompt: boolean,
    o: { deadline?: string | null; status?: 'open' | 'closed' } = {},
  ) => ({
    id,
    patientId: 'p',
    level: 'high_risk' as const,
    status: o.status ?? ('open' as const),
    source: 'reading' as const,
    metric: 'heart_rate' as const,
    index: 'heart_rate' as const,
    value: 140,
    rule: null,
    openedAt,
    acknowledgedAt: null,
    acknowledgedBy: null,
    closedAt: null,
    sosCaseId: null,
    patientName: 'A',
    patientCode: null,
    pendingPrompt,
    promptDeadline: o.deadline === undefined ? new Date(Date.parse(openedAt) + 15_000).toISOString() : o.deadline,
  });
  const now = Date.parse('2026-01-01T11:00:05Z');
  test('picks the most recent alert awaiting an answer, none when no prompt is pending', () => {
    expect(promptAlert([alert('a', '2026-01-01T11:00:00Z', false)], now)).toBeNull();
    expect(
      promptAlert(
        [
          alert('a', '2026-01-01T10:59:59Z', true),
          alert('b', '2026-01-01T11:00:00Z', true),
          alert('c', '2026-01-01T11:00:01Z', false),
        ],
        now,
      )?.id,
    ).toBe('b');
  });
  test('an old prompt never blocks: past its deadline and a grace, or closed, or without a deadline', () => {
    const old = alert('old', '2026-01-01T09:00:00Z', true);
    expect(promptAlert([old], now)).toBeNull();
    const due = alert('due', '2026-01-01T11:00:00Z', true);
    expect(promptAlert([due], Date.parse('2026-01-01T11:00:15Z') + PROMPT_GRACE_MS)?.id).toBe('due');
    expect(promptAlert([due], Date.parse('2026-01-01T11:00:15Z') + PROMPT_GRACE_MS + 1)).toBeNull();
    expect(promptAlert([alert('x', '2026-01-01T11:00:00Z', true, { status: 'closed' })], now)).toBeNull();
    expect(promptAlert([alert('y', '2026-01-01T11:00:00Z', true, { deadline: null })], now)).toBeNull();
  });
});

describe('sosLevelAlert', () => {
  type Over = { level?: 'sos' | 'high_risk'; status?: 'open' | 'closed'; source?: 'reading' | 'sos_button' };
  const alert = (id: string, openedAt: string, o: Over = {}) => ({
    id,
    patientId: 'p',
    level: o.level ?? ('sos' as const),
    status: o.status ?? ('open' as const),
    source: o.source ?? ('reading' as const),
    metric: 'heart_rate' as const,
    index: 'heart_rate' as const,
    value: 190,
    rule: null,
    openedAt,
    acknowledgedAt: null,
    acknowledgedBy: null,
    closedAt: null,
    sosCaseId: null,
    patientName: 'A',
    patientCode: null,
    pendingPrompt: false,
    promptDeadline: null,
  });
  const now = Date.parse('2026-01-01T12:00:00Z');
  test('announces the newest open SOS-level reading alert not yet seen, from the last 6 hours', () => {
    const items = [
      alert('a', '2026-01-01T10:00:00Z'),
      alert('b', '2026-01-01T11:00:00Z'),
      alert('old', '2026-01-01T05:00:00Z'),
    ];
    expect(sosLevelAlert(items, [], now)?.id).toBe('b');
    expect(sosLevelAlert(items, ['b'], now)?.id).toBe('a');
    expect(sosLevelAlert(items, ['a', 'b'], now)).toBeNull();
  });
  test('ignores closed alerts, lower levels and the SOS button (the patient pressed it)', () => {
    expect(
      sosLevelAlert(
        [
          alert('c', '2026-01-01T11:00:00Z', { status: 'closed' }),
          alert('h', '2026-01-01T11:00:00Z', { level: 'high_risk' }),
          alert('s', '2026-01-01T11:00:00Z', { source: 'sos_button' }),
        ],
        [],
        now,
      ),
    ).toBeNull();
  });
});
