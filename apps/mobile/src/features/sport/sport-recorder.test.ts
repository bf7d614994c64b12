import { describe, expect, test } from 'vitest';
import { ManualClock } from '@carewatch/devices/clock';
import { WatchSportSession } from '@carewatch/devices/sport-sim';
import { SportRecorder, type GeoLike, type RecorderDeps } from './sport-recorder.ts';
import { sessionInput, tooShort } from './sport-rules.ts';

function deps(clock: ManualClock): RecorderDeps {
  return {
    clock,
    setInterval: (cb, ms) => {
      // A repeating timer on the manual clock.
      const h = { stop: false };
      const again = () =>
        clock.setTimeout(() => {
          if (h.stop) return;
          cb();
          again();
        }, ms);
      again();
      return h;
    },
    clearInterval: (h) => {
      (h as { stop: boolean }).stop = true;
    },
  };
}

type Success = (p: GeolocationPosition) => void;
type Failure = (e: GeolocationPositionError) => void;
function fakeGeo() {
  const g = {
    success: null as Success | null,
    failure: null as Failure | null,
    cleared: 0,
    watchPosition: (s: Success, f?: Failure | null) => {
      g.success = s;
      g.failure = f ?? null;
      return 7;
    },
    clearWatch: () => {
      g.cleared++;
    },
    at(lat: number, lon: number, t: number) {
      g.success?.({
        coords: { latitude: lat, longitude: lon, accuracy: 5, altitude: null } as GeolocationCoordinates,
        timestamp: t,
      } as GeolocationPosition);
    },
  };
  return g;
}

describe('recording a session', () => {
  test('on the watch: the values follow the clock; stop, too short, continue, stop again and save', () => {
    const clock = new ManualClock();
    const session = new WatchSportSession({ mode: 'running', model: 'GT5', clock, seed: 2 });
    const r = SportRecorder.fromWatch('u1', session, 'dev-1', deps(clock));
    clock.advance(5_000);
    expect(r.snapshot.elapsedSec).toBe(5);
    expect(r.snapshot.steps).toBeGreaterThan(10);
    let rec = r.stop();
    expect(tooShort(rec.mode, rec.durationSec, rec.distanceM)).toBe('time');
    r.resume();
    clock.advance(70_000);
    rec = r.stop();
    expect(rec.durationSec).toBe(75);
    expect(tooShort(rec.mode, rec.durationSec, rec.distanceM)).toBeNull();
    const body = sessionInput(rec);
    expect(body).toMatchObject({ mode: 'running', source: 'watch', durationSec: 75, deviceId: 'dev-1' });
    expect(body.steps).toBeGreaterThan(150);
    expect(body.heartRateMax).toBeGreaterThanOrEqual(body.heartRateAvg!);
    // Stopped: frozen.
    clock.advance(10_000);
    expect(r.snapshot.elapsedSec).toBe(75);
  });

  test('on the phone: GPS distance when allowed; the time alone when location is denied', () => {
    const clock = new ManualClock();
    const geo = fakeGeo();
    const r = SportRecorder.fromPhone('u1', 'walking', geo as unknown as GeoLike, 80, deps(clock));
    expect(r.snapshot.location).toBe('waiting');
    expect(r.snapshot.distanceM).toBeNull();
    geo.at(10, 106, clock.now());
    clock.advance(10_000);
    geo.at(10.0001, 106, clock.now());
    expect(r.snapshot.location).toBe('ok');
    expect(r.snapshot.distanceM).toBeCloseTo(11.1, 0);
    expect(r.snapshot.calories).toBeCloseTo((3.5 * 80 * 10) / 3600, 5);
    r.stop();
    expect(geo.cleared).toBe(1);

    const denied = fakeGeo();
    const d = SportRecorder.fromPhone('u1', 'walking', denied as unknown as GeoLike, null, deps(clock));
    denied.failure?.({ code: 1 } as GeolocationPositionError);
    expect(d.snapshot.location).toBe('denied');
    clock.advance(61_000);
    const rec = d.stop();
    expect(rec.distanceM).toBeNull();
    expect(rec.durationSec).toBe(61);
    expect(tooShort(rec.mode, rec.durationSec, rec.distanceM)).toBeNull();
  });

  test('no geolocation in this browser', () => {
    const clock = new ManualClock();
    const r = SportRecorder.fromPhone('u1', 'yoga', null, null, deps(clock));
    expect(r.snapshot.location).toBe('unavailable');
    r.close();
  });
});
