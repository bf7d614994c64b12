/**
 * Statistical reports of a metric page (patient-app spec §2: week, month, year): the period's calendar, local
 * midnights in a time zone, and per-day aggregates combined into day or month buckets with a summary.
 */

export type ReportPeriod = 'week' | 'month' | 'year';

/** One local day's aggregate of a metric (as SQL gives it): c/s/mn/mx for value, c2/s2/mn2/mx2 for value2. */
export type DayAggregate = {
  day: string;
  n: number;
  c: number;
  s: number | null;
  mn: number | null;
  mx: number | null;
  c2: number;
  s2: number | null;
  mn2: number | null;
  mx2: number | null;
};

export type Bucket = {
  key: string;
  n: number;
  avg: number | null;
  min: number | null;
  max: number | null;
  avg2: number | null;
  min2: number | null;
  max2: number | null;
  sum: number | null;
  filled: boolean;
};
export type Summary = {
  n: number;
  avg: number | null;
  min: number | null;
  max: number | null;
  avg2: number | null;
  min2: number | null;
  max2: number | null;
};

const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const parseDay = (s: string) => {
  const [y, m, d] = s.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
};

/** Adds `n` days to a YYYY-MM-DD date. */
export const addDays = (day: string, n: number): string => ymd(new Date(parseDay(day).getTime() + n * DAY_MS));

/**
 * The period containing `date`: weeks run Monday–Sunday, months and years are calendar ones. `keys` are the buckets:
 * days for week and month, YYYY-MM months for year. `endDate` is inclusive; `next` is the day after it.
 */
export function periodOf(
  period: ReportPeriod,
  date: string,
): { startDate: string; endDate: string; next: string; keys: string[] } {
  const d = parseDay(date);
  let start: Date;
  let next: Date;
  if (period === 'week') {
    const dow = (d.getUTCDay() + 6) % 7; // Monday = 0
    start = new Date(d.getTime() - dow * DAY_MS);
    next = new Date(start.getTime() + 7 * DAY_MS);
  } else if (period === 'month') {
    start = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
    next = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
  } else {
    start = new Date(Date.UTC(d.getUTCFullYear(), 0, 1));
    next = new Date(Date.UTC(d.getUTCFullYear() + 1, 0, 1));
  }
  const keys: string[] = [];
  if (period === 'year') {
    for (let m = 1; m <= 12; m++) keys.push(`${start.getUTCFullYear()}-${pad(m)}`);
  } else {
    for (let t = start.getTime(); t < next.getTime(); t += DAY_MS) keys.push(ymd(new Date(t)));
  }
  return { startDate: ymd(start), endDate: ymd(new Date(next.getTime() - DAY_MS)), next: ymd(next), keys };
}

/** The neighbouring period's `date` (previous: -1, next: +1), for the app's arrows. */
export function shiftPeriod(period: ReportPeriod, date: string, step: -1 | 1): string {
  const { startDate, next } = periodOf(period, date);
  return step === 1 ? next : addDays(startDate, -1);
}

/** Is `tz` an IANA time zone this runtime knows? */
export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** Offset (local − UTC, ms) of `tz` at the instant `t`. */
function offsetAt(t: number, tz: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: tz,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(t));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const local = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return local - Math.floor(t / 1000) * 1000;
}

/** The instant of local midnight starting `day` in `tz` (two passes: right across a DST change too). */
export function localMidnight(day: string, tz: string): Date {
  const wall = parseDay(day).getTime();
  let t = wall - offsetAt(wall, tz);
  t = wall - offsetAt(t, tz);
  return new Date(t);
}

/** The local calendar day (YYYY-MM-DD) of an instant in `tz`. */
export function localDay(instant: Date, tz: string): string {
  return ymd(new Date(instant.getTime() + offsetAt(instant.getTime(), tz)));
}

const minOf = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));
const maxOf = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b));

type Acc = {
  n: number;
  c: number;
  s: number;
  mn: number | null;
  mx: number | null;
  c2: number;
  s2: number;
  mn2: number | null;
  mx2: number | null;
};
const empty = (): Acc => ({ n: 0, c: 0, s: 0, mn: null, mx: null, c2: 0, s2: 0, mn2: null, mx2: null });
function add(a: Acc, d: DayAggregate): void {
  a.n += d.n;
  a.c += d.c;
  a.s += d.s ?? 0;
  a.mn = minOf(a.mn, d.mn);
  a.mx = maxOf(a.mx, d.mx);
  a.c2 += d.c2;
  a.s2 += d.s2 ?? 0;
  a.mn2 = minOf(a.mn2, d.mn2);
  a.mx2 = maxOf(a.mx2, d.mx2);
}

/**
 * Day aggregates → the period's buckets (every key present, empty ones with n = 0) and the period's summary.
 * `sum`: the metric is counted (steps, calories) — buckets carry the sum. `fill`: spec §8, a bucket whose average is
 * empty or 0 shows the period's overall average instead, marked `filled` (only meaningful for measured levels), up to
 * `today` (YYYY-MM-DD) when given.
 */
export function buildBuckets(
  period: ReportPeriod,
  keys: readonly string[],
  days: readonly DayAggregate[],
  opts: { sum: boolean; fill: boolean; today?: string },
): { buckets: Bucket[]; summary: Summary } {
  // Days (months) after today have nothing to replace: they have not happened yet.
  const last = opts.today === undefined ? null : period === 'year' ? opts.today.slice(0, 7) : opts.today;
  const byKey = new Map<string, Acc>(keys.map((k) => [k, empty()]));
  const total = empty();
  for (const d of days) {
    const key = period === 'year' ? d.day.slice(0, 7) : d.day;
    const acc = byKey.get(key);
    if (!acc) continue;
    add(acc, d);
    add(total, d);
  }
  const summary: Summary = {
    n: total.n,
    avg: total.c > 0 ? total.s / total.c : null,
    min: total.mn,
    max: total.mx,
    avg2: total.c2 > 0 ? total.s2 / total.c2 : null,
    min2: total.mn2,
    max2: total.mx2,
  };
  const buckets = keys.map((key): Bucket => {
    const a = byKey.get(key) ?? empty();
    const avg = a.c > 0 ? a.s / a.c : null;
    const avg2 = a.c2 > 0 ? a.s2 / a.c2 : null;
    const b: Bucket = {
      key,
      n: a.n,
      avg,
      min: a.mn,
      max: a.mx,
      avg2,
      min2: a.mn2,
      max2: a.mx2,
      sum: opts.sum ? a.s : null,
      filled: false,
    };
    if (opts.fill && (avg === null || avg === 0) && summary.avg !== null && (last === null || key <= last)) {
      b.avg = summary.avg;
      if (summary.avg2 !== null) b.avg2 = summary.avg2;
      b.filled = true;
    }
    return b;
  });
  return { buckets, summary };
}

/** Steps against the daily target: total, days reaching it, average over days with steps. */
export function stepsSummary(
  dailySteps: readonly number[],
  target: number | null,
): { total: number; daysReached: number; days: number; avgPerDay: number | null } {
  const withSteps = dailySteps.filter((s) => s > 0);
  const total = withSteps.reduce((a, b) => a + b, 0);
  return {
    total,
    daysReached: target !== null && target > 0 ? dailySteps.filter((s) => s >= target).length : 0,
    days: withSteps.length,
    avgPerDay: withSteps.length > 0 ? total / withSteps.length : null,
  };
}

/** First, last and change of weight readings (oldest first) against the target weight. */
export function weightSummary(values: readonly number[], target: number | null) {
  const first = values.length > 0 ? values[0]! : null;
  const last = values.length > 0 ? values[values.length - 1]! : null;
  return {
    first,
    last,
    change: first !== null && last !== null ? last - first : null,
    target,
    toTarget: last !== null && target !== null ? last - target : null,
  };
}
