import { personName } from '@carewatch/contracts/names';
import type { TTimelineDevice } from '@carewatch/contracts/timeline';
import type { AuthedCtx } from '../../platform/context.ts';
import * as repo from './device-assignments.repo.ts';

export type DeviceAssignmentEvent = Omit<TTimelineDevice, 'type'>;

/**
 * The devices paired with and unpaired from a patient in [from, to], newest first (patient timeline, issue 20); `by`
 * the staff member or app user who did it, in the reader's language. The caller has checked the patient is visible.
 */
export async function deviceAssignmentEvents(
  ctx: AuthedCtx,
  patientId: string,
  from: Date,
  to: Date,
  before: { at: Date; id: string } | null,
  limit: number,
): Promise<DeviceAssignmentEvent[]> {
  const rows = await repo.assignmentEvents(ctx.db, ctx.auth.tenantId, patientId, from, to, before, limit);
  return rows.map((r) => ({
    id: r.id,
    at: new Date(r.at).toISOString(),
    action: r.action,
    deviceId: r.device_id,
    model: r.model,
    serial: r.serial,
    name: r.name,
    by:
      r.by_first === null && r.by_last === null
        ? null
        : personName({ firstName: r.by_first, lastName: r.by_last }, ctx.auth.language),
  }));
}
