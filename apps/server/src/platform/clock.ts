/** Injected so that time-based rules (lockout, OTP expiry, sessions) are tested without sleeping. */
export type Clock = { now(): Date };
export const systemClock: Clock = { now: () => new Date() };
export function fakeClock(start = new Date('2026-01-01T00:00:00Z')) {
  let t = start.getTime();
  return {
    now: () => new Date(t),
    advance(ms: number) { t += ms; },
    set(d: Date) { t = d.getTime(); },
  };
}
