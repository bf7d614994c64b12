import { LOINC, UCUM, type TFhirCodeableConcept, type TFhirCoding } from '@carewatch/contracts/fhir';
import type { TMetric } from '@carewatch/contracts/vitals';

/** http://terminology.hl7.org/CodeSystem/observation-category codes used here. */
export type ObservationCategory = 'vital-signs' | 'activity' | 'laboratory' | 'procedure' | 'exam';

/**
 * How each stored metric is written in FHIR: its LOINC code and the UCUM unit of its stored (canonical) value
 * (contracts/vitals.ts CANONICAL_UNIT). Blood pressure is the LOINC panel with systolic and diastolic components;
 * ECG is an MDC-coded SampledData Observation (LOINC has no code for the waveform itself).
 */
export type MetricCode = {
  metric: TMetric;
  system: string;
  code: string;
  display: string;
  /** Other codings the same Observation carries (searchable too). */
  also?: TFhirCoding[];
  category: ObservationCategory;
  /** UCUM code and the human unit text of the stored value. */
  ucum: string;
  unit: string;
};

export const MDC = 'urn:oid:2.16.840.1.113883.6.24';

export const METRIC_CODES: Record<TMetric, MetricCode> = {
  heart_rate: {
    metric: 'heart_rate',
    system: LOINC,
    code: '8867-4',
    display: 'Heart rate',
    category: 'vital-signs',
    ucum: '/min',
    unit: '/min',
  },
  spo2: {
    metric: 'spo2',
    system: LOINC,
    code: '59408-5',
    display: 'Oxygen saturation in Arterial blood by Pulse oximetry',
    also: [{ system: LOINC, code: '2708-6', display: 'Oxygen saturation in Arterial blood' }],
    category: 'vital-signs',
    ucum: '%',
    unit: '%',
  },
  blood_pressure: {
    metric: 'blood_pressure',
    system: LOINC,
    code: '85354-9',
    display: 'Blood pressure panel with all children optional',
    category: 'vital-signs',
    ucum: 'mm[Hg]',
    unit: 'mmHg',
  },
  temperature: {
    metric: 'temperature',
    system: LOINC,
    code: '8310-5',
    display: 'Body temperature',
    category: 'vital-signs',
    ucum: 'Cel',
    unit: 'C',
  },
  weight: {
    metric: 'weight',
    system: LOINC,
    code: '29463-7',
    display: 'Body weight',
    category: 'vital-signs',
    ucum: 'kg',
    unit: 'kg',
  },
  bmi: {
    metric: 'bmi',
    system: LOINC,
    code: '39156-5',
    display: 'Body mass index (BMI) [Ratio]',
    category: 'vital-signs',
    ucum: 'kg/m2',
    unit: 'kg/m2',
  },
  respiratory_rate: {
    metric: 'respiratory_rate',
    system: LOINC,
    code: '9279-1',
    display: 'Respiratory rate',
    category: 'vital-signs',
    ucum: '/min',
    unit: '/min',
  },
  blood_glucose: {
    metric: 'blood_glucose',
    system: LOINC,
    code: '15074-8',
    display: 'Glucose [Moles/volume] in Blood',
    category: 'laboratory',
    ucum: 'mmol/L',
    unit: 'mmol/L',
  },
  uric_acid: {
    metric: 'uric_acid',
    system: LOINC,
    code: '14933-6',
    display: 'Urate [Moles/volume] in Serum or Plasma',
    category: 'laboratory',
    ucum: 'umol/L',
    unit: 'umol/L',
  },
  cholesterol: {
    metric: 'cholesterol',
    system: LOINC,
    code: '14647-2',
    display: 'Cholesterol [Moles/volume] in Serum or Plasma',
    category: 'laboratory',
    ucum: 'mmol/L',
    unit: 'mmol/L',
  },
  hrv: {
    metric: 'hrv',
    system: LOINC,
    code: '80404-7',
    display: 'R-R interval.standard deviation (Heart rate variability)',
    category: 'exam',
    ucum: 'ms',
    unit: 'ms',
  },
  qtc: {
    metric: 'qtc',
    system: LOINC,
    code: '8636-3',
    display: 'Q-T interval corrected',
    category: 'exam',
    ucum: 'ms',
    unit: 'ms',
  },
  body_composition: {
    metric: 'body_composition',
    system: LOINC,
    code: '41982-0',
    display: 'Percentage of body fat Measured',
    category: 'exam',
    ucum: '%',
    unit: '%',
  },
  steps: {
    metric: 'steps',
    system: LOINC,
    code: '55423-8',
    display: 'Number of steps in unspecified time Pedometer',
    category: 'activity',
    ucum: '{steps}',
    unit: 'steps',
  },
  calories: {
    metric: 'calories',
    system: LOINC,
    code: '41981-2',
    display: 'Calories burned',
    category: 'activity',
    ucum: 'kcal',
    unit: 'kcal',
  },
  sleep: {
    metric: 'sleep',
    system: LOINC,
    code: '93832-4',
    display: 'Sleep duration',
    category: 'activity',
    ucum: 'min',
    unit: 'min',
  },
  ecg: {
    metric: 'ecg',
    system: MDC,
    code: '131328',
    display: 'MDC_ECG_ELEC_POTL',
    also: [{ system: LOINC, code: '11524-6', display: 'EKG study' }],
    category: 'procedure',
    ucum: 'mV',
    unit: 'mV',
  },
};

/** Blood pressure components and the pulse a cuff may give with it. */
export const BP_SYSTOLIC = { system: LOINC, code: '8480-6', display: 'Systolic blood pressure' };
export const BP_DIASTOLIC = { system: LOINC, code: '8462-4', display: 'Diastolic blood pressure' };
export const HEART_RATE = { system: LOINC, code: '8867-4', display: 'Heart rate' };
export { LOINC, UCUM };

export const OBSERVATION_CATEGORY = 'http://terminology.hl7.org/CodeSystem/observation-category';
export const DATA_ABSENT = 'http://terminology.hl7.org/CodeSystem/data-absent-reason';

const ALL = Object.values(METRIC_CODES);

/**
 * The metrics a `code` search names: `system|code`, `|code` (no system), or a bare `code`; comma-separated
 * alternatives. Codes of no metric name nothing (an empty result, as FHIR wants for an unknown code).
 */
export function metricsForCodeParam(param: string): TMetric[] {
  const out = new Set<TMetric>();
  for (const raw of param.split(',')) {
    const token = raw.trim();
    const bar = token.indexOf('|');
    const system = bar < 0 ? null : token.slice(0, bar);
    const code = bar < 0 ? token : token.slice(bar + 1);
    for (const m of ALL) {
      const codings = [{ system: m.system, code: m.code }, ...(m.also ?? [])];
      if (codings.some((c) => c.code === code && (system === null || system === '' || system === c.system)))
        out.add(m.metric);
    }
  }
  return [...out];
}

/** The metrics of an Observation `category` search (`vital-signs`, `system|activity`…). */
export function metricsForCategoryParam(param: string): TMetric[] {
  const cats = param.split(',').map((t) => {
    const x = t.trim();
    const bar = x.indexOf('|');
    return bar < 0
      ? x
      : x.slice(0, bar) === '' || x.slice(0, bar) === OBSERVATION_CATEGORY
        ? x.slice(bar + 1)
        : '\u0000';
  });
  return ALL.filter((m) => cats.includes(m.category)).map((m) => m.metric);
}

export function categoryConcept(c: ObservationCategory): TFhirCodeableConcept {
  const display: Record<ObservationCategory, string> = {
    'vital-signs': 'Vital Signs',
    activity: 'Activity',
    laboratory: 'Laboratory',
    procedure: 'Procedure',
    exam: 'Exam',
  };
  return { coding: [{ system: OBSERVATION_CATEGORY, code: c, display: display[c] }] };
}
