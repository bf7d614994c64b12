/**
 * The one date and time formatter of both web apps (spec: dd/MM/yyyy and HH:mm:ss), always in one IANA time zone:
 * the signed-in user's profile zone, which each app sets with `setDisplayTimeZone` as soon as it knows it (the
 * browser's zone is used only before that). Calendar dates without a time (birthdays, report days, YYYY-MM-DD)
 * have no zone and are only reordered.
 */

export type Instant = string | number | Date;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Is `tz` an IANA time zone this runtime knows? */
export function isTimeZone(tz: unknown): tz is string {
  if (typeof tz !== 'string' || tz === '') return false;
  try {
    formatterFor(tz);
    return true;
  } catch {
    return false;
  }
}

/** The zone of the device (browser or phone). */
export function deviceTimeZone(): string {
  try {
    const tz = new Intl.DateTimeFormat().resolvedOptions().timeZone;
    return isTimeZone(tz) ? tz : 'UTC';
  } catch {
    return 'UTC';
  }
}

let displayZone: string | null = null;

/** Sets the zone every date and time is shown in (the profile's); an invalid or empty one falls back to the device's. */
export function setDisplayTimeZone(tz: string | null | undefined): void {
  displayZone = isTimeZone(tz) ? tz : null;
}

/** The zone dates and times are shown in now. */
export function displayTimeZone(): string {
  return displayZone ?? deviceTimeZone();
}

function toDate(instant: Instant): Date | null {
  const d = instant instanceof Date ? instant : new Date(instant);
  return Number.isNaN(d.getTime()) ? null : d;
}

type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

/** The wall clock of an instant in a zone. */
export function wallClock(instant: Instant, timeZone: string = displayTimeZone()): WallClock | null {
  const d = toDate(instant);
  if (!d) return null;
  const zone = isTimeZone(timeZone) ? timeZone : displayTimeZone();
  const out: WallClock = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const p of formatterFor(zone).formatToParts(d)) {
    if (p.type in out) out[p.type as keyof WallClock] = Number(p.value);
  }
  // Some engines write midnight as 24 with hourCycle h23 in older versions.
  if (out.hour === 24) out.hour = 0;
  return out;
}

function formatWith(instant: Instant, timeZone: string | undefined, fmt: (w: WallClock) => string): string {
  const w = wallClock(instant, timeZone ?? displayTimeZone());
  if (!w) return typeof instant === 'string' ? instant : '';
  return fmt(w);
}

/** dd/MM/yyyy of an instant. */
export const formatDate = (instant: Instant, timeZone?: string): string =>
  formatWith(instant, timeZone, (w) => `${pad(w.day)}/${pad(w.month)}/${pad(w.year, 4)}`);
/** HH:mm:ss of an instant. */
export const formatTime = (instant: Instant, timeZone?: string): string =>
  formatWith(instant, timeZone, (w) => `${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`);
/** dd/MM/yyyy HH:mm:ss of an instant. */
export const formatDateTime = (instant: Instant, timeZone?: string): string =>
  formatWith(instant, timeZone, (w) => `${pad(w.day)}/${pad(w.month)}/${pad(w.year, 4)} ${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`);
/** HH:mm: chart axis ticks only, where seconds would crowd the axis. */
export const formatHourMinute = (instant: Instant, timeZone?: string): string =>
  formatWith(instant, timeZone, (w) => `${pad(w.hour)}:${pad(w.minute)}`);
/** dd/MM: chart axis ticks of multi-day ranges. */
export const formatDayMonth = (instant: Instant, timeZone?: string): string =>
  formatWith(instant, timeZone, (w) => `${pad(w.day)}/${pad(w.month)}`);
/** MM/yyyy: chart axis ticks of a year. */
export const formatMonthYear = (instant: Instant, timeZone?: string): string =>
  formatWith(instant, timeZone, (w) => `${pad(w.month)}/${pad(w.year, 4)}`);

// ---------------------------------------------------------------- calendar days (YYYY-MM-DD, no zone)

const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Is `s` a real calendar day written YYYY-MM-DD? */
export function isDay(s: unknown): s is string {
  if (typeof s !== 'string') return false;
  const m = YMD.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

/** A calendar day (YYYY-MM-DD, or the date part of an ISO string) as dd/MM/yyyy; YYYY-MM as MM/yyyy. */
export function formatDay(ymd: string): string {
  const [y, m, d] = ymd.slice(0, 10).split('-');
  if (!y || !m) return ymd;
  return d ? `${d}/${m}/${y}` : `${m}/${y}`;
}

/** The calendar day (YYYY-MM-DD) an instant falls on in a zone. */
export function dayOf(instant: Instant, timeZone?: string): string {
  const w = wallClock(instant, timeZone ?? displayTimeZone());
  return w ? `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}` : '';
}

/** Today (YYYY-MM-DD) in a zone. */
export const today = (timeZone?: string, now: Date = new Date()): string => dayOf(now, timeZone);

const dayParts = (ymd: string): [number, number, number] => {
  const [y, m, d] = ymd.slice(0, 10).split('-').map(Number);
  return [y ?? 1970, m ?? 1, d ?? 1];
};
const ymdOfUtc = (t: Date) => `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;

/** The day `n` days after `ymd` (n may be negative). */
export function addDays(ymd: string, n: number): string {
  const [y, m, d] = dayParts(ymd);
  return ymdOfUtc(new Date(Date.UTC(y, m - 1, d + n)));
}

/** The same day `n` months later, kept inside the target month (31/03 − 1 month = 28 or 29/02). */
export function addMonths(ymd: string, n: number): string {
  const [y, m, d] = dayParts(ymd);
  const first = new Date(Date.UTC(y, m - 1 + n, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return ymdOfUtc(new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, last))));
}

/** Offset (wall clock − UTC, ms) of a zone at an instant. */
function offsetAt(t: number, timeZone: string): number {
  const w = wallClock(new Date(t), timeZone)!;
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(t / 1000) * 1000;
}

/** The instant midnight starts `ymd` in a zone (right across a DST change too: two passes). */
export function startOfDay(ymd: string, timeZone?: string): Date {
  const zone = timeZone && isTimeZone(timeZone) ? timeZone : displayTimeZone();
  const [y, m, d] = dayParts(ymd);
  const wall = Date.UTC(y, m - 1, d);
  let t = wall - offsetAt(wall, zone);
  t = wall - offsetAt(t, zone);
  return new Date(t);
}

// ---------------------------------------------------------------- date inputs (dd/MM/yyyy typed, YYYY-MM-DD sent)

const SEPARATORS = /[/.\-\s]/;

/**
 * What a date field shows while someone types: digits grouped dd/MM/yyyy (slashes added by themselves), a single-digit
 * day or month completed when a separator follows ("5/3/1980" → "05/03/1980"), an ISO day pasted turned around.
 */
export function maskDateInput(raw: string): string {
  const trimmed = raw.trim();
  if (YMD.test(trimmed)) return formatDay(trimmed);
  const segs: string[] = [''];
  for (const ch of trimmed) {
    const i = segs.length - 1;
    const cur = segs[i]!;
    if (ch >= '0' && ch <= '9') {
      const max = i < 2 ? 2 : 4;
      if (cur.length < max) segs[i] = cur + ch;
      else if (i < 2) segs.push(ch);
    } else if (SEPARATORS.test(ch) && i < 2 && cur.length > 0) {
      segs[i] = cur.padStart(2, '0');
      segs.push('');
    }
  }
  return segs.join('/');
}

/** A typed dd/MM/yyyy as YYYY-MM-DD, or null when it is not a real day written that way. */
export function parseDateInput(text: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const ymd = `${m[3]}-${m[2]}-${m[1]}`;
  return isDay(ymd) ? ymd : null;
}
