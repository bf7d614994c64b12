import { personName } from '@carewatch/contracts/names';
import type { TAlert, TAlertTrailEntry, TSosCaseOutcome, TSosCaseStatus } from '@carewatch/contracts/alerts';
import type { TTimelineSos } from '@carewatch/contracts/timeline';
import type { AuthedCtx } from '../../platform/context.ts';
import { toSummary } from './alerts.engine.ts';
import * as repo from './patient-alert-history.repo.ts';
import { withProviderAnswers } from './trail-answers.ts';

/*
 * A patient's alerts and SOS cases of a period, for the patient timeline and the patient report (issue 20). The
 * caller has checked the patient is visible (requireVisiblePatient).
 */

export type Before = repo.Before;

/** Alerts opened in [from, to], newest first, each with its trail (reading → rule → tier → notifications → acknowledgement). */
export async function patientAlertsWithTrail(
  ctx: AuthedCtx,
  patientId: string,
  from: Date,
  to: Date,
  before: Before,
  limit: number,
): Promise<TAlert[]> {
  const T = ctx.auth.tenantId;
  const rows = await repo.alertsOfPatient(ctx.db, T, patientId, from, to, before, limit);
  const ids = rows.map((r) => r.id);
  const [steps, deliveries] = await Promise.all([
    repo.trailsOf(ctx.db, T, ids),
    repo.deliveryAnswersOf(ctx.db, T, ids),
  ]);
  const group = <X extends { alert_id: string }>(xs: readonly X[]) => {
    const m = new Map<string, X[]>();
    for (const x of xs) m.set(x.alert_id, [...(m.get(x.alert_id) ?? []), x]);
    return m;
  };
  const trails = group(steps);
  const answers = group(deliveries);
  return rows.map((r) => {
    const { patientName: _n, patientCode: _c, ...alert } = toSummary(r, { name: '', code: null });
    return {
      ...alert,
      trail: withProviderAnswers(
        (trails.get(r.id) ?? []).map((s) => s.entry as TAlertTrailEntry),
        answers.get(r.id) ?? [],
      ),
    };
  });
}

export type PatientSosCase = TTimelineSos['sosCase'] & { openedAt: string };

/** SOS cases opened in [from, to], newest first; `closedBy` the closer's name in the reader's language. */
export async function patientSosCases(
  ctx: AuthedCtx,
  patientId: string,
  from: Date,
  to: Date,
  before: Before,
  limit: number,
): Promise<PatientSosCase[]> {
  const rows = await repo.sosCasesOfPatient(ctx.db, ctx.auth.tenantId, patientId, from, to, before, limit);
  return rows.map((r) => ({
    id: r.id,
    alertId: r.alert_id,
    reason: r.reason as PatientSosCase['reason'],
    status: r.status as TSosCaseStatus,
    outcome: r.outcome as TSosCaseOutcome | null,
    openedAt: new Date(r.opened_at).toISOString(),
    closedAt: r.closed_at ? new Date(r.closed_at).toISOString() : null,
    closedBy:
      r.closed_by_first === null && r.closed_by_last === null
        ? null
        : personName({ firstName: r.closed_by_first, lastName: r.closed_by_last }, ctx.auth.language),
    closeNote: r.close_note,
  }));
}
