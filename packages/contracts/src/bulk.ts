import { z } from 'zod';
import { ZId } from './common.ts';
import { ZDisablePeriod } from './lifecycle.ts';

/**
 * Bulk actions of the portal's lists (issue 20): the single actions (assign a doctor, change a patient's center,
 * export, disable an account) applied to a selection, item by item, with a per-item answer.
 */
export const BULK_MAX = 200;

/** 1..200 ids; duplicates are acted on once. */
const ids = () => z.array(ZId).min(1, 'Required').max(BULK_MAX, `At most ${BULK_MAX}`);

export const ZBulkAssignDoctorRequest = z.object({ patientIds: ids(), doctorId: ZId });
export type TBulkAssignDoctorRequest = z.infer<typeof ZBulkAssignDoctorRequest>;

export const ZBulkCenterRequest = z.object({ patientIds: ids(), centerId: ZId });
export type TBulkCenterRequest = z.infer<typeof ZBulkCenterRequest>;

export const ZBulkExportRequest = z.object({ patientIds: ids() });
export type TBulkExportRequest = z.infer<typeof ZBulkExportRequest>;

export const ZBulkDisableRequest = z.object({
  userIds: ids(),
  period: ZDisablePeriod,
  reason: z.string().trim().max(500, 'Max length is 500').optional(),
});
export type TBulkDisableRequest = z.infer<typeof ZBulkDisableRequest>;

/**
 * Per-item outcome: `done` the ids acted on; `failed` the others with the single action's error code (another
 * tenant's or an invisible id fails like a missing one, e.g. PATIENT_NOT_FOUND / ACCOUNT_NOT_FOUND).
 */
export const ZBulkResult = z.object({
  done: z.array(ZId),
  failed: z.array(z.object({ id: ZId, code: z.string() })),
});
export type TBulkResult = z.infer<typeof ZBulkResult>;
