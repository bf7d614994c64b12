import type { TMetric } from '@carewatch/contracts/vitals';
import { CANONICAL_UNIT } from '@carewatch/contracts/vitals';

/** mg/dL of glucose per mmol/L. */
export const GLUCOSE_MGDL_PER_MMOL = 18.0182;
/** umol/L of uric acid per mg/dL. */
export const URIC_UMOL_PER_MGDL = 59.48;
/** mg/dL of cholesterol per mmol/L. */
export const CHOLESTEROL_MGDL_PER_MMOL = 38.67;
/** kg per pound. */
export const KG_PER_LB = 0.45359237;

export const cToF = (c: number): number => (c * 9) / 5 + 32;
export const fToC = (f: number): number => ((f - 32) * 5) / 9;
export const kgToLb = (kg: number): number => kg / KG_PER_LB;
export const lbToKg = (lb: number): number => lb * KG_PER_LB;
export const glucoseMgdlToMmol = (mgdl: number): number => mgdl / GLUCOSE_MGDL_PER_MMOL;
export const glucoseMmolToMgdl = (mmol: number): number => mmol * GLUCOSE_MGDL_PER_MMOL;
export const uricMgdlToUmol = (mgdl: number): number => mgdl * URIC_UMOL_PER_MGDL;
export const uricUmolToMgdl = (umol: number): number => umol / URIC_UMOL_PER_MGDL;
export const cholesterolMgdlToMmol = (mgdl: number): number => mgdl / CHOLESTEROL_MGDL_PER_MMOL;
export const cholesterolMmolToMgdl = (mmol: number): number => mmol * CHOLESTEROL_MGDL_PER_MMOL;

type Conv = { to: (v: number) => number; from: (v: number) => number };
const ID: Conv = { to: (v) => v, from: (v) => v };

/** For each metric with alternatives: unit → conversion to (and from) the canonical unit. */
const CONVERSIONS: Partial<Record<TMetric, Record<string, Conv>>> = {
  temperature: { C: ID, F: { to: fToC, from: cToF } },
  weight: { kg: ID, lb: { to: lbToKg, from: kgToLb } },
  blood_glucose: {
    'mmol/L': ID,
    'mg/dL': { to: glucoseMgdlToMmol, from: glucoseMmolToMgdl },
    'umol/L': { to: (v) => v / 1000, from: (v) => v * 1000 },
  },
  uric_acid: { 'umol/L': ID, 'mg/dL': { to: uricMgdlToUmol, from: uricUmolToMgdl } },
  cholesterol: { 'mmol/L': ID, 'mg/dL': { to: cholesterolMgdlToMmol, from: cholesterolMmolToMgdl } },
};

/** Units a metric's value may be given in (the canonical one first). */
export function unitsOf(metric: TMetric): string[] {
  const c = CONVERSIONS[metric];
  return c ? Object.keys(c) : [CANONICAL_UNIT[metric]];
}

/**
 * A value sent in `unit` (default: the canonical unit) as the canonical (stored) number, or null when the unit
 * is not one the metric accepts.
 */
export function toCanonical(metric: TMetric, value: number, unit?: string | null): number | null {
  const canonical = CANONICAL_UNIT[metric];
  if (unit === undefined || unit === null || unit === '' || unit === canonical) return value;
  const conv = CONVERSIONS[metric]?.[unit];
  return conv ? conv.to(value) : null;
}

/** Display preferences: the user's unit settings (or the tenant's defaults). */
export type UnitPrefs = {
  unitSystem: 'metric' | 'imperial';
  thermalUnit: 'C' | 'F';
  bloodGlucoseUnit: 'mg/dL' | 'mmol/L' | 'umol/L';
  acidUricUnit?: 'umol/L' | 'mg/dL';
};

/** The unit a metric is shown in for these preferences. */
export function displayUnit(metric: TMetric, prefs: UnitPrefs): string {
  switch (metric) {
    case 'temperature':
      return prefs.thermalUnit;
    case 'weight':
      return prefs.unitSystem === 'imperial' ? 'lb' : 'kg';
    case 'blood_glucose':
      return prefs.bloodGlucoseUnit;
    case 'uric_acid':
      return prefs.acidUricUnit ?? 'umol/L';
    // Cholesterol follows the glucose choice: mass units (mg/dL) or molar units (mmol/L).
    case 'cholesterol':
      return prefs.bloodGlucoseUnit === 'mg/dL' ? 'mg/dL' : 'mmol/L';
    default:
      return CANONICAL_UNIT[metric];
  }
}

/** A canonical (stored) value converted for display, with its unit. */
export function fromCanonical(metric: TMetric, value: number, prefs: UnitPrefs): { value: number; unit: string } {
  const unit = displayUnit(metric, prefs);
  const conv = CONVERSIONS[metric]?.[unit];
  return { value: conv ? conv.from(value) : value, unit };
}
