const pad = (n: number) => String(n).padStart(2, '0');

/** Today on the phone's calendar as YYYY-MM-DD (the date input's `max`). */
export function localToday(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * Date of birth rule of the spec (§5): a real calendar date, not later than today. Empty is left to the contract's
 * "Required". ISO day strings compare in calendar order.
 */
export function birthdayProblem(value: string, now: Date = new Date()): 'invalid' | 'future' | null {
  if (!value) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return 'invalid';
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (d.toISOString().slice(0, 10) !== value) return 'invalid';
  return value > localToday(now) ? 'future' : null;
}
