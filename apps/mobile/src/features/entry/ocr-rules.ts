import { displayUnit, fromCanonical, toCanonical, type UnitPrefs } from '@carewatch/clinical/units';
import type { EntryField, EntryMetric } from './entry-rules.ts';

/** The devices a photo can be read from, in the order the picker shows them. */
export const OCR_DEVICES = ['bp_monitor', 'glucometer', 'scale', 'thermometer', 'oximeter'] as const;
export type OcrDevice = (typeof OCR_DEVICES)[number];

/** A number found on the photo; larger `height` = larger digits. Reading order: top to bottom, left to right. */
export type OcrNumber = { text: string; value: number; decimals: number; height: number };

export type OcrOutcome =
  | { ok: true; values: Partial<Record<EntryField, string>>; metrics: EntryMetric[] }
  | { ok: false; reason: 'cannotDetect' };

const CANNOT: OcrOutcome = { ok: false, reason: 'cannotDetect' };

const between = (v: number, lo: number, hi: number) => v >= lo && v <= hi;
const isInt = (n: OcrNumber) => n.decimals === 0 && Number.isInteger(n.value);

/** Numbers drawn much smaller than the main value (clock, memory number, fine print) are left out. */
function prominent(numbers: readonly OcrNumber[], share: number): OcrNumber[] {
  const top = Math.max(0, ...numbers.map((n) => n.height));
  return numbers.filter((n) => Number.isFinite(n.value) && n.height >= share * top);
}

/** A value in `unit`, shown in the user's unit for the metric (what the form's field expects). */
function inUserUnit(metric: EntryMetric, value: number, unit: string, prefs: UnitPrefs): string {
  const canonical = toCanonical(metric, value, unit) ?? value;
  const shown = fromCanonical(metric, canonical, prefs);
  const digits = shown.unit === 'mg/dL' ? 0 : 1;
  return String(Number(shown.value.toFixed(digits)));
}

/**
 * BP monitor: systolic and diastolic are the two first large values (in the order the monitor shows them), the
 * pulse the next value. Systolic must exceed diastolic; the pulse is optional.
 */
function bloodPressure(numbers: readonly OcrNumber[]): OcrOutcome {
  const ints = prominent(numbers, 0.3).filter(isInt);
  const large = prominent(ints, 0.6);
  const sys = large.find((n) => between(n.value, 60, 260));
  if (!sys) return CANNOT;
  const afterSys = large.slice(large.indexOf(sys) + 1);
  const dia = afterSys.find((n) => between(n.value, 30, 160) && n.value < sys.value);
  if (!dia) return CANNOT;
  const rest = ints.filter((n) => n !== sys && n !== dia && ints.indexOf(n) > ints.indexOf(dia));
  const pulse = rest.find((n) => between(n.value, 30, 220));
  return {
    ok: true,
    values: {
      systolic: String(sys.value),
      diastolic: String(dia.value),
      ...(pulse ? { heart_rate: String(pulse.value) } : {}),
    },
    metrics: pulse ? ['blood_pressure', 'heart_rate'] : ['blood_pressure'],
  };
}

/** Glucometer: a decimal value is mmol/L (1.1–33.3), a whole number 20–600 is mg/dL. */
function glucose(numbers: readonly OcrNumber[], prefs: UnitPrefs): OcrOutcome {
  for (const n of prominent(numbers, 0.6)) {
    const unit = n.decimals > 0 ? 'mmol/L' : n.value >= 20 ? 'mg/dL' : null;
    if (unit === 'mmol/L' && !between(n.value, 1.1, 33.3)) continue;
    if (unit === 'mg/dL' && !between(n.value, 20, 600)) continue;
    if (!unit) continue;
    return {
      ok: true,
      values: { blood_glucose: inUserUnit('blood_glucose', n.value, unit, prefs) },
      metrics: ['blood_glucose'],
    };
  }
  return CANNOT;
}

/** Scale: shown in the user's weight unit (a scale has no unit the photo could tell apart). */
function weight(numbers: readonly OcrNumber[], prefs: UnitPrefs): OcrOutcome {
  const unit = displayUnit('weight', prefs);
  const [lo, hi] = unit === 'lb' ? [4.4, 660] : [2, 300];
  const n = prominent(numbers, 0.6).find((x) => between(x.value, lo, hi));
  return n ? { ok: true, values: { weight: String(n.value) }, metrics: ['weight'] } : CANNOT;
}

/** Thermometer: 30–45 is °C, 86–113 is °F; shown in the user's unit. */
function temperature(numbers: readonly OcrNumber[], prefs: UnitPrefs): OcrOutcome {
  for (const n of prominent(numbers, 0.6)) {
    const unit = between(n.value, 30, 45) ? 'C' : between(n.value, 86, 113) ? 'F' : null;
    if (!unit) continue;
    return {
      ok: true,
      values: { temperature: inUserUnit('temperature', n.value, unit, prefs) },
      metrics: ['temperature'],
    };
  }
  return CANNOT;
}

/** Oximeter: SpO2 (50–100 %) first, then the pulse rate. */
function oximeter(numbers: readonly OcrNumber[]): OcrOutcome {
  const ints = prominent(numbers, 0.5).filter(isInt);
  const spo2 = ints.find((n) => between(n.value, 50, 100));
  if (!spo2) return CANNOT;
  const pulse = ints.slice(ints.indexOf(spo2) + 1).find((n) => between(n.value, 25, 250));
  return {
    ok: true,
    values: { spo2: String(spo2.value), ...(pulse ? { heart_rate: String(pulse.value) } : {}) },
    metrics: pulse ? ['spo2', 'heart_rate'] : ['spo2'],
  };
}

/**
 * The numbers read on a device's photo → the entry form's fields (in the user's units), or "cannot detect" when
 * nothing plausible for that device was read. The form still shows them for the patient to check before saving.
 */
export function mapOcrNumbers(device: OcrDevice, numbers: readonly OcrNumber[], prefs: UnitPrefs): OcrOutcome {
  if (numbers.length === 0) return CANNOT;
  switch (device) {
    case 'bp_monitor':
      return bloodPressure(numbers);
    case 'glucometer':
      return glucose(numbers, prefs);
    case 'scale':
      return weight(numbers, prefs);
    case 'thermometer':
      return temperature(numbers, prefs);
    case 'oximeter':
      return oximeter(numbers);
  }
}

/** Numbers in recognized text: "120/80", "36.8", "5,6" → numbers in reading order, of the given height. */
export function numbersInText(text: string, height = 1): OcrNumber[] {
  return [...text.matchAll(/\d+(?:[.,]\d+)?/g)].map((m) => {
    const t = m[0].replace(',', '.');
    return { text: t, value: Number(t), decimals: t.includes('.') ? t.split('.')[1]!.length : 0, height };
  });
}

/** Words recognized by tesseract (printed or LCD text), with their height in pixels → the numbers among them. */
export function numbersInWords(words: ReadonlyArray<{ text: string; height: number }>): OcrNumber[] {
  return words.flatMap((w) => numbersInText(w.text, w.height));
}
