import type { TSportMode } from '@carewatch/contracts/sport';
import { createRandom, type Random } from './random.ts';
import { DeviceError, type WatchModel, type WatchState } from './simulated-watch.ts';

/**
 * Sport mode of the simulated GT2/GT5 watch (issue 21, patient-app spec §1 "sport modes", §3 "Sport session": practice
 * time, steps, stride, calories, tempo, speed, height). Pure functions: one sample per second of practice, generated
 * from the mode, the previous sample and an injected random source; a session object that catches up with an
 * injected clock (so a throttled phone, or a test that jumps the clock, still gets every second).
 */

/**
 * Modes each model offers. The spec does not list model differences: the simulator's assumption is that the GT5 (the
 * richer model, as for blood pressure) has every mode of the contract and the GT2 the common ones.
 */
export const WATCH_SPORT_MODES: Readonly<Record<WatchModel, readonly TSportMode[]>> = {
  GT2: ['walking', 'running', 'treadmill', 'cycling', 'hiking', 'yoga', 'other'],
  GT5: [
    'walking',
    'running',
    'treadmill',
    'cycling',
    'indoor_cycling',
    'swimming',
    'hiking',
    'climbing',
    'yoga',
    'other',
  ],
};

/** How a mode moves: ranges the per-second values are drawn in. Speeds in m/s, climb in metres per second. */
export type SportProfile = {
  /** Steps per minute [min, max]; [0, 0] for modes without steps (the wrist does not count pedalling or strokes). */
  cadence: readonly [number, number];
  /** Stride in metres [min, max] for stepping modes. */
  stride: readonly [number, number];
  /** Speed in m/s [min, max] for modes that move without steps; ignored when the mode has steps. */
  speed: readonly [number, number];
  /** Whether the watch measures a distance (indoor modes and yoga do not). */
  moves: boolean;
  /** Height gained per second [min, max] (the barometer; 0 indoors). */
  climb: readonly [number, number];
  /** Metabolic equivalent of the activity (Compendium of Physical Activities, rounded). */
  met: number;
  /** Heart rate the wearer settles at. */
  heartRate: number;
};

export const SPORT_PROFILES: Readonly<Record<TSportMode, SportProfile>> = {
  walking: {
    cadence: [105, 120],
    stride: [0.68, 0.78],
    speed: [0, 0],
    moves: true,
    climb: [0, 0.02],
    met: 3.5,
    heartRate: 105,
  },
  running: {
    cadence: [160, 176],
    stride: [0.95, 1.15],
    speed: [0, 0],
    moves: true,
    climb: [0, 0.04],
    met: 9.8,
    heartRate: 155,
  },
  treadmill: {
    cadence: [155, 170],
    stride: [0.9, 1.05],
    speed: [0, 0],
    moves: true,
    climb: [0, 0],
    met: 9,
    heartRate: 150,
  },
  cycling: {
    cadence: [0, 0],
    stride: [0, 0],
    speed: [5, 7],
    moves: true,
    climb: [0, 0.08],
    met: 7.5,
    heartRate: 135,
  },
  indoor_cycling: {
    cadence: [0, 0],
    stride: [0, 0],
    speed: [0, 0],
    moves: false,
    climb: [0, 0],
    met: 7,
    heartRate: 135,
  },
  swimming: {
    cadence: [0, 0],
    stride: [0, 0],
    speed: [0.55, 0.8],
    moves: true,
    climb: [0, 0],
    met: 6,
    heartRate: 130,
  },
  hiking: {
    cadence: [95, 110],
    stride: [0.6, 0.7],
    speed: [0, 0],
    moves: true,
    climb: [0.03, 0.12],
    met: 6,
    heartRate: 125,
  },
  climbing: {
    cadence: [10, 25],
    stride: [0.3, 0.4],
    speed: [0, 0],
    moves: true,
    climb: [0.05, 0.2],
    met: 8,
    heartRate: 140,
  },
  yoga: { cadence: [0, 0], stride: [0, 0], speed: [0, 0], moves: false, climb: [0, 0], met: 2.5, heartRate: 85 },
  other: {
    cadence: [40, 80],
    stride: [0.6, 0.75],
    speed: [0, 0],
    moves: false,
    climb: [0, 0],
    met: 4,
    heartRate: 110,
  },
};

/** Cumulative values after `second` seconds of practice (unrounded; the screen rounds), and the current ones. */
export type SportSample = {
  second: number;
  steps: number;
  distanceM: number;
  elevationGainM: number;
  calories: number;
  /** Steps per minute during this second. */
  cadence: number;
  /** Speed during this second, km/h. */
  speedKmh: number;
  heartRate: number;
  heartRateSum: number;
  heartRateMax: number;
};

export const RESTING_HEART_RATE = 75;
export const DEFAULT_WEIGHT_KG = 70;

/** The sample at the start of a session (nothing done yet, heart at rest). */
export function firstSportSample(): SportSample {
  return {
    second: 0,
    steps: 0,
    distanceM: 0,
    elevationGainM: 0,
    calories: 0,
    cadence: 0,
    speedKmh: 0,
    heartRate: RESTING_HEART_RATE,
    heartRateSum: 0,
    heartRateMax: 0,
  };
}

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));

/** One more second of `mode`: kcal = MET × kg × hours; the heart rate drifts towards the mode's level. */
export function nextSportSample(
  mode: TSportMode,
  prev: SportSample,
  random: Random,
  weightKg: number = DEFAULT_WEIGHT_KG,
): SportSample {
  const p = SPORT_PROFILES[mode];
  const cadence = p.cadence[1] > 0 ? random.between(p.cadence[0], p.cadence[1]) : 0;
  const stepsNow = cadence / 60;
  let metres = 0;
  if (p.moves) metres = stepsNow > 0 ? stepsNow * random.between(p.stride[0], p.stride[1]) : random.between(...p.speed);
  const climb = p.climb[1] > 0 ? random.between(p.climb[0], p.climb[1]) : 0;
  const towards = p.heartRate - prev.heartRate;
  const heartRate = Math.round(
    clamp(prev.heartRate + Math.sign(towards) * Math.min(Math.abs(towards), 2) + random.int(-1, 1), 40, 200),
  );
  return {
    second: prev.second + 1,
    steps: prev.steps + stepsNow,
    distanceM: prev.distanceM + metres,
    elevationGainM: prev.elevationGainM + climb,
    calories: prev.calories + (p.met * clamp(weightKg, 20, 300)) / 3600,
    cadence,
    speedKmh: metres * 3.6,
    heartRate,
    heartRateSum: prev.heartRateSum + heartRate,
    heartRateMax: Math.max(prev.heartRateMax, heartRate),
  };
}

/** Samples from `prev` up to `second` (inclusive), at most `max` of them. */
export function advanceSportSample(
  mode: TSportMode,
  prev: SportSample,
  second: number,
  random: Random,
  weightKg?: number,
  max = 86_400,
): SportSample {
  let s = prev;
  const target = Math.min(second, prev.second + max);
  while (s.second < target) s = nextSportSample(mode, s, random, weightKg);
  return s;
}

export type SportClock = { now(): number };

export type WatchSportOptions = {
  mode: TSportMode;
  model: WatchModel;
  clock: SportClock;
  seed?: number;
  weightKg?: number;
};

/**
 * A session running on the simulated watch: `sample()` answers the values at the clock's current second, generating
 * every second since the last call. Stopping freezes the values.
 */
export class WatchSportSession {
  readonly mode: TSportMode;
  readonly startedAt: number;
  private readonly clock: SportClock;
  private readonly random: Random;
  private readonly weightKg: number | undefined;
  private current: SportSample = firstSportSample();
  private stoppedAt: number | null = null;

  constructor(opts: WatchSportOptions) {
    if (!WATCH_SPORT_MODES[opts.model].includes(opts.mode))
      throw new DeviceError('NOT_SUPPORTED', `${opts.model} has no ${opts.mode} mode`);
    this.mode = opts.mode;
    this.clock = opts.clock;
    this.random = createRandom(opts.seed ?? 1);
    this.weightKg = opts.weightKg;
    this.startedAt = opts.clock.now();
  }

  get stopped(): boolean {
    return this.stoppedAt !== null;
  }

  sample(): SportSample {
    const now = this.stoppedAt ?? this.clock.now();
    const second = Math.max(0, Math.floor((now - this.startedAt) / 1000));
    this.current = advanceSportSample(this.mode, this.current, second, this.random, this.weightKg);
    return this.current;
  }

  /** Ends the session (the values stay those of the last second); `resume` after a "continue". */
  stop(): SportSample {
    const s = this.sample();
    this.stoppedAt = this.clock.now();
    return s;
  }

  resume(): void {
    this.stoppedAt = null;
  }
}

/** Starts a session on a paired watch: it must be connected and offer the mode (spec §8 device errors). */
export function startWatchSport(
  watch: { readonly state: WatchState; readonly model: WatchModel },
  opts: Omit<WatchSportOptions, 'model'>,
): WatchSportSession {
  if (watch.state === 'bluetooth_off') throw new DeviceError('BLUETOOTH_OFF', 'Bluetooth is off');
  if (watch.state !== 'connected') throw new DeviceError('NOT_CONNECTED', 'The watch is not connected');
  return new WatchSportSession({ ...opts, model: watch.model });
}
