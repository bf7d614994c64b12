import type { SLEEP_STAGES } from '@carewatch/contracts/vitals';

export type SleepStageName = (typeof SLEEP_STAGES)[number];
export type SleepStageSpan = { stage: SleepStageName; start: string; end: string };
export type StageNumbers = Record<SleepStageName, number>;

/** Ideal share of asleep time per stage (patient-app spec §9): deep 13–23 %, light 50–60 %, REM 20–25 %. */
export const IDEAL_SLEEP_SHARE: Record<Exclude<SleepStageName, 'awake'>, { min: number; max: number }> = {
  deep: { min: 13, max: 23 },
  light: { min: 50, max: 60 },
  rem: { min: 20, max: 25 },
};

const round1 = (n: number) => Math.round(n * 10) / 10;

export type SleepSummary = {
  start: string;
  end: string;
  totalMinutes: number;
  minutes: StageNumbers;
  percent: StageNumbers;
};

/**
 * Minutes per stage and their share of the whole session (the four percentages add up to 100, ±rounding).
 * `totalMinutes` is time asleep (light + deep + REM).
 */
export function sleepSummary(stages: readonly SleepStageSpan[]): SleepSummary {
  const minutes: StageNumbers = { awake: 0, light: 0, deep: 0, rem: 0 };
  let start = Infinity;
  let end = -Infinity;
  for (const s of stages) {
    const a = Date.parse(s.start);
    const b = Date.parse(s.end);
    if (!(b > a)) continue;
    minutes[s.stage] += (b - a) / 60000;
    start = Math.min(start, a);
    end = Math.max(end, b);
  }
  const all = minutes.awake + minutes.light + minutes.deep + minutes.rem;
  const pct = (m: number) => (all > 0 ? round1((m / all) * 100) : 0);
  const asleep = minutes.light + minutes.deep + minutes.rem;
  return {
    start: Number.isFinite(start) ? new Date(start).toISOString() : '',
    end: Number.isFinite(end) ? new Date(end).toISOString() : '',
    totalMinutes: round1(asleep),
    minutes: {
      awake: round1(minutes.awake),
      light: round1(minutes.light),
      deep: round1(minutes.deep),
      rem: round1(minutes.rem),
    },
    percent: { awake: pct(minutes.awake), light: pct(minutes.light), deep: pct(minutes.deep), rem: pct(minutes.rem) },
  };
}

export type StageVerdict = 'low' | 'ok' | 'high';

/** Each sleeping stage's share of asleep time compared with the ideal range. */
export function compareWithIdeal(
  minutes: StageNumbers,
): Record<Exclude<SleepStageName, 'awake'>, { share: number; verdict: StageVerdict }> {
  const asleep = minutes.light + minutes.deep + minutes.rem;
  const one = (stage: Exclude<SleepStageName, 'awake'>) => {
    const share = asleep > 0 ? (minutes[stage] / asleep) * 100 : 0;
    const { min, max } = IDEAL_SLEEP_SHARE[stage];
    return { share: round1(share), verdict: (share < min ? 'low' : share > max ? 'high' : 'ok') as StageVerdict };
  };
  return { deep: one('deep'), light: one('light'), rem: one('rem') };
}
