/**
 * Medication reminder rules (pure): when the doses of a schedule fall due, and what state an intake is in.
 *
 * Why by hand (Intl) and not a recurrence library: nothing suitable is installed (only dayjs, whose zone plugin
 * builds a formatter per call), and `rrule` does not fit the rules agreed in issue 16 — "day 31 falls on the
 * month's last day, once" (RRULE skips short months), "total days counts ACTIVE days" (RRULE COUNT counts
 * instants), "N days on, M days off" and "every N hours each day from a time" have no RRULE form, and its
 * time-zone support does not define what happens to a local time inside a DST gap. The hard part, local wall time
 * → instant with a defined gap/overlap policy, needs only the zone's UTC offset, which `Intl.DateTimeFormat` gives
 * (Node 20 ships full ICU). So the calendar is plain day-number arithmetic and zones are handled here, with one
 * cached formatter per zone and a per-(zone, local day) offset cache: a day without a nearby DST change converts
 * each time with one subtraction, so one schedule-day costs about a microsecond (the server materialises
 * 100k patients × 3 doses a day). The gap/overlap policy equals Temporal's 'compatible' disambiguation.
 */
import { DEFAULT_TIME_ZONE } from './alert-settings.ts';

/** Days of week are ISO: 1 = Monday … 7 = Sunday. Dates 'YYYY-MM-DD' and times 'HH:mm' are local to timeZone (IANA). */
export type ReminderRule =
  | { kind: 'daily' }
  | { kind: 'weekly'; daysOfWeek: number[] } // at least one
  | { kind: 'monthly'; daysOfMonth: number[] } // 1..31; a day past the month's end falls on its last day
  | { kind: 'once'; date: string } // only once / specific date
  | { kind: 'hourly'; everyHours: number; from: string; until?: string } // every N hours from time `from` (local) each day, until optional
  | { kind: 'cycle'; onDays: number; offDays: number }; // N days on, M days off, counted from startDate

export type ReminderSchedule = {
  rule: ReminderRule;
  times: string[]; // 'HH:mm' local times (ignored for 'hourly', which generates its own)
  startDate: string; // first day (local)
  endDate: string | null; // last day inclusive (local); null = forever unless totalDays
  totalDays: number | null; // number of ACTIVE days (days that have doses) after which it ends; null = no limit
  timeZone: string;
};

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** Wall time minus instant lies within ±16 h for every zone (LMT included), so this margin finds every local day. */
const ZONE_MARGIN_MS = 16 * 3_600_000;

// ---------------------------------------------------------------------------------------------------------------
// Calendar: a local date is a day number (days since 1970-01-01), free of any zone.

function dayOf(date: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const day = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / DAY_MS : NaN;
  // The round trip refuses 2026-02-30 and the like, which Date.UTC would roll over.
  if (!Number.isFinite(day) || dateOf(day) !== date)
    throw new RangeError(`invalid date '${date}' (expected YYYY-MM-DD)`);
  return day;
}

const dateOf = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** ISO weekday (1 = Monday … 7 = Sunday) of a day number; day 0 (1970-01-01) was a Thursday. */
const isoWeekday = (day: number): number => ((((day + 3) % 7) + 7) % 7) + 1;

/** Minutes since local midnight of 'HH:mm' (or 'HH:mm:ss', seconds dropped). */
function minuteOf(time: string): number {
  const m = /^([01]\d|2[0-3]):([0-5]\d)(?::[0-5]\d)?$/.exec(time);
  if (!m) throw new RangeError(`invalid time '${time}' (expected HH:mm)`);
  return Number(m[1]) * 60 + Number(m[2]);
}

// ---------------------------------------------------------------------------------------------------------------
// Zones.

type Zone = {
  fmt: Intl.DateTimeFormat;
  /** UTC offset (ms, wall − instant) at an instant. */
  offsets: Map<number, number>;
  /** The one offset valid for every wall time of a local day, or null when the offset changes near that day. */
  days: Map<number, number | null>;
};

const CACHE_LIMIT = 20_000;
const zones = new Map<string, Zone>();

function zoneOf(timeZone: string): Zone {
  let z = zones.get(timeZone);
  if (!z) {
    let fmt: Intl.DateTimeFormat;
    const options: Intl.DateTimeFormatOptions = {
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    };
    try {
      fmt = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    } catch {
      // An unknown zone name (bad data) must not stop reminders: the home zone applies, as for alert settings.
      fmt = zoneOf(DEFAULT_TIME_ZONE).fmt;
    }
    z = { fmt, offsets: new Map(), days: new Map() };
    zones.set(timeZone, z);
  }
  return z;
}

const FORMATTED = /(\d+)\/(\d+)\/(\d+),? (\d+):(\d+):(\d+)/;

function offsetAt(z: Zone, instant: number): number {
  const at = Math.floor(instant / 1000) * 1000;
  let off = z.offsets.get(at);
  if (off === undefined) {
    // `format` + one regex is several times faster than `formatToParts`.
    const m = FORMATTED.exec(z.fmt.format(at));
    if (!m) throw new RangeError('unexpected time zone format');
    const wall = Date.UTC(Number(m[3]), Number(m[1]) - 1, Number(m[2]), Number(m[4]), Number(m[5]), Number(m[6]));
    off = wall - at;
    if (z.offsets.size >= CACHE_LIMIT) z.offsets.clear();
    z.offsets.set(at, off);
  }
  return off;
}

function dayOffset(z: Zone, day: number): number | null {
  let off = z.days.get(day);
  if (off === undefined) {
    // Every instant a wall time of `day` can denote lies within these two (offsets stay within ±24 h).
    const before = offsetAt(z, (day - 1) * DAY_MS);
    const after = offsetAt(z, (day + 2) * DAY_MS);
    off = before === after ? before : null;
    if (z.days.size >= CACHE_LIMIT) z.days.clear();
    z.days.set(day, off);
  }
  return off;
}

/** Instant of a local wall time ('compatible' policy: a gap moves forward by its length, an overlap takes its first instant). */
function wallToInstant(z: Zone, day: number, minute: number): number {
  const wall = day * DAY_MS + minute * MINUTE_MS;
  const off = dayOffset(z, day);
  if (off !== null) return wall - off;
  const before = offsetAt(z, wall - DAY_MS);
  const after = offsetAt(z, wall + DAY_MS);
  let best = Infinity;
  for (const o of before === after ? [before] : [before, after]) {
    const t = wall - o;
    if (offsetAt(z, t) === o && t < best) best = t;
  }
  // No instant shows this wall time (a gap): read it with the offset from before the change, i.e. later by the gap.
  return best === Infinity ? wall - before : best;
}

const localDayOfInstant = (z: Zone, instant: number): number => Math.floor((instant + offsetAt(z, instant)) / DAY_MS);

// ---------------------------------------------------------------------------------------------------------------
// Schedules.

type Plan = {
  start: number;
  /** Last day that may have doses given endDate and the rule itself (totalDays is applied separately). */
  end: number;
  minutes: number[];
  active: (day: number) => boolean;
  /** The n-th (1-based) active day from `start`, or Infinity when it lies after `limit` (or never comes). */
  nth: (n: number, limit: number) => number;
};

function monthlyActive(days: boolean[], maxDay: number) {
  return (day: number): boolean => {
    const d = new Date(day * DAY_MS);
    const dom = d.getUTCDate();
    if (days[dom]) return true;
    if (dom < 28) return false;
    // Days 29–31 that the month lacks fall on its last day (and only once however many of them are chosen).
    const len = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
    return dom === len && maxDay > len;
  };
}

/** Scans day by day from `from`; used where no closed form exists, always a bounded number of steps. */
function scanNth(active: (day: number) => boolean, from: number, n: number, limit: number): number {
  let count = 0;
  // Weekly and monthly rules have an active day in every 31 days, so this cap only guards against bad input.
  const cap = Math.min(limit, from + 31 * (n + 1));
  for (let day = from; day <= cap; day++) {
    if (active(day) && ++count === n) return day;
  }
  return Infinity;
}

function planOf(s: ReminderSchedule): Plan {
  const start = dayOf(s.startDate);
  let end = s.endDate === null ? Infinity : dayOf(s.endDate);
  const rule = s.rule;
  let minutes: number[];
  if (rule.kind === 'hourly') {
    minutes = [];
    const step = Math.round(rule.everyHours * 60);
    const first = minuteOf(rule.from);
    const last = rule.until === undefined ? 24 * 60 - 1 : minuteOf(rule.until);
    if (step > 0) for (let m = first; m <= last; m += step) minutes.push(m);
  } else {
    minutes = s.times
      .map(minuteOf)
      .sort((a, b) => a - b)
      .filter((m, i, all) => i === 0 || m !== all[i - 1]);
  }
  const every = () => true;
  switch (rule.kind) {
    case 'daily':
    case 'hourly':
      return { start, end, minutes, active: every, nth: (n) => start + n - 1 };
    case 'once': {
      const day = dayOf(rule.date);
      end = Math.min(end, day);
      return { start, end, minutes, active: (d) => d === day, nth: (n) => (n >= 1 && day >= start ? day : Infinity) };
    }
    case 'weekly': {
      const chosen: boolean[] = [];
      for (const d of rule.daysOfWeek) if (Number.isInteger(d) && d >= 1 && d <= 7) chosen[d] = true;
      const k = chosen.filter(Boolean).length;
      const active = (day: number) => chosen[isoWeekday(day)] === true;
      // Every 7 consecutive days hold exactly k active ones: skip whole weeks, then scan at most a week.
      const nth = (n: number, limit: number) =>
        k === 0 ? Infinity : scanNth(active, start + 7 * Math.floor((n - 1) / k), ((n - 1) % k) + 1, limit);
      return { start, end, minutes: k === 0 ? [] : minutes, active, nth };
    }
    case 'monthly': {
      const chosen: boolean[] = [];
      let maxDay = 0;
      for (const d of rule.daysOfMonth) {
        if (Number.isInteger(d) && d >= 1 && d <= 31) {
          chosen[d] = true;
          maxDay = Math.max(maxDay, d);
        }
      }
      const active = monthlyActive(chosen, maxDay);
      // Every month has at least one active day, so the scan ends within ~31·n days (and at `limit` before that).
      return {
        start,
        end,
        minutes: maxDay === 0 ? [] : minutes,
        active,
        nth: (n, limit) => scanNth(active, start, n, limit),
      };
    }
    case 'cycle': {
      const on = Math.floor(rule.onDays);
      const period = on + Math.max(0, Math.floor(rule.offDays));
      const active = (day: number) => (day - start) % period < on;
      const nth = (n: number) => start + Math.floor((n - 1) / on) * period + ((n - 1) % on);
      return { start, end, minutes: on >= 1 ? minutes : [], active, nth };
    }
  }
}

/** Last day with possible doses: endDate, the rule's own end, and the totalDays-th active day (if before `limit`). */
function lastDay(s: ReminderSchedule, plan: Plan, limit: number): number {
  if (s.totalDays === null || s.totalDays === Infinity) return plan.end;
  const n = Math.floor(s.totalDays);
  if (!(n >= 1)) return plan.start - 1;
  return Math.min(plan.end, plan.nth(n, Math.min(limit, plan.end)));
}

/** All dose instants (UTC Date) of the schedule in [fromUtc, toUtc), ascending, no duplicates.
 *  A local time that does not exist (DST gap) moves forward by the gap; an ambiguous one (DST overlap) is its first instant.
 *  Throws RangeError on a malformed date or time; an unknown time zone reads as `DEFAULT_TIME_ZONE`. */
export function occurrences(s: ReminderSchedule, fromUtc: Date, toUtc: Date): Date[] {
  const from = fromUtc.getTime();
  const to = toUtc.getTime();
  if (!(from < to)) return [];
  const plan = planOf(s);
  if (plan.minutes.length === 0) return [];
  const z = zoneOf(s.timeZone);
  const firstDay = Math.max(plan.start, Math.floor((from - ZONE_MARGIN_MS) / DAY_MS));
  const windowLast = Math.floor((to + ZONE_MARGIN_MS) / DAY_MS);
  const last = Math.min(windowLast, lastDay(s, plan, windowLast));
  const out: number[] = [];
  for (let day = firstDay; day <= last; day++) {
    if (!plan.active(day)) continue;
    for (const minute of plan.minutes) {
      const t = wallToInstant(z, day, minute);
      if (t >= from && t < to) out.push(t);
    }
  }
  // Gap-shifted times can collide with later ones (02:30 → 03:30) and land out of order across days.
  out.sort((a, b) => a - b);
  const dates: Date[] = [];
  for (let i = 0; i < out.length; i++) {
    const t = out[i] as number;
    if (i === 0 || t !== out[i - 1]) dates.push(new Date(t));
  }
  return dates;
}

/** Last local date on which the schedule can have doses (endDate, a 'once' date, the totalDays-th active day),
 *  or null when it runs forever. Before `startDate` when it can never have any. */
export function scheduleLastDate(s: ReminderSchedule): string | null {
  const plan = planOf(s);
  if (plan.minutes.length === 0) return dateOf(plan.start - 1);
  const last = lastDay(s, plan, Infinity);
  return last === Infinity ? null : dateOf(last);
}

/** Local date ('YYYY-MM-DD') of an instant in an IANA zone. */
export function localDate(instant: Date, timeZone: string): string {
  return dateOf(localDayOfInstant(zoneOf(timeZone), instant.getTime()));
}

/** Instant of a local date and 'HH:mm' time in an IANA zone, with the same gap/overlap policy as `occurrences`. */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  return new Date(wallToInstant(zoneOf(timeZone), dayOf(date), minuteOf(time)));
}

/** The instants [fromUtc, toUtc) of one local day (23 or 25 hours long on DST change days). */
export function localDayRange(date: string, timeZone: string): { fromUtc: Date; toUtc: Date } {
  const z = zoneOf(timeZone);
  const day = dayOf(date);
  return { fromUtc: new Date(wallToInstant(z, day, 0)), toUtc: new Date(wallToInstant(z, day + 1, 0)) };
}

// ---------------------------------------------------------------------------------------------------------------
// Intake.

export type IntakeState = 'to_take' | 'taken' | 'taken_early' | 'taken_late' | 'skipped' | 'unconfirmed';

/** Windows (minutes): a dose confirmed within ±ON_TIME of due is 'taken'; earlier than due-ON_TIME (but not before
 *  due-EARLY_LIMIT) 'taken_early'; after due+ON_TIME 'taken_late'; no answer by due+CONFIRM_WINDOW → 'unconfirmed';
 *  before that with no answer → 'to_take'. Boundaries belong to the inner window: exactly 30 min late is 'taken',
 *  exactly 120 min early may still be confirmed, and at exactly due+120 an unanswered dose is 'unconfirmed'. */
export const INTAKE_WINDOWS: { onTimeMinutes: 30; earlyLimitMinutes: 120; confirmWindowMinutes: 120 } = Object.freeze({
  onTimeMinutes: 30,
  earlyLimitMinutes: 120,
  confirmWindowMinutes: 120,
});

export function intakeState(
  dueAt: Date,
  answer: { action: 'taken' | 'skipped'; at: Date } | null,
  now: Date,
): IntakeState {
  const due = dueAt.getTime();
  if (answer === null)
    return now.getTime() >= due + INTAKE_WINDOWS.confirmWindowMinutes * MINUTE_MS ? 'unconfirmed' : 'to_take';
  if (answer.action === 'skipped') return 'skipped';
  const delta = answer.at.getTime() - due;
  const onTime = INTAKE_WINDOWS.onTimeMinutes * MINUTE_MS;
  if (delta < -onTime) return 'taken_early';
  if (delta > onTime) return 'taken_late';
  return 'taken';
}

/** Whether a dose may be confirmed as taken at `at` (not earlier than due - earlyLimit). */
export function canConfirmAt(dueAt: Date, at: Date): boolean {
  return at.getTime() >= dueAt.getTime() - INTAKE_WINDOWS.earlyLimitMinutes * MINUTE_MS;
}

/** Percent (0–100, integer, rounded) of due doses (state not 'to_take') that were 'taken' (on time) — null when none due. */
export function adherencePercent(states: IntakeState[]): number | null {
  let due = 0;
  let onTime = 0;
  for (const st of states) {
    if (st === 'to_take') continue;
    due++;
    if (st === 'taken') onTime++;
  }
  return due === 0 ? null : Math.round((onTime / due) * 100);
}

/** Number of consecutive trailing doses (ordered by due time) that are 'skipped' or 'unconfirmed'.
 *  Trailing 'to_take' doses (not yet due) are passed over: a dose still open does not end a run of misses. */
export function trailingMissed(states: IntakeState[]): number {
  let i = states.length - 1;
  while (i >= 0 && states[i] === 'to_take') i--;
  let n = 0;
  for (; i >= 0; i--) {
    const st = states[i];
    if (st !== 'skipped' && st !== 'unconfirmed') break;
    n++;
  }
  return n;
}
