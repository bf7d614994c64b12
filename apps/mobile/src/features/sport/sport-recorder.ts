import type { TSportMode } from '@carewatch/contracts/sport';
import { WatchSportSession, type SportClock } from '@carewatch/devices/sport-sim';
import {
  EMPTY_TRACK,
  addFix,
  avgSpeedKmh,
  metCalories,
  paceSecPerKm,
  strideCm,
  type GeoTrack,
  type RecordedSession,
} from './sport-rules.ts';

/**
 * The session being recorded (spec §3 sport session): from the paired simulated watch (its per-second samples), or from
 * the phone (the time, and the distance and speed of the browser's geolocation when the user allows it). A snapshot
 * store for React; the timer only refreshes the screen — every value is computed from the clock, so a throttled
 * background tab or a clock that jumps loses nothing.
 */

/** The phone's location for this session: not needed (watch), waiting for a first fix, working, refused, or absent. */
export type LocationState = 'off' | 'waiting' | 'ok' | 'denied' | 'unavailable';

export type LiveSnapshot = {
  mode: TSportMode;
  source: 'watch' | 'phone';
  startedAt: number;
  elapsedSec: number;
  /** Stopped: the values are frozen while the user decides (save, continue or discard). */
  stopped: boolean;
  steps: number | null;
  distanceM: number | null;
  calories: number;
  /** Current speed, km/h. */
  speedKmh: number | null;
  avgSpeedKmh: number | null;
  paceSecPerKm: number | null;
  strideCm: number | null;
  elevationGainM: number | null;
  heartRate: number | null;
  location: LocationState;
};

export type GeoLike = Pick<Geolocation, 'watchPosition' | 'clearWatch'>;
export type RecorderDeps = {
  clock: SportClock;
  setInterval(cb: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
};

export const browserDeps = (): RecorderDeps => ({
  clock: { now: () => Date.now() },
  setInterval: (cb, ms) => window.setInterval(cb, ms),
  clearInterval: (h) => window.clearInterval(h as number),
});

type Source =
  | { kind: 'watch'; session: WatchSportSession; deviceId: string | null }
  | { kind: 'phone'; geo: GeoLike | null; watchId: number | null; track: GeoTrack; weightKg: number | null };

export class SportRecorder {
  readonly owner: string;
  private readonly deps: RecorderDeps;
  private readonly source: Source;
  private readonly listeners = new Set<() => void>();
  private timer: unknown = null;
  private stoppedAt: number | null = null;
  private location: LocationState;
  private current: LiveSnapshot;
  readonly mode: TSportMode;
  readonly startedAt: number;

  private constructor(owner: string, mode: TSportMode, source: Source, deps: RecorderDeps) {
    this.owner = owner;
    this.mode = mode;
    this.source = source;
    this.deps = deps;
    this.startedAt = source.kind === 'watch' ? source.session.startedAt : deps.clock.now();
    this.location = source.kind === 'watch' ? 'off' : source.geo ? 'waiting' : 'unavailable';
    this.current = this.compute();
  }

  /** A session on the watch (already started by `startWatchSport`). */
  static fromWatch(
    owner: string,
    session: WatchSportSession,
    deviceId: string | null,
    deps: RecorderDeps,
  ): SportRecorder {
    const r = new SportRecorder(owner, session.mode, { kind: 'watch', session, deviceId }, deps);
    r.tick();
    return r;
  }

  /** A session on the phone: geolocation asked now (the tap on Start is the user's gesture). */
  static fromPhone(
    owner: string,
    mode: TSportMode,
    geo: GeoLike | null,
    weightKg: number | null,
    deps: RecorderDeps,
  ): SportRecorder {
    const r = new SportRecorder(owner, mode, { kind: 'phone', geo, watchId: null, track: EMPTY_TRACK, weightKg }, deps);
    r.watchLocation();
    r.tick();
    return r;
  }

  get snapshot(): LiveSnapshot {
    return this.current;
  }

  subscribe(l: () => void): () => void {
    this.listeners.add(l);
    return () => {
      this.listeners.delete(l);
    };
  }

  /** Freezes the session and answers what it recorded. */
  stop(): RecordedSession {
    if (this.stoppedAt === null) {
      if (this.source.kind === 'watch') this.source.session.stop();
      this.stoppedAt = this.deps.clock.now();
      this.halt();
      this.update();
    }
    return this.recorded();
  }

  /** "Continue" after a too-short answer: the clock runs on from the start (the time spent deciding counts). */
  resume(): void {
    if (this.stoppedAt === null) return;
    this.stoppedAt = null;
    if (this.source.kind === 'watch') this.source.session.resume();
    this.watchLocation();
    this.tick();
  }

  /** Ends everything (saved or discarded). */
  close(): void {
    if (this.stoppedAt === null) this.stoppedAt = this.deps.clock.now();
    this.halt();
    this.listeners.clear();
  }

  recorded(): RecordedSession {
    const s = this.current;
    const heart = this.source.kind === 'watch' ? this.source.session.sample() : null;
    return {
      mode: this.mode,
      source: this.source.kind,
      startedAt: this.startedAt,
      endedAt: this.stoppedAt ?? this.deps.clock.now(),
      durationSec: s.elapsedSec,
      steps: s.steps,
      distanceM: s.distanceM,
      calories: s.calories,
      elevationGainM: s.elevationGainM,
      heartRateAvg: heart && heart.second > 0 ? heart.heartRateSum / heart.second : null,
      heartRateMax: heart && heart.second > 0 ? heart.heartRateMax : null,
      deviceId: this.source.kind === 'watch' ? this.source.deviceId : null,
    };
  }

  private tick(): void {
    this.update();
    if (this.timer === null) this.timer = this.deps.setInterval(() => this.update(), 1000);
  }

  private halt(): void {
    if (this.timer !== null) this.deps.clearInterval(this.timer);
    this.timer = null;
    if (this.source.kind === 'phone' && this.source.geo && this.source.watchId !== null) {
      this.source.geo.clearWatch(this.source.watchId);
      this.source.watchId = null;
    }
  }

  private watchLocation(): void {
    const src = this.source;
    if (src.kind !== 'phone' || !src.geo || src.watchId !== null) return;
    try {
      src.watchId = src.geo.watchPosition(
        (p) => {
          if (this.stoppedAt !== null) return;
          src.track = addFix(src.track, {
            lat: p.coords.latitude,
            lon: p.coords.longitude,
            accuracy: p.coords.accuracy,
            altitude: p.coords.altitude,
            at: p.timestamp || this.deps.clock.now(),
          });
          this.location = 'ok';
          this.update();
        },
        (e) => {
          // 1 = PERMISSION_DENIED; no position yet (2) or a timeout (3) keeps waiting.
          this.location = e.code === 1 ? 'denied' : this.location === 'ok' ? 'ok' : 'unavailable';
          this.update();
        },
        { enableHighAccuracy: true, maximumAge: 0, timeout: 30_000 },
      );
    } catch {
      this.location = 'unavailable';
    }
  }

  private compute(): LiveSnapshot {
    const now = this.stoppedAt ?? this.deps.clock.now();
    const base = {
      mode: this.mode,
      startedAt: this.startedAt,
      stopped: this.stoppedAt !== null,
      location: this.location,
    };
    if (this.source.kind === 'watch') {
      const s = this.source.session.sample();
      const steps = s.steps > 0 ? s.steps : null;
      const distanceM = s.distanceM > 0 || s.steps > 0 ? s.distanceM : null;
      return {
        ...base,
        source: 'watch',
        elapsedSec: s.second,
        steps,
        distanceM,
        calories: s.calories,
        speedKmh: distanceM !== null ? s.speedKmh : null,
        avgSpeedKmh: avgSpeedKmh(distanceM, s.second),
        paceSecPerKm: paceSecPerKm(distanceM, s.second),
        strideCm: strideCm(distanceM, steps),
        elevationGainM: s.elevationGainM,
        heartRate: s.second > 0 ? s.heartRate : null,
      };
    }
    const elapsedSec = Math.max(0, Math.floor((now - this.startedAt) / 1000));
    const track = this.source.track;
    const distanceM = this.location === 'ok' ? track.distanceM : null;
    return {
      ...base,
      source: 'phone',
      elapsedSec,
      steps: null,
      distanceM,
      calories: metCalories(this.mode, this.source.weightKg, elapsedSec),
      speedKmh: distanceM !== null ? track.speedKmh : null,
      avgSpeedKmh: avgSpeedKmh(distanceM, elapsedSec),
      paceSecPerKm: paceSecPerKm(distanceM, elapsedSec),
      strideCm: null,
      elevationGainM: this.location === 'ok' && track.altitudeBase !== null ? track.elevationGainM : null,
      heartRate: null,
    };
  }

  private update(): void {
    this.current = this.compute();
    for (const l of [...this.listeners]) l();
  }
}

// ---- the one session of the app (it survives moving between screens)

let active: SportRecorder | null = null;
const activeListeners = new Set<() => void>();

export function activeRecorder(): SportRecorder | null {
  return active;
}
export function setActiveRecorder(r: SportRecorder | null): void {
  if (active && active !== r) active.close();
  active = r;
  for (const l of [...activeListeners]) l();
}
export function subscribeActive(l: () => void): () => void {
  activeListeners.add(l);
  return () => {
    activeListeners.delete(l);
  };
}
