import {
  CANONICAL_UNIT,
  type TMetric,
  type TRangeQuery,
  type TSleepReport,
  type TStepsReport,
  type TVitalsQuery,
  type TVitalsSeries,
} from '@carewatch/contracts/vitals';
import type { TBpClass, TGoals, TGoalsUpdate, TMetricReport, TReportQuery } from '@carewatch/contracts/app-vitals';
import { compareWithIdeal, IDEAL_SLEEP_SHARE, type StageNumbers } from '@carewatch/clinical/sleep';
import { bpClass } from '@carewatch/clinical/cardio';
import {
  buildBuckets,
  isTimeZone,
  localDay,
  localMidnight,
  periodOf,
  stepsSummary,
  weightSummary,
} from '@carewatch/clinical/reports';
import type { AuthedCtx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { requireAppSubject } from '../patients/patient-access.ts';
import * as repo from './vitals.repo.ts';
import {
  ecgStrip,
  ecgStrips,
  series,
  sleepReport,
  sleepSessions,
  stepsReport,
  type PatientResolver,
} from './vitals.service.ts';

/* The patient app's metric pages: the staff reads with the app's access rule, plus reports and goals. */

const SESSIONS_MAX = 400;
/** A year of readings taken every few minutes stays well below this; BP and weight are a few a day. */
const RAW_MAX = 100_000;

async function readable(ctx: AuthedCtx, id: string, what: string): Promise<string> {
  const p = await requireAppSubject(ctx, id);
  await audit(ctx, { action: 'vitals.read', resource: 'patient', resourceId: p.id, details: { what, via: 'app' } });
  return p.id;
}

/** The staff reads, with the app's access rule (own record, a managed sub-user, an accepted follower's patient). */
const appSubject: PatientResolver = async (ctx, id) => (await requireAppSubject(ctx, id)).id;

export const appSeries = (ctx: AuthedCtx, id: string, q: TVitalsQuery): Promise<TVitalsSeries> =>
  series(ctx, id, q, appSubject);
export const appSleep = (ctx: AuthedCtx, id: string, q: TRangeQuery): Promise<TSleepReport> =>
  sleepReport(ctx, id, q, appSubject);
export const appSteps = (ctx: AuthedCtx, id: string, q: TRangeQuery): Promise<TStepsReport> =>
  stepsReport(ctx, id, q, appSubject);
export const appEcgList = (ctx: AuthedCtx, id: string, q: TRangeQuery) => ecgStrips(ctx, id, q, appSubject);
export const appEcgStrip = (ctx: AuthedCtx, id: string, measuredAt: string) =>
  ecgStrip(ctx, id, measuredAt, appSubject);

/** Counted metrics: their buckets are sums, and an empty day is a real 0 (never replaced by an average). */
const SUMMED: ReadonlySet<TMetric> = new Set(['steps', 'calories']);
/** Levels where §8's "averages of 0 or empty are replaced by overall averages" makes sense (not counts, not sleep). */
const NOT_FILLED: ReadonlySet<TMetric> = new Set(['steps', 'calories', 'sleep', 'ecg']);

/**
 * Week / month / year report of a metric. Days are cut in the viewer's profile time zone (users.timezone, which always
 * has a value; UTC if it is not a zone this runtime knows): the person reading the report sees "Monday" as theirs.
 */
export async function appReport(ctx: AuthedCtx, id: string, q: TReportQuery): Promise<TMetricReport> {
  const patientId = await readable(ctx, id, `report:${q.metric}`);
  const stored = await repo.userTimeZone(ctx.db, ctx.auth.tenantId, ctx.auth.userId);
  const timeZone = stored && isTimeZone(stored) ? stored : 'UTC';
  const p = periodOf(q.period, q.date);
  const from = localMidnight(p.startDate, timeZone);
  const to = localMidnight(p.next, timeZone);
  const T = ctx.auth.tenantId;

  const days = await repo.localDailyAggregates(ctx.db, T, patientId, q.metric, from, to, timeZone);
  const { buckets, summary } = buildBuckets(q.period, p.keys, days, {
    sum: SUMMED.has(q.metric),
    fill: !NOT_FILLED.has(q.metric),
    today: localDay(ctx.clock.now(), timeZone),
  });
  const out: TMetricReport = {
    metric: q.metric,
    period: q.period,
    unit: CANONICAL_UNIT[q.metric],
    timeZone,
    startDate: p.startDate,
    endDate: p.endDate,
    from: from.toISOString(),
    to: to.toISOString(),
    buckets,
    summary,
    bp: null,
    steps: null,
    sleep: null,
    weight: null,
  };

  if (q.metric === 'blood_pressure') {
    const counts: Record<TBpClass, number> = { normal: 0, elevated: 0, stage1: 0, stage2: 0 };
    for (const r of await repo.rawSeries(ctx.db, T, patientId, 'blood_pressure', from, to, RAW_MAX)) {
      if (r.value !== null && r.value2 !== null) counts[bpClass(r.value, r.value2)] += 1;
    }
    out.bp = { counts };
  } else if (q.metric === 'steps') {
    const g = await repo.goals(ctx.db, T, patientId);
    // Reaching the target is a per-day matter even in the year report (whose buckets are months).
    const perDay = days.map((d) => d.s ?? 0);
    out.steps = { ...stepsSummary(perDay, g.steps_target), target: g.steps_target };
  } else if (q.metric === 'weight') {
    const g = await repo.goals(ctx.db, T, patientId);
    const values = (await repo.rawSeries(ctx.db, T, patientId, 'weight', from, to, RAW_MAX)).flatMap((r) =>
      r.value === null ? [] : [r.value],
    );
    out.weight = weightSummary(values, g.target_weight_kg);
  } else if (q.metric === 'sleep') {
    const [t, rows] = await Promise.all([
      repo.targets(ctx.db, T, patientId),
      repo.withData(ctx.db, T, patientId, 'sleep', from, to, SESSIONS_MAX),
    ]);
    const sessions = sleepSessions(rows);
    out.sleep = sleepOfPeriod(sessions, t.sleep_target_minutes);
    // Sleep buckets carry the time asleep per night, summed on the local day each night ended.
    const perKey = new Map<string, number>();
    for (const s of sessions) {
      const day = localDay(new Date(s.end), timeZone);
      const key = q.period === 'year' ? day.slice(0, 7) : day;
      perKey.set(key, (perKey.get(key) ?? 0) + s.totalMinutes);
    }
    for (const b of out.buckets) b.sum = perKey.get(b.key) ?? null;
  }
  return out;
}

function sleepOfPeriod(
  sessions: TSleepReport['sessions'],
  targetMinutes: number | null,
): NonNullable<TMetricReport['sleep']> {
  const minutes: StageNumbers = { awake: 0, light: 0, deep: 0, rem: 0 };
  let asleep = 0;
  for (const s of sessions) {
    minutes.awake += s.minutes.awake;
    minutes.light += s.minutes.light;
    minutes.deep += s.minutes.deep;
    minutes.rem += s.minutes.rem;
    asleep += s.totalMinutes;
  }
  const all = minutes.awake + minutes.light + minutes.deep + minutes.rem;
  const pct = (m: number) => (all > 0 ? Math.round((m / all) * 1000) / 10 : 0);
  const verdicts = compareWithIdeal(minutes);
  const ideal = (stage: 'deep' | 'light' | 'rem') => ({ ...verdicts[stage], ...IDEAL_SLEEP_SHARE[stage] });
  return {
    sessions: sessions.length,
    avgMinutes: sessions.length > 0 ? Math.round((asleep / sessions.length) * 10) / 10 : null,
    targetMinutes,
    percent: { awake: pct(minutes.awake), light: pct(minutes.light), deep: pct(minutes.deep), rem: pct(minutes.rem) },
    ideal: { deep: ideal('deep'), light: ideal('light'), rem: ideal('rem') },
  };
}

export async function appGoals(ctx: AuthedCtx, id: string): Promise<TGoals> {
  const p = await requireAppSubject(ctx, id);
  const g = await repo.goals(ctx.db, ctx.auth.tenantId, p.id);
  return { targetWeightKg: g.target_weight_kg, stepsTarget: g.steps_target };
}

/** Only the patient themself or the account managing a sub-user sets goals; a follower only reads them. */
export async function updateAppGoals(ctx: AuthedCtx, id: string, body: TGoalsUpdate): Promise<TGoals> {
  const p = await requireAppSubject(ctx, id);
  if (p.relation !== 'self' && p.relation !== 'sub_user') throw new AppError('PERMISSION_DENIED');
  await repo.updateGoals(ctx.db, ctx.auth.tenantId, p.id, body);
  await audit(ctx, {
    action: 'patient.goals.update',
    resource: 'patient',
    resourceId: p.id,
    details: { targetWeight: body.targetWeightKg !== undefined, stepsTarget: body.stepsTarget !== undefined },
  });
  return appGoals(ctx, id);
}
