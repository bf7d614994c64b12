import { SOS_LOCATION_MIN_GAP_MS, type TLocation, type TSosLocationResult } from '@carewatch/contracts/alerts';
import type { AuthedCtx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { publishEvent } from '../../platform/realtime.ts';
import { ownPatient } from '../patients/patient-access.ts';
import * as repo from './alerts.repo.ts';
import { withPatientTx } from './alerts.engine.ts';

/**
 * The patient's phone reports where it is while their SOS case is open (the app sends it every 30 s while open):
 * kept on the case's trail and pushed to the staff and followers who may see the patient. At most one position per
 * 10 s is kept (a phone reporting faster adds nothing). No open SOS case: SOS_CASE_NOT_FOUND.
 */
export async function reportSosLocation(ctx: AuthedCtx, location: TLocation): Promise<TSosLocationResult> {
  const own = await ownPatient(ctx);
  if (!own) throw new AppError('NOT_A_PATIENT');
  const { tenantId } = ctx.auth;
  const now = ctx.clock.now();
  return withPatientTx(ctx, tenantId, own.id, async (db) => {
    const c = await repo.openSosCaseOfPatient(db, tenantId, own.id);
    if (!c) throw new AppError('SOS_CASE_NOT_FOUND');
    const last = await repo.lastTrailAt(db, tenantId, c.alert_id, 'location');
    if (last && now.getTime() - new Date(last).getTime() < SOS_LOCATION_MIN_GAP_MS)
      return { stored: false, sosCaseId: c.id };
    const at = now.toISOString();
    const seq = await repo.nextTrailSeq(db, tenantId, c.alert_id);
    await repo.insertTrail(db, tenantId, [
      {
        id: newId(now.getTime()),
        alertId: c.alert_id,
        seq,
        at: now,
        kind: 'location',
        entry: { at, kind: 'location', location },
      },
    ]);
    await publishEvent(
      db,
      { tenantId, patientId: own.id },
      { type: 'sos.location', at, sosCaseId: c.id, patientId: own.id, location },
    );
    return { stored: true, sosCaseId: c.id };
  });
}
