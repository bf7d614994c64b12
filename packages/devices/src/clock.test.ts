import { describe, expect, it } from 'vitest';
import { createSystemClock, ManualClock } from './clock.ts';

describe('ManualClock', () => {
  it('runs due timers in time order, each at its due time, including timers set by timers', () => {
    const clock = new ManualClock(1_000);
    const seen: string[] = [];
    clock.setTimeout(() => seen.push(`b@${clock.now()}`), 200);
    clock.setTimeout(() => {
      seen.push(`a@${clock.now()}`);
      clock.setTimeout(() => seen.push(`c@${clock.now()}`), 50);
    }, 100);
    const cancelled = clock.setTimeout(() => seen.push('never'), 150);
    clock.clearTimeout(cancelled);
    clock.advance(149);
    expect(seen).toEqual(['a@1100']);
    clock.advance(1_000);
    expect(seen).toEqual(['a@1100', 'c@1150', 'b@1200']);
    expect(clock.now()).toBe(2_149);
    expect(clock.pendingTimers).toBe(0);
  });

  it('timers due at the same time run in the order they were set', () => {
    const clock = new ManualClock(0);
    const seen: number[] = [];
    for (const n of [1, 2, 3]) clock.setTimeout(() => seen.push(n), 10);
    clock.advance(10);
    expect(seen).toEqual([1, 2, 3]);
  });
});

describe('system clock', () => {
  it('fires a real timer and can cancel one', async () => {
    const clock = createSystemClock();
    const fired = await new Promise<boolean>((resolve) => {
      const h = clock.setTimeout(() => resolve(false), 5);
      clock.clearTimeout(h);
      clock.setTimeout(() => resolve(true), 10);
    });
    expect(fired).toBe(true);
    expect(Math.abs(clock.now() - Date.now())).toBeLessThan(1000);
  });
});
