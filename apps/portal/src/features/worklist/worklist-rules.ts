import type { TRealtimeEvent } from '@carewatch/contracts/alerts';
import type { TTrendDirection } from '@carewatch/contracts/worklist';

/** How long a row has waited, split for display ("5 min", "2 h 5 min", "3 d 4 h"); never negative (clock skew). */
export type WaitingDuration =
  { kind: 'minutes'; m: number } | { kind: 'hours'; h: number; m: number } | { kind: 'days'; d: number; h: number };

export function waitingDuration(sinceIso: string, nowMs: number): WaitingDuration {
  const minutes = Math.max(0, Math.floor((nowMs - new Date(sinceIso).getTime()) / 60_000));
  if (minutes < 60) return { kind: 'minutes', m: minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { kind: 'hours', h: hours, m: minutes % 60 };
  return { kind: 'days', d: Math.floor(hours / 24), h: hours % 24 };
}

/** The arrow drawn for a trend (the accessible label comes from i18n: worklist.trend.*). */
export const TREND_ARROW: Record<TTrendDirection | 'none', string> = { up: '↑', down: '↓', flat: '→', none: '–' };

/**
 * Realtime frames that change the worklist: an alert opening, rising, changing (acknowledged, escalated) or closing,
 * an SOS case opening, a patient's status changing. Other frames (notifications, locations, vitals, meetings) do not.
 */
export function changesWorklist(e: TRealtimeEvent): boolean {
  return (
    e.type === 'alert.opened' ||
    e.type === 'alert.raised' ||
    e.type === 'alert.updated' ||
    e.type === 'alert.closed' ||
    e.type === 'sos.opened' ||
    e.type === 'patient.status'
  );
}

/** How often the worklist refreshes itself besides the socket (a missed frame, a socket down). */
export const WORKLIST_POLL_MS = 30_000;
/** Waiting times tick on the page without refetching. */
export const WAITING_TICK_MS = 30_000;

/**
 * "Assign to me" (POST /api/account/patients/{id}/doctors/me, which adds the caller and keeps the others): offered to a doctor who may update
 * patients and does not follow this one yet. There is no per-alert or per-SOS-case assignee to take instead.
 */
export function canAssignToMe(
  me: { id: string | undefined; roleCode: string | undefined; mayUpdatePatients: boolean },
  assignees: ReadonlyArray<{ id: string }>,
): boolean {
  return Boolean(me.id) && me.roleCode === 'doctor' && me.mayUpdatePatients && !assignees.some((a) => a.id === me.id);
}

export const worklistKeys = { all: ['worklist'] as const, list: (q: object) => ['worklist', 'list', q] as const };

/** The doctors one may add to a patient from the worklist: the tenant's active doctors not already following them. */
export function assignableDoctors<D extends { id: string }>(
  doctors: ReadonlyArray<D>,
  assignees: ReadonlyArray<{ id: string }>,
): D[] {
  const taken = new Set(assignees.map((a) => a.id));
  return doctors.filter((d) => !taken.has(d.id));
}

/** The patient's doctors list after adding `doctorId`: the ones following stay (the list keeps its order, no repeat). */
export function doctorsAfterAssigning(assignees: ReadonlyArray<{ id: string }>, doctorId: string): string[] {
  const ids = assignees.map((a) => a.id);
  return ids.includes(doctorId) ? ids : [...ids, doctorId];
}
