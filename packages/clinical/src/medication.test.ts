import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  adherencePercent,
  canConfirmAt,
  INTAKE_WINDOWS,
  intakeState,
  localDate,
  localDayRange,
  occurrences,
  scheduleLastDate,
  trailingMissed,
  zonedInstant,
  type IntakeState,
  type ReminderRule,
  type ReminderSchedule,
} from './medication.ts';

const DAY = 86_400_000;
const MIN = 60_000;
const HOUR = 3_600_000;

const sched = (rule: ReminderRule, times: string[], more: Partial<ReminderSchedule> = {}): ReminderSchedule => ({
  rule,
  times,
  startDate: '2026-01-01',
  endDate: null,
  totalDays: null,
  timeZone: 'Asia/Ho_Chi_Minh',
  ...more,
});
const iso = (dates: Date[]) => dates.map((d) => d.toISOString());
const at = (s: string) => new Date(s);
const occ = (s: ReminderSchedule, from: string, to: string) => iso(occurrences(s, at(from), at(to)));

// ---------------------------------------------------------------------------------------------------------------
// Reference model, written independently of medication.ts: naive calendar with Date and `formatToParts` readings.

const refFormatters = new Map<string, Intl.DateTimeFormat>();
/** Local wall reading of an instant: date 'YYYY-MM-DD' and minutes since midnight. */
function wallOf(instant: number, tz: string): { date: string; minute: number } {
  let f = refFormatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    refFormatters.set(tz, f);
  }
  const p: Record<string, string> = {};
  for (const part of f.formatToParts(new Date(instant))) p[part.type] = part.value;
  return { date: `${p.year}-${p.month}-${p.day}`, minute: Number(p.hour) * 60 + Number(p.minute) };
}
const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
const daysBetween = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY);
const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
const toMin = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

/** Instant of a local wall time: every instant within ±30 h whose reading matches; none → a DST gap, read with the
 *  offset in force before it. Offsets are sampled every 3 hours, which finds both sides of any DST change. */
const refCache = new Map<string, number>();
function refInstant(date: string, minute: number, tz: string): number {
  const key = `${tz} ${date} ${minute}`;
  const hit = refCache.get(key);
  if (hit !== undefined) return hit;
  const wall = Date.parse(`${date}T${hhmm(minute)}:00Z`);
  const offsets = new Set<number>();
  for (let h = -30; h <= 30; h += 3) {
    const t = wall + h * HOUR;
    const w = wallOf(t, tz);
    offsets.add(Date.parse(`${w.date}T${hhmm(w.minute)}:00Z`) - t);
  }
  const matches = [...offsets]
    .map((o) => wall - o)
    .filter((t) => {
      const w = wallOf(t, tz);
      return w.date === date && w.minute === minute;
    });
  let result: number;
  if (matches.length > 0) result = Math.min(...matches);
  else {
    const w = wallOf(wall - 30 * HOUR, tz);
    result = wall - (Date.parse(`${w.date}T${hhmm(w.minute)}:00Z`) - (wall - 30 * HOUR));
  }
  refCache.set(key, result);
  return result;
}

function refActive(s: ReminderSchedule, date: string): boolean {
  const d = new Date(`${date}T00:00:00Z`);
  const r = s.rule;
  switch (r.kind) {
    case 'daily':
    case 'hourly':
      return true;
    case 'weekly':
      return r.daysOfWeek.includes(d.getUTCDay() === 0 ? 7 : d.getUTCDay());
    case 'monthly': {
      const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
      return r.daysOfMonth.some((x) => x === d.getUTCDate() || (x > last && d.getUTCDate() === last));
    }
    case 'once':
      return date === r.date;
    case 'cycle':
      return daysBetween(s.startDate, date) % (r.onDays + r.offDays) < r.onDays;
  }
}

/** Active local dates of a schedule from its start up to `until` (inclusive). */
function refActiveDays(s: ReminderSchedule, until: string): string[] {
  const out: string[] = [];
  for (let d = s.startDate; d <= until; d = addDays(d, 1)) {
    if (s.endDate !== null && d > s.endDate) break;
    if (s.totalDays !== null && out.length >= s.totalDays) break;
    if (refActive(s, d)) out.push(d);
  }
  return out;
}

function refMinutes(s: ReminderSchedule): number[] {
  const r = s.rule;
  if (r.kind !== 'hourly') return [...new Set(s.times.map(toMin))].sort((a, b) => a - b);
  const out: number[] = [];
  const last = r.until === undefined ? 1439 : toMin(r.until);
  for (let m = toMin(r.from); m <= last; m += r.everyHours * 60) out.push(m);
  return out;
}

function refOccurrences(s: ReminderSchedule, from: number, to: number): number[] {
  const until = addDays(new Date(to).toISOString().slice(0, 10), 2);
  const all = new Set<number>();
  for (const d of refActiveDays(s, until)) for (const m of refMinutes(s)) all.add(refInstant(d, m, s.timeZone));
  return [...all].filter((t) => t >= from && t < to).sort((a, b) => a - b);
}

// ---------------------------------------------------------------------------------------------------------------
// Arbitraries.

const DST_ZONES = ['America/Toronto', 'Europe/Berlin', 'Australia/Lord_Howe', 'America/St_Johns', 'America/Sao_Paulo'];
const FIXED_ZONES = ['UTC', 'Asia/Ho_Chi_Minh', 'Asia/Kathmandu'];
const NEAR_EDGES = [
  '2026-03-08',
  '2026-11-01', // Toronto spring forward / fall back
  '2026-03-29',
  '2026-10-25', // Berlin
  '2026-10-04',
  '2026-04-05', // Lord Howe (30-minute change)
  '2018-11-04',
  '2018-02-17', // São Paulo (change at midnight)
  '2024-02-29',
  '2025-12-31',
  '2026-01-31',
  '2027-02-28', // leap day, year end, month ends
];
const arbDate = fc.oneof(
  fc.integer({ min: 0, max: 365 * 8 }).map((n) => addDays('2023-01-01', n)),
  fc.tuple(fc.constantFrom(...NEAR_EDGES), fc.integer({ min: -40, max: 5 })).map(([d, n]) => addDays(d, n)),
  fc.tuple(fc.constantFrom(...NEAR_EDGES), fc.integer({ min: -3, max: 0 })).map(([d, n]) => addDays(d, n)),
);
const arbTime = fc.oneof(
  fc.integer({ min: 0, max: 1439 }).map(hhmm),
  fc.constantFrom('00:00', '00:30', '01:30', '02:00', '02:15', '02:30', '03:00', '23:59'),
);
const arbRule = (start: string): fc.Arbitrary<ReminderRule> =>
  fc.oneof(
    fc.constant({ kind: 'daily' as const }),
    fc
      .uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 })
      .map((daysOfWeek) => ({ kind: 'weekly' as const, daysOfWeek })),
    fc
      .uniqueArray(fc.oneof(fc.integer({ min: 1, max: 31 }), fc.integer({ min: 28, max: 31 })), {
        minLength: 1,
        maxLength: 4,
      })
      .map((daysOfMonth) => ({ kind: 'monthly' as const, daysOfMonth })),
    fc.integer({ min: 0, max: 60 }).map((n) => ({ kind: 'once' as const, date: addDays(start, n) })),
    fc
      .record({
        everyHours: fc.integer({ min: 1, max: 12 }),
        from: arbTime,
        until: fc.option(arbTime, { nil: undefined }),
      })
      .map(({ everyHours, from, until }) =>
        until === undefined
          ? { kind: 'hourly' as const, everyHours, from }
          : { kind: 'hourly' as const, everyHours, from, until },
      ),
    fc
      .record({ onDays: fc.integer({ min: 1, max: 30 }), offDays: fc.integer({ min: 0, max: 30 }) })
      .map((r) => ({ kind: 'cycle' as const, ...r })),
  );
const arbSchedule = (zones: string[]): fc.Arbitrary<ReminderSchedule> =>
  arbDate.chain((startDate) =>
    fc.record({
      rule: arbRule(startDate),
      times: fc.array(arbTime, { minLength: 1, maxLength: 4 }),
      startDate: fc.constant(startDate),
      endDate: fc.option(
        fc.integer({ min: 0, max: 120 }).map((n) => addDays(startDate, n)),
        { nil: null },
      ),
      totalDays: fc.option(fc.integer({ min: 1, max: 40 }), { nil: null }),
      timeZone: fc.constantFrom(...zones),
    }),
  );
/** A window [from, to) near the schedule's start: from up to 2 days before to 80 days after, 1 hour to 50 days long. */
const arbCase = (zones: string[]) =>
  arbSchedule(zones).chain((s) =>
    fc.record({
      s: fc.constant(s),
      from: fc
        .oneof(fc.integer({ min: -48 * 60, max: 80 * 24 * 60 }), fc.integer({ min: -48 * 60, max: 24 * 60 }))
        .map((m) => Date.parse(`${s.startDate}T00:00:00Z`) + m * MIN),
      length: fc.integer({ min: 60, max: 50 * 24 * 60 }).map((m) => m * MIN),
    }),
  );
const ALL_ZONES = [...DST_ZONES, ...FIXED_ZONES];
const RUNS = { numRuns: 150 };
const ms = (s: ReminderSchedule, from: number, to: number) =>
  occurrences(s, new Date(from), new Date(to)).map((d) => d.getTime());

// ---------------------------------------------------------------------------------------------------------------

describe('occurrences — rules', () => {
  test('daily: each time of each day, converted from local time (Ho Chi Minh City is UTC+7, no DST)', () => {
    expect(occ(sched({ kind: 'daily' }, ['20:00', '08:00']), '2026-01-01T00:00:00Z', '2026-01-03T00:00:00Z')).toEqual([
      '2026-01-01T01:00:00.000Z',
      '2026-01-01T13:00:00.000Z',
      '2026-01-02T01:00:00.000Z',
      '2026-01-02T13:00:00.000Z',
    ]);
  });

  test('the window is [from, to): from inclusive, to exclusive; empty and inverted windows give nothing', () => {
    const s = sched({ kind: 'daily' }, ['08:00']);
    expect(occ(s, '2026-01-02T01:00:00Z', '2026-01-03T01:00:00Z')).toEqual(['2026-01-02T01:00:00.000Z']);
    expect(occ(s, '2026-01-02T01:00:00.001Z', '2026-01-03T01:00:00.001Z')).toEqual(['2026-01-03T01:00:00.000Z']);
    expect(occ(s, '2026-01-02T01:00:00Z', '2026-01-02T01:00:00Z')).toEqual([]);
    expect(occ(s, '2026-01-05T00:00:00Z', '2026-01-02T00:00:00Z')).toEqual([]);
  });

  test('startDate and endDate are local days, both inclusive', () => {
    const s = sched({ kind: 'daily' }, ['00:30', '23:30'], { startDate: '2026-01-10', endDate: '2026-01-11' });
    expect(occ(s, '2025-12-01T00:00:00Z', '2026-02-01T00:00:00Z')).toEqual([
      '2026-01-09T17:30:00.000Z',
      '2026-01-10T16:30:00.000Z',
      '2026-01-10T17:30:00.000Z',
      '2026-01-11T16:30:00.000Z',
    ]);
  });

  test('duplicate times give one dose; times need not be sorted', () => {
    expect(
      occ(sched({ kind: 'daily' }, ['12:00', '08:00', '12:00']), '2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z'),
    ).toEqual(['2026-01-01T01:00:00.000Z', '2026-01-01T05:00:00.000Z']);
  });

  test('weekly: on the chosen ISO weekdays (1 = Monday … 7 = Sunday), local days', () => {
    // 2026-01-05 is a Monday. 23:00 in UTC+7 is 16:00 UTC the same day.
    const s = sched({ kind: 'weekly', daysOfWeek: [1, 3, 7] }, ['23:00']);
    expect(occ(s, '2026-01-05T00:00:00Z', '2026-01-19T00:00:00Z')).toEqual([
      '2026-01-05T16:00:00.000Z',
      '2026-01-07T16:00:00.000Z',
      '2026-01-11T16:00:00.000Z',
      '2026-01-12T16:00:00.000Z',
      '2026-01-14T16:00:00.000Z',
      '2026-01-18T16:00:00.000Z',
    ]);
    // 06:00 on a Monday in UTC+7 is Sunday 23:00 UTC: the local weekday counts.
    const early = sched({ kind: 'weekly', daysOfWeek: [1] }, ['06:00']);
    expect(occ(early, '2026-01-01T00:00:00Z', '2026-01-13T00:00:00Z')).toEqual([
      '2026-01-04T23:00:00.000Z',
      '2026-01-11T23:00:00.000Z',
    ]);
    expect(
      occ(sched({ kind: 'weekly', daysOfWeek: [] }, ['06:00']), '2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z'),
    ).toEqual([]);
  });

  test('monthly: chosen days; 29/30/31 fall on the last day of shorter months, once', () => {
    const s = sched({ kind: 'monthly', daysOfMonth: [31] }, ['08:00'], { startDate: '2023-12-01', timeZone: 'UTC' });
    const days = (x: ReminderSchedule, from: string, to: string) => occ(x, from, to).map((d) => d.slice(0, 10));
    expect(days(s, '2023-12-01T00:00:00Z', '2024-07-01T00:00:00Z')).toEqual([
      '2023-12-31',
      '2024-01-31',
      '2024-02-29',
      '2024-03-31',
      '2024-04-30',
      '2024-05-31',
      '2024-06-30',
    ]);
    expect(days(s, '2025-02-01T00:00:00Z', '2025-03-01T00:00:00Z')).toEqual(['2025-02-28']);
    const many = sched({ kind: 'monthly', daysOfMonth: [29, 30, 31, 1] }, ['08:00'], { timeZone: 'UTC' });
    expect(days(many, '2026-01-27T00:00:00Z', '2026-04-02T00:00:00Z')).toEqual([
      '2026-01-29',
      '2026-01-30',
      '2026-01-31',
      '2026-02-01',
      '2026-02-28',
      '2026-03-01',
      '2026-03-29',
      '2026-03-30',
      '2026-03-31',
      '2026-04-01',
    ]);
    const leap = sched({ kind: 'monthly', daysOfMonth: [28, 30] }, ['08:00'], {
      startDate: '2024-01-01',
      timeZone: 'UTC',
    });
    expect(days(leap, '2024-02-01T00:00:00Z', '2024-03-01T00:00:00Z')).toEqual(['2024-02-28', '2024-02-29']);
    const common = sched({ kind: 'monthly', daysOfMonth: [28, 30] }, ['08:00'], { timeZone: 'UTC' });
    expect(days(common, '2026-02-01T00:00:00Z', '2026-03-01T00:00:00Z')).toEqual(['2026-02-28']);
  });

  test('once: only on its date, at each time', () => {
    const s = sched({ kind: 'once', date: '2026-02-14' }, ['09:00', '21:00'], { timeZone: 'UTC' });
    expect(occ(s, '2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z')).toEqual([
      '2026-02-14T09:00:00.000Z',
      '2026-02-14T21:00:00.000Z',
    ]);
    expect(scheduleLastDate(s)).toBe('2026-02-14');
    // Outside [startDate, endDate] it never happens.
    expect(occ({ ...s, startDate: '2026-03-01' }, '2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z')).toEqual([]);
    expect(occ({ ...s, endDate: '2026-02-13' }, '2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z')).toEqual([]);
  });

  test('cycle: N days on, M days off from startDate, across a year end and a leap day', () => {
    const s = sched({ kind: 'cycle', onDays: 3, offDays: 2 }, ['08:00'], { startDate: '2025-12-29', timeZone: 'UTC' });
    expect(occ(s, '2025-12-01T00:00:00Z', '2026-01-12T00:00:00Z').map((d) => d.slice(0, 10))).toEqual([
      '2025-12-29',
      '2025-12-30',
      '2025-12-31',
      '2026-01-03',
      '2026-01-04',
      '2026-01-05',
      '2026-01-08',
      '2026-01-09',
      '2026-01-10',
    ]);
    // 21 on / 7 off from 2024-02-01: on 1–21 Feb, off 22–28 Feb, on again from the leap day 29 Feb to 20 March.
    const pill = sched({ kind: 'cycle', onDays: 21, offDays: 7 }, ['21:00'], {
      startDate: '2024-02-01',
      timeZone: 'UTC',
    });
    const feb = occ(pill, '2024-02-01T00:00:00Z', '2024-03-28T00:00:00Z').map((d) => d.slice(0, 10));
    expect(feb.slice(19, 23)).toEqual(['2024-02-20', '2024-02-21', '2024-02-29', '2024-03-01']);
    expect(feb).not.toContain('2024-02-22');
    expect(feb).not.toContain('2024-02-28');
    expect(feb.at(-1)).toBe('2024-03-20');
    // No days off is daily.
    expect(
      occ(
        sched({ kind: 'cycle', onDays: 2, offDays: 0 }, ['08:00'], { timeZone: 'UTC' }),
        '2026-01-01T00:00:00Z',
        '2026-01-04T00:00:00Z',
      ),
    ).toHaveLength(3);
  });

  test('hourly: every N hours from a local time each day, up to an inclusive until (or the day end)', () => {
    const utc = { timeZone: 'UTC' };
    const times = (s: ReminderSchedule) =>
      occ(s, '2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z').map((d) => d.slice(11, 16));
    expect(times(sched({ kind: 'hourly', everyHours: 8, from: '06:00' }, [], utc))).toEqual([
      '06:00',
      '14:00',
      '22:00',
    ]);
    expect(times(sched({ kind: 'hourly', everyHours: 6, from: '08:00', until: '20:00' }, ['11:11'], utc))).toEqual([
      '08:00',
      '14:00',
      '20:00',
    ]);
    expect(times(sched({ kind: 'hourly', everyHours: 5, from: '08:30', until: '20:00' }, [], utc))).toEqual([
      '08:30',
      '13:30',
      '18:30',
    ]);
    expect(times(sched({ kind: 'hourly', everyHours: 4, from: '20:00', until: '08:00' }, [], utc))).toEqual([]);
    expect(times(sched({ kind: 'hourly', everyHours: 0, from: '08:00' }, [], utc))).toEqual([]);
    // Each day starts again at `from`.
    expect(
      occ(
        sched({ kind: 'hourly', everyHours: 10, from: '00:00' }, [], utc),
        '2026-01-01T00:00:00Z',
        '2026-01-03T00:00:00Z',
      ),
    ).toHaveLength(6);
  });

  test('totalDays counts ACTIVE days; the earlier of it and endDate ends the schedule', () => {
    const utc = { timeZone: 'UTC', startDate: '2026-01-06' }; // a Tuesday
    const days = (s: ReminderSchedule) => [
      ...new Set(occ(s, '2025-01-01T00:00:00Z', '2030-01-01T00:00:00Z').map((d) => d.slice(0, 10))),
    ];
    expect(days(sched({ kind: 'daily' }, ['08:00', '20:00'], { ...utc, totalDays: 3 }))).toEqual([
      '2026-01-06',
      '2026-01-07',
      '2026-01-08',
    ]);
    expect(days(sched({ kind: 'weekly', daysOfWeek: [1, 4] }, ['08:00'], { ...utc, totalDays: 3 }))).toEqual([
      '2026-01-08',
      '2026-01-12',
      '2026-01-15',
    ]);
    expect(days(sched({ kind: 'cycle', onDays: 2, offDays: 3 }, ['08:00'], { ...utc, totalDays: 5 }))).toEqual([
      '2026-01-06',
      '2026-01-07',
      '2026-01-11',
      '2026-01-12',
      '2026-01-16',
    ]);
    expect(days(sched({ kind: 'monthly', daysOfMonth: [31] }, ['08:00'], { ...utc, totalDays: 3 }))).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
    ]);
    expect(days(sched({ kind: 'daily' }, ['08:00'], { ...utc, totalDays: 30, endDate: '2026-01-07' }))).toEqual([
      '2026-01-06',
      '2026-01-07',
    ]);
    expect(days(sched({ kind: 'daily' }, ['08:00'], { ...utc, totalDays: 0 }))).toEqual([]);
    // Across the leap day.
    const leap = sched({ kind: 'daily' }, ['08:00'], { timeZone: 'UTC', startDate: '2024-02-27', totalDays: 4 });
    expect(occ(leap, '2024-01-01T00:00:00Z', '2025-01-01T00:00:00Z').map((d) => d.slice(0, 10))).toEqual([
      '2024-02-27',
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
    ]);
  });

  test('forever: no endDate and no totalDays keeps going', () => {
    const s = sched({ kind: 'weekly', daysOfWeek: [5] }, ['08:00'], { timeZone: 'UTC' });
    expect(occ(s, '2040-01-01T00:00:00Z', '2040-01-08T00:00:00Z')).toEqual(['2040-01-06T08:00:00.000Z']);
    expect(scheduleLastDate(s)).toBeNull();
  });

  test('malformed dates and times are refused; an unknown zone reads as the home zone (Ho Chi Minh City)', () => {
    const w = (s: ReminderSchedule) => () => occurrences(s, at('2026-01-01T00:00:00Z'), at('2026-01-02T00:00:00Z'));
    expect(w(sched({ kind: 'daily' }, ['8:00']))).toThrow(RangeError);
    expect(w(sched({ kind: 'daily' }, ['24:00']))).toThrow(RangeError);
    expect(w(sched({ kind: 'daily' }, ['08:00'], { startDate: '2026-02-30' }))).toThrow(RangeError);
    expect(w(sched({ kind: 'daily' }, ['08:00'], { endDate: '2026/03/01' }))).toThrow(RangeError);
    expect(iso(w(sched({ kind: 'daily' }, ['08:00'], { timeZone: 'Mars/Olympus_Mons' }))())).toEqual([
      '2026-01-01T01:00:00.000Z',
    ]);
    expect(iso(w(sched({ kind: 'daily' }, ['08:00:00']))())).toEqual(['2026-01-01T01:00:00.000Z']);
  });
});

describe('occurrences — time zones', () => {
  const day = (s: ReminderSchedule, date: string) => {
    const { fromUtc, toUtc } = localDayRange(date, s.timeZone);
    return iso(occurrences(s, fromUtc, toUtc));
  };

  test('Toronto: UTC time of a fixed local time moves with DST', () => {
    const s = sched({ kind: 'daily' }, ['08:00'], { timeZone: 'America/Toronto', startDate: '2026-03-07' });
    expect(occ(s, '2026-03-07T00:00:00Z', '2026-03-10T00:00:00Z')).toEqual([
      '2026-03-07T13:00:00.000Z',
      '2026-03-08T12:00:00.000Z',
      '2026-03-09T12:00:00.000Z',
    ]);
    expect(occ(s, '2026-10-31T00:00:00Z', '2026-11-03T00:00:00Z')).toEqual([
      '2026-10-31T12:00:00.000Z',
      '2026-11-01T13:00:00.000Z',
      '2026-11-02T13:00:00.000Z',
    ]);
  });

  test('Toronto spring-forward gap: 02:30 does not exist and moves to 03:30; 02:00 and 03:00 collapse to one dose', () => {
    const s = sched({ kind: 'daily' }, ['02:30'], { timeZone: 'America/Toronto' });
    expect(day(s, '2026-03-08')).toEqual(['2026-03-08T07:30:00.000Z']); // 03:30 EDT
    expect(
      day(sched({ kind: 'daily' }, ['02:00', '03:00', '04:00'], { timeZone: 'America/Toronto' }), '2026-03-08'),
    ).toEqual(['2026-03-08T07:00:00.000Z', '2026-03-08T08:00:00.000Z']);
  });

  test('Toronto fall-back overlap: 01:30 happens twice, the dose is at the first (EDT)', () => {
    expect(day(sched({ kind: 'daily' }, ['01:30'], { timeZone: 'America/Toronto' }), '2026-11-01')).toEqual([
      '2026-11-01T05:30:00.000Z',
    ]);
    expect(zonedInstant('2026-11-01', '01:30', 'America/Toronto').toISOString()).toBe('2026-11-01T05:30:00.000Z');
  });

  test('Berlin: gap 02:00–03:00 on 29 March 2026, overlap 02:00–03:00 on 25 October 2026', () => {
    const tz = { timeZone: 'Europe/Berlin' };
    expect(day(sched({ kind: 'daily' }, ['02:30'], tz), '2026-03-29')).toEqual(['2026-03-29T01:30:00.000Z']); // 03:30 CEST
    expect(day(sched({ kind: 'daily' }, ['02:30'], tz), '2026-10-25')).toEqual(['2026-10-25T00:30:00.000Z']); // first 02:30, CEST
    expect(day(sched({ kind: 'daily' }, ['02:30'], tz), '2026-03-30')).toEqual(['2026-03-30T00:30:00.000Z']);
    expect(day(sched({ kind: 'daily' }, ['02:30'], tz), '2026-10-26')).toEqual(['2026-10-26T01:30:00.000Z']);
  });

  test('Berlin: hourly from midnight gives 23 doses on the short day and 24 on the long one (wall-clock steps)', () => {
    const s = sched({ kind: 'hourly', everyHours: 1, from: '00:00' }, [], { timeZone: 'Europe/Berlin' });
    const spring = day(s, '2026-03-29');
    expect(spring).toHaveLength(23);
    expect(spring.slice(1, 3)).toEqual(['2026-03-29T00:00:00.000Z', '2026-03-29T01:00:00.000Z']); // 01:00 CET, 03:00 CEST
    const autumn = day(s, '2026-10-25');
    expect(autumn).toHaveLength(24);
    expect(autumn.slice(2, 4)).toEqual(['2026-10-25T00:00:00.000Z', '2026-10-25T02:00:00.000Z']); // 02:00 CEST, then 03:00 CET
  });

  test("Ho Chi Minh City (UTC+7, no DST), Kathmandu (+5:45), St John's (−2:30 in summer)", () => {
    expect(zonedInstant('2026-07-01', '08:00', 'Asia/Ho_Chi_Minh').toISOString()).toBe('2026-07-01T01:00:00.000Z');
    expect(zonedInstant('2026-01-01', '08:00', 'Asia/Ho_Chi_Minh').toISOString()).toBe('2026-01-01T01:00:00.000Z');
    expect(zonedInstant('2026-07-01', '08:00', 'Asia/Kathmandu').toISOString()).toBe('2026-07-01T02:15:00.000Z');
    expect(zonedInstant('2026-07-01', '08:00', 'America/St_Johns').toISOString()).toBe('2026-07-01T10:30:00.000Z');
  });

  test('Lord Howe (30-minute DST) and São Paulo 2018 (change at midnight)', () => {
    expect(zonedInstant('2026-10-04', '02:15', 'Australia/Lord_Howe').toISOString()).toBe('2026-10-03T15:45:00.000Z'); // → 02:45 +11
    expect(zonedInstant('2026-04-05', '01:45', 'Australia/Lord_Howe').toISOString()).toBe('2026-04-04T14:45:00.000Z'); // first, +11
    expect(zonedInstant('2018-11-04', '00:30', 'America/Sao_Paulo').toISOString()).toBe('2018-11-04T03:30:00.000Z'); // → 01:30 −02
    expect(localDayRange('2018-11-04', 'America/Sao_Paulo')).toEqual({
      fromUtc: at('2018-11-04T03:00:00Z'),
      toUtc: at('2018-11-05T02:00:00Z'),
    });
  });

  test("Samoa skipped 30 December 2011: its doses collapse into the next day's", () => {
    const s = sched({ kind: 'daily' }, ['08:00'], { timeZone: 'Pacific/Apia', startDate: '2011-12-29' });
    // 29 Dec 08:00 −10; 30 Dec (missing) and 31 Dec 08:00 +14 are one instant; 1 Jan 08:00 +14.
    expect(occ(s, '2011-12-28T00:00:00Z', '2012-01-01T00:00:00Z')).toEqual([
      '2011-12-29T18:00:00.000Z',
      '2011-12-30T18:00:00.000Z',
      '2011-12-31T18:00:00.000Z',
    ]);
  });

  test('local days are 23 and 25 hours long on DST change days; localDate reads an instant', () => {
    const spring = localDayRange('2026-03-08', 'America/Toronto');
    expect(spring.toUtc.getTime() - spring.fromUtc.getTime()).toBe(23 * HOUR);
    const autumn = localDayRange('2026-11-01', 'America/Toronto');
    expect(autumn.toUtc.getTime() - autumn.fromUtc.getTime()).toBe(25 * HOUR);
    expect(localDate(at('2026-01-01T16:59:59Z'), 'Asia/Ho_Chi_Minh')).toBe('2026-01-01');
    expect(localDate(at('2026-01-01T17:00:00Z'), 'Asia/Ho_Chi_Minh')).toBe('2026-01-02');
    expect(localDate(at('2026-11-01T04:59:59Z'), 'America/Toronto')).toBe('2026-11-01');
  });

  test('scheduleLastDate: endDate, totalDays, once, forever', () => {
    expect(scheduleLastDate(sched({ kind: 'daily' }, ['08:00'], { endDate: '2026-02-01' }))).toBe('2026-02-01');
    expect(scheduleLastDate(sched({ kind: 'weekly', daysOfWeek: [1] }, ['08:00'], { totalDays: 3 }))).toBe(
      '2026-01-19',
    );
    expect(
      scheduleLastDate(
        sched({ kind: 'monthly', daysOfMonth: [31] }, ['08:00'], { totalDays: 2, startDate: '2024-01-01' }),
      ),
    ).toBe('2024-02-29');
    expect(scheduleLastDate(sched({ kind: 'cycle', onDays: 3, offDays: 4 }, ['08:00'], { totalDays: 4 }))).toBe(
      '2026-01-08',
    );
    expect(scheduleLastDate(sched({ kind: 'daily' }, ['08:00'], { totalDays: 10, endDate: '2026-01-05' }))).toBe(
      '2026-01-05',
    );
    expect(scheduleLastDate(sched({ kind: 'daily' }, []))).toBe('2025-12-31'); // nothing ever due
    // Nonsense totals end at once (NaN) or never (Infinity) rather than looping.
    expect(scheduleLastDate(sched({ kind: 'monthly', daysOfMonth: [5] }, ['08:00'], { totalDays: Number.NaN }))).toBe(
      '2025-12-31',
    );
    expect(
      scheduleLastDate(sched({ kind: 'monthly', daysOfMonth: [5] }, ['08:00'], { totalDays: Infinity })),
    ).toBeNull();
  });
});

// Property runs take about a second each; the machine is shared, so they get a generous timeout.
describe('occurrences — properties', { timeout: 60_000 }, () => {
  test('equals an independent reference model (naive calendar, formatToParts readings)', () => {
    fc.assert(
      fc.property(arbCase(ALL_ZONES), ({ s, from, length }) => {
        expect(ms(s, from, from + length)).toEqual(refOccurrences(s, from, from + length));
      }),
      { numRuns: 200 },
    );
  });

  test('every occurrence lies in [from, to), strictly ascending (sorted, no duplicates)', () => {
    fc.assert(
      fc.property(arbCase(ALL_ZONES), ({ s, from, length }) => {
        const list = ms(s, from, from + length);
        for (let i = 0; i < list.length; i++) {
          expect(list[i]).toBeGreaterThanOrEqual(from);
          expect(list[i]).toBeLessThan(from + length);
          if (i > 0) expect(list[i]).toBeGreaterThan(list[i - 1] as number);
        }
      }),
      RUNS,
    );
  });

  test('splitting [from, to) in two windows gives the same doses', () => {
    fc.assert(
      fc.property(arbCase(ALL_ZONES), fc.double({ min: 0, max: 1, noNaN: true }), ({ s, from, length }, cut) => {
        const mid = from + Math.floor(length * cut);
        expect([...ms(s, from, mid), ...ms(s, mid, from + length)]).toEqual(ms(s, from, from + length));
      }),
      RUNS,
    );
  });

  test('each dose lies on an active local day within [startDate, endDate]; weekly on chosen weekdays; cycle on its on-days', () => {
    fc.assert(
      fc.property(arbCase(ALL_ZONES), ({ s, from, length }) => {
        for (const t of ms(s, from, from + length)) {
          const { date } = wallOf(t, s.timeZone);
          expect(date >= s.startDate).toBe(true);
          if (s.endDate !== null) expect(date <= s.endDate).toBe(true);
          if (s.rule.kind === 'weekly') {
            const wd = new Date(`${date}T00:00:00Z`).getUTCDay();
            expect(s.rule.daysOfWeek).toContain(wd === 0 ? 7 : wd);
          }
          if (s.rule.kind === 'cycle')
            expect(daysBetween(s.startDate, date) % (s.rule.onDays + s.rule.offDays)).toBeLessThan(s.rule.onDays);
          if (s.rule.kind === 'once') expect(date).toBe(s.rule.date);
          expect(refActive(s, date)).toBe(true);
        }
      }),
      RUNS,
    );
  });

  test('local wall time of each dose is a scheduled time, except a time in a DST gap, which moves forward by the gap', () => {
    fc.assert(
      fc.property(arbCase(ALL_ZONES), ({ s, from, length }) => {
        const scheduled = refMinutes(s);
        for (const t of ms(s, from, from + length)) {
          const { date, minute } = wallOf(t, s.timeZone);
          if (scheduled.includes(minute)) continue;
          // A gap: the offset grew just before this dose, and the wall time it came from does not exist.
          const gap =
            Date.parse(`${date}T${hhmm(minute)}:00Z`) -
            t -
            (() => {
              const w = wallOf(t - 3 * HOUR, s.timeZone);
              return Date.parse(`${w.date}T${hhmm(w.minute)}:00Z`) - (t - 3 * HOUR);
            })();
          expect(gap).toBeGreaterThan(0);
          expect(scheduled).toContain(minute - gap / MIN);
        }
      }),
      RUNS,
    );
  });

  test('without DST, every active day has exactly one dose per distinct time (hourly: one per step)', () => {
    fc.assert(
      fc.property(arbCase(FIXED_ZONES), ({ s, from, length }) => {
        const perDay = new Map<string, number>();
        for (const t of ms(s, from, from + length)) {
          const { date } = wallOf(t, s.timeZone);
          perDay.set(date, (perDay.get(date) ?? 0) + 1);
        }
        const expected = refMinutes(s).length;
        // Days cut by the window edges may hold fewer.
        const first = wallOf(from, s.timeZone).date;
        const last = wallOf(from + length - 1, s.timeZone).date;
        for (const [date, n] of perDay) {
          if (date === first || date === last) expect(n).toBeLessThanOrEqual(expected);
          else expect(n).toBe(expected);
        }
      }),
      RUNS,
    );
  });

  test('with DST, an active day has between one and times.length doses', () => {
    fc.assert(
      fc.property(
        arbSchedule(DST_ZONES).filter((s) => s.rule.kind !== 'hourly'),
        (s) => {
          const from = Date.parse(`${s.startDate}T00:00:00Z`) - DAY;
          const list = ms(s, from, from + 90 * DAY);
          const perDay = new Map<string, number>();
          for (const t of list)
            perDay.set(wallOf(t, s.timeZone).date, (perDay.get(wallOf(t, s.timeZone).date) ?? 0) + 1);
          const distinct = new Set(s.times).size;
          for (const n of perDay.values()) {
            expect(n).toBeGreaterThanOrEqual(1);
            expect(n).toBeLessThanOrEqual(distinct);
          }
        },
      ),
      RUNS,
    );
  });

  test('totalDays bounds the number of active days (and is reached when nothing else ends the schedule)', () => {
    fc.assert(
      fc.property(
        arbSchedule(ALL_ZONES).filter((s) => s.totalDays !== null),
        (s) => {
          const from = Date.parse(`${s.startDate}T00:00:00Z`) - DAY;
          const list = ms(s, from, from + 1300 * DAY);
          const active = new Set(list.map((t) => wallOf(t, s.timeZone).date));
          expect(active.size).toBeLessThanOrEqual(s.totalDays as number);
          const last = scheduleLastDate(s);
          for (const d of active) expect(last !== null && d <= last).toBe(true);
          if (
            s.endDate === null &&
            s.rule.kind !== 'once' &&
            !(s.rule.kind === 'hourly' && refMinutes(s).length === 0)
          ) {
            expect(active.size).toBe(s.totalDays);
            expect([...active].sort().at(-1)).toBe(last);
          }
        },
      ),
      { numRuns: 80 },
    );
  });
});

describe('intake states', () => {
  const due = at('2026-03-01T08:00:00Z');
  const plus = (minutes: number) => new Date(due.getTime() + minutes * MIN);
  const taken = (minutes: number) => intakeState(due, { action: 'taken', at: plus(minutes) }, plus(600));

  test('the agreed windows', () => {
    expect(INTAKE_WINDOWS).toEqual({ onTimeMinutes: 30, earlyLimitMinutes: 120, confirmWindowMinutes: 120 });
  });

  test('taken within ±30 min (boundaries included) is on time; beyond is early or late', () => {
    expect(taken(0)).toBe('taken');
    expect(taken(-30)).toBe('taken');
    expect(taken(30)).toBe('taken');
    expect(intakeState(due, { action: 'taken', at: new Date(plus(-30).getTime() - 1) }, plus(0))).toBe('taken_early');
    expect(intakeState(due, { action: 'taken', at: new Date(plus(30).getTime() + 1) }, plus(60))).toBe('taken_late');
    expect(taken(-120)).toBe('taken_early');
    expect(taken(31)).toBe('taken_late');
    expect(taken(500)).toBe('taken_late'); // a late answer after the confirm window still counts as taken, late
  });

  test('skipped is skipped whenever it was answered', () => {
    expect(intakeState(due, { action: 'skipped', at: plus(-60) }, plus(0))).toBe('skipped');
    expect(intakeState(due, { action: 'skipped', at: plus(300) }, plus(300))).toBe('skipped');
  });

  test('no answer: to take until due + 120 min, unconfirmed from then on', () => {
    expect(intakeState(due, null, plus(-600))).toBe('to_take');
    expect(intakeState(due, null, plus(0))).toBe('to_take');
    expect(intakeState(due, null, new Date(plus(120).getTime() - 1))).toBe('to_take');
    expect(intakeState(due, null, plus(120))).toBe('unconfirmed');
    expect(intakeState(due, null, plus(10_000))).toBe('unconfirmed');
  });

  test('a dose may be confirmed from due − 120 min on, not earlier', () => {
    expect(canConfirmAt(due, plus(-120))).toBe(true);
    expect(canConfirmAt(due, new Date(plus(-120).getTime() - 1))).toBe(false);
    expect(canConfirmAt(due, plus(-121))).toBe(false);
    expect(canConfirmAt(due, plus(0))).toBe(true);
    expect(canConfirmAt(due, plus(1000))).toBe(true);
  });

  test('property: the state of a taken dose is fixed by the minutes from due', () => {
    fc.assert(
      fc.property(fc.integer({ min: -120, max: 2000 }), (m) => {
        const st = taken(m);
        expect(st).toBe(m < -30 ? 'taken_early' : m > 30 ? 'taken_late' : 'taken');
      }),
    );
  });
});

describe('adherence', () => {
  test('percent of due doses taken on time, rounded; to_take is not due yet; none due → null', () => {
    expect(adherencePercent([])).toBeNull();
    expect(adherencePercent(['to_take', 'to_take'])).toBeNull();
    expect(adherencePercent(['taken', 'taken', 'to_take'])).toBe(100);
    expect(adherencePercent(['taken', 'taken_late', 'skipped'])).toBe(33);
    expect(adherencePercent(['taken', 'taken', 'taken_early'])).toBe(67);
    expect(adherencePercent(['unconfirmed', 'skipped'])).toBe(0);
    expect(adherencePercent(['taken', 'skipped'])).toBe(50);
  });

  test('property: an integer in 0..100, 100 only when every due dose was on time', () => {
    const arbState = fc.constantFrom<IntakeState>(
      'to_take',
      'taken',
      'taken_early',
      'taken_late',
      'skipped',
      'unconfirmed',
    );
    fc.assert(
      fc.property(fc.array(arbState, { maxLength: 60 }), (states) => {
        const p = adherencePercent(states);
        const due = states.filter((s) => s !== 'to_take');
        if (due.length === 0) {
          expect(p).toBeNull();
          return;
        }
        expect(Number.isInteger(p)).toBe(true);
        expect(p).toBeGreaterThanOrEqual(0);
        expect(p).toBeLessThanOrEqual(100);
        if (due.every((s) => s === 'taken')) expect(p).toBe(100);
        if (!due.includes('taken')) expect(p).toBe(0);
      }),
    );
  });

  test('trailingMissed counts the run of skipped/unconfirmed doses at the end', () => {
    expect(trailingMissed([])).toBe(0);
    expect(trailingMissed(['taken'])).toBe(0);
    expect(trailingMissed(['skipped', 'taken', 'unconfirmed', 'skipped'])).toBe(2);
    expect(trailingMissed(['unconfirmed', 'unconfirmed', 'unconfirmed'])).toBe(3);
    expect(trailingMissed(['skipped', 'taken_late'])).toBe(0);
    expect(trailingMissed(['skipped', 'taken_early', 'skipped'])).toBe(1);
    // Doses still open (not yet due) do not break the run.
    expect(trailingMissed(['taken', 'skipped', 'unconfirmed', 'to_take'])).toBe(2);
    expect(trailingMissed(['to_take'])).toBe(0);
  });
});
