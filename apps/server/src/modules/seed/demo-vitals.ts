// Synthetic but realistic vital signs for demo patients: deterministic (seeded PRNG), canonical units (°C, kg, mmol/L),
// every value inside the ingest validation limits (patient-app spec §5), ending at the seed time.
import type { MeasurementRow } from '../vitals/measurements.repo.ts';
import { maxHeartRate } from '@carewatch/clinical/cardio';

/** Small fast seeded PRNG (mulberry32). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
/** A stable 32-bit seed from a string. */
export function seedOf(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

export type Risk = 'normal' | 'at_risk' | 'high_risk' | 'sos';
export type VitalsProfile = {
  patientId: string;
  /** Seed for this patient's series. */
  seed: number;
  risk: Risk;
  ageYears: number;
  gender: 'male' | 'female';
  heightCm: number;
  weightKg: number;
  /** Daily glucose readings (diabetic or at risk). */
  glucose: boolean;
  /** A few 10 s ECG strips (the demo patient). */
  ecg: boolean;
  deviceId: string | null;
};

/** Same source as the ingest path: the device's when the patient wears one, else the patient app's. */
export const sourceOf = (deviceId: string | null) => (deviceId ? `device:${deviceId}` : 'app');
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
/** Vietnam is UTC+7: the diurnal curves follow local time. */
const TZ_OFFSET = 7 * HOUR;

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const r1 = (v: number) => Math.round(v * 10) / 10;
/** Local hour of day (fractional). */
const localHour = (t: number) => ((((t + TZ_OFFSET) % DAY) + DAY) % DAY) / HOUR;

/** Activity/sleep rhythm: ~0 at night (23:00–06:00 local), ~1 in the day with a dip after lunch. */
function daytime(h: number): number {
  if (h < 5.5 || h >= 23) return 0;
  if (h < 7) return (h - 5.5) / 1.5;
  if (h >= 21.5) return (23 - h) / 1.5;
  return 1 - (h > 12.5 && h < 14 ? 0.3 : 0);
}

/** How far back the "current" episode of an at-risk, high-risk or SOS patient reaches (its tier's heart rate). */
export const CURRENT_EPISODE_MS = 45 * MIN;

/**
 * A heart rate in the tier's band of the personalized thresholds (packages/clinical personalizeThreshold: at risk from
 * 100, high risk from 85 % and SOS from 100 % of max HR = 205.8 − 0.685 × age), with a margin for a birthday this year.
 */
export function currentHeartRate(risk: Risk, ageYears: number): number {
  if (risk === 'sos') return Math.ceil(maxHeartRate(ageYears - 1)) + 6;
  if (risk === 'high_risk') return Math.round(0.93 * maxHeartRate(ageYears));
  if (risk === 'at_risk') return 108;
  return 70;
}

/**
 * Generates the readings of one patient over `days` days ending at `now`, calling `emit` for each
 * (so the caller can insert in batches without holding the whole month in memory).
 */
export function generateVitals(p: VitalsProfile, now: Date, days: number, emit: (row: MeasurementRow) => void): void {
  const rnd = prng(p.seed);
  const gauss = () => {
    let s = 0;
    for (let i = 0; i < 4; i++) s += rnd();
    return (s - 2) * 1.7; // ~N(0,1)
  };
  const end = Math.floor(now.getTime() / (15 * MIN)) * 15 * MIN;
  const start = end - days * DAY;
  // Stored like ingest stores them (packages/clinical validateReading): value main, value2 second, data the rest.
  const source = sourceOf(p.deviceId);
  const row = (
    metric: string,
    t: number,
    value: number | null,
    value2: number | null = null,
    data: Record<string, unknown> | null = null,
  ): MeasurementRow => ({
    patientId: p.patientId,
    metric,
    measuredAt: new Date(t),
    source,
    value,
    value2,
    data,
    deviceId: p.deviceId,
  });

  const risky = p.risk !== 'normal';
  const severity = p.risk === 'normal' ? 0 : p.risk === 'at_risk' ? 1 : 2;
  const restHr = 58 + rnd() * 16 + severity * 4;
  const baseSys = 112 + rnd() * 14 + (p.ageYears - 50) * 0.3 + severity * 12;
  const baseDia = 70 + rnd() * 8 + severity * 6;
  const baseSpo2 = 97.5 + rnd() - severity * 0.8;
  const baseTemp = 36.5 + rnd() * 0.3;
  const baseGlucose = 5.2 + rnd() * 0.8 + severity * 1.5; // mmol/L
  const stepsGoal = 4000 + Math.floor(rnd() * 6000);
  // Abnormal episodes: at-risk patients have a few hours of tachycardia / desaturation / hypertension now and then.
  const episodes: Array<{ from: number; to: number }> = [];
  if (risky) {
    const n = Math.max(1, Math.round(days / (severity === 2 ? 3 : 6)));
    for (let i = 0; i < n; i++) {
      const from = start + rnd() * (end - start);
      episodes.push({ from, to: from + (1 + rnd() * 3) * HOUR });
    }
    if (p.risk === 'sos') episodes.push({ from: end - 2 * HOUR, to: end + HOUR }); // ongoing
  }
  const inEpisode = (t: number) => episodes.some((e) => t >= e.from && t < e.to);

  // Heart rate every 15 minutes, SpO2 every 30 (keeps the npm start seed well under a minute on PGlite); respiratory rate and HRV hourly.
  for (let t = start + 15 * MIN; t <= end; t += 15 * MIN) {
    const h = localHour(t);
    const act = daytime(h);
    const ep = inEpisode(t);
    let hr = restHr + act * (14 + rnd() * 18) + gauss() * 3;
    if (ep) hr += 35 + rnd() * 30 + severity * 8;
    // The patient's condition now: the last readings put them in their tier when the alert engine reads them.
    if (risky && t > end - CURRENT_EPISODE_MS) hr = currentHeartRate(p.risk, p.ageYears);
    emit(row('heart_rate', t, Math.round(clamp(hr, 38, 200)), null));
    if (t % (30 * MIN) === 0) {
      let spo2 = baseSpo2 + gauss() * 0.6 - (act === 0 ? 0.5 : 0);
      if (ep) spo2 -= 3 + rnd() * 3;
      emit(row('spo2', t, Math.round(clamp(spo2, 88, 100)), null));
    }
    if (t % HOUR === 0) {
      let rr = 14 + act * 2 + gauss();
      if (ep) rr += 6;
      emit(row('respiratory_rate', t, Math.round(clamp(rr, 8, 35)), null));
      const hrv = 55 - (p.ageYears - 40) * 0.5 - severity * 8 + (1 - act) * 12 + gauss() * 6;
      emit(row('hrv', t, Math.round(clamp(hrv, 12, 120)), null));
    }
  }

  // Per local day: BP at 07:00 and 19:00, temperature 4×/day, weight in the morning, glucose before breakfast,
  // steps and calories in the evening (today: so far), sleep the night before.
  const firstDay = Math.floor((start + TZ_OFFSET) / DAY);
  const lastDay = Math.floor((end + TZ_OFFSET) / DAY);
  let weight = p.weightKg + gauss() * 0.3;
  for (let d = firstDay; d <= lastDay; d++) {
    const dayStart = d * DAY - TZ_OFFSET; // local midnight, in UTC ms
    const at = (hour: number, jitterMin = 20) =>
      Math.round(dayStart + hour * HOUR + (rnd() - 0.5) * 2 * jitterMin * MIN);
    const inRange = (t: number) => t > start && t <= end;
    for (const hour of [7, 19]) {
      const t = at(hour);
      if (!inRange(t)) continue;
      let sys = baseSys + gauss() * 6 + (hour === 7 ? 4 : 0);
      let dia = baseDia + gauss() * 4;
      if (inEpisode(t) || (severity > 0 && rnd() < 0.15 * severity)) {
        sys += 25 + rnd() * 20;
        dia += 10 + rnd() * 8;
      }
      sys = Math.round(clamp(sys, 85, 230));
      dia = Math.round(clamp(dia, 50, Math.min(140, sys - 25)));
      emit(row('blood_pressure', t, sys, dia, { pulse: Math.round(clamp(restHr + 5 + gauss() * 4, 40, 180)) }));
    }
    for (const hour of [7, 12, 17, 21]) {
      const t = at(hour, 30);
      if (!inRange(t)) continue;
      let temp = baseTemp + (hour >= 17 ? 0.25 : 0) + gauss() * 0.15;
      if (inEpisode(t) && severity === 2) temp += 1 + rnd();
      emit(row('temperature', t, r1(clamp(temp, 35.5, 40.5)), null));
    }
    const tw = at(6.5, 15);
    if (inRange(tw)) {
      weight = clamp(weight + gauss() * 0.15 + (p.weightKg - weight) * 0.1, 30, 200);
      emit(row('weight', tw, r1(weight), null));
      emit(row('bmi', tw, r1(weight / (p.heightCm / 100) ** 2), null));
      if (d % 7 === 0) {
        const fat = clamp(
          (p.gender === 'male' ? 18 : 27) + (weight / (p.heightCm / 100) ** 2 - 22) * 1.2 + gauss(),
          8,
          50,
        );
        // Percentages (body fat, water, muscle and bone rates).
        const data = {
          bodyFat: r1(fat),
          water: r1(clamp(60 - fat * 0.45 + gauss(), 35, 70)),
          muscleMass: r1(clamp((p.gender === 'male' ? 42 : 35) - (fat - 22) * 0.3 + gauss(), 20, 60)),
          boneMass: r1(clamp(4 + gauss() * 0.3, 2, 6)),
        };
        emit(row('body_composition', tw, data.bodyFat, null, data));
      }
    }
    if (p.glucose) {
      const tg = at(6.75, 15);
      if (inRange(tg))
        emit(row('blood_glucose', tg, r1(clamp(baseGlucose + gauss() * 0.7 + (inEpisode(tg) ? 3 : 0), 3.5, 16)), null));
    }
    // Steps and calories: the day's totals at 21:00 local, or so far for today.
    const te = Math.min(at(21, 0), end);
    if (inRange(te)) {
      const share = clamp(localHour(te) / 21, 0, 1);
      const weekend = (((d + 4) % 7) + 7) % 7 >= 5; // 1970-01-01 was a Thursday
      const steps = Math.round(
        clamp(stepsGoal * (0.6 + rnd() * 0.8) * (weekend ? 0.8 : 1) * (1 - severity * 0.2) * share, 0, 60000),
      );
      emit(row('steps', te, steps, null));
      emit(row('calories', te, Math.round(steps * 0.04 + 1400 * share * (p.weightKg / 65)), null));
    }
    // Sleep: the night ending this morning.
    const sleepStart = dayStart - (1 + rnd() * 1.5) * HOUR; // 22:30–00:00 local
    const sleepLen = (6 + rnd() * 2 - severity * 0.5) * HOUR;
    if (sleepStart > start && sleepStart + sleepLen <= end) {
      const stages = sleepStages(sleepStart, sleepStart + sleepLen, rnd);
      const asleep =
        stages.filter((s) => s.stage !== 'awake').reduce((a, s) => a + (Date.parse(s.end) - Date.parse(s.start)), 0) /
        MIN;
      const inBed = (Date.parse(stages.at(-1)!.end) - Date.parse(stages[0]!.start)) / MIN;
      emit(row('sleep', sleepStart, Math.round(asleep), Math.round(inBed), { stages }));
    }
  }

  if (p.ecg) {
    for (let i = 0; i < 4; i++) {
      const t = end - Math.round((0.5 + (i * Math.max(1, days - 1)) / 4) * DAY) + (i * 7 + 3) * MIN;
      if (t <= start) continue;
      const hr = Math.round(restHr + 6 + gauss() * 4);
      emit(row('ecg', t, hr, 10, { samplingRate: 250, samples: ecgStrip(hr, 250, 10, rnd) }));
    }
  }
}

/** Sleep cycles of ~90 min: light 50–60 %, deep 13–23 % (more early in the night), REM 20–25 % (more late), a little awake. */
export function sleepStages(
  from: number,
  to: number,
  rnd: () => number,
): Array<{ stage: 'awake' | 'light' | 'deep' | 'rem'; start: string; end: string }> {
  const out: Array<{ stage: 'awake' | 'light' | 'deep' | 'rem'; start: string; end: string }> = [];
  let t = from;
  const push = (stage: 'awake' | 'light' | 'deep' | 'rem', minutes: number) => {
    const e = Math.min(to, t + Math.max(1, Math.round(minutes)) * MIN);
    if (e <= t) return;
    out.push({ stage, start: new Date(t).toISOString(), end: new Date(e).toISOString() });
    t = e;
  };
  push('awake', 5 + rnd() * 10);
  let cycle = 0;
  while (t < to) {
    const len = 85 + rnd() * 15;
    const early = cycle < 2;
    const deep = len * (early ? 0.25 + rnd() * 0.06 : 0.08 + rnd() * 0.06);
    const rem = len * (early ? 0.14 + rnd() * 0.04 : 0.26 + rnd() * 0.06);
    const awake = rnd() < 0.35 ? 2 + rnd() * 4 : 0;
    const light = len - deep - rem - awake;
    push('light', light * 0.6);
    push('deep', deep);
    push('light', light * 0.4);
    push('rem', rem);
    if (awake > 0) push('awake', awake);
    cycle++;
  }
  return out;
}

/** A synthetic lead-I ECG (mV): P wave, QRS complex and T wave per beat, with baseline wander and noise. */
export function ecgStrip(hr: number, rate: number, seconds: number, rnd: () => number): number[] {
  const n = rate * seconds;
  const rr = 60 / hr;
  const out = new Array<number>(n);
  const g = (x: number, mu: number, sigma: number, amp: number) =>
    amp * Math.exp(-((x - mu) ** 2) / (2 * sigma * sigma));
  for (let i = 0; i < n; i++) {
    const s = i / rate;
    const x = (s % rr) / rr; // phase within the beat
    const v =
      g(x, 0.16, 0.025, 0.12) +
      g(x, 0.3, 0.008, -0.1) +
      g(x, 0.32, 0.01, 1.1) +
      g(x, 0.34, 0.008, -0.25) +
      g(x, 0.6, 0.045, 0.3) +
      0.05 * Math.sin(2 * Math.PI * 0.25 * s) +
      (rnd() - 0.5) * 0.03;
    out[i] = Math.round(v * 1000) / 1000;
  }
  return out;
}
