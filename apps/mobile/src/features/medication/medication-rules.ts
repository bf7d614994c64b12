import { canConfirmAt, INTAKE_WINDOWS } from '@carewatch/clinical/medication';
import type { TIntake, TIntakeState, TReminderRule } from '@carewatch/contracts/prescriptions';

/** States a dose keeps once answered (taken in some way, or skipped). */
const ANSWERED: ReadonlySet<TIntakeState> = new Set(['taken', 'taken_early', 'taken_late', 'skipped']);

export const STATE_COLORS: Record<TIntakeState, string> = {
  to_take: 'blue',
  taken: 'teal',
  taken_early: 'lime',
  taken_late: 'yellow',
  skipped: 'gray',
  unconfirmed: 'red',
};

/**
 * Whether the one-tap answer is offered for a dose: `read_only` for who may not answer (followers), `answered` once
 * taken or skipped, `not_yet` earlier than the server accepts (due − 120 min, packages/clinical), else `open` —
 * a dose left unconfirmed past its window may still be told as taken (late) or skipped.
 */
export type AnswerState = 'open' | 'not_yet' | 'answered' | 'read_only';

export function answerState(intake: Pick<TIntake, 'state' | 'dueAt'>, canConfirm: boolean, now: Date): AnswerState {
  if (ANSWERED.has(intake.state)) return 'answered';
  if (!canConfirm) return 'read_only';
  if (!canConfirmAt(new Date(intake.dueAt), now)) return 'not_yet';
  return 'open';
}

/** The earliest instant a dose can be answered. */
export const answerableFrom = (dueAt: string): Date =>
  new Date(new Date(dueAt).getTime() - INTAKE_WINDOWS.earlyLimitMinutes * 60_000);

/** A notification may come a little before the list says the dose is due (clock skew): this much is tolerated. */
const DUE_SLACK_MS = 60_000;

/**
 * The doses the dose prompt asks about: due (or within a minute of it), still to take, not snoozed to later, not put
 * off on this phone ("Later"). The dose the notification named comes first (the patient just read its name), then the
 * others earliest first.
 */
export function duePrompts(
  intakes: readonly TIntake[],
  now: Date,
  putOff: ReadonlySet<string>,
  notified: string | null = null,
): TIntake[] {
  const limit = now.getTime() + DUE_SLACK_MS;
  return intakes
    .filter(
      (i) =>
        i.state === 'to_take' &&
        !putOff.has(i.id) &&
        new Date(i.dueAt).getTime() <= limit &&
        (i.snoozedUntil === null || new Date(i.snoozedUntil).getTime() <= limit),
    )
    .sort((a, b) => Number(b.id === notified) - Number(a.id === notified) || a.dueAt.localeCompare(b.dueAt));
}

/** Today's doses in the order of the day (then by medicine). */
export function sortDoses(intakes: readonly TIntake[]): TIntake[] {
  return [...intakes].sort((a, b) => a.dueAt.localeCompare(b.dueAt) || a.medicineName.localeCompare(b.medicineName));
}

/** The repeat of a reminder as an i18n key (under `medication.rules.`) with its parameters; the page translates. */
export type RuleMessage = { key: string; params: Record<string, string | number> };

export function ruleMessage(
  rule: TReminderRule,
  weekday: (isoDay: number) => string,
  day: (ymd: string) => string,
): RuleMessage {
  switch (rule.kind) {
    case 'daily':
      return { key: 'daily', params: {} };
    case 'weekly':
      return {
        key: 'weekly',
        params: {
          days: [...rule.daysOfWeek]
            .sort((a, b) => a - b)
            .map(weekday)
            .join(', '),
        },
      };
    case 'monthly':
      return { key: 'monthly', params: { days: [...rule.daysOfMonth].sort((a, b) => a - b).join(', ') } };
    case 'once':
      return { key: 'once', params: { date: day(rule.date) } };
    case 'hourly':
      return rule.until
        ? { key: 'hourlyUntil', params: { n: rule.everyHours, from: rule.from, until: rule.until } }
        : { key: 'hourly', params: { n: rule.everyHours, from: rule.from } };
    case 'cycle':
      return { key: 'cycle', params: { on: rule.onDays, off: rule.offDays } };
  }
}

/** A dose as the reader writes numbers (0.5 → "0,5" in Vietnamese). */
export const doseNumber = (dose: number, language: string): string =>
  new Intl.NumberFormat(language, { maximumFractionDigits: 3 }).format(dose);
