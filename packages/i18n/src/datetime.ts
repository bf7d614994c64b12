/**
 * One formatter for every date and time of both apps (issue 13): dd/MM/yyyy and HH:mm:ss (spec §9), always in the
 * signed-in user's profile time zone — set once by each app when the profile arrives (`setDisplayTimeZone`) — so a
 * popup, a case, a list and a chart show the same wall-clock time whatever the browser's own zone.
 */
let current: string | undefined;

export function isTimeZoneName(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** The zone dates are shown in from now on (the profile's); unknown or empty → the browser's. */
export function setDisplayTimeZone(tz: string | null | undefined): void {
  current = tz && isTimeZoneName(tz) ? tz : undefined;
}
export const displayTimeZone = (): string | undefined => current;

const cache = new Map<string, Intl.DateTimeFormat>();
function formatter(tz: string | undefined): Intl.DateTimeFormat {
  const key = tz ?? '';
  let f = cache.get(key);
  if (!f) {
    const opts: Intl.DateTimeFormatOptions = {
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    };
    try {
      f = new Intl.DateTimeFormat('en-GB', { ...opts, timeZone: tz });
    } catch {
      f = new Intl.DateTimeFormat('en-GB', opts); // an unknown zone name: the browser's
    }
    cache.set(key, f);
  }
  return f;
}

export type WallClock = { year: string; month: string; day: string; hour: string; minute: string; second: string };
type Instant = Date | string | number;
const toDate = (v: Instant) => (v instanceof Date ? v : new Date(v));

/** The wall-clock fields of an instant in a zone (default: the display zone). */
export function wallClock(v: Instant, tz: string | undefined = current): WallClock | null {
  const d = toDate(v);
  if (Number.isNaN(d.getTime())) return null;
  const out: Record<string, string> = {};
  for (const p of formatter(tz).formatToParts(d)) out[p.type] = p.value;
  return {
    year: out.year!,
    month: out.month!,
    day: out.day!,
    hour: out.hour === '24' ? '00' : out.hour!,
    minute: out.minute!,
    second: out.second!,
  };
}

/** dd/MM/yyyy. */
export function formatDate(v: Instant, tz: string | undefined = current): string {
  const w = wallClock(v, tz);
  return w ? `${w.day}/${w.month}/${w.year}` : '';
}
/** HH:mm:ss, or HH:mm without seconds. */
export function formatTime(v: Instant, tz: string | undefined = current, opts: { seconds?: boolean } = {}): string {
  const w = wallClock(v, tz);
  if (!w) return '';
  return opts.seconds === false ? `${w.hour}:${w.minute}` : `${w.hour}:${w.minute}:${w.second}`;
}
/** dd/MM/yyyy HH:mm:ss (or HH:mm). */
export function formatDateTime(v: Instant, tz: string | undefined = current, opts: { seconds?: boolean } = {}): string {
  const w = wallClock(v, tz);
  if (!w) return typeof v === 'string' ? v : '';
  return `${w.day}/${w.month}/${w.year} ${opts.seconds === false ? `${w.hour}:${w.minute}` : `${w.hour}:${w.minute}:${w.second}`}`;
}
/** dd/MM (chart axes). */
export function formatDayMonth(v: Instant, tz: string | undefined = current): string {
  const w = wallClock(v, tz);
  return w ? `${w.day}/${w.month}` : '';
}
/** MM/yyyy (chart axes). */
export function formatMonthYear(v: Instant, tz: string | undefined = current): string {
  const w = wallClock(v, tz);
  return w ? `${w.month}/${w.year}` : '';
}
/** A calendar day without a zone (a birthday, YYYY-MM-DD) as dd/MM/yyyy; '' when it is not one. */
export function formatCalendarDay(ymd: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(ymd ?? '');
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}

/** The calendar day (YYYY-MM-DD) of an instant in a zone. */
export function zonedDay(v: Instant, tz: string | undefined = current): string {
  const w = wallClock(v, tz);
  return w ? `${w.year}-${w.month}-${w.day}` : '';
}

/** The instant a calendar day starts (00:00) in a zone, DST included. */
export function zonedMidnight(ymd: string, tz: string | undefined = current): Date {
  const [y, m, d] = ymd.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d);
  const offset = (t: number) => {
    const w = wallClock(t, tz)!;
    return Date.UTC(+w.year, +w.month - 1, +w.day, +w.hour, +w.minute, +w.second) - Math.floor(t / 1000) * 1000;
  };
  let t = wall - offset(wall);
  t = wall - offset(t);
  return new Date(t);
}

/** YYYY-MM-DD moved by days, months or years (calendar arithmetic, no zone). */
export function addToDay(ymd: string, n: { days?: number; months?: number; years?: number }): string {
  const [y, m, d] = ymd.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y + (n.years ?? 0), m - 1 + (n.months ?? 0), d + (n.days ?? 0)));
  return date.toISOString().slice(0, 10);
}

/** A typed dd/MM/yyyy (separators / . - or none) → YYYY-MM-DD, or null when it is not a real day. */
export function parseDayInput(text: string): string | null {
  const m = /^\s*(\d{1,2})[/.\-\s]?(\d{1,2})[/.\-\s]?(\d{4})\s*$/.exec(text);
  if (!m) return null;
  const d = Number(m[1]);
  const mo = Number(m[2]);
  const y = Number(m[3]);
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, '0')}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** While typing a day: digits only, slashes put in after the day and the month (05032024 → 05/03/2024). */
export function maskDayInput(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 8);
  if (digits.length <= 2) return digits;
  if (digits.length <= 4) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`;
}

/** HH:mm or HH:mm:ss typed → seconds since midnight, or null. */
export function parseTimeInput(text: string): number | null {
  const m = /^\s*(\d{1,2}):(\d{2})(?::(\d{2}))?\s*$/.exec(text);
  if (!m) return null;
  const h = Number(m[1]);
  const mi = Number(m[2]);
  const se = Number(m[3] ?? 0);
  return h < 24 && mi < 60 && se < 60 ? h * 3600 + mi * 60 + se : null;
}

/** While typing a time: digits only, colons put in (143005 → 14:30:05). */
export function maskTimeInput(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 6);
  if (digits.length <= 2) return digits;
  if (digits.length <= 4) return `${digits.slice(0, 2)}:${digits.slice(2)}`;
  return `${digits.slice(0, 2)}:${digits.slice(2, 4)}:${digits.slice(4)}`;
}

/** A wall-clock day and time of a zone → the instant (a time skipped by daylight saving moves forward with it). */
export function zonedInstant(ymd: string, secondsOfDay: number, tz: string | undefined = current): Date {
  const midnight = zonedMidnight(ymd, tz).getTime();
  const guess = new Date(midnight + secondsOfDay * 1000);
  // Across a DST change the wall clock drifts from the naive sum by the offset change: correct by the difference.
  const w = wallClock(guess, tz)!;
  const shown =
    +w.hour * 3600 +
    +w.minute * 60 +
    +w.second +
    (zonedDay(guess, tz) === ymd ? 0 : zonedDay(guess, tz) > ymd ? 86_400 : -86_400);
  return new Date(guess.getTime() + (secondsOfDay - shown) * 1000);
}
