import {
  PATIENT_NOTE_MAX,
  REPORT_MAX_DAYS,
  TIMELINE_EVENT_TYPES,
  type TTimelineEventType,
} from '@carewatch/contracts/timeline';

/** The timeline tab's periods (days back from now). */
export const TIMELINE_PERIODS = [1, 7, 30, 90, 365] as const;
export type TimelinePeriod = (typeof TIMELINE_PERIODS)[number];
export const DEFAULT_PERIOD: TimelinePeriod = 30;

export const periodOf = (v: string | null | undefined): TimelinePeriod =>
  TIMELINE_PERIODS.find((p) => String(p) === v) ?? DEFAULT_PERIOD;

/** The instants [from, to] of a period ending at `now` (minute precision: the query key stays put while the tab is open). */
export function periodRange(days: TimelinePeriod, now: Date): { from: string; to: string } {
  const to = new Date(Math.ceil(now.getTime() / 60_000) * 60_000);
  return { from: new Date(to.getTime() - days * 86_400_000).toISOString(), to: to.toISOString() };
}

/** The `types` parameter of the chosen types (undefined: all of them), in the contract's order. */
export function typesParam(selected: readonly string[]): string | undefined {
  const chosen = TIMELINE_EVENT_TYPES.filter((t) => selected.includes(t));
  return chosen.length === TIMELINE_EVENT_TYPES.length ? undefined : chosen.join(',');
}

/** Chosen event types read from the URL (`a,b`): unknown ones dropped; none named means all. */
export function typesFromParam(v: string | null | undefined): TTimelineEventType[] {
  const named = (v ?? '')
    .split(',')
    .filter((t): t is TTimelineEventType => (TIMELINE_EVENT_TYPES as readonly string[]).includes(t));
  return named.length === 0 ? [...TIMELINE_EVENT_TYPES] : named;
}

/** The composer's rule (the contract's): the i18n key of the problem, or null when the note may be sent. */
export function noteProblem(text: string): 'required' | 'tooLong' | null {
  const trimmed = text.trim();
  if (trimmed.length === 0) return 'required';
  if (trimmed.length > PATIENT_NOTE_MAX) return 'tooLong';
  return null;
}

const dayNumber = (ymd: string) =>
  Date.UTC(Number(ymd.slice(0, 4)), Number(ymd.slice(5, 7)) - 1, Number(ymd.slice(8, 10))) / 86_400_000;
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/** The report dialog's rules: each field's i18n key of its problem. */
export function reportProblems(
  from: string,
  to: string,
): { from?: 'required'; to?: 'required' | 'toBeforeFrom' | 'tooLong' } {
  const out: { from?: 'required'; to?: 'required' | 'toBeforeFrom' | 'tooLong' } = {};
  if (!DAY_RE.test(from)) out.from = 'required';
  if (!DAY_RE.test(to)) out.to = 'required';
  else if (DAY_RE.test(from) && from > to) out.to = 'toBeforeFrom';
  else if (DAY_RE.test(from) && dayNumber(to) - dayNumber(from) + 1 > REPORT_MAX_DAYS) out.to = 'tooLong';
  return out;
}
