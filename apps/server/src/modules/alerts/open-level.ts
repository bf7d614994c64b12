import { worstLevel } from '@carewatch/clinical/thresholds';
import type { TAlertLevel } from '@carewatch/contracts/alerts';
import type { Db } from '../../platform/db.ts';
import * as repo from './alerts.repo.ts';

/** The worst level among a patient's open alerts ('normal' when none): the health tier their status must show. */
export async function openAlertLevel(db: Db, tenantId: string, patientId: string): Promise<TAlertLevel> {
  return worstLevel(...((await repo.openLevels(db, tenantId, patientId)) as TAlertLevel[]));
}
