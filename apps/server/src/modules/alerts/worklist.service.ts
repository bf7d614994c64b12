import { personName } from '@carewatch/contracts/names';
import type { TAlertLevel, TThresholdIndex } from '@carewatch/contracts/alerts';
import type { TMetric } from '@carewatch/contracts/vitals';
import {
  WORKLIST_TIERS,
  type TWorklistItem,
  type TWorklistPage,
  type TWorklistQuery,
} from '@carewatch/contracts/worklist';
import { TREND_READINGS, trendOf } from '@carewatch/clinical/trend';
import type { AuthedCtx } from '../../platform/context.ts';
import { patientVisibility } from '../patients/patient-access.ts';
import { notWornOf, silenceOf, silenceRuleOf } from '../patients/patients.service.ts';
import * as repo from './worklist.repo.ts';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/**
 * The triage worklist: one row per patient the caller may see with an open alert or SOS case, most severe tier first
 * (an open SOS case is SOS whatever its alert's level), then the longest waiting; the latest value of the triggering
 * index with its trend, the patient's doctors, and whether the alert was acknowledged.
 */
export async function worklist(ctx: AuthedCtx, q: TWorklistQuery): Promise<TWorklistPage> {
  const lang = ctx.auth.language;
  const { rows, total } = await repo.worklist(ctx.db, ctx.auth.tenantId, patientVisibility(ctx.auth), {
    tiers: WORKLIST_TIERS,
    sosTier: 'sos',
    only: q.tier,
    recent: TREND_READINGS,
    page: q.page,
    size: q.size,
  });
  const rule = await silenceRuleOf(ctx, ctx.auth.tenantId);
  const items: TWorklistItem[] = rows.map((r) => {
    const index = r.idx as TThresholdIndex | null;
    const recent = (r.recent ?? []).filter((v): v is number => v !== null).reverse();
    return {
      patientId: r.patient_id,
      patientName: personName({ firstName: r.first_name, lastName: r.last_name }, lang),
      patientCode: r.patient_code,
      level: r.level as TAlertLevel,
      alertId: r.alert_id,
      sosCaseId: r.sos_case_id,
      metric: r.metric as TMetric | null,
      index,
      value: r.value,
      trend: index ? trendOf(index, recent) : null,
      assignees: r.assignees.map((u) => ({
        id: u.id,
        name: personName({ firstName: u.first_name, lastName: u.last_name }, lang),
      })),
      acknowledgedAt: iso(r.acknowledged_at),
      acknowledgedBy: r.acknowledged_by
        ? {
            id: r.acknowledged_by,
            name: personName({ firstName: r.ack_first_name ?? '', lastName: r.ack_last_name ?? '' }, lang),
          }
        : null,
      waitingSince: iso(r.waiting_since)!,
      openAlerts: r.open_alerts,
      ...silenceOf(r.last_reading_at, r.paired_since, rule),
      ...notWornOf(r.not_worn_since),
    };
  });
  return { items, total, page: q.page, size: q.size };
}
