import type { TAlertLevel } from '@carewatch/contracts/alerts';
import type { TWeekLoad } from '@carewatch/contracts/dashboards';

/** How long the coach dashboard's "week" is: the 7 days before now (a rolling week, never empty on a Monday). */
export const LOAD_DAYS = 7;

/** The period [from, to) of the load shown at `now`. */
export function loadPeriod(now: Date, days = LOAD_DAYS): { from: Date; to: Date } {
  return { from: new Date(now.getTime() - days * 86_400_000), to: now };
}

/** A stored session as the aggregation needs it. */
export type LoadSession = {
  patientId: string;
  startedAt: Date;
  durationSec: number;
  distanceM: number | null;
  steps: number | null;
  calories: number | null;
};

export const EMPTY_LOAD: TWeekLoad = {
  sessions: 0,
  durationSec: 0,
  distanceM: 0,
  steps: 0,
  calories: 0,
  lastSessionAt: null,
};

/** Adds one session to a load (missing values count as 0; the newest start is kept). */
function add(load: TWeekLoad, s: Pick<LoadSession, 'startedAt' | 'durationSec' | 'distanceM' | 'steps' | 'calories'>) {
  const at = s.startedAt.toISOString();
  return {
    sessions: load.sessions + 1,
    durationSec: load.durationSec + s.durationSec,
    distanceM: load.distanceM + (s.distanceM ?? 0),
    steps: load.steps + (s.steps ?? 0),
    calories: load.calories + (s.calories ?? 0),
    lastSessionAt: load.lastSessionAt === null || at > load.lastSessionAt ? at : load.lastSessionAt,
  };
}

/** Rounds what is shown: whole metres and kilocalories (sums of doubles otherwise show 5200.000000001). */
const rounded = (l: TWeekLoad): TWeekLoad => ({
  ...l,
  distanceM: Math.round(l.distanceM),
  calories: Math.round(l.calories),
});

/**
 * Each patient's load over [from, to): sessions started in the period only. Every id of `patientIds` gets a load (the
 * empty one without sessions); sessions of other patients are ignored.
 */
export function weekLoads(
  patientIds: readonly string[],
  sessions: readonly LoadSession[],
  period: { from: Date; to: Date },
): Map<string, TWeekLoad> {
  const out = new Map<string, TWeekLoad>(patientIds.map((id) => [id, EMPTY_LOAD]));
  for (const s of sessions) {
    const cur = out.get(s.patientId);
    if (!cur) continue;
    const t = s.startedAt.getTime();
    if (t < period.from.getTime() || t >= period.to.getTime()) continue;
    out.set(s.patientId, add(cur, s));
  }
  for (const [id, l] of out) out.set(id, rounded(l));
  return out;
}

/** The team's load: the sum of the players' loads. */
export function teamLoad(loads: Iterable<TWeekLoad>): TWeekLoad {
  let total = EMPTY_LOAD;
  for (const l of loads) {
    total = {
      sessions: total.sessions + l.sessions,
      durationSec: total.durationSec + l.durationSec,
      distanceM: total.distanceM + l.distanceM,
      steps: total.steps + l.steps,
      calories: total.calories + l.calories,
      lastSessionAt:
        l.lastSessionAt !== null && (total.lastSessionAt === null || l.lastSessionAt > total.lastSessionAt)
          ? l.lastSessionAt
          : total.lastSessionAt,
    };
  }
  return rounded(total);
}

const SEVERITY: Record<TAlertLevel, number> = { normal: 0, at_risk: 1, high_risk: 2, sos: 3 };

/** The dashboards' order: the most severe level first, then the oldest open alert first, then by name, then id. */
export function byAttention(
  a: { level: TAlertLevel; openAlert: { since: string } | null; name: string; patientId: string },
  b: { level: TAlertLevel; openAlert: { since: string } | null; name: string; patientId: string },
): number {
  const bySeverity = SEVERITY[b.level] - SEVERITY[a.level];
  if (bySeverity !== 0) return bySeverity;
  const since = (a.openAlert?.since ?? '').localeCompare(b.openAlert?.since ?? '');
  if (since !== 0) return since;
  const byName = a.name.localeCompare(b.name);
  return byName !== 0 ? byName : a.patientId.localeCompare(b.patientId);
}
