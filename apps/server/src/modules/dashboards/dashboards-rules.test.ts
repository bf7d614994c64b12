import { describe, expect, test } from 'vitest';
import { byAttention, EMPTY_LOAD, loadPeriod, teamLoad, weekLoads, type LoadSession } from './dashboards-rules.ts';

const now = new Date('2026-11-22T08:00:00Z');
const period = loadPeriod(now);
const s = (patientId: string, startedAt: string, over: Partial<LoadSession> = {}): LoadSession => ({
  patientId,
  startedAt: new Date(startedAt),
  durationSec: 1800,
  distanceM: 5000,
  steps: 6000,
  calories: 300,
  ...over,
});

describe('coach dashboard load', () => {
  test('the period is the 7 days before now, [from, to)', () => {
    expect(period).toEqual({ from: new Date('2026-11-15T08:00:00Z'), to: now });
  });

  test('sums the sessions started in the period, per player; the bounds: from included, to excluded', () => {
    const loads = weekLoads(
      ['a', 'b', 'c'],
      [
        s('a', '2026-11-15T08:00:00Z'),
        s('a', '2026-11-21T18:00:00Z', { distanceM: null, steps: null, calories: 120.4, durationSec: 600 }),
        s('a', '2026-11-15T07:59:59Z'),
        s('a', '2026-11-22T08:00:00Z'),
        s('b', '2026-11-20T06:00:00Z', { distanceM: 1234.56 }),
        s('x', '2026-11-20T06:00:00Z'),
      ],
      period,
    );
    expect(loads.get('a')).toEqual({
      sessions: 2,
      durationSec: 2400,
      distanceM: 5000,
      steps: 6000,
      calories: 420,
      lastSessionAt: '2026-11-21T18:00:00.000Z',
    });
    expect(loads.get('b')).toMatchObject({ sessions: 1, distanceM: 1235, lastSessionAt: '2026-11-20T06:00:00.000Z' });
    expect(loads.get('c')).toEqual(EMPTY_LOAD);
    expect(loads.has('x')).toBe(false);
  });

  test('the team load adds the players’ loads and keeps the newest session', () => {
    const loads = weekLoads(
      ['a', 'b'],
      [s('a', '2026-11-16T06:00:00Z'), s('b', '2026-11-20T06:00:00Z'), s('b', '2026-11-18T06:00:00Z')],
      period,
    );
    expect(teamLoad(loads.values())).toEqual({
      sessions: 3,
      durationSec: 5400,
      distanceM: 15000,
      steps: 18000,
      calories: 900,
      lastSessionAt: '2026-11-20T06:00:00.000Z',
    });
    expect(teamLoad([])).toEqual(EMPTY_LOAD);
  });
});

describe('dashboard order', () => {
  const row = (name: string, level: 'normal' | 'at_risk' | 'high_risk' | 'sos', since: string | null = null) => ({
    patientId: name,
    name,
    level,
    openAlert: since ? { since } : null,
  });
  test('most severe first, then the oldest open alert, then by name', () => {
    const rows = [
      row('Zed', 'normal'),
      row('Anna', 'normal'),
      row('Binh', 'high_risk', '2026-11-21T00:00:00Z'),
      row('Chi', 'sos', '2026-11-21T10:00:00Z'),
      row('Dung', 'high_risk', '2026-11-20T00:00:00Z'),
      row('Emma', 'at_risk', '2026-11-19T00:00:00Z'),
    ];
    expect([...rows].sort(byAttention).map((r) => r.name)).toEqual(['Chi', 'Dung', 'Binh', 'Emma', 'Anna', 'Zed']);
  });
});
