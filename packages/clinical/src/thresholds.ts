import {
  THRESHOLD_TIERS,
  TIER_LEVEL,
  type TAlertLevel,
  type TAlertRule,
  type TThreshold,
  type TThresholdIndex,
  type TThresholdTier,
} from '@carewatch/contracts/alerts';
import type { TMetric } from '@carewatch/contracts/vitals';
import { maxHeartRate } from './cardio.ts';

/** A stored reading in canonical units (as `ValidRow` of vitals): blood pressure has systolic in `value`, diastolic in `value2`. */
export type EvaluableReading = { metric: TMetric; value: number | null; value2?: number | null | undefined };
export type PatientContext = { age: number | null; sex: 'male' | 'female' | null };
export type Evaluation = {
  metric: TMetric;
  level: TAlertLevel;
  /** The index that decided the level (the worse of systolic and diastolic for blood pressure). */
  index: TThresholdIndex;
  /** The limit crossed; null when the level is normal. */
  rule: TAlertRule | null;
  value: number;
};

const RANK: Record<TAlertLevel, number> = { normal: 0, at_risk: 1, high_risk: 2, sos: 3 };
export const levelRank = (l: TAlertLevel): number => RANK[l];
/** The most severe of the given levels (`normal` when none). */
export function worstLevel(...levels: readonly TAlertLevel[]): TAlertLevel {
  let w: TAlertLevel = 'normal';
  for (const l of levels) if (RANK[l] > RANK[w]) w = l;
  return w;
}
export const isMoreSevere = (a: TAlertLevel, b: TAlertLevel): boolean => RANK[a] > RANK[b];

/** Indexes read from each metric; metrics absent here raise no alert. */
export const METRIC_INDEXES: Partial<Record<TMetric, readonly TThresholdIndex[]>> = {
  heart_rate: ['heart_rate'],
  hrv: ['hrv'],
  blood_pressure: ['systolic', 'diastolic'],
  spo2: ['spo2'],
  temperature: ['temperature'],
  blood_glucose: ['blood_glucose'],
  respiratory_rate: ['respiratory_rate'],
  qtc: ['qtc'],
  weight: ['weight'],
};

/**
 * Applies the patient's age and sex to a `personalized` threshold (tenant defaults): heart rate high side becomes
 * at-risk 100 (resting tachycardia), high risk 85 % and SOS 100 % of max HR = 205.8 − 0.685 × age; QTc high at-risk
 * becomes ≥ 441 ms for men, ≥ 461 ms for women (prolonged above 440 / 460). Unknown age or sex, or a non-personalized
 * threshold, is returned unchanged (the stored reference values apply).
 */
export function personalizeThreshold(t: TThreshold, ctx: PatientContext): TThreshold {
  if (!t.personalized) return t;
  if (t.index === 'heart_rate' && ctx.age !== null && Number.isFinite(ctx.age) && ctx.age >= 0) {
    const max = maxHeartRate(ctx.age);
    const atRisk = t.high.atRisk ?? 100;
    const highRisk = Math.max(atRisk, Math.round(0.85 * max));
    return { ...t, high: { atRisk, highRisk, sos: Math.max(highRisk, max) } };
  }
  if (t.index === 'qtc' && ctx.sex !== null) {
    const atRisk = ctx.sex === 'male' ? 441 : 461;
    const next = t.high.highRisk ?? t.high.sos;
    return { ...t, high: { ...t.high, atRisk: next === null ? atRisk : Math.min(atRisk, next) } };
  }
  return t;
}

/** Level of one value against one index's threshold (low side `<`, high side `≥`), with the crossed rule. */
export function evaluateIndex(value: number, t: TThreshold): { level: TAlertLevel; rule: TAlertRule | null } {
  // From the most severe tier down: the first crossed tier wins.
  for (let i = THRESHOLD_TIERS.length - 1; i >= 0; i--) {
    const tier: TThresholdTier = THRESHOLD_TIERS[i]!;
    const lo = t.low[tier];
    if (lo !== null && value < lo)
      return { level: TIER_LEVEL[tier], rule: { index: t.index, side: 'low', tier, limit: lo } };
    const hi = t.high[tier];
    if (hi !== null && value >= hi)
      return { level: TIER_LEVEL[tier], rule: { index: t.index, side: 'high', tier, limit: hi } };
  }
  return { level: 'normal', rule: null };
}

/**
 * Evaluates one reading against the patient's effective thresholds (one per index; a missing index counts as no
 * limits). Returns null for metrics that raise no alert or readings without a value. Blood pressure evaluates systolic
 * and diastolic and keeps the worse (systolic on a tie).
 */
export function evaluate(
  reading: EvaluableReading,
  thresholds: readonly TThreshold[],
  ctx: PatientContext,
): Evaluation | null {
  const indexes = METRIC_INDEXES[reading.metric];
  if (!indexes) return null;
  let best: Evaluation | null = null;
  for (let i = 0; i < indexes.length; i++) {
    const index = indexes[i]!;
    const value = i === 0 ? reading.value : reading.value2;
    if (value === null || value === undefined || !Number.isFinite(value)) continue;
    const t = thresholds.find((x) => x.index === index);
    const r = t ? evaluateIndex(value, personalizeThreshold(t, ctx)) : { level: 'normal' as const, rule: null };
    if (!best || RANK[r.level] > RANK[best.level])
      best = { metric: reading.metric, level: r.level, index, rule: r.rule, value };
  }
  return best;
}

/** Readable form of a rule for trails and messages, e.g. `spo2 < 92 (high risk)`. */
export function ruleText(rule: TAlertRule): string {
  const tier = { atRisk: 'at risk', highRisk: 'high risk', sos: 'SOS' }[rule.tier];
  return `${rule.index} ${rule.side === 'low' ? '<' : '≥'} ${rule.limit} (${tier})`;
}

/** The open alert of a patient for one metric, as far as evaluation cares. */
export type OpenAlertLevel = { level: Exclude<TAlertLevel, 'normal'> } | null;
export type AlertDecision =
  | { action: 'none' }
  | { action: 'open'; level: Exclude<TAlertLevel, 'normal'> }
  | { action: 'raise'; from: Exclude<TAlertLevel, 'normal'>; level: Exclude<TAlertLevel, 'normal'> }
  /** Still abnormal at the same or a milder level: the alert stays at its level and nothing re-fires. */
  | { action: 'keep'; level: Exclude<TAlertLevel, 'normal'>; current: Exclude<TAlertLevel, 'normal'> }
  | { action: 'close' };

/**
 * What one evaluation does to the patient's open alert for that metric (alerts are kept per patient and metric):
 * no alert + abnormal → open; a more severe level → raise; same or milder but abnormal → keep; normal → close.
 */
export function nextPatientLevel(current: OpenAlertLevel, evaluation: Pick<Evaluation, 'level'>): AlertDecision {
  const l = evaluation.level;
  if (current === null) return l === 'normal' ? { action: 'none' } : { action: 'open', level: l };
  if (l === 'normal') return { action: 'close' };
  if (RANK[l] > RANK[current.level]) return { action: 'raise', from: current.level, level: l };
  return { action: 'keep', level: current.level, current: l };
}

/** The patient's status from the levels of their open alerts (normal when none). */
export const patientStatusFromAlerts = (levels: readonly TAlertLevel[]): TAlertLevel => worstLevel(...levels);
