/** Time source and timers, injectable so the simulated watch runs on a manual clock in tests (no real sleeping). */
export type TimerHandle = { readonly id: number };

export type Clock = {
  now(): number;
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
};

/** The real clock (browser or Node): `Date.now` and the global timers. */
export const createSystemClock = (): Clock => {
  const timers = new Map<number, ReturnType<typeof globalThis.setTimeout>>();
  let next = 1;
  return {
    now: () => Date.now(),
    setTimeout(callback, ms) {
      const id = next++;
      timers.set(
        id,
        globalThis.setTimeout(() => {
          timers.delete(id);
          callback();
        }, ms),
      );
      return { id };
    },
    clearTimeout(handle) {
      const t = timers.get(handle.id);
      if (t !== undefined) globalThis.clearTimeout(t);
      timers.delete(handle.id);
    },
  };
};

type Pending = { id: number; due: number; callback: () => void };

/** A clock that only moves when told to: `advance(ms)` runs due timers in time order, each at its own due time. */
export class ManualClock implements Clock {
  private current: number;
  private nextId = 1;
  private pending: Pending[] = [];

  constructor(start: number | Date = Date.UTC(2026, 0, 1, 8, 0, 0)) {
    this.current = typeof start === 'number' ? start : start.getTime();
  }

  now(): number {
    return this.current;
  }

  setTimeout(callback: () => void, ms: number): TimerHandle {
    const id = this.nextId++;
    this.pending.push({ id, due: this.current + Math.max(0, ms), callback });
    return { id };
  }

  clearTimeout(handle: TimerHandle): void {
    this.pending = this.pending.filter((p) => p.id !== handle.id);
  }

  /** Number of timers not yet run. */
  get pendingTimers(): number {
    return this.pending.length;
  }

  /** Moves time forward, running every timer that falls due (including timers those timers set). */
  advance(ms: number): void {
    const target = this.current + ms;
    for (;;) {
      // Earliest due first; ties in the order they were set.
      const nextTimer = this.pending.reduce<Pending | undefined>(
        (a, p) => (a === undefined || p.due < a.due || (p.due === a.due && p.id < a.id) ? p : a),
        undefined,
      );
      if (nextTimer === undefined || nextTimer.due > target) break;
      this.pending = this.pending.filter((p) => p !== nextTimer);
      this.current = nextTimer.due;
      nextTimer.callback();
    }
    this.current = target;
  }
}
