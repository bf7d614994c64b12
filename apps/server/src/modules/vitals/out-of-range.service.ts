import type { TAlertLevel } from '@carewatch/contracts/alerts';
import { CANONICAL_UNIT, type TMetric } from '@carewatch/contracts/vitals';
import { evaluate } from '@carewatch/clinical/thresholds';
import type { AuthedCtx } from '../../platform/context.ts';
import { patientContext, thresholdsForEvaluation } from '../alerts/thresholds.service.ts';
import * as repo from './vitals-export.repo.ts';

/** The timeline reads the readings a week at a time, newest first. */
const SCAN_WINDOW_MS = 7 * 86_400_000;

/** A reading whose level was not normal, in canonical units. */
export type OutOfRangeReading = {
  id: string;
  at: Date;
  metric: TMetric;
  value: number | null;
  value2: number | null;
  unit: string;
  level: Exclude<TAlertLevel, 'normal'>;
};

/**
 * The readings of [from, to] that crossed one of the patient's alert thresholds, classified as the alert engine does
 * (the patient's effective thresholds, personalized by age and gender), newest first, the newest `limit` of them
 * strictly before `before` (patient timeline, issue 20). The caller has checked the patient is visible.
 */
export async function outOfRangeReadings(
  ctx: AuthedCtx,
  patientId: string,
  from: Date,
  to: Date,
  before: { at: Date; id: string } | null,
  limit: number,
): Promise<OutOfRangeReading[]> {
  const T = ctx.auth.tenantId;
  const [p, thresholds] = await Promise.all([
    repo.patientOfExport(ctx.db, T, patientId),
    thresholdsForEvaluation(ctx.db, T, patientId),
  ]);
  const pctx = patientContext(p?.birthday ?? null, p?.gender ?? null, ctx.clock.now());
  // [from, to]: the export reads [from, to + 1 ms).
  const end = new Date(Math.min(to.getTime(), before ? before.at.getTime() : Infinity) + 1);
  const found: OutOfRangeReading[] = [];
  // Newest week first, then the week before…: a page stops reading once it has `limit` readings, instead of reading the
  // whole period (up to a year of per-minute readings) for each page.
  let hi = end;
  while (hi.getTime() > from.getTime() && found.length < limit) {
    const lo = new Date(Math.max(from.getTime(), hi.getTime() - SCAN_WINDOW_MS));
    for await (const rows of repo.exportReadings(ctx.db, T, patientId, lo, hi)) {
      for (const r of rows) {
        const metric = r.metric as TMetric;
        const ev = evaluate({ metric, value: r.value, value2: r.value2 }, thresholds, pctx);
        if (!ev || ev.level === 'normal') continue;
        const at = new Date(r.measured_at);
        const id = `r${at.getTime()}-${metric}-${r.source}`.replace(/[^A-Za-z0-9_.:-]/g, '_');
        if (before && (at.getTime() > before.at.getTime() || (at.getTime() === before.at.getTime() && id >= before.id)))
          continue;
        found.push({
          id,
          at,
          metric,
          value: r.value,
          value2: r.value2,
          unit: CANONICAL_UNIT[metric] ?? '',
          level: ev.level,
        });
      }
    }
    hi = lo;
  }
  found.sort((a, b) => b.at.getTime() - a.at.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  return found.slice(0, limit);
}
