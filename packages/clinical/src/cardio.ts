/** Blood-pressure classes of the patient-app spec §9 (SBP/DBP in mmHg). */
export type BpClass = 'normal' | 'elevated' | 'stage1' | 'stage2';

/**
 * SBP < 120 and DBP < 80: normal; SBP 120–129 with DBP < 80: elevated; SBP 130–139 or DBP 80–89: stage 1.
 * The spec stops at stage 1; readings above (SBP ≥ 140 or DBP ≥ 90) are stage 2, per the guideline it quotes.
 */
export function bpClass(systolic: number, diastolic: number): BpClass {
  if (systolic >= 140 || diastolic >= 90) return 'stage2';
  if (systolic >= 130 || diastolic >= 80) return 'stage1';
  if (systolic >= 120) return 'elevated';
  return 'normal';
}

/** Max HR = 205.8 − 0.685 × age (spec §9), rounded to a whole beat. */
export function maxHeartRate(ageYears: number): number {
  if (!Number.isFinite(ageYears) || ageYears < 0) throw new RangeError('age must be a non-negative number');
  return Math.round(205.8 - 0.685 * ageYears);
}

export type QtcClass = 'short' | 'normal' | 'prolonged' | 'risky';
/** QTc (ms): short < 350; prolonged > 440 (men) or > 460 (women); risky ≥ 500. */
export function qtcClass(qtcMs: number, sex: 'male' | 'female'): QtcClass {
  if (qtcMs >= 500) return 'risky';
  if (qtcMs > (sex === 'male' ? 440 : 460)) return 'prolonged';
  if (qtcMs < 350) return 'short';
  return 'normal';
}
