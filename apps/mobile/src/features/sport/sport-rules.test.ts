import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { SPORT_LIMITS, SPORT_MODES, ZSportSessionInput } from '@carewatch/contracts/sport';
import {
  EMPTY_TRACK,
  addDays,
  addFix,
  avgSpeedKmh,
  clockText,
  distanceMeasure,
  elevationMeasure,
  haversineM,
  isCurrentOrLater,
  metCalories,
  mondayOf,
  paceMeasure,
  paceSecPerKm,
  sessionInput,
  speedMeasure,
  strideCm,
  strideMeasure,
  tooShort,
  totalsOf,
  type GeoFix,
  type RecordedSession,
} from './sport-rules.ts';

const mode = fc.constantFrom(...SPORT_MODES);
const START = Date.UTC(2026, 10, 27, 6, 30, 0);

describe('too short to save (spec §4, §8)', () => {
  test('under a minute is too short in time, whatever the distance', () => {
    expect(tooShort('running', 59, 5000)).toBe('time');
    expect(tooShort('yoga', 0, null)).toBe('time');
    expect(tooShort('running', 60, 10)).toBeNull();
  });
  test('a distance mode that measured under 10 m is too short in distance; an unknown distance is not', () => {
    expect(tooShort('walking', 600, 9.9)).toBe('distance');
    expect(tooShort('walking', 600, null)).toBeNull();
    expect(tooShort('yoga', 600, 0)).toBeNull();
    expect(tooShort('treadmill', 600, 0)).toBeNull();
  });
  test('property: a session is saveable exactly when it lasts a minute and (if measured) moved 10 m', () => {
    fc.assert(
      fc.property(
        mode,
        fc.integer({ min: 0, max: 7200 }),
        fc.option(fc.double({ min: 0, max: 1e5, noNaN: true })),
        (m, d, dist) => {
          const r = tooShort(m, d, dist);
          const distanceMode = ['walking', 'running', 'cycling', 'hiking', 'swimming'].includes(m);
          expect(r === null).toBe(d >= 60 && (dist === null || !distanceMode || dist >= 10));
        },
      ),
    );
  });
});

describe('formulas', () => {
  test('stride, speed, tempo and calories of a 5 km run in 25 minutes with 4000 steps', () => {
    expect(strideCm(5000, 4000)).toBeCloseTo(125);
    expect(avgSpeedKmh(5000, 1500)).toBeCloseTo(12);
    expect(paceSecPerKm(5000, 1500)).toBeCloseTo(300);
    expect(metCalories('running', 70, 3600)).toBeCloseTo(686);
    expect(metCalories('running', null, 3600)).toBeCloseTo(686);
    expect(strideCm(null, 10)).toBeNull();
    expect(strideCm(100, 0)).toBeNull();
    expect(avgSpeedKmh(0, 100)).toBeNull();
    expect(paceSecPerKm(100, 0)).toBeNull();
  });
  test('property: speed × tempo is 3600 (km/h × s/km)', () => {
    fc.assert(
      fc.property(fc.double({ min: 1, max: 1e6, noNaN: true }), fc.integer({ min: 1, max: 86_400 }), (m, s) => {
        expect(avgSpeedKmh(m, s)! * paceSecPerKm(m, s)!).toBeCloseTo(3600, 6);
      }),
    );
  });
  test('property: calories grow with time and weight', () => {
    fc.assert(
      fc.property(mode, fc.integer({ min: 30, max: 200 }), fc.integer({ min: 0, max: 36_000 }), (m, kg, s) => {
        expect(metCalories(m, kg, s + 60)).toBeGreaterThan(metCalories(m, kg, s));
        expect(metCalories(m, kg + 1, s + 60)).toBeGreaterThan(metCalories(m, kg, s + 60));
      }),
    );
  });
});

describe('formatting and units', () => {
  test('practice time is HH:mm:ss', () => {
    expect(clockText(0)).toBe('00:00:00');
    expect(clockText(65.9)).toBe('00:01:05');
    expect(clockText(3 * 3600 + 7)).toBe('03:00:07');
    expect(clockText(-5)).toBe('00:00:00');
  });
  test('metric (km, en-CA too) or imperial (mi, ft, mph, in)', () => {
    expect(distanceMeasure(5000, 'metric', 'en-CA')).toEqual({ value: '5.00', unit: 'km' });
    expect(distanceMeasure(1609.344, 'imperial', 'en')).toEqual({ value: '1.00', unit: 'mi' });
    expect(distanceMeasure(1234, 'metric', 'vi')).toEqual({ value: '1,23', unit: 'km' });
    expect(speedMeasure(16.09344, 'imperial', 'en')).toEqual({ value: '10.0', unit: 'mph' });
    expect(speedMeasure(12, 'metric', 'en')).toEqual({ value: '12.0', unit: 'km/h' });
    expect(paceMeasure(300, 'metric')).toEqual({ value: '5:00', unit: '/km' });
    expect(paceMeasure(300, 'imperial')).toEqual({ value: '8:03', unit: '/mi' });
    expect(elevationMeasure(100, 'imperial', 'en')).toEqual({ value: '328', unit: 'ft' });
    expect(strideMeasure(127, 'imperial', 'en')).toEqual({ value: '50', unit: 'in' });
  });
});

const recorded = fc.record<RecordedSession>({
  mode,
  source: fc.constantFrom('watch' as const, 'phone' as const),
  startedAt: fc.integer({ min: START - 1e9, max: START }),
  endedAt: fc.constant(0),
  durationSec: fc.integer({ min: 0, max: 90_000 }),
  steps: fc.option(fc.double({ min: 0, max: 300_000, noNaN: true })),
  distanceM: fc.option(fc.double({ min: 0, max: 2e6, noNaN: true })),
  calories: fc.option(fc.double({ min: 0, max: 30_000, noNaN: true })),
  elevationGainM: fc.option(fc.double({ min: 0, max: 30_000, noNaN: true })),
  heartRateAvg: fc.option(fc.integer({ min: 0, max: 300 })),
  heartRateMax: fc.option(fc.integer({ min: 0, max: 300 })),
  deviceId: fc.option(fc.string({ maxLength: 80 }).filter((s) => s.trim() === s)),
});

describe('the session sent to the server', () => {
  test('a watch run: derived values computed and rounded', () => {
    const body = sessionInput({
      mode: 'running',
      source: 'watch',
      startedAt: START + 400,
      endedAt: START + 1_500_200,
      durationSec: 1500,
      steps: 4000.6,
      distanceM: 5000.04,
      calories: 285.83,
      elevationGainM: 12.34,
      heartRateAvg: 151.4,
      heartRateMax: 171,
      deviceId: 'd1',
    });
    expect(body).toEqual({
      mode: 'running',
      source: 'watch',
      startedAt: '2026-11-27T06:30:00.000Z',
      endedAt: '2026-11-27T06:55:01.000Z',
      durationSec: 1500,
      steps: 4001,
      distanceM: 5000,
      strideCm: 125,
      calories: 285.8,
      avgSpeedKmh: 12,
      paceSecPerKm: 300,
      elevationGainM: 12.3,
      heartRateAvg: 151,
      heartRateMax: 171,
      deviceId: 'd1',
    });
  });
  test('property: whatever was recorded, the body passes the contract', () => {
    fc.assert(
      fc.property(recorded, fc.integer({ min: 0, max: 100_000_000 }), (r, extraMs) => {
        const body = sessionInput({ ...r, endedAt: r.startedAt + extraMs });
        const parsed = ZSportSessionInput.safeParse(body);
        expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
        expect(body.durationSec).toBeLessThanOrEqual(SPORT_LIMITS.maxDurationSec);
      }),
    );
  });
  test('property: the idempotency key (start second, mode) does not depend on when it is resent', () => {
    fc.assert(
      fc.property(recorded, (r) => {
        const a = sessionInput({ ...r, endedAt: r.startedAt + 90_000 });
        expect(sessionInput({ ...r, endedAt: r.startedAt + 90_000 })).toEqual(a);
        expect(Date.parse(a.startedAt) % 1000).toBe(0);
      }),
    );
  });
  test('totals add up the sessions', () => {
    expect(
      totalsOf([
        { durationSec: 60, distanceM: 100, steps: null, calories: 5 },
        { durationSec: 30, distanceM: null, steps: 40, calories: null },
      ]),
    ).toEqual({ sessions: 2, durationSec: 90, distanceM: 100, steps: 40, calories: 5 });
  });
});

describe('weeks', () => {
  test('Monday of a day, the next and previous weeks', () => {
    expect(mondayOf('2026-11-27')).toBe('2026-11-23');
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(addDays('2026-11-23', -7)).toBe('2026-11-16');
    expect(addDays('2026-12-28', 7)).toBe('2027-01-04');
    expect(isCurrentOrLater('2026-11-23', '2026-11-27')).toBe(true);
    expect(isCurrentOrLater('2026-11-16', '2026-11-27')).toBe(false);
  });
  test('property: mondayOf is a Monday at most 6 days before', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20_000 }), (n) => {
        const day = addDays('2000-01-01', n);
        const m = mondayOf(day);
        expect(new Date(`${m}T00:00:00Z`).getUTCDay()).toBe(1);
        const diff = (Date.parse(day) - Date.parse(m)) / 86_400_000;
        expect(diff).toBeGreaterThanOrEqual(0);
        expect(diff).toBeLessThanOrEqual(6);
      }),
    );
  });
});

describe('the phone’s GPS track', () => {
  const fix = (lat: number, lon: number, at: number, accuracy = 5, altitude: number | null = null): GeoFix => ({
    lat,
    lon,
    at,
    accuracy,
    altitude,
  });
  test('a degree of latitude is about 111 km', () => {
    expect(haversineM({ lat: 0, lon: 0 }, { lat: 1, lon: 0 })).toBeCloseTo(111_195, -1);
  });
  test('distance adds up; jitter, imprecise fixes and impossible jumps do not count', () => {
    let t = addFix(EMPTY_TRACK, fix(10, 106, 0));
    t = addFix(t, fix(10.0001, 106, 5_000)); // ~11 m in 5 s
    expect(t.distanceM).toBeCloseTo(11.1, 0);
    expect(t.speedKmh).toBeCloseTo(8, 0);
    t = addFix(t, fix(10.00011, 106, 6_000)); // ~1 m: jitter
    expect(t.distanceM).toBeCloseTo(11.1, 0);
    t = addFix(t, fix(10.01, 106, 7_000, 200)); // 200 m accuracy: ignored
    t = addFix(t, fix(10.1, 106, 8_000)); // 10 km in 3 s: impossible
    expect(t.distanceM).toBeCloseTo(11.1, 0);
  });
  test('height gained counts climbs beyond the GPS noise only', () => {
    let t = EMPTY_TRACK;
    const alts = [100, 101, 99, 104, 103, 110, 100, 106];
    alts.forEach((a, i) => (t = addFix(t, fix(10 + i * 0.0001, 106, i * 5000, 5, a))));
    // From 100 (99 is noise): → 104 (+4) → 110 (+6); down to 100; → 106 (+6).
    expect(t.elevationGainM).toBe(16);
  });
  test('property: distance never decreases and is at most the sum of the straight steps', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            dLat: fc.double({ min: -0.001, max: 0.001, noNaN: true }),
            acc: fc.integer({ min: 1, max: 80 }),
          }),
          {
            maxLength: 40,
          },
        ),
        (steps) => {
          let t = EMPTY_TRACK;
          let lat = 10;
          let straight = 0;
          let prev: GeoFix | null = null;
          steps.forEach((s, i) => {
            lat += s.dLat;
            const f = fix(lat, 106, (i + 1) * 10_000, s.acc);
            const before = t.distanceM;
            t = addFix(t, f);
            expect(t.distanceM).toBeGreaterThanOrEqual(before);
            if (f.accuracy <= 50) {
              if (prev) straight += haversineM(prev, f);
              prev = f;
            }
          });
          expect(t.distanceM).toBeLessThanOrEqual(straight + 1e-6);
        },
      ),
    );
  });
});
