import { z } from 'zod';

/** Temporary disable periods of spec §4/§9: 3 days, 2 weeks, 1 month, indefinite. */
export const DISABLE_PERIODS = ['3d', '2w', '1m', 'indefinite'] as const;
export const ZDisablePeriod = z.enum(DISABLE_PERIODS, { error: 'Period must be one of 3d, 2w, 1m, indefinite' });
export type TDisablePeriod = z.infer<typeof ZDisablePeriod>;

export const ZDisableRequest = z.object({
  period: ZDisablePeriod,
  reason: z.string().trim().max(500, 'Max length is 500').optional(),
});
export type TDisableRequest = z.infer<typeof ZDisableRequest>;

export const ACCOUNT_STATES = ['active', 'pending_approval', 'rejected', 'disabled', 'deactivated', 'deleted'] as const;
export const ZAccountState = z.object({
  userId: z.string().uuid(),
  status: z.enum(ACCOUNT_STATES),
  disabledUntil: z.string().nullable(),
  deactivatedAt: z.string().nullable(),
  /** Last moment the account can be recovered (30 days after deactivation). */
  recoverableUntil: z.string().nullable(),
});
export type TAccountState = z.infer<typeof ZAccountState>;

export const ZDeactivationRequestCreate = z.object({
  reason: z.string().trim().max(500, 'Max length is 500').optional(),
});
export const ZDeactivationRequest = z.object({
  id: z.string().uuid(),
  userId: z.string().uuid(),
  userName: z.string(),
  email: z.string().nullable(),
  reason: z.string().nullable(),
  status: z.enum(['pending', 'approved', 'rejected']),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type TDeactivationRequest = z.infer<typeof ZDeactivationRequest>;
export const ZDeactivationRequestList = z.object({ items: z.array(ZDeactivationRequest) });
export const ZRejectRequest = z.object({
  reason: z.string({ error: 'Required' }).trim().min(1, 'Required').max(500, 'Max length is 500'),
});
