import { z } from 'zod';
import { ZId, ZPageQuery, page } from './common.ts';
import { ZAlertLevel, ZThresholdIndex } from './alerts.ts';
import { ZMetric } from './vitals.ts';

/**
 * Triage worklist (issue 20): every patient the caller may see with an open alert or an open SOS case, one row per
 * patient, ranked by tier (SOS, then high risk, then at risk) then by waiting time (oldest first).
 */
export const WORKLIST_TIERS = ['sos', 'high_risk', 'at_risk'] as const;
export const ZWorklistTier = z.enum(WORKLIST_TIERS, 'Invalid tier');
export type TWorklistTier = z.infer<typeof ZWorklistTier>;

/** Direction of the last readings of the triggering metric: up, down or flat (see `trendOf` in clinical). */
export const TREND_DIRECTIONS = ['up', 'down', 'flat'] as const;
export const ZTrendDirection = z.enum(TREND_DIRECTIONS);
export type TTrendDirection = z.infer<typeof ZTrendDirection>;

export const ZWorklistPerson = z.object({ id: ZId, name: z.string() });
export type TWorklistPerson = z.infer<typeof ZWorklistPerson>;

export const ZWorklistItem = z.object({
  patientId: ZId,
  patientName: z.string(),
  patientCode: z.string().nullable(),
  /** The highest open level of the patient (an open SOS case counts as `sos`). */
  level: ZAlertLevel,
  /** The alert at that level that waits longest (acknowledge it with POST /api/account/alerts/{id}/ack). */
  alertId: ZId,
  /** The patient's open SOS case, if any (GET /api/account/sos-cases/{id}). */
  sosCaseId: ZId.nullable(),
  /** The triggering reading: its metric, threshold index and value (null for an SOS button press). */
  metric: ZMetric.nullable(),
  index: ZThresholdIndex.nullable(),
  value: z.number().nullable(),
  /** Trend of the last readings of that index; null without at least two readings. */
  trend: ZTrendDirection.nullable(),
  /** Who is assigned: the doctors following the patient (there is no per-alert or per-case assignee). */
  assignees: z.array(ZWorklistPerson),
  acknowledgedAt: z.string().nullable(),
  acknowledgedBy: ZWorklistPerson.nullable(),
  /** Since when the row waits: the opening of its SOS case, else of the alert. */
  waitingSince: z.string(),
  /** How many alerts of the patient are open (every level). */
  openAlerts: z.number().int(),
  /** Nothing received from the patient's devices or app for the tenant's silent-after hours (issue 20). */
  silent: z.boolean(),
  silentSince: z.string().nullable(),
  /** A device of the patient reports it is not worn (issue 20), since `notWornSince`. */
  notWorn: z.boolean(),
  notWornSince: z.string().nullable(),
});
export type TWorklistItem = z.infer<typeof ZWorklistItem>;

/** GET /api/account/worklist: optional tier filter; paged (size up to 200). */
export const ZWorklistQuery = ZPageQuery.extend({
  size: z.coerce
    .number()
    .int('Incorrect paging parameters')
    .min(1, 'Min value is 1')
    .max(200, 'Max value is 200')
    .default(50),
  tier: ZWorklistTier.optional(),
});
export type TWorklistQuery = z.infer<typeof ZWorklistQuery>;

export const ZWorklistPage = page(ZWorklistItem);
export type TWorklistPage = z.infer<typeof ZWorklistPage>;
