import type { Deps, ReadingsBatch } from '../../platform/context.ts';
import { publishEvent } from '../../platform/realtime.ts';
import { appAudienceOf } from '../patients/patient-access.ts';

/**
 * After a batch is committed: tells the app users who may view the patient (the patient, a sub-user's manager, accepted
 * followers) that new readings exist, so Home and metric pages refresh at once instead of polling. Listed users only:
 * staff screens are not sent a frame per reading, and no value travels on the channel.
 */
export async function vitalsRealtimeHandler(deps: Deps, batch: ReadingsBatch): Promise<void> {
  if (batch.readings.length === 0) return;
  const users = await appAudienceOf(deps.db, batch.tenantId, batch.patientId);
  if (users.length === 0) return;
  const metrics = [...new Set(batch.readings.map((r) => r.metric))];
  const latest = batch.readings.reduce((m, r) => (r.measuredAt > m ? r.measuredAt : m), batch.readings[0]!.measuredAt);
  await publishEvent(
    deps.db,
    { tenantId: batch.tenantId, patientId: batch.patientId, userIds: users },
    {
      type: 'vitals.recorded',
      at: deps.clock.now().toISOString(),
      patientId: batch.patientId,
      metrics,
      latestAt: latest.toISOString(),
    },
  );
}
