import { addToDay } from '@carewatch/i18n/datetime';
import type { TDoctorSummary, TScheduleListQuery, TScheduleStatus } from '@carewatch/contracts/schedules';

/**
 * The schedule screens' pure rules: HH:mm typing and reading, the request form's checks, the calendar's query and
 * hours, the doctor's action on a schedule, and the report's period.
 */

export const isDay = (v: string | null | undefined): v is string => !!v && /^\d{4}-\d{2}-\d{2}$/.test(v);

/** What is typed in a time field, kept to digits and shaped as HH:mm ("930" → "93:0" is left for parseHhmm to refuse). */
export function maskHhmm(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 4);
  return digits.length <= 2 ? digits : `${digits.slice(0, 2)}:${digits.slice(2)}`;
}

/** HH:mm → seconds of the day (24:00 allowed: the end of the day), or null. */
export function parseHhmm(text: string): number | null {
  const m = /^\s*(\d{1,2}):(\d{2})\s*$/.exec(text);
  if (!m) return null;
  const h = Number(m[1]);
  const mi = Number(m[2]);
  if (mi > 59 || h > 24 || (h === 24 && mi !== 0)) return null;
  return h * 3600 + mi * 60;
}

export type RequestProblemKey =
  | 'errorFallback.invalid'
  | 'schedules.create.timeFormat'
  | 'schedules.create.startAfterEnd'
  | 'schedules.create.doctorRequired';
export type RequestCheck =
  | { ok: true; startSeconds: number; endSeconds: number }
  | { ok: false; problems: Partial<Record<'day' | 'start' | 'end' | 'doctorId', RequestProblemKey>> };

/** The request form's checks before the contract's: a day, a start before 24:00, an end after the start, a doctor when one is asked for. */
export function checkScheduleRequest(v: {
  day: string;
  start: string;
  end: string;
  doctorId: string;
  asksDoctor: boolean;
}): RequestCheck {
  const problems: Partial<Record<'day' | 'start' | 'end' | 'doctorId', RequestProblemKey>> = {};
  if (!isDay(v.day)) problems.day = 'errorFallback.invalid';
  const s = parseHhmm(v.start);
  const e = parseHhmm(v.end);
  if (s === null || s >= 86_400) problems.start = 'schedules.create.timeFormat';
  if (e === null) problems.end = 'schedules.create.timeFormat';
  if (s !== null && e !== null && e <= s) problems.end = 'schedules.create.startAfterEnd';
  if (v.asksDoctor && !v.doctorId) problems.doctorId = 'schedules.create.doctorRequired';
  if (Object.keys(problems).length || s === null || e === null) return { ok: false, problems };
  return { ok: true, startSeconds: s, endSeconds: e };
}

export type ScheduleAction = 'withdraw' | 'leave' | 'remove';

/** The doctor's one action on a schedule: withdraw a new request, ask leave of an approved one, clear a refused or disabled one. */
export function scheduleAction(status: TScheduleStatus): ScheduleAction | null {
  if (status === 'new') return 'withdraw';
  if (status === 'approved') return 'leave';
  if (status === 'rejected' || status === 'disabled') return 'remove';
  return null;
}
export const actionColor = (a: ScheduleAction): 'red' | 'orange' => (a === 'leave' ? 'orange' : 'red');

/** The toast once done: the server's answer tells a leave request apart; otherwise what the schedule was. */
export function removedToastKey(before: TScheduleStatus, afterStatus: TScheduleStatus | null | undefined): string {
  if (afterStatus === 'requesting_leave') return 'schedules.detail.leaveRequested';
  return before === 'new' ? 'schedules.detail.withdrawn' : 'schedules.detail.removed';
}

/** A dragged range (UTC fields = the zone's wall clock) as the form's day and HH:mm; a range into the next day ends at 24:00. */
export function selectionPrefill(start: Date, end: Date): { day: string; start: string; end: string } {
  const hhmm = (d: Date) => d.toISOString().slice(11, 16);
  const day = start.toISOString().slice(0, 10);
  return { day, start: hhmm(start), end: end.toISOString().slice(0, 10) !== day ? '24:00' : hhmm(end) };
}

/** The "new request" button's day: the day typed in "go to" when it is one, else tomorrow. */
export const newRequestDay = (goTo: string, today: string): string =>
  isDay(goTo) ? goTo : addToDay(today, { days: 1 });

/**
 * The hours the week grid shows: 06:00 to 22:00, widened to every shown schedule. The grid takes its full height (the
 * page scrolls, not a region inside the calendar, which the keyboard could not reach).
 */
export function visibleHours(events: ReadonlyArray<{ start?: unknown; end?: unknown }>): { min: string; max: string } {
  let min = 6;
  let max = 22;
  for (const e of events) {
    const [start, end] = [String(e.start ?? ''), String(e.end ?? '')];
    const h = (s: string) => Number(s.slice(11, 13)) + Number(s.slice(14, 16)) / 60;
    if (start.length >= 16) min = Math.min(min, Math.floor(h(start)));
    if (end.length >= 16) max = Math.max(max, end.slice(0, 10) > start.slice(0, 10) ? 24 : Math.ceil(h(end)));
  }
  const hh = (n: number) => `${String(n).padStart(2, '0')}:00:00`;
  return { min: hh(min), max: hh(max) };
}

/** On "my calendar" an assistant works for a doctor they follow: the one picked, else the first. */
export function actingDoctor(
  mine: boolean,
  isDoctor: boolean,
  picked: string,
  doctors: ReadonlyArray<Pick<TDoctorSummary, 'id'>> | undefined,
): string {
  return mine && !isDoctor ? picked || doctors?.[0]?.id || '' : picked;
}

/**
 * The calendar's list query, or null while there is nothing to ask (no range yet, or an assistant following no doctor).
 * My calendar asks for mine (a doctor) or the acting doctor's; the work calendar adds its center and specialty filters.
 */
export function calendarQuery(f: {
  range: { from: string; to: string } | null;
  mine: boolean;
  isDoctor: boolean;
  actingDoctor: string;
  centerId: string;
  specialty: string;
  status: TScheduleStatus | '';
}): Partial<TScheduleListQuery> | null {
  if (!f.range || (f.mine && !f.isDoctor && !f.actingDoctor)) return null;
  return {
    from: f.range.from,
    to: f.range.to,
    ...(f.mine && f.isDoctor ? { mine: 'true' as const } : f.actingDoctor ? { doctorId: f.actingDoctor } : {}),
    ...(!f.mine && f.centerId ? { centerId: f.centerId } : {}),
    ...(!f.mine && f.specialty.trim() ? { specialty: f.specialty.trim() } : {}),
    ...(f.status ? { status: f.status } : {}),
  };
}

/** The centers of the listed doctors, once each (named by id when the name is unknown), in first-seen order. */
export function centersOf(
  doctors: ReadonlyArray<Pick<TDoctorSummary, 'centerId' | 'centerName'>>,
): Array<{ value: string; label: string }> {
  const m = new Map<string, string>();
  for (const d of doctors) if (d.centerId) m.set(d.centerId, d.centerName ?? d.centerId);
  return [...m].map(([value, label]) => ({ value, label }));
}

/** The doctors' specialties, once each, sorted. */
export const specialtiesOf = (doctors: ReadonlyArray<Pick<TDoctorSummary, 'specialty'>>): string[] =>
  [...new Set(doctors.map((d) => d.specialty).filter((s): s is string => !!s))].sort();

/** The report's first period: from the first of this month to a week ahead. */
export const defaultReportRange = (today: string): { from: string; to: string } => ({
  from: `${today.slice(0, 8)}01`,
  to: addToDay(today, { days: 7 }),
});

/** The report's period: both days and in order; `outOfOrder` tells the reader why Apply is off. */
export function reportRange(from: string, to: string): { valid: boolean; outOfOrder: boolean } {
  const days = isDay(from) && isDay(to);
  return { valid: days && from <= to, outOfOrder: days && from > to };
}

/** A utilisation ratio (0–1) as a percent with one decimal. */
export const utilisationPercent = (u: number): number => Math.round(u * 1000) / 10;
