import { z } from 'zod';
import { ZId, ZIsoDay, ZPageQuery, page } from './common.ts';

/** Ticket types (staff-portal spec §2): SOS call, SOS indicator (a reading at SOS level), hotline. */
export const TICKET_TYPES = ['sos_call', 'sos_indicator', 'hotline'] as const;
export const ZTicketType = z.enum(TICKET_TYPES, 'Invalid ticket type');
export type TTicketType = z.infer<typeof ZTicketType>;

/** Statuses (spec §4): new → confirm → processing → complete → success; canceled from any open status. */
export const TICKET_STATUSES = ['new', 'confirm', 'processing', 'complete', 'success', 'canceled'] as const;
export const ZTicketStatus = z.enum(TICKET_STATUSES, 'Invalid ticket status');
export type TTicketStatus = z.infer<typeof ZTicketStatus>;
/** Allowed transitions; `success` and `canceled` are final. */
export const TICKET_TRANSITIONS: Record<TTicketStatus, readonly TTicketStatus[]> = {
  new: ['confirm', 'canceled'],
  confirm: ['processing', 'canceled'],
  processing: ['complete', 'success', 'canceled'],
  complete: ['success', 'canceled'],
  success: [],
  canceled: [],
};
export const canTransition = (from: TTicketStatus, to: TTicketStatus): boolean => TICKET_TRANSITIONS[from].includes(to);
export const isFinalTicketStatus = (s: TTicketStatus): boolean => TICKET_TRANSITIONS[s].length === 0;

/**
 * Activities (spec §4): the assistant confirming the schedule, the doctor's consultation, completion, results returned,
 * free notes; `created` and `status` are written by the server.
 */
export const TICKET_ACTIVITY_KINDS = [
  'created',
  'status',
  'schedule_confirmed',
  'doctor_consultation',
  'completion',
  'results_returned',
  'note',
] as const;
export const ZTicketActivityKind = z.enum(TICKET_ACTIVITY_KINDS, 'Invalid activity');
export const USER_ACTIVITY_KINDS = [
  'schedule_confirmed',
  'doctor_consultation',
  'completion',
  'results_returned',
  'note',
] as const;

export const ZTicketActivity = z.object({
  id: ZId,
  kind: ZTicketActivityKind,
  fromStatus: ZTicketStatus.nullable(),
  toStatus: ZTicketStatus.nullable(),
  note: z.string().nullable(),
  actorId: ZId.nullable(),
  actorName: z.string().nullable(),
  at: z.string(),
});
export type TTicketActivity = z.infer<typeof ZTicketActivity>;

/** KPI of one ticket, in seconds (null until reached). */
export const ZTicketKpi = z.object({
  secondsToConfirm: z.number().nullable(),
  secondsToComplete: z.number().nullable(),
});

export const ZTicket = z.object({
  id: ZId,
  /** Human reference, e.g. T-000042. */
  code: z.string(),
  type: ZTicketType,
  status: ZTicketStatus,
  patientId: ZId.nullable(),
  patientName: z.string().nullable(),
  patientCode: z.string().nullable(),
  sosCaseId: ZId.nullable(),
  alertId: ZId.nullable(),
  callerName: z.string().nullable(),
  callerPhone: z.string().nullable(),
  description: z.string().nullable(),
  cancelReason: z.string().nullable(),
  createdBy: ZId.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  confirmedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  kpi: ZTicketKpi,
});
export type TTicket = z.infer<typeof ZTicket>;
export const ZTicketDetail = ZTicket.extend({ activities: z.array(ZTicketActivity) });
export type TTicketDetail = z.infer<typeof ZTicketDetail>;
export const ZTicketPage = page(ZTicket);
export type TTicketPage = z.infer<typeof ZTicketPage>;

/** GET /api/account/tickets. `open=true`: every status but success/canceled (the list); false: only final ones (history). */
export const ZTicketListQuery = ZPageQuery.extend({
  type: ZTicketType.optional(),
  status: ZTicketStatus.optional(),
  patientId: ZId.optional(),
  sosCaseId: ZId.optional(),
  open: z.enum(['true', 'false'], 'Invalid value').optional(),
  from: ZIsoDay.optional(),
  to: ZIsoDay.optional(),
});
export type TTicketListQuery = z.infer<typeof ZTicketListQuery>;

const text = (max: number) => z.string('Required').trim().max(max, `Max length is ${max}`);
/** POST /api/account/tickets: a hotline ticket (SOS tickets are opened by the server). */
export const ZCreateTicketRequest = z.object({
  patientId: ZId.optional(),
  callerName: text(100).min(1, 'Required'),
  callerPhone: text(20)
    .regex(/^\+?[0-9 ]{6,20}$/, 'Invalid phone number')
    .optional(),
  description: text(1000).min(1, 'Required'),
});
export type TCreateTicketRequest = z.infer<typeof ZCreateTicketRequest>;

/** POST /api/account/tickets/{id}/transition. A cancellation needs a reason. */
export const ZTicketTransitionRequest = z
  .object({
    to: ZTicketStatus,
    note: text(1000).optional(),
    reason: text(500).optional(),
  })
  .superRefine((b, ctx) => {
    if (b.to === 'canceled' && !b.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'A reason is required to cancel' });
  });
export type TTicketTransitionRequest = z.infer<typeof ZTicketTransitionRequest>;

/** POST /api/account/tickets/{id}/activities. */
export const ZTicketActivityRequest = z.object({
  kind: z.enum(USER_ACTIVITY_KINDS, 'Invalid activity'),
  note: text(1000).min(1, 'Required'),
});
export type TTicketActivityRequest = z.infer<typeof ZTicketActivityRequest>;

/** GET /api/account/tickets/statistics: counts over [from, to] (created date) and average KPI. */
export const ZTicketStatsQuery = z.object({ from: ZIsoDay.optional(), to: ZIsoDay.optional() });
export type TTicketStatsQuery = z.infer<typeof ZTicketStatsQuery>;
export const ZTicketStats = z.object({
  from: z.string().nullable(),
  to: z.string().nullable(),
  total: z.number().int(),
  byType: z.record(ZTicketType, z.number().int()),
  byStatus: z.record(ZTicketStatus, z.number().int()),
  avgSecondsToConfirm: z.number().nullable(),
  avgSecondsToComplete: z.number().nullable(),
});
export type TTicketStats = z.infer<typeof ZTicketStats>;
