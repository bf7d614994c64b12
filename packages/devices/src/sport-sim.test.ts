import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SPORT_MODES } from '@carewatch/contracts/sport';
import { ManualClock } from './clock.ts';
import { createRandom } from './random.ts';
import { DeviceError, SimulatedWatch } from './simulated-watch.ts';
import {
  SPORT_PROFILES,
  WATCH_SPORT_MODES,
  WatchSportSession,
  advanceSportSample,
  firstSportSample,
  nextSportSample,
  startWatchSport,
} from './sport-sim.ts';

const mode = fc.constantFrom(...SPORT_MODES);

describe('sport samples', () => {
  it('cumulative values never go down and the second advances by one', () => {
    fc.assert(
      fc.property(mode, fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.integer({ min: 1, max: 300 }), (m, seed, n) => {
        const random = createRandom(seed);
        let prev = firstSportSample();
        for (let i = 0; i < n; i++) {
          const next = nextSportSample(m, prev, random);
          expect(next.second).toBe(prev.second + 1);
          expect(next.steps).toBeGreaterThanOrEqual(prev.steps);
          expect(next.distanceM).toBeGreaterThanOrEqual(prev.distanceM);
          expect(next.elevationGainM).toBeGreaterThanOrEqual(prev.elevationGainM);
          expect(next.calories).toBeGreaterThan(prev.calories);
          expect(next.heartRateMax).toBeGreaterThanOrEqual(prev.heartRateMax);
          prev = next;
        }
      }),
      { numRuns: 60 },
    );
  });

  it('values stay within the mode’s profile (cadence, stride, speed, climb)', () => {
    fc.assert(
      fc.property(mode, fc.integer({ min: 1, max: 2 ** 31 - 1 }), (m, seed) => {
        const p = SPORT_PROFILES[m];
        const s = advanceSportSample(m, firstSportSample(), 600, createRandom(seed));
        if (p.cadence[1] === 0) expect(s.steps).toBe(0);
        else {
          expect(s.steps).toBeGreaterThanOrEqual((p.cadence[0] / 60) * 600 - 1e-6);
          expect(s.steps).toBeLessThanOrEqual((p.cadence[1] / 60) * 600 + 1e-6);
        }
        if (!p.moves) expect(s.distanceM).toBe(0);
        else if (s.steps > 0) {
          const stride = s.distanceM / s.steps;
          expect(stride).toBeGreaterThanOrEqual(p.stride[0] - 1e-9);
          expect(stride).toBeLessThanOrEqual(p.stride[1] + 1e-9);
        } else {
          expect(s.distanceM).toBeGreaterThanOrEqual(p.speed[0] * 600 - 1e-6);
          expect(s.distanceM).toBeLessThanOrEqual(p.speed[1] * 600 + 1e-6);
        }
        expect(s.elevationGainM).toBeLessThanOrEqual(p.climb[1] * 600 + 1e-6);
        expect(s.heartRate).toBeGreaterThanOrEqual(40);
        expect(s.heartRate).toBeLessThanOrEqual(200);
      }),
      { numRuns: 40 },
    );
  });

  it('calories are MET × weight × hours', () => {
    fc.assert(
      fc.property(mode, fc.integer({ min: 30, max: 200 }), (m, kg) => {
        const s = advanceSportSample(m, firstSportSample(), 3600, createRandom(3), kg);
        expect(s.calories).toBeCloseTo(SPORT_PROFILES[m].met * kg, 6);
      }),
      { numRuns: 30 },
    );
  });

  it('the same seed gives the same session', () => {
    const a = advanceSportSample('running', firstSportSample(), 120, createRandom(42));
    const b = advanceSportSample('running', firstSportSample(), 120, createRandom(42));
    expect(a).toEqual(b);
    // A running pace: about 8 to 13 km/h.
    expect((a.distanceM / 120) * 3.6).toBeGreaterThan(8);
    expect((a.distanceM / 120) * 3.6).toBeLessThan(13);
    // The heart rate climbs towards the running level.
    expect(a.heartRate).toBeGreaterThan(140);
  });

  it('catching up in one call equals ticking every second', () => {
    const ticked = (() => {
      const r = createRandom(9);
      let s = firstSportSample();
      for (let i = 0; i < 90; i++) s = nextSportSample('hiking', s, r);
      return s;
    })();
    expect(advanceSportSample('hiking', firstSportSample(), 90, createRandom(9))).toEqual(ticked);
  });
});

describe('a session on the simulated watch', () => {
  it('follows the clock, also across a jump, and freezes when stopped', () => {
    const clock = new ManualClock();
    const s = new WatchSportSession({ mode: 'running', model: 'GT5', clock, seed: 5 });
    expect(s.sample().second).toBe(0);
    clock.advance(2_500);
    expect(s.sample().second).toBe(2);
    clock.advance(65_000);
    const at67 = s.sample();
    expect(at67.second).toBe(67);
    expect(at67.steps).toBeGreaterThan(150);
    const stopped = s.stop();
    clock.advance(10_000);
    expect(s.sample()).toEqual(stopped);
    s.resume();
    expect(s.sample().second).toBe(77);
  });

  it('needs a connected watch that offers the mode', async () => {
    const clock = new ManualClock();
    const watch = new SimulatedWatch({ model: 'GT2', clock, seed: 3 });
    expect(() => startWatchSport(watch, { mode: 'running', clock })).toThrow(DeviceError);
    await watch.connect('u1');
    expect(startWatchSport(watch, { mode: 'running', clock }).mode).toBe('running');
    expect(WATCH_SPORT_MODES.GT2).not.toContain('swimming');
    expect(() => startWatchSport(watch, { mode: 'swimming', clock })).toThrow(/no swimming mode/);
    watch.setBluetoothEnabled(false);
    try {
      startWatchSport(watch, { mode: 'running', clock });
      expect.unreachable();
    } catch (e) {
      expect((e as DeviceError).code).toBe('BLUETOOTH_OFF');
    }
  });

  it('every mode of the contract is on the GT5', () => {
    expect([...WATCH_SPORT_MODES.GT5].sort()).toEqual([...SPORT_MODES].sort());
  });
});
