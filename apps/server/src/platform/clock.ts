/** Injected so that time-based rules (lockout, OTP expiry, sessions) are tested without sleeping. */
export type Clock = { now(): Date };
export const systemClock: Clock = { now: () => new Date() };
export function fakeClock(start = new Date('2026-01-01T00:00:00Z')) {
  let t = start.getTime();
  return {
    now: () => new Date(t),
    advance(ms: number) {
      t += ms;
    },
    set(d: Date) {
      t = d.getTime();
    },
  };
}

/** Adds calendar months in UTC; the day is kept, or the month's last day when the target month is shorter (Jan 31 + 1 = Feb 28/29). */
export function addMonths(d: Date, months: number): Date {
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + months;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      y,
      m,
      Math.min(d.getUTCDate(), last),
      d.getUTCHours(),
      d.getUTCMinutes(),
      d.getUTCSeconds(),
      d.getUTCMilliseconds(),
    ),
  );
}
