import type { TAlertTrailEntry } from '@carewatch/contracts/alerts';
import { initialAlertState } from '@carewatch/clinical/escalation';
import type { Db } from '../../platform/db.ts';
import { newId } from '../../platform/ids.ts';
import * as repo from './alerts.repo.ts';

/**
 * A missed-dose notice on the alert trail (issue 16): an at-risk alert of source `missed_dose`, closed from the start
 * (nothing to escalate or acknowledge: it records what the caregivers were told). Its trail starts with the rule
 * ("N consecutive missed doses of X"); the delivery worker adds one `notification` step per caregiver notification
 * sent with this alert's id. Written in the caller's transaction; no realtime
 * frame (an 'alert.opened' would pop up as an open alert on staff screens).
 */
export async function recordMissedDoseAlert(
  db: Db,
  tenantId: string,
  o: { patientId: string; detail: string; now: Date },
): Promise<string> {
  const id = newId(o.now.getTime());
  const state = {
    ...initialAlertState(),
    phase: 'closed',
    level: 'at_risk',
    current: 'at_risk',
    openedAt: o.now.getTime(),
  };
  const row: repo.AlertRow = {
    id,
    tenant_id: tenantId,
    patient_id: o.patientId,
    metric: null,
    idx: null,
    level: 'at_risk',
    status: 'closed',
    source: 'missed_dose',
    value: null,
    rule: null,
    state: state as unknown as Record<string, unknown>,
    opened_at: o.now,
    acknowledged_at: null,
    acknowledged_by: null,
    closed_at: o.now,
    sos_case_id: null,
    updated_at: o.now,
  };
  await repo.insertAlert(db, row);
  const entries: TAlertTrailEntry[] = [{ at: o.now.toISOString(), kind: 'rule', level: 'at_risk', detail: o.detail }];
  await repo.insertTrail(
    db,
    tenantId,
    entries.map((entry, i) => ({
      id: newId(o.now.getTime()),
      alertId: id,
      seq: i + 1,
      at: o.now,
      kind: entry.kind,
      entry,
    })),
  );
  return id;
}
