import { TICKET_TRANSITIONS, type TTicketStatus } from '@carewatch/contracts/tickets';

/**
 * The ticket screens' pure rules: status colours, the KPI durations as catalogue keys with their numbers, the moves a
 * ticket offers and the body of a move, and the lines of its detail.
 */

export const TICKET_STATUS_COLOR: Record<TTicketStatus, string> = {
  new: 'red',
  confirm: 'orange',
  processing: 'blue',
  complete: 'teal',
  success: 'green',
  canceled: 'gray',
};

export type DurationText =
  | { key: 'tickets.duration.none' }
  | { key: 'tickets.duration.seconds'; params: { n: number } }
  | { key: 'tickets.duration.minutes'; params: { m: number; s: number } }
  | { key: 'tickets.duration.hours'; params: { h: number; m: number } };

/** Seconds as "12 s", "3 min 4 s" or "2 h 5 min" (hours drop the seconds); none when not measured yet. */
export function durationText(s: number | null): DurationText {
  if (s === null) return { key: 'tickets.duration.none' };
  if (s < 60) return { key: 'tickets.duration.seconds', params: { n: s } };
  if (s < 3600) return { key: 'tickets.duration.minutes', params: { m: Math.floor(s / 60), s: s % 60 } };
  return { key: 'tickets.duration.hours', params: { h: Math.floor(s / 3600), m: Math.floor((s % 3600) / 60) } };
}

/** The moves a ticket offers: the forward ones as buttons, cancelling apart (it asks a reason); none once closed. */
export function ticketMoves(status: TTicketStatus): { forward: TTicketStatus[]; cancel: boolean; final: boolean } {
  const next = TICKET_TRANSITIONS[status];
  return { forward: next.filter((s) => s !== 'canceled'), cancel: next.includes('canceled'), final: next.length === 0 };
}

/** A move's body: cancelling sends its reason, another move its note when there is one (both trimmed). */
export function transitionBody(
  to: TTicketStatus,
  note: string,
  reason: string,
): { to: TTicketStatus; reason?: string; note?: string } {
  if (to === 'canceled') return { to, reason: reason.trim() };
  return note.trim() ? { to, note: note.trim() } : { to };
}

/** Cancelling needs a reason: the catalogue key of the problem, or null. */
export const cancelReasonProblem = (reason: string): 'fieldRules.required' | null =>
  reason.trim() ? null : 'fieldRules.required';

/** The caller as one line: name and phone, whichever are known; null when neither. */
export const callerLine = (name: string | null, phone: string | null): string | null =>
  [name, phone].filter(Boolean).join(' — ') || null;

/** An activity's status change: "from → to", only "to" for the first status, nothing for an activity without one. */
export function activityChange(a: {
  fromStatus: TTicketStatus | null;
  toStatus: TTicketStatus | null;
}): { from: TTicketStatus | null; to: TTicketStatus } | null {
  return a.toStatus ? { from: a.fromStatus, to: a.toStatus } : null;
}
