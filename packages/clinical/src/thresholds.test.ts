import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  ALERT_LEVELS,
  DEFAULT_THRESHOLDS,
  INDEX_METRIC,
  THRESHOLD_INDEXES,
  THRESHOLD_RANGES,
  ZPutThresholdsRequest,
  ZThreshold,
  type TAlertLevel,
  type TThreshold,
  type TThresholdIndex,
  type TThresholdSide,
} from '@carewatch/contracts/alerts';
import { SCALAR_LIMITS } from './vitals.ts';
import { maxHeartRate } from './cardio.ts';
import {
  evaluate,
  evaluateIndex,
  levelRank,
  nextPatientLevel,
  patientStatusFromAlerts,
  personalizeThreshold,
  ruleText,
  worstLevel,
  type PatientContext,
} from './thresholds.ts';

const NO_CTX: PatientContext = { age: null, sex: null };
const byIndex = (i: TThresholdIndex): TThreshold => DEFAULT_THRESHOLDS.find((t) => t.index === i)!;
const side = (atRisk: number | null, highRisk: number | null, sos: number | null): TThresholdSide => ({
  atRisk,
  highRisk,
  sos,
});
const th = (index: TThresholdIndex, low: TThresholdSide, high: TThresholdSide): TThreshold => ({
  index,
  low,
  high,
  locked: false,
  patientMayEdit: false,
  personalized: false,
});
const issuePaths = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (r.error?.issues ?? []).map((i) => `${i.path.map(String).join('.')}: ${i.message}`);

describe('defaults and schema', () => {
  test('every index has exactly one default, valid under the threshold schema', () => {
    expect(DEFAULT_THRESHOLDS.map((t) => t.index).sort()).toEqual([...THRESHOLD_INDEXES].sort());
    for (const t of DEFAULT_THRESHOLDS) expect(issuePaths(ZThreshold.safeParse(t)), t.index).toEqual([]);
    expect(ZPutThresholdsRequest.safeParse({ items: DEFAULT_THRESHOLDS, confirmSeconds: 15 }).success).toBe(true);
  });

  test('threshold ranges never go beyond the reading limits of vitals', () => {
    for (const index of THRESHOLD_INDEXES) {
      const r = THRESHOLD_RANGES[index];
      const metric = INDEX_METRIC[index];
      const lim = SCALAR_LIMITS[metric];
      if (metric === 'blood_pressure') {
        expect(r.max).toBeLessThan(300);
        continue;
      }
      expect(lim, index).toBeDefined();
      expect(r.min).toBeGreaterThanOrEqual(lim!.min);
      expect(r.max).toBeLessThanOrEqual(lim!.max);
    }
  });

  test('personalized defaults at the reference age/sex equal the stored values', () => {
    expect(personalizeThreshold(byIndex('heart_rate'), { age: 60, sex: null })).toEqual(byIndex('heart_rate'));
    expect(personalizeThreshold(byIndex('qtc'), { age: null, sex: 'male' })).toEqual(byIndex('qtc'));
  });

  test.each([
    [{ low: side(92, 94, 88) }, 'low.highRisk: Low high-risk level must be at or below the at-risk level'],
    [{ low: side(94, null, 95) }, 'low.sos: Low SOS level must be at or below the at-risk level'],
    [{ high: side(130, 120, null) }, 'high.highRisk: High high-risk level must be at or above the at-risk level'],
    [{ low: side(80, null, null), high: side(null, 70, 90) }, 'low.atRisk: Low levels must be below the high levels'],
    [{ low: side(20, null, null) }, 'low.atRisk: Must be between 30 and 300'],
    [{ locked: true, patientMayEdit: true }, 'patientMayEdit: A locked threshold cannot be editable by the patient'],
  ])('refuses %o naming the field and rule', (patch, message) => {
    const t = { ...th('heart_rate', side(50, 40, 35), side(100, 140, 165)), ...patch };
    expect(issuePaths(ZThreshold.safeParse(t))).toEqual([message]);
  });

  test('PUT body: duplicate index and nested paths', () => {
    const r = ZPutThresholdsRequest.safeParse({
      items: [byIndex('spo2'), { ...byIndex('spo2'), low: side(90, 92, null) }],
    });
    expect(issuePaths(r)).toEqual([
      'items.1.index: Duplicate index',
      'items.1.low.highRisk: Low high-risk level must be at or below the at-risk level',
    ]);
    expect(issuePaths(ZPutThresholdsRequest.safeParse({ items: [byIndex('spo2')], confirmSeconds: 2 }))).toEqual([
      'confirmSeconds: Min value is 5',
    ]);
    expect(issuePaths(ZPutThresholdsRequest.safeParse({ items: [] }))).toEqual(['items: Required']);
  });

  test('equal levels are allowed on a side (a tier may coincide with the next)', () => {
    expect(ZThreshold.safeParse(th('spo2', side(92, 92, 88), side(null, null, null))).success).toBe(true);
  });
});

describe('evaluate', () => {
  const spo2 = (v: number) => evaluate({ metric: 'spo2', value: v }, DEFAULT_THRESHOLDS, NO_CTX);
  test.each([
    [99, 'normal'],
    [94, 'normal'],
    [93.9, 'at_risk'],
    [92, 'at_risk'],
    [91.9, 'high_risk'],
    [88, 'high_risk'],
    [87.9, 'sos'],
  ] as const)('SpO2 %f %% is %s (below the level reaches the tier)', (v, level) => expect(spo2(v)?.level).toBe(level));

  test('the rule names the crossed limit', () => {
    expect(spo2(91)).toEqual({
      metric: 'spo2',
      level: 'high_risk',
      index: 'spo2',
      value: 91,
      rule: { index: 'spo2', side: 'low', tier: 'highRisk', limit: 92 },
    });
    expect(spo2(97)?.rule).toBeNull();
    expect(ruleText(spo2(91)!.rule!)).toBe('spo2 < 92 (high risk)');
  });

  test.each([
    [119, 79, 'normal', 'systolic'],
    [130, 70, 'at_risk', 'systolic'],
    [125, 80, 'at_risk', 'diastolic'],
    [140, 85, 'high_risk', 'systolic'],
    [179, 119, 'high_risk', 'systolic'],
    [180, 100, 'sos', 'systolic'],
    [150, 120, 'sos', 'diastolic'],
    [85, 55, 'at_risk', 'systolic'],
    [100, 45, 'high_risk', 'diastolic'],
    [65, 40, 'sos', 'systolic'],
  ] as const)('BP %i/%i is %s by %s (at or above the level reaches the tier)', (s, d, level, index) => {
    const e = evaluate({ metric: 'blood_pressure', value: s, value2: d }, DEFAULT_THRESHOLDS, NO_CTX);
    expect(e?.level).toBe(level);
    expect(e?.index).toBe(index);
    expect(e?.value).toBe(index === 'systolic' ? s : d);
  });

  test('other defaults: temperature, respiratory rate, glucose, QTc', () => {
    const lv = (metric: 'temperature' | 'respiratory_rate' | 'blood_glucose' | 'qtc', v: number, ctx = NO_CTX) =>
      evaluate({ metric, value: v }, DEFAULT_THRESHOLDS, ctx)?.level;
    expect([
      lv('temperature', 37.9),
      lv('temperature', 38),
      lv('temperature', 39.5),
      lv('temperature', 40),
      lv('temperature', 34.5),
      lv('temperature', 31),
    ]).toEqual(['normal', 'at_risk', 'high_risk', 'sos', 'at_risk', 'sos']);
    expect([
      lv('respiratory_rate', 12),
      lv('respiratory_rate', 20),
      lv('respiratory_rate', 11),
      lv('respiratory_rate', 21),
      lv('respiratory_rate', 8),
      lv('respiratory_rate', 30),
    ]).toEqual(['normal', 'normal', 'at_risk', 'at_risk', 'high_risk', 'sos']);
    expect([
      lv('blood_glucose', 5.5),
      lv('blood_glucose', 3.5),
      lv('blood_glucose', 2.1),
      lv('blood_glucose', 14),
    ]).toEqual(['normal', 'at_risk', 'sos', 'high_risk']);
    expect([
      lv('qtc', 450, { age: null, sex: 'male' }),
      lv('qtc', 450, { age: null, sex: 'female' }),
      lv('qtc', 461, { age: null, sex: 'female' }),
      lv('qtc', 500),
      lv('qtc', 340),
    ]).toEqual(['at_risk', 'normal', 'at_risk', 'high_risk', 'at_risk']);
  });

  test('heart rate follows the age-predicted max HR', () => {
    const hr = (v: number, age: number) =>
      evaluate({ metric: 'heart_rate', value: v }, DEFAULT_THRESHOLDS, { age, sex: 'female' })?.level;
    expect(maxHeartRate(20)).toBe(192);
    expect([hr(99, 20), hr(100, 20), hr(162, 20), hr(163, 20), hr(191, 20), hr(192, 20)]).toEqual([
      'normal',
      'at_risk',
      'at_risk',
      'high_risk',
      'high_risk',
      'sos',
    ]);
    expect(maxHeartRate(80)).toBe(151);
    expect([hr(127, 80), hr(128, 80), hr(151, 80)]).toEqual(['at_risk', 'high_risk', 'sos']);
    expect([hr(49, 80), hr(39, 80), hr(34, 80)]).toEqual(['at_risk', 'high_risk', 'sos']);
    // A doctor's custom (non-personalized) threshold is absolute.
    const custom = { ...byIndex('heart_rate'), personalized: false, high: side(110, 150, 170) };
    expect(evaluate({ metric: 'heart_rate', value: 165 }, [custom], { age: 80, sex: 'male' })?.level).toBe('high_risk');
  });

  test('metrics without an index, readings without a value, and indexes without limits', () => {
    expect(evaluate({ metric: 'steps', value: 100000 }, DEFAULT_THRESHOLDS, NO_CTX)).toBeNull();
    expect(evaluate({ metric: 'spo2', value: null }, DEFAULT_THRESHOLDS, NO_CTX)).toBeNull();
    expect(evaluate({ metric: 'weight', value: 300 }, DEFAULT_THRESHOLDS, NO_CTX)?.level).toBe('normal');
    expect(evaluate({ metric: 'spo2', value: 50 }, [], NO_CTX)).toEqual({
      metric: 'spo2',
      level: 'normal',
      index: 'spo2',
      rule: null,
      value: 50,
    });
  });
});

describe('levels and alert decisions', () => {
  test('worstLevel and ranks follow ALERT_LEVELS', () => {
    ALERT_LEVELS.forEach((l, i) => expect(levelRank(l)).toBe(i));
    expect(worstLevel()).toBe('normal');
    expect(worstLevel('at_risk', 'sos', 'high_risk')).toBe('sos');
    expect(patientStatusFromAlerts(['at_risk', 'high_risk'])).toBe('high_risk');
  });

  test.each([
    [null, 'normal', { action: 'none' }],
    [null, 'at_risk', { action: 'open', level: 'at_risk' }],
    [{ level: 'at_risk' }, 'high_risk', { action: 'raise', from: 'at_risk', level: 'high_risk' }],
    [{ level: 'high_risk' }, 'high_risk', { action: 'keep', level: 'high_risk', current: 'high_risk' }],
    [{ level: 'sos' }, 'at_risk', { action: 'keep', level: 'sos', current: 'at_risk' }],
    [{ level: 'sos' }, 'normal', { action: 'close' }],
  ] as const)('open alert %o + %s → %o', (cur, level, decision) =>
    expect(nextPatientLevel(cur, { level })).toEqual(decision),
  );
});

describe('properties', () => {
  const index = fc.constantFrom(...THRESHOLD_INDEXES);
  /** A valid threshold: six ordered levels inside the index range, each possibly unused. */
  const validThreshold = index.chain((i) => {
    const { min, max } = THRESHOLD_RANGES[i];
    return fc
      .tuple(
        fc.array(fc.double({ min, max, noNaN: true }), { minLength: 6, maxLength: 6 }),
        fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
      )
      .filter(([v]) => new Set(v).size === 6)
      .map(([vals, used]): TThreshold => {
        const v = [...vals].sort((a, b) => a - b);
        const u = (k: number) => (used[k] ? v[k]! : null);
        return th(i, side(u(2), u(1), u(0)), side(u(3), u(4), u(5)));
      });
  });
  const valueFor = (t: TThreshold) =>
    fc.double({ min: THRESHOLD_RANGES[t.index].min - 10, max: THRESHOLD_RANGES[t.index].max + 10, noNaN: true });

  test('generated ordered thresholds are valid; the schema accepts a threshold exactly when it is ordered', () => {
    fc.assert(
      fc.property(validThreshold, (t) => {
        expect(ZThreshold.safeParse(t).success).toBe(true);
      }),
    );
    const lv = fc.option(fc.integer({ min: 30, max: 300 }), { nil: null });
    fc.assert(
      fc.property(lv, lv, lv, lv, lv, lv, (a, b, c, d, e, f) => {
        const t = th('heart_rate', side(a, b, c), side(d, e, f));
        const low = [c, b, a].filter((x): x is number => x !== null);
        const high = [d, e, f].filter((x): x is number => x !== null);
        const sorted = (xs: number[]) => xs.every((x, k) => k === 0 || xs[k - 1]! <= x);
        const ok =
          sorted(low) && sorted(high) && (low.length === 0 || high.length === 0 || low[low.length - 1]! < high[0]!);
        expect(ZThreshold.safeParse(t).success).toBe(ok);
      }),
      { numRuns: 500 },
    );
  });

  test('monotonic: a value further from normal never gives a lower level', () => {
    fc.assert(
      fc.property(
        validThreshold.chain((t) => fc.tuple(fc.constant(t), valueFor(t), valueFor(t))),
        ([t, a, b]) => {
          const [x, y] = a <= b ? [a, b] : [b, a];
          const ex = evaluateIndex(x, t);
          const ey = evaluateIndex(y, t);
          // Going down from a value not above normal, or up from a value not below normal, only gets worse.
          if (ey.rule?.side !== 'high') expect(levelRank(ex.level)).toBeGreaterThanOrEqual(levelRank(ey.level));
          if (ex.rule?.side !== 'low') expect(levelRank(ey.level)).toBeGreaterThanOrEqual(levelRank(ex.level));
        },
      ),
      { numRuns: 1000 },
    );
  });

  test('boundaries: exactly at a low level is not that tier, exactly at a high level is', () => {
    const tierLevel: Record<string, TAlertLevel> = { atRisk: 'at_risk', highRisk: 'high_risk', sos: 'sos' };
    fc.assert(
      fc.property(validThreshold, (t) => {
        for (const tier of ['atRisk', 'highRisk', 'sos'] as const) {
          const lo = t.low[tier];
          if (lo !== null) expect(levelRank(evaluateIndex(lo, t).level)).toBeLessThan(levelRank(tierLevel[tier]!));
          const hi = t.high[tier];
          if (hi !== null)
            expect(levelRank(evaluateIndex(hi, t).level)).toBeGreaterThanOrEqual(levelRank(tierLevel[tier]!));
          if (hi !== null) expect(evaluateIndex(hi, t).rule?.side).toBe('high');
        }
      }),
      { numRuns: 500 },
    );
  });

  test('blood pressure takes the worse of systolic and diastolic', () => {
    fc.assert(
      fc.property(fc.integer({ min: 40, max: 299 }), fc.integer({ min: 20, max: 279 }), (s, d) => {
        const e = evaluate({ metric: 'blood_pressure', value: s, value2: d }, DEFAULT_THRESHOLDS, NO_CTX)!;
        const ls = evaluateIndex(s, byIndex('systolic')).level;
        const ld = evaluateIndex(d, byIndex('diastolic')).level;
        expect(e.level).toBe(worstLevel(ls, ld));
        expect(e.index === 'systolic' ? ls : ld).toBe(e.level);
      }),
      { numRuns: 500 },
    );
  });

  test('personalized heart-rate thresholds stay valid and ordered for every age', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 130 }), fc.constantFrom('male' as const, 'female' as const), (age, sex) => {
        for (const t of DEFAULT_THRESHOLDS)
          expect(ZThreshold.safeParse(personalizeThreshold(t, { age, sex })).success).toBe(true);
      }),
    );
  });
});
