import { describe, expect, it } from 'vitest';
import {
  INITIAL_WEAR,
  NOT_WORN_AFTER_MS,
  nextWear,
  type Contact,
  type WearReport,
  type WearState,
} from './wear-rules.ts';

const T0 = Date.UTC(2026, 10, 27, 8);
const iso = (ms: number) => new Date(ms).toISOString();

/** Feeds notifications (offset in ms from T0, contact) and collects the reports sent. */
function run(
  events: Array<[number, Contact]>,
  from: WearState = INITIAL_WEAR,
): { state: WearState; reports: WearReport[] } {
  let state = from;
  const reports: WearReport[] = [];
  for (const [at, contact] of events) {
    const next = nextWear(state, contact, T0 + at);
    state = next.state;
    if (next.report) reports.push(next.report);
  }
  return { state, reports };
}

describe('wear rules (issue 20: not worn)', () => {
  it('reports worn once at the first contact, then nothing while the watch stays on', () => {
    expect(
      run([
        [0, 'detected'],
        [5_000, 'detected'],
        [10_000, 'detected'],
      ]).reports,
    ).toEqual([{ worn: true, at: iso(T0) }]);
  });

  it('no contact for 2 minutes: not worn since the first notification without contact, reported once', () => {
    const events: Array<[number, Contact]> = [[0, 'detected']];
    for (let t = 5_000; t <= 5_000 + NOT_WORN_AFTER_MS + 30_000; t += 5_000) events.push([t, 'not_detected']);
    expect(run(events).reports).toEqual([
      { worn: true, at: iso(T0) },
      { worn: false, at: iso(T0 + 5_000) },
    ]);
  });

  it('not yet at 1 min 59 s; exactly at 2 min', () => {
    expect(
      run([
        [0, 'not_detected'],
        [NOT_WORN_AFTER_MS - 1_000, 'not_detected'],
      ]).reports,
    ).toEqual([]);
    expect(
      run([
        [0, 'not_detected'],
        [NOT_WORN_AFTER_MS, 'not_detected'],
      ]).reports,
    ).toEqual([{ worn: false, at: iso(T0) }]);
  });

  it('a short slip (contact lost for less than 2 minutes) is not reported, and restarts the count', () => {
    const { reports } = run([
      [0, 'detected'],
      [10_000, 'not_detected'],
      [90_000, 'not_detected'],
      [100_000, 'detected'],
      [110_000, 'not_detected'],
      [200_000, 'not_detected'],
    ]);
    expect(reports).toEqual([{ worn: true, at: iso(T0) }]);
  });

  it('contact again after "not worn": worn, reported once', () => {
    const off = run([
      [0, 'detected'],
      [1_000, 'not_detected'],
      [1_000 + NOT_WORN_AFTER_MS, 'not_detected'],
    ]);
    expect(off.state.reported).toBe(false);
    const on = run(
      [
        [200_000, 'detected'],
        [205_000, 'detected'],
      ],
      off.state,
    );
    expect(on.reports).toEqual([{ worn: true, at: iso(T0 + 200_000) }]);
    expect(on.state).toEqual({ reported: true, offSince: null });
  });

  it('a sensor without contact detection never reports', () => {
    expect(
      run([
        [0, 'not_supported'],
        [NOT_WORN_AFTER_MS * 2, 'not_supported'],
      ]),
    ).toEqual({ state: INITIAL_WEAR, reports: [] });
  });
});
